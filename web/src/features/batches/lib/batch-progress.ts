/** A row state that was sent, or is out of the send (the rows "to send" count the first only). */
const SETTLED = ['created', 'refused', 'unknown', 'held'] as const;
const UNDER_WAY = ['ready', 'sending'] as const;

/**
 * The batch's progress in words that add up (issue 42 item 7): "4 of 4 rows to send settled:
 * 3 created, 1 refused" and, apart, the rows that were never to be sent ("1 dropped"). Unknown
 * states still show, apart.
 */
export function batchProgress(counts: Readonly<Record<string, number>>): {
  settled: number;
  toSend: number;
  words: string;
} {
  const n = (state: string) => counts[state] ?? 0;
  const settled = SETTLED.reduce((sum, s) => sum + n(s), 0);
  const toSend = settled + UNDER_WAY.reduce((sum, s) => sum + n(s), 0);
  const list = (states: readonly string[]) =>
    states
      .filter((s) => n(s) > 0)
      .map((s) => `${n(s)} ${s}`)
      .join(', ');
  const sent = list([...SETTLED, ...UNDER_WAY]);
  const apart = list(
    Object.keys(counts).filter(
      (s) =>
        !(SETTLED as readonly string[]).includes(s) &&
        !(UNDER_WAY as readonly string[]).includes(s),
    ),
  );
  const words = `${settled} of ${toSend} ${toSend === 1 ? 'row' : 'rows'} to send settled${sent ? `: ${sent}` : ''}${apart ? ` · not sent: ${apart}` : ''}`;
  return { settled, toSend, words };
}
