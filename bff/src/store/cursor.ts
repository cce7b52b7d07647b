/** A cursor a client cannot read or forge into anything but a position: base64url of "k:<n>". */
export class InvalidCursorError extends Error {
  constructor() {
    super('The cursor is not one this server gave out.');
    this.name = 'InvalidCursorError';
  }
}

const MAX_BIGINT = 9_223_372_036_854_775_807n;

export function encodeCursor(position: string): string {
  return Buffer.from(`k:${position}`, 'utf8').toString('base64url');
}

/** The keyset position (a positive integer, as text) or InvalidCursorError. */
export function decodeCursor(cursor: string): string {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^k:([1-9][0-9]{0,18})$/.exec(text);
  // The keyset columns are bigint: a position past its maximum was never given out (and would be
  // the database's error, a 500, rather than the client's).
  if (!match || BigInt(match[1]!) > MAX_BIGINT) throw new InvalidCursorError();
  return match[1]!;
}
