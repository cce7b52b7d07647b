type Frame = { kind: 'text'; text: string } | { kind: 'value'; value: unknown };

/**
 * The one text of a value, whoever asks (the BFF's request hash and address diff, the SPA's
 * draft): JSON.stringify's rules for what a value is (an undefined object member is dropped, an
 * undefined array item is `null`; `undefined` itself is `null`), with object keys sorted at every
 * level, so two equal values are one text whatever their key order.
 *
 * Iterative (an explicit stack, no recursion): a hostile value nested thousands of levels deep is
 * written like any other, so the audit row of a refused request is never lost to a stack overflow.
 * The text is the one the BFF's request hashes were always made from: hashes stored in existing
 * ledgers and audit trails stay valid.
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
      // Only reached for array items and the value itself (undefined members are dropped below).
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
