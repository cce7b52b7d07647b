import { describe, expect, it } from 'vitest';
import type { Statement } from '#contract/statements';
import { supersededBy } from './superseded';

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
