import { describe, expect, it } from 'vitest';
import {
  couldBeSamePerson,
  foldIdentifier,
  personIdentifiers,
  personKey,
  samePerson,
} from './identity';

const alice = { subject: 'alice', email: 'alice@corp.test' };

describe('one operator identity', () => {
  it('folds case, surrounding space and compatibility forms, without a locale', () => {
    expect(foldIdentifier('  Alice ')).toBe('alice');
    expect(foldIdentifier('ALICE@Corp.Test')).toBe('alice@corp.test');
    expect(foldIdentifier('ａｌｉｃｅ')).toBe('alice');
    expect(foldIdentifier('STRASSE')).toBe(foldIdentifier('straße'));
  });

  it('ignores invisible (default-ignorable) code points: they render as nothing', () => {
    expect(foldIdentifier('al\u00adice')).toBe('alice');
    expect(foldIdentifier('alice\u200b@corp.test')).toBe('alice@corp.test');
    expect(foldIdentifier('\ufeffa\u200dl\u2060i\u034fc\ufe0fe\u180e')).toBe('alice');
    expect(samePerson({ subject: 'al\u00adice' }, { subject: 'alice' })).toBe(true);
    expect(
      samePerson({ subject: 'u1', email: 'alice\u200b@corp.test' }, { subject: 'alice@corp.test' }),
    ).toBe(true);
    expect(personKey({ subject: 'x', email: 'ALICE\u200c@corp.test' })).toBe('alice@corp.test');
    // Visible text stays: a space inside, a hyphen, accents.
    expect(foldIdentifier('Ana-María Ruiz')).toBe('ana-maría ruiz');
  });

  it('gives a login its user id and its e-mail; an e-mail-only login has the e-mail once', () => {
    expect(personIdentifiers(alice)).toEqual(['alice', 'alice@corp.test']);
    expect(personIdentifiers({ subject: 'Alice@corp.test', email: 'alice@CORP.test' })).toEqual([
      'alice@corp.test',
    ]);
    expect(personIdentifiers({ subject: 'Alice' })).toEqual(['alice']);
  });

  it('is the same person under another spelling of the subject or the e-mail', () => {
    expect(samePerson(alice, { subject: 'Alice' })).toBe(true);
    expect(samePerson(alice, { subject: ' ALICE ', email: 'other@corp.test' })).toBe(true);
    expect(samePerson(alice, { subject: 'ALICE@corp.test' })).toBe(true);
    expect(samePerson(alice, { subject: 'accounts:42', email: 'Alice@Corp.Test' })).toBe(true);
    expect(samePerson({ subject: 'bob' }, { subject: 'Bob' })).toBe(true);
  });

  it('never matches on an e-mail local part alone', () => {
    expect(samePerson(alice, { subject: 'alice@other.test' })).toBe(false);
    expect(samePerson({ subject: 'alice@corp.test' }, { subject: 'alice@other.test' })).toBe(false);
  });

  it('tells different people apart when both logins name them the same way', () => {
    const bob = { subject: 'bob', email: 'bob@corp.test' };
    expect(couldBeSamePerson(alice, bob)).toBe(false);
    expect(couldBeSamePerson(alice, { subject: 'bob' })).toBe(false);
    expect(couldBeSamePerson(alice, { subject: 'bob@corp.test' })).toBe(false);
    expect(couldBeSamePerson({ subject: 'alice' }, { subject: 'bob' })).toBe(false);
  });

  it('cannot tell a user-id-only login from an e-mail-only one: they could be one person', () => {
    const byId = { subject: 'alice' };
    const byEmail = { subject: 'alice@corp.test', email: 'alice@corp.test' };
    expect(samePerson(byId, byEmail)).toBe(false);
    expect(couldBeSamePerson(byId, byEmail)).toBe(true);
    expect(couldBeSamePerson(byId, { subject: 'carol@corp.test', email: 'carol@corp.test' })).toBe(
      true,
    );
  });

  it('counts a person under the folded e-mail when sent, else the folded subject', () => {
    expect(personKey(alice)).toBe('alice@corp.test');
    expect(personKey({ subject: 'ALICE@Corp.test' })).toBe('alice@corp.test');
    expect(personKey({ subject: 'Alice', email: ' ' })).toBe('alice');
  });
});
