/**
 * Reads ids pasted as a list: one per line, or separated by commas, semicolons, spaces or tabs
 * (a spreadsheet column, a CSV row, a chat message). Quotes around ids are dropped; duplicates are
 * kept once, in the order first seen.
 */
export function parseIdList(text: string): string[] {
  const seen = new Set<string>();
  for (const part of text.split(/[\s,;]+/)) {
    const id = part.replace(/^["']+|["']+$/g, '').trim();
    if (id !== '') seen.add(id);
  }
  return [...seen];
}

/** The list as the text area shows it: one id per line. */
export function formatIdList(ids: readonly string[]): string {
  return ids.join('\n');
}
