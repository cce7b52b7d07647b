import type { Router } from 'express';
import type { AppDeps } from './app';
import { createPutAddressRouter } from './features/addresses/put-address-router';
import { createMeRouter } from './features/session/me-router';
import {
  createStatementPaymentsRouter,
  createStatementsRouter,
  type StatementsRoutes,
} from './features/statements/statements-router';
import {
  createCompanionFeatureGate,
  type CompanionFeatureGate,
} from './upstream/companion-features';
import { createTransferStatusRouter } from './features/withdrawals/transfer-status-router';
import { createFeeQuoteRouter } from './features/withdrawals/fee-quote-router';
import { createFeeQuoteMemory } from './gate/fee-quote-gate';
import { createVaspDirectoryRouter } from './features/addresses/vasp-directory-router';
import { createServiceAddressesRouter } from './features/addresses/service-addresses-router';
import { createListAddressesRouter } from './features/addresses/list-addresses-router';
import { createWithdrawalsRouter } from './features/withdrawals/withdrawals-router';
import { createSubmitWithdrawal } from './features/withdrawals/submit-withdrawal';
import { createWithdrawalBatchesRouter } from './features/withdrawal-batches/withdrawal-batches-router';
import { createAuditRouter } from './features/audit/audit-router';
import { createApprovalsRouter } from './features/approvals/approvals-router';
import { createPasskeysRouter } from './features/passkeys/passkeys-router';
import { createApprovedWithdrawalSender } from './features/withdrawals/approved-withdrawal-sender';
import {
  attemptLeaseMs,
  createWithdrawalSubmitter,
} from './features/withdrawals/withdrawal-submitter';
import { transferLookup } from './features/withdrawals/transfer-reader';
import { createApprovedAddressSaver } from './features/addresses/approved-address-saver';
import { createConsoleNotifier } from './notifications/console-notifier';
import { createUsdPricesRouter } from './features/withdrawals/usd-prices-router';
import { createUsdPriceReader } from './upstream/usd-price-reader';
import { createDestinationRegistry } from './gate/destination-registry';
import { createServiceAddressReader } from './upstream/service-address-reader';
import { createLookAlikesRouter } from './features/addresses/look-alikes-router';
import { createAddressFilesRouter } from './features/addresses/address-files-router';
import { createDestinationsRouter } from './features/addresses/destinations-router';
import { createForecastRouter } from './features/withdrawals/forecast-router';
import { createProfileReader } from './features/profiles/profile-reader';
import { createWithdrawalLimitsReader } from './features/profiles/withdrawal-limits-reader';
import { createProfilesRouter } from './features/profiles/profiles-router';
import { createActivityRouter } from './features/activity/activity-router';
import { createPolicyRouter } from './features/policy/policy-router';

/** What the features' routers share: built once per /api router. */
function sharedFeatureDeps(deps: AppDeps) {
  const { config, logger } = deps;
  const companion = deps.companion ?? createCompanionFeatureGate({ tokens: deps.tokens, logger });
  // The JSON webhook, and e-mail and Slack through the outbox (the runtime builds it once and
  // passes it in; a test's createApp builds it here).
  const approvalNotifier =
    deps.approvalNotifier ??
    createConsoleNotifier({
      config,
      outbox: deps.store.notificationOutbox,
      logger,
      background: deps.background,
    });
  // The one reader of the service's saved addresses, and the one view of a destination every
  // path that moves money or changes a destination reads (none without an approvals store).
  const serviceAddresses = createServiceAddressReader({
    upstream: deps.upstream,
    companion,
    logger,
  });
  const approvalStore = deps.store.approvals;
  const destinations = approvalStore
    ? createDestinationRegistry({
        approvals: approvalStore,
        addressBook: deps.store.addressBook,
        service: serviceAddresses,
      })
    : undefined;
  // The fee quotes this instance handed out: a withdrawal naming one is compared with it first.
  const feeQuotes = createFeeQuoteMemory();
  const withApprovals = {
    ...deps,
    feeQuotes,
    companion,
    ...(destinations ? { destinations } : {}),
    ...(approvalNotifier ? { approvalNotifier } : {}),
  };
  // One submitter (its in-process flights, its leases) for the withdrawals route and the last
  // approval's send alike.
  const submitter = createWithdrawalSubmitter({
    ledger: deps.store.ledger,
    upstream: deps.upstream,
    tuning: config.upstreamTuning,
    logger,
    lookup: transferLookup(companion, deps.upstream),
  });
  // The service's prices (short cache): the gate's USD rules and the form's review read the same.
  const usdPrices = createUsdPriceReader({ upstream: deps.upstream, logger });
  return {
    companion,
    serviceAddresses,
    destinations,
    feeQuotes,
    withApprovals,
    submitter,
    usdPrices,
  };
}

type SharedFeatureDeps = ReturnType<typeof sharedFeatureDeps>;

/**
 * The features' routers on the /api router, one line each, with what they share: which
 * companion features the upstream client is granted, and four eyes' notifier.
 */
export function mountFeatureRouters(api: Router, deps: AppDeps, statements: StatementsRoutes) {
  const { config } = deps;
  const shared = sharedFeatureDeps(deps);
  const { companion, serviceAddresses, destinations, feeQuotes, withApprovals } = shared;

  api.use(createMeRouter(deps.environment, companion, config.approvalPolicy, config.auth.mode));
  api.use(createStatementsRouter(statements));
  api.use(createStatementPaymentsRouter({ upstream: deps.upstream, companion }));
  // Before GET /addresses/... of any other router: export, import and archive of the book.
  api.use(createAddressFilesRouter({ ...withApprovals, serviceAddresses }));
  api.use(createDestinationsRouter({ ...deps, serviceAddresses }));
  api.use(createPutAddressRouter(withApprovals));
  api.use(createListAddressesRouter(deps));
  mountWithdrawalRouters(api, deps, shared);
  mountApprovalRouters(api, deps, shared);
  // Approvers' passkeys: decisions signed by the approver's own key (approvals_require_passkey).
  api.use(createPasskeysRouter(deps));
  // Companion operations: each answers 403 Feature Unavailable when its scope is not granted.
  api.use(createTransferStatusRouter({ ...deps, companion }));
  api.use(createFeeQuoteRouter({ ...deps, companion, feeQuotes }));
  api.use(createVaspDirectoryRouter({ ...deps, companion }));
  api.use(createServiceAddressesRouter({ ...deps, serviceAddresses }));
  if (destinations) api.use(createLookAlikesRouter({ destinations }));
  mountAccountReaders(api, deps, companion);
}

/** Single withdrawals, their forecast and prices, the Policy page, and batch withdrawals. */
function mountWithdrawalRouters(api: Router, deps: AppDeps, shared: SharedFeatureDeps) {
  const { config, logger } = deps;
  const { companion, withApprovals, submitter, usdPrices } = shared;
  api.use(createWithdrawalsRouter({ ...withApprovals, submitter, usdPrices }));
  api.use(createForecastRouter({ ...withApprovals, submitter, usdPrices }));
  api.use(createUsdPricesRouter({ usdPrices }));
  // The Policy page's measure of each rolling limit: the window the gate counts, as it stands.
  api.use(
    createPolicyRouter({
      policy: config.approvalPolicy,
      windows: deps.store.windowUsage,
      prices: usdPrices,
    }),
  );
  // Batch withdrawals (issue 28): every row through the same submit as POST /api/withdrawals
  // (schema, gate, hold, the one submitter), sent by the batch sender in deps.background.
  const batchProfiles = createProfileReader({ upstream: deps.upstream, companion, logger });
  api.use(
    createWithdrawalBatchesRouter({
      ...withApprovals,
      config: {
        approvalPolicy: config.approvalPolicy,
        approvalAttribution: config.approvalAttribution,
        attemptLeaseMs: attemptLeaseMs(config.upstreamTuning),
      },
      usdPrices,
      submitRow: createSubmitWithdrawal({ ...withApprovals, submitter, usdPrices }),
      resolveProfile: async (nickname) =>
        (await batchProfiles.findProfilesByNickname(nickname)).map((p) => p.id),
    }),
  );
}

/**
 * Four eyes: the last approval sends through the withdrawals and addresses features' own paths
 * (and so does the outbox's sender, in deps.background, for a send whose approver stopped).
 */
function mountApprovalRouters(api: Router, deps: AppDeps, shared: SharedFeatureDeps) {
  const { config } = deps;
  const { withApprovals, submitter, usdPrices } = shared;
  const approvedWithdrawals = createApprovedWithdrawalSender({ ...withApprovals, submitter });
  api.use(
    createApprovalsRouter({
      ...withApprovals,
      usdPrices,
      config: {
        approvalPolicy: config.approvalPolicy,
        publicOrigin: config.publicOrigin,
        passkeyRpId: config.passkeyRpId,
        approvalAttribution: config.approvalAttribution,
        attemptLeaseMs: attemptLeaseMs(config.upstreamTuning),
      },
      senders: {
        withdrawal: approvedWithdrawals.send,
        resumeWithdrawal: approvedWithdrawals.resume,
        address: createApprovedAddressSaver(withApprovals),
      },
    }),
  );
}

/**
 * The service's view of the account, read only: profiles, balances and withdrawal limits left,
 * the audit trail, and reconciliation (every transfer by origin, against the ledger).
 */
function mountAccountReaders(api: Router, deps: AppDeps, companion: CompanionFeatureGate) {
  const upstreamReaders = { upstream: deps.upstream, companion, logger: deps.logger };
  api.use(
    createProfilesRouter({
      profiles: createProfileReader(upstreamReaders),
      readWithdrawalLimits: createWithdrawalLimitsReader(upstreamReaders),
    }),
  );
  api.use(createAuditRouter(deps));
  api.use(createActivityRouter({ store: deps.store, ...upstreamReaders }));
}
