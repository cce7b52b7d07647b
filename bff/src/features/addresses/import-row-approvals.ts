import type { AddressImportRow } from '#contract/address-import';
import type { ApprovalStore } from '#bff/store/approval-port';

/**
 * An import's held rows with their approval requests' states now (issue 28 item 2): the row keeps
 * the outcome apply stored (awaiting_approval), and `approval` says what became of the request
 * since (approved and what saving it came to, rejected by whom, expired, still pending). Read when
 * the import is read, in one store read a page, so approvals never need to know of imports.
 */
export async function withApprovalStates(
  approvals: Pick<ApprovalStore, 'states'> | undefined,
  rows: AddressImportRow[],
): Promise<AddressImportRow[]> {
  const ids = rows.flatMap((row) =>
    row.outcome === 'awaiting_approval' && row.approval_id ? [row.approval_id] : [],
  );
  if (!approvals || ids.length === 0) return rows;
  const states = new Map((await approvals.states(ids)).map((state) => [state.id, state]));
  return rows.map((row) => {
    const approval = row.approval_id ? states.get(row.approval_id) : undefined;
    return approval && row.outcome === 'awaiting_approval' ? { ...row, approval } : row;
  });
}
