// Address-file imports as the features see them (sql-address-imports.ts implements it).
import type {
  AddressImportRow,
  AddressImportSummary,
  ImportRowKind,
} from '#contract/address-import';
import type { OperatorRef } from '#contract/operator-ref';

/** One row of an address file, checked, as the preview stores it. */
export interface NewImportRow {
  line: number;
  kind: ImportRowKind;
  crypto_network?: string | undefined;
  address?: string | undefined;
  /** "NETWORK:canonical:identity": a second row of one destination is an error. */
  destinationKey?: string | undefined;
  /** The look-alike probe (contract/networks/look-alike.ts). */
  probe?: string | undefined;
  request?: Record<string, unknown> | undefined;
  errors: AddressImportRow['errors'];
  diff: AddressImportRow['diff'];
  look_alikes: AddressImportRow['look_alikes'];
}

/** Address-file imports: the preview's rows wait here for apply (issue 28 item 2). */
export interface AddressImportStore {
  /** Several rows at once, in line order (the preview writes its rows in batches). */
  addRows(importId: string, rows: readonly NewImportRow[]): Promise<void>;
  create(id: string, operator: OperatorRef): Promise<void>;
  addRow(importId: string, row: NewImportRow): Promise<void>;
  /** Rows of the file with this look-alike probe (at most 20). */
  sameProbe(
    importId: string,
    probe: string,
  ): Promise<Array<{ line: number; crypto_network: string; address: string }>>;
  /** The line of the file's row of this destination, if one came earlier. */
  lineOf(importId: string, destinationKey: string): Promise<number | undefined>;
  finishPreview(importId: string): Promise<void>;
  get(importId: string): Promise<AddressImportSummary | undefined>;
  rows(
    importId: string,
    options: { afterLine?: number; limit: number; pending?: boolean },
  ): Promise<AddressImportRow[]>;
  /** Marks it applying; false when it is not previewed (or applying after a crash). */
  claim(importId: string): Promise<boolean>;
  /** The outcomes of rows of the file (a page of them at a time), by line. */
  setOutcomes(
    importId: string,
    outcomes: ReadonlyArray<{
      line: number;
      outcome: { outcome: string; detail?: string; approvalId?: string };
    }>,
  ): Promise<void>;
  finishApply(importId: string): Promise<void>;
}
