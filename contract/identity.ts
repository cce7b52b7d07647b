// One operator identity. The SSO proxy names a person by a subject (a user id) and, when it sends
// one, an e-mail; AUTH_MODE=trusted-header falls back to the e-mail when no user id is sent. Four
// eyes (self-approval, "approved twice", cancel rights), the write rate limit and the attribution
// stamped upstream all ask "is this the same person?", and every one of them asks it here, on
// both sides (the BFF decides, the approval page only hides the buttons the BFF would refuse).
//
// The rule, chosen so that one person is never two:
// - every identifier is compared folded: trimmed, NFKC-normalized, without invisible
//   (default-ignorable) code points and case-folded (`Alice`, ` alice `, `ALICE` and `al\u00adice`
//   are one subject; `Alice@Corp.Test` and `alice\u200b@corp.test` one e-mail);
// - a login's identifiers are its folded subject and its folded e-mail, in one namespace: a login
//   whose subject is an e-mail (an e-mail-only login) meets a login carrying that e-mail;
// - two logins sharing any identifier are the same person;
// - two logins that cannot be compared (one names its person by user id only, the other by
//   e-mail only) could be the same person: four eyes refuses the approval rather than guess.
//   A proxy that sends the e-mail on every request (docs/sso.md) never makes such a pair.
// E-mail local parts are never compared on their own: `alice@corp.test` and `alice@other.test`
// are two people, and so are the subject `alice` and the e-mail `alice@corp.test` (unless one
// login carries both).

/** What one login says of its person: the subject, and the e-mail when the SSO sends one. */
export interface PersonIdentity {
  subject: string;
  email?: string | undefined;
}

/**
 * Default-ignorable code points (Unicode's Default_Ignorable_Code_Point: the soft hyphen, the
 * zero-width space and joiners, word joiner, variation selectors, the BOM, ...): they render as
 * nothing, so `al\u00adice` reads as `alice` and `aoc\u200b_approved_by` as `aoc_approved_by`.
 * A reader cannot see them, so a comparison must not either.
 */
const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * The spelling identifiers (and the console's reserved metadata keys) compare in: NFKC
 * (full-width and ligature forms fold to plain ones), without the default-ignorable code points,
 * trimmed, and case-folded without a locale (upper then lower case, so `ß` and `SS` meet). The one
 * home of this normalisation: every "same person" and "reserved key" question folds here.
 */
export function foldIdentifier(text: string): string {
  return text
    .normalize('NFKC')
    .replace(DEFAULT_IGNORABLE, '')
    .trim()
    .toUpperCase()
    .toLowerCase()
    .normalize('NFKC');
}

/** The folded e-mail, when the login carries a non-blank one. */
function foldedEmail(person: PersonIdentity): string | undefined {
  const email = person.email === undefined ? '' : foldIdentifier(person.email);
  return email === '' ? undefined : email;
}

/** The folded user id: the subject, unless it is only the e-mail again (an e-mail-only login). */
function foldedUserId(person: PersonIdentity): string | undefined {
  const subject = foldIdentifier(person.subject);
  return subject === '' || subject === foldedEmail(person) ? undefined : subject;
}

/** Every folded identifier of this login (its user id and its e-mail), in one namespace. */
export function personIdentifiers(person: PersonIdentity): string[] {
  const ids = [foldedUserId(person), foldedEmail(person)].filter(
    (id): id is string => id !== undefined,
  );
  return ids.length > 0 ? ids : [foldIdentifier(person.subject)];
}

/** Certainly the same person: the two logins share an identifier (cancel rights, retries). */
export function samePerson(a: PersonIdentity, b: PersonIdentity): boolean {
  const ids = new Set(personIdentifiers(a));
  return personIdentifiers(b).some((id) => ids.has(id));
}

/**
 * Possibly the same person: the same person, or two logins that cannot be told apart (one named
 * by user id only, the other by e-mail only). Four eyes refuses a decision on these.
 */
export function couldBeSamePerson(a: PersonIdentity, b: PersonIdentity): boolean {
  if (samePerson(a, b)) return true;
  const comparable =
    (foldedUserId(a) !== undefined && foldedUserId(b) !== undefined) ||
    (foldedEmail(a) !== undefined && foldedEmail(b) !== undefined);
  return !comparable;
}

/**
 * A login's folded identifiers by kind, for a record that must answer "could this be the same
 * person?" later, in SQL (the rolling limits' window): the user id (absent for an e-mail-only
 * login) and the e-mail (absent when the SSO sent none). Compared as couldBeSamePerson does.
 */
interface FoldedPerson {
  userId?: string | undefined;
  email?: string | undefined;
}

export function foldedPerson(person: PersonIdentity): FoldedPerson {
  return { userId: foldedUserId(person), email: foldedEmail(person) };
}

/**
 * The one key a person is counted under (the write rate limit): the folded e-mail when the login
 * carries one, else the folded subject. Stable for a proxy that always sends the e-mail.
 */
export function personKey(person: PersonIdentity): string {
  return foldedEmail(person) ?? foldIdentifier(person.subject);
}
