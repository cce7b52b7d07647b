// LIKE and ILIKE give %, _ and the escape character (backslash, PostgreSQL's default) a meaning:
// text an operator typed, or a key, is meant literally, so each is escaped before it becomes part
// of a pattern. The one place the store builds LIKE patterns from text.

/** `50%_off\` → `50\%\_off\\`: matches exactly that text. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Any text containing `text`. */
export const likeContaining = (text: string) => `%${likeLiteral(text)}%`;

/** Any text starting with `text`. */
export const likeStartingWith = (text: string) => `${likeLiteral(text)}%`;

/** Any text ending with `text`. */
export const likeEndingWith = (text: string) => `%${likeLiteral(text)}`;
