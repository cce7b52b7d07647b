import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CONSOLE_PROBLEM_TYPES,
  ProblemSchema,
  fieldErrorsFromZod,
  isConsoleProblem,
  noAnswerProblem,
  unexpectedResponseProblem,
} from './problem';
import { refIdReusedProblem } from './withdrawal-outcome';

describe('Problem (RFC 9457, tolerant)', () => {
  it('defaults type to about:blank and keeps extension members', () => {
    const parsed = ProblemSchema.parse({
      title: 'Insufficient Funds',
      status: 403,
      meta: { available: '1.00' },
      trace: 'abc',
    });
    expect(parsed).toMatchObject({
      type: 'about:blank',
      trace: 'abc',
      meta: { available: '1.00' },
    });
  });

  it('maps zod issues to dotted field paths', () => {
    const schema = z.strictObject({ a: z.strictObject({ b: z.string() }) });
    const result = schema.safeParse({ a: { b: 1 } });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrorsFromZod(result.error)[0]?.path).toBe('a.b');
  });
});

describe("the console's own problems (known by type URI, never by title or detail)", () => {
  it('gives each kind its own absolute type URI', () => {
    const types = Object.values(CONSOLE_PROBLEM_TYPES);
    expect(new Set(types).size).toBe(types.length);
    for (const type of types)
      expect(type).toMatch(/^tag:asset-ops-console,2026:problems\/[a-z-]+$/);
  });

  it('recognises a problem by its type alone', () => {
    expect(isConsoleProblem(noAnswerProblem(), 'noAnswer')).toBe(true);
    expect(isConsoleProblem(unexpectedResponseProblem(), 'unexpectedResponse')).toBe(true);
    expect(isConsoleProblem(refIdReusedProblem('r-1'), 'refIdReused')).toBe(true);
    expect(isConsoleProblem(noAnswerProblem(), 'refIdReused')).toBe(false);
    // The same words without the type are someone else's problem.
    const networkError = ProblemSchema.parse({ title: 'Network error', status: 503 });
    expect(isConsoleProblem(networkError, 'noAnswer')).toBe(false);
    const heldTitle = ProblemSchema.parse({ title: 'Destination Not Approved', status: 409 });
    expect(isConsoleProblem(heldTitle, 'destinationNotApproved')).toBe(false);
  });

  it('builds the SPA stand-ins and the 422 as whole problems, each one fresh', () => {
    expect(ProblemSchema.safeParse(noAnswerProblem()).success).toBe(true);
    expect(ProblemSchema.safeParse(unexpectedResponseProblem()).success).toBe(true);
    expect(ProblemSchema.parse(refIdReusedProblem('r-9'))).toMatchObject({
      type: CONSOLE_PROBLEM_TYPES.refIdReused,
      status: 422,
      ref_id: 'r-9',
    });
    expect(noAnswerProblem()).not.toBe(noAnswerProblem());
  });
});
