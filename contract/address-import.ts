import { z } from 'zod';
import { APPROVAL_STATUSES } from './approval-core';
import { openEnum } from './open-enum';
import { OperatorRefSchema } from './operator-ref';

// An address file's import (issue 28 item 2): POST /api/addresses/import (text/csv) answers the
// preview, row by row; POST /api/addresses/import/:id/apply saves it through the editor's own
// path (the same gate, the same four-eyes hold per row, an audit event per address).

const IMPORT_ROW_KINDS = ['create', 'update', 'unchanged', 'invalid'] as const;
export type ImportRowKind = (typeof IMPORT_ROW_KINDS)[number];

const FieldChangeSchema = z.object({
  path: z.string(),
  before: z.string().optional(),
  after: z.string().optional(),
});

const ImportLookAlikeSchema = z.object({
  crypto_network: z.string(),
  address: z.string(),
  nickname: z.string().optional(),
  /** Where the imitated destination is known: the book, the service, a held change, this file. */
  source: z.enum(['book', 'service', 'held', 'file']),
  /** source file: the row it is on. */
  line: z.number().int().optional(),
});

/**
 * The diff path of a row's destination memo (the CSV's destination_memo column): the memo kept
 * with the entry in the console's book, not a field of the service's saved address. A row whose
 * memo differs from the book's carries it in its diff; apply keeps what the diff says.
 */
export const MEMO_DIFF_PATH = 'destination_memo';

/** The memo change of a row (empty: none); `before`/`after` undefined: no memo. */
export function memoDiff(
  before: string | undefined,
  after: string | undefined,
): Array<z.infer<typeof FieldChangeSchema>> {
  const was = before === '' ? undefined : before;
  const is = after === '' ? undefined : after;
  if (was === is) return [];
  return [
    {
      path: MEMO_DIFF_PATH,
      ...(was !== undefined ? { before: was } : {}),
      ...(is !== undefined ? { after: is } : {}),
    },
  ];
}

/** What a row's diff asks of the book's memo: undefined, nothing; `memo` undefined clears it. */
export function memoChangeOf(
  diff: ReadonlyArray<z.infer<typeof FieldChangeSchema>>,
): { memo: string | undefined } | undefined {
  const change = diff.find((c) => c.path === MEMO_DIFF_PATH);
  return change ? { memo: change.after } : undefined;
}

/**
 * What became of a held row's approval request, read when the import is read (never stored with
 * the row): its status, who decided it and when, and after approval what saving it came to
 * (`outcome`: created, updated, refused, unknown). Tolerant: a state that cannot be read leaves
 * the row's own outcome (awaiting_approval) and its link to the request.
 */
const ImportRowApprovalSchema = z.object({
  id: z.string(),
  status: openEnum(APPROVAL_STATUSES),
  /** Who approved (the last approval), rejected or cancelled it. */
  decided_by: OperatorRefSchema.optional(),
  decided_at: z.string().optional(),
  /** pending: when it expires unless decided. */
  expires_at: z.string().optional(),
  outcome: z.string().optional(),
});

const AddressImportRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  kind: z.enum(IMPORT_ROW_KINDS),
  crypto_network: z.string().optional(),
  address: z.string().optional(),
  /** The PUT /api/addresses body the row asks for (valid rows). */
  request: z.record(z.string(), z.unknown()).optional(),
  /** What is wrong, by column. */
  errors: z.array(z.object({ column: z.string(), message: z.string() })),
  /** update: the fields it changes (create: every field it sets). */
  diff: z.array(FieldChangeSchema),
  look_alikes: z.array(ImportLookAlikeSchema),
  /** After apply: created, updated, unchanged, awaiting_approval, refused, unknown. */
  outcome: z.string().optional(),
  outcome_detail: z.string().optional(),
  approval_id: z.string().optional(),
  /** outcome awaiting_approval: its request's state now (the stored outcome stays as it was). */
  approval: ImportRowApprovalSchema.optional().catch(undefined),
});
export type AddressImportRow = z.infer<typeof AddressImportRowSchema>;

const AddressImportSummarySchema = z.object({
  id: z.string(),
  created_at: z.string(),
  created_by: OperatorRefSchema,
  status: z.enum(['previewing', 'previewed', 'applying', 'applied']),
  counts: z.object({
    rows: z.number().int(),
    invalid: z.number().int(),
    create: z.number().int(),
    update: z.number().int(),
    unchanged: z.number().int(),
    look_alike: z.number().int(),
  }),
});
export type AddressImportSummary = z.infer<typeof AddressImportSummarySchema>;

/** The import and one page of its rows (`next_line`: ask `?after=` it for the next page). */
export const AddressImportResponseSchema = z.object({
  import: AddressImportSummarySchema,
  rows: z.array(AddressImportRowSchema),
  /** Which destinations the look-alike check could not read (as the registry's `unread`). */
  unread: z.array(z.string()).optional(),
  next_line: z.number().int().optional(),
});
export type AddressImportResponse = z.infer<typeof AddressImportResponseSchema>;

export const AddressImportRowsQuerySchema = z.strictObject({
  after: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

export const ApplyAddressImportRequestSchema = z.strictObject({
  /** Rows that look like a known destination are saved only when the operator says so. */
  confirm_look_alikes: z.boolean().optional(),
});

/** At most this many rows in one file, and this many bytes. */
export const ADDRESS_IMPORT_MAX_ROWS = 10_000;
export const ADDRESS_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
