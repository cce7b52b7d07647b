// Customer and profile ids are UUIDs upstream. UUIDs are case-insensitive (RFC 9562), so an id
// pasted in upper case is the same id: it is normalised to lower case before it is used, shown or
// remembered. Something that only looks like the start of a UUID (a truncated copy) is refused
// inline, before it reaches the service and answers "no statements".

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID_LIKE = /^[0-9a-f-]+$/i;

type EntityIdResult = { ok: true; id: string } | { ok: false; message: string };

/** Checks a customer or profile id for shape; `what` names it in the message ("customer id"). */
export function parseEntityId(raw: string, what: string): EntityIdResult {
  const text = raw.trim();
  if (text === '') return { ok: false, message: `Enter the ${what}` };
  if (UUID.test(text)) return { ok: true, id: text.toLowerCase() };
  if (UUID_LIKE.test(text) && text.length < 36) {
    return {
      ok: false,
      message: `This ${what} looks cut off (${text.length} of 36 characters): paste the whole id`,
    };
  }
  return {
    ok: false,
    message: `A ${what} is a UUID such as 3f2c9b1e-7a4d-4c1b-9e8f-0a1b2c3d4e5f`,
  };
}

/** The id as it is used everywhere: lower-case when it is a UUID, otherwise as typed (trimmed). */
export function normaliseEntityId(raw: string): string {
  const text = raw.trim();
  return UUID.test(text) ? text.toLowerCase() : text;
}

export function isEntityId(raw: string): boolean {
  return UUID.test(raw.trim());
}
