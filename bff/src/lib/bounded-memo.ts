/**
 * Results of a pure decision remembered by their input, so the same input on every request of a
 * session is not decided again: at most `max` of them, the oldest out first (a Map keeps its
 * insertion order). Only what the caller keeps is remembered; a refusal is never kept by our
 * callers, so it is decided again each time. What is kept is shared by every later request with
 * the same input: keep immutable values (strings, frozen objects).
 */
interface BoundedMemo<K, V> {
  get(key: K): V | undefined;
  /** Remembers `value` for `key` and answers it. */
  keep(key: K, value: V): V;
}

export function boundedMemo<K, V>(max: number): BoundedMemo<K, V> {
  const kept = new Map<K, V>();
  return {
    get: (key) => kept.get(key),
    keep(key, value) {
      if (!kept.has(key) && kept.size >= max) kept.delete(kept.keys().next().value as K);
      kept.set(key, value);
      return value;
    },
  };
}
