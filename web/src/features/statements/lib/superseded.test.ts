import { describe, expect, it } from 'vitest';
import type { Statement } from '#contract/statements';
import { successorOf, supersededBy } from './superseded';

const st = (id: string, group: string | undefined, version: string | number | undefined) =>
  ({ id, statement_group_id: group, version }) as Statement;

describe('supersededBy', () => {
  it('marks every older version of a group with the newest one', () => {
    const result = supersededBy([st('a1', 'g', 1), st('a2', 'g', '2'), st('b1', 'h', 1)]);
    expect([...result]).toEqual([['a1', '2']]);
  });

  it('compares versions as whole numbers (10 after 9) and ignores statements without a group', () => {
    const result = supersededBy([st('x9', 'g', '9'), st('x10', 'g', '10'), st('y', undefined, 1)]);
    expect([...result]).toEqual([['x9', '10']]);
  });
});

describe('successorOf', () => {
  it('answers the newest version of the group, or nothing when the statement stands', () => {
    const pages = [st('a1', 'g', 1), st('a3', 'g', 3), st('a2', 'g', '2'), st('b1', 'h', 1)];
    expect(successorOf(st('a1', 'g', 1), pages)?.id).toBe('a3');
    expect(successorOf(st('a3', 'g', 3), pages)).toBeUndefined();
    expect(successorOf(st('b1', 'h', 1), pages)).toBeUndefined();
    expect(successorOf(st('z', undefined, 1), pages)).toBeUndefined();
  });
});
