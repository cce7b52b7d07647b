import {
  STATEMENT_BALANCE_FIELDS,
  STATEMENT_FIELDS,
  STATEMENT_FILE_FIELDS,
  STATEMENT_METADATA_FIELDS,
  type Statement,
} from '#contract/statements';

// The upstream adds fields over time; the detail view shows every one, so nothing the service sent
// is hidden. The fields the console knows how to present are the ones the contract's schema names.
const KNOWN_STATEMENT_KEYS = new Set<string>([
  ...STATEMENT_FIELDS,
  // Set by the console (tolerant-read.ts), shown on its own.
  'unreadable',
]);
const KNOWN_METADATA_KEYS = new Set<string>(STATEMENT_METADATA_FIELDS);
const KNOWN_BALANCE_KEYS = new Set<string>(STATEMENT_BALANCE_FIELDS);
const KNOWN_FILE_KEYS = new Set<string>(STATEMENT_FILE_FIELDS);

interface ExtraField {
  /** Where the field sits: "data", "metadata.period_label", "statement_balances[0].rate". */
  path: string;
  value: unknown;
}

const extras = (
  object: Record<string, unknown> | undefined,
  known: ReadonlySet<string>,
  prefix: string,
): ExtraField[] =>
  object
    ? Object.entries(object)
        .filter(([key]) => !known.has(key))
        .map(([key, value]) => ({ path: `${prefix}${key}`, value }))
    : [];

/** Every field of a statement the console does not present by name, with its path. */
export function unknownFields(statement: Statement): ExtraField[] {
  return [
    ...extras(statement, KNOWN_STATEMENT_KEYS, ''),
    ...extras(statement.metadata, KNOWN_METADATA_KEYS, 'metadata.'),
    ...(statement.statement_balances ?? []).flatMap((balance, index) =>
      extras(balance, KNOWN_BALANCE_KEYS, `statement_balances[${index}].`),
    ),
    ...(statement.files ?? []).flatMap((file, index) =>
      extras(file, KNOWN_FILE_KEYS, `files[${index}].`),
    ),
  ];
}

/** A field value as text: strings as they are, anything else as JSON. */
export function fieldText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value, null, 2);
}

/** Only web links open from the console: a file URL with another scheme is shown, not linked. */
export function safeFileHref(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
