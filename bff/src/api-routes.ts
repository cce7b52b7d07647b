import type { Router } from 'express';
import type { AppDeps } from './app';
import { createPutAddressRouter } from './features/addresses/put-address-router';
import { createMeRouter } from './features/session/me-router';
import {
  createStatementsRouter,
  type StatementsRoutes,
} from './features/statements/statements-router';
import { createCompanionFeatureGate } from './upstream/companion-features';
import { createTransferStatusRouter } from './features/withdrawals/transfer-status-router';
import { createFeeQuoteRouter } from './features/withdrawals/fee-quote-router';
import { createVaspDirectoryRouter } from './features/addresses/vasp-directory-router';
import { createServiceAddressesRouter } from './features/addresses/service-addresses-router';
import { createListAddressesRouter } from './features/addresses/list-addresses-router';
import { createWithdrawalsRouter } from './features/withdrawals/withdrawals-router';
import { createAuditRouter } from './features/audit/audit-router';
import { createApprovalsRouter } from './features/approvals/approvals-router';
import { createApprovedWithdrawalSender } from './features/withdrawals/approved-withdrawal-sender';
import {
  attemptLeaseMs,
  createWithdrawalSubmitter,
} from './features/withdrawals/withdrawal-submitter';
import { transferLookup } from './features/withdrawals/transfer-lookup';
import { createApprovedAddressSaver } from './features/addresses/approved-address-saver';
import { createApprovalWebhook } from './four-eyes/approval-webhook';

/**
 * The features' routers on the /api router, one line each, with what they share: which
 * companion features the upstream client is granted, and four eyes' notifier.
 */
export function mountFeatureRouters(api: Router, deps: AppDeps, statements: StatementsRoutes) {
  const { config, logger } = deps;
  const companion = deps.companion ?? createCompanionFeatureGate({ tokens: deps.tokens, logger });
  const approvalNotifier =
    deps.approvalNotifier ??
    (config.approvalWebhookUrl
      ? createApprovalWebhook({ url: config.approvalWebhookUrl, logger })
      : undefined);
  const withApprovals = { ...deps, companion, ...(approvalNotifier ? { approvalNotifier } : {}) };
  // One submitter (its in-process flights, its leases) for the withdrawals route and the last
  // approval's send alike.
  const submitter = createWithdrawalSubmitter({
    ledger: deps.store.ledger,
    upstream: deps.upstream,
    tuning: config.upstreamTuning,
    logger,
    lookup: transferLookup(companion, deps.upstream),
  });

  api.use(
    createMeRouter(deps.environment, companion, config.approvalPolicy, config.auth.mode === 'dev'),
  );
  api.use(createStatementsRouter(statements));
  api.use(createPutAddressRouter(withApprovals));
  api.use(createListAddressesRouter(deps));
  api.use(createWithdrawalsRouter({ ...withApprovals, submitter }));
  // Four eyes: the last approval sends through the withdrawals and addresses features' own paths.
  api.use(
    createApprovalsRouter({
      ...withApprovals,
      config: {
        approvalPolicy: config.approvalPolicy,
        approvalAttribution: config.approvalAttribution,
        attemptLeaseMs: attemptLeaseMs(config.upstreamTuning),
      },
      senders: {
        withdrawal: createApprovedWithdrawalSender({ ...withApprovals, submitter }),
        address: createApprovedAddressSaver(withApprovals),
      },
    }),
  );
  // Companion operations: each answers 403 Feature Unavailable when its scope is not granted.
  api.use(createTransferStatusRouter({ ...deps, companion }));
  api.use(createFeeQuoteRouter({ ...deps, companion }));
  api.use(createVaspDirectoryRouter({ ...deps, companion }));
  api.use(createServiceAddressesRouter({ ...deps, companion }));
  api.use(createAuditRouter(deps));
}
