import { createHash } from 'node:crypto';

type Frame = { kind: 'text'; text: string } | { kind: 'value'; value: unknown };

/**
 * JSON with object keys sorted at every level and undefined members dropped: one text per value.
 * Iterative (an explicit stack, no recursion): a hostile value nested thousands of levels deep is
 * hashed like any other, so the audit row of a refused request is never lost to a stack overflow.
 */
export function canonicalJson(value: unknown): string {
  const out: string[] = [];
  // Frames are popped last-in first-out: each container pushes its closing text, then its members
  // in reverse order.
  const stack: Frame[] = [{ kind: 'value', value }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (frame.kind === 'text') {
      out.push(frame.text);
      continue;
    }
    const current = frame.value;
    if (current === undefined) {
      // Only reached for array items (object members that are undefined are dropped below).
      out.push('null');
    } else if (current === null || typeof current !== 'object') {
      out.push(JSON.stringify(current) ?? 'null');
    } else if (Array.isArray(current)) {
      stack.push({ kind: 'text', text: ']' });
      for (let i = current.length - 1; i >= 0; i--) {
        stack.push({ kind: 'value', value: current[i] });
        if (i > 0) stack.push({ kind: 'text', text: ',' });
      }
      out.push('[');
    } else {
      const entries = Object.entries(current as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      stack.push({ kind: 'text', text: '}' });
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, member] = entries[i]!;
        stack.push({ kind: 'value', value: member });
        stack.push({ kind: 'text', text: `${i > 0 ? ',' : ''}${JSON.stringify(key)}:` });
      }
      out.push('{');
    }
  }
  return out.join('');
}

/** The identity of a request: sha256 (hex) of its canonical JSON. Same intent, same hash. */
export function requestHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}
