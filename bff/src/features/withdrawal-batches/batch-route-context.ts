import type { Response } from 'express';
import type { ApprovalPolicy } from '#contract/approvals';
import { requestHash } from '#contract/request-hash';
import type { Environment } from '#contract/session';
import type { Operator } from '#bff/auth/operator';
import type { ApprovalNotifier } from '#bff/four-eyes/approval-webhook';
import type { DestinationRegistry } from '#bff/gate/destination-registry';
import type { BackgroundTasks } from '#bff/lib/background-tasks';
import { recordAudit } from '#bff/lib/record-audit';
import type { Logger } from '#bff/logger';
import type { ApprovalStore } from '#bff/store/approval-port';
import type { AuditLog } from '#bff/store/audit-log-port';
import type { WithdrawalBatchStore } from '#bff/store/withdrawal-batch-port';
import type { WithdrawalWindow } from '#bff/store/withdrawal-window-port';
import type { WithdrawalLedger } from '#bff/store/withdrawal-ledger-port';
import type { CompanionFeatureGate } from '#bff/upstream/companion-features';
import type { UpstreamClient } from '#bff/upstream/upstream-client';
import type { UsdPriceReader } from '#bff/upstream/usd-price-reader';
import { notFound } from './batch-params';
import type { SubmitRow } from './batch-sender';
import { batchView, type BatchViewDeps } from './batch-view';
import type { ProfileResolver } from './build-batch';

export interface WithdrawalBatchesDeps {
  environment: Environment;
  store: {
    withdrawalBatches?: WithdrawalBatchStore | undefined;
    approvals?: ApprovalStore | undefined;
    audit: AuditLog;
    withdrawalWindow?: WithdrawalWindow | undefined;
    /** The ledger: the report's transfer status, tx hash and fee (absent: left empty). */
    ledger?: Pick<WithdrawalLedger, 'get'> | undefined;
  };
  config: {
    approvalPolicy?: ApprovalPolicy | undefined;
    approvalAttribution: 'subject' | 'email';
    /** A row's lease (the withdrawal attempt's: attemptLeaseMs). */
    attemptLeaseMs: number;
  };
  logger: Logger;
  usdPrices?: UsdPriceReader | undefined;
  destinations?: DestinationRegistry | undefined;
  approvalNotifier?: ApprovalNotifier | undefined;
  background?: BackgroundTasks | undefined;
  /** The one withdrawal submit (features/withdrawals): every row goes through it. */
  submitRow: SubmitRow;
  /** The review's fee quotes (fee:write_crypto_withdrawal_fee): absent, none are asked. */
  upstream?: UpstreamClient | undefined;
  companion?: Pick<CompanionFeatureGate, 'state'> | undefined;
  /** Profile nicknames to ids, when the app has a reader of them. */
  resolveProfile?: ProfileResolver | undefined;
}

/** What every batch route shares: the store (404 without one), loading, answering, the audit. */
export function createBatchRouteContext(
  deps: WithdrawalBatchesDeps,
  /** Tells the batch sender a batch was just set sending (it may be waiting its idle interval). */
  wakeSender: () => void = () => {},
) {
  const batches = (): WithdrawalBatchStore => {
    if (!deps.store.withdrawalBatches) throw notFound('This BFF keeps no withdrawal batches.');
    return deps.store.withdrawalBatches;
  };
  const viewDeps: BatchViewDeps = {
    policy: deps.config.approvalPolicy,
    prices: deps.usdPrices,
    destinations: deps.destinations,
    window: deps.store.withdrawalWindow,
  };
  const load = async (id: string) => {
    const stored = await batches().get(id);
    if (!stored) throw notFound(`No withdrawal batch ${id}.`);
    return stored;
  };
  return {
    deps,
    viewDeps,
    batches,
    load,
    wakeSender,
    /** The batch as it stands, as the answer. */
    async answer(res: Response, id: string, status = 200) {
      const stored = await load(id);
      res.status(status).json(await batchView(viewDeps, stored.batch, stored.rows));
    },
    /** One audit event for a step of the batch (its rows are audited as every submit is). */
    audit: (operator: Operator, action: string, id: string, outcome: string, requestId: string) =>
      recordAudit(
        { audit: deps.store.audit, logger: deps.logger },
        {
          operator_subject: operator.subject,
          roles: operator.roles,
          action,
          target: id,
          request_hash: requestHash({ batch: id }),
          outcome,
          request_id: requestId,
        },
      ),
  };
}

export type BatchRouteContext = ReturnType<typeof createBatchRouteContext>;
