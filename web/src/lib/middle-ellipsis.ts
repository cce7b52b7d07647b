/**
 * A long id, address or hash shortened in the middle for a table cell: its first `head` and last
 * `tail` characters around "…", when it is longer than `longerThan`; the whole value stays in the
 * cell's title for whoever needs it.
 */
export function middleEllipsis(
  value: string,
  head: number,
  tail: number,
  longerThan = head + tail + 1,
): string {
  return value.length > longerThan ? `${value.slice(0, head)}…${value.slice(-tail)}` : value;
}
