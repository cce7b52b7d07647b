import type { z } from 'zod';

// Text the console accepts is text every hop can hold: PostgreSQL refuses NUL in text and jsonb,
// and a lone UTF-16 surrogate has no UTF-8 form (it reaches the database and the upstream as
// U+FFFD, or as an escape jsonb refuses). One rule for every request schema, in one place.

/** NUL, or a surrogate half without its partner (no `u` flag: lone halves are code units). */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this refuses
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Every NUL and lone surrogate half, for replacing. */
const UNSAFE_ALL = new RegExp(UNSAFE.source, 'g');

/**
 * The text with each NUL and lone surrogate half replaced by U+FFFD, visibly: for records that
 * must keep what a refused request carried (the audit trail), where refusing is not an option.
 */
export function storableText(text: string): string {
  return text.replace(UNSAFE_ALL, '\uFFFD');
}

/** Why a string cannot be accepted, or undefined when it can. */
export function unsafeTextReason(text: string): string | undefined {
  const match = UNSAFE.exec(text);
  if (!match) return undefined;
  return match[0] === '\u0000'
    ? 'Contains a NUL character (U+0000), which cannot be stored'
    : 'Contains a broken character (a lone UTF-16 surrogate)';
}

// C0 and C1 controls (tab and newline too) and the bidirectional overrides and isolates, which
// reorder what a reader sees: never part of a name a person or an institution goes by.
// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/**
 * Why a line of free text that names someone cannot be accepted (a control or bidi character),
 * or undefined. Stricter than unsafeTextReason, which every string must pass anyway.
 */
export function controlCharacterReason(text: string): string | undefined {
  const match = CONTROL.exec(text);
  if (!match) return undefined;
  const code = match[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
  return `Contains a control character (U+${code})`;
}

/**
 * Every string in a parsed value (object keys included) checked without recursion (a hostile
 * value cannot exhaust the stack): a custom issue at each offending path.
 */
export function checkSafeText(value: unknown, ctx: z.RefinementCtx): void {
  const stack: Array<{ value: unknown; path: PropertyKey[] }> = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      const reason = unsafeTextReason(current);
      if (reason) ctx.addIssue({ code: 'custom', path, message: reason });
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, path: [...path, index] }));
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        const reason = unsafeTextReason(key);
        if (reason)
          ctx.addIssue({ code: 'custom', path: [...path, key], message: `Key: ${reason}` });
        stack.push({ value: item, path: [...path, key] });
      }
    }
  }
}

/** The schema, refusing NUL and lone surrogates anywhere in what it accepts (a 400 naming the field). */
export function withSafeText<T extends z.ZodType>(schema: T): T {
  return schema.superRefine(checkSafeText) as T;
}
