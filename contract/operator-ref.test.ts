import { describe, expect, it } from 'vitest';
import { operatorRef } from './operator-ref';

describe('operatorRef', () => {
  it('keeps the subject and the name, never the roles or the e-mail an identity carries', () => {
    const operator = {
      subject: 'sub-1',
      name: 'Ada',
      email: 'ada@example.com',
      roles: ['approver'],
    };
    expect(operatorRef(operator)).toStrictEqual({ subject: 'sub-1', name: 'Ada' });
  });
});
