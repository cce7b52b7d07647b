import { Router } from 'express';
import { FINAL_TRANSFER_STATUSES, type LiveTransferResponse } from '#contract/transfer-status';
import type { Transfer } from '#contract/withdrawals';
import { READ_LEDGER_ROLES, requireRole } from '#bff/auth/require-role';
import { HttpProblem } from '#bff/http/http-problem';
import type { Store } from '#bff/store/store-port';
import type { CompanionFeatureGate } from '#bff/upstream/companion-features';
import type { UpstreamClient } from '#bff/upstream/upstream-client';
import { nextStatusCheckInMs } from './status-check-backoff';
import { createTransferReader } from './transfer-reader';
import { refIdParam } from './ref-id-param';

interface TransferStatusRouterDeps {
  store: Pick<Store, 'ledger' | 'transferStatus'>;
  upstream: UpstreamClient;
  companion: CompanionFeatureGate;
}

/**
 * GET /api/withdrawals/:ref_id/transfer (viewer): the created transfer's live status, read from
 * the upstream (transfer:read_transfer) and kept on the ledger record. Without the read, or once
 * the status is final, the recorded transfer, with a note saying why it is not live.
 */
export function createTransferStatusRouter(deps: TransferStatusRouterDeps): Router {
  const reader = createTransferReader(deps.upstream);
  // Several viewers of one transfer at the same moment share one upstream read.
  const inFlight = new Map<string, Promise<Transfer | undefined>>();

  function readShared(id: string): Promise<Transfer | undefined> {
    let read = inFlight.get(id);
    if (!read) {
      read = reader.byIds([id]).then((items) => items[0]);
      inFlight.set(id, read);
      const forget = () => inFlight.delete(id);
      read.then(forget, forget);
    }
    return read;
  }

  const router = Router();
  router.get(
    '/withdrawals/:ref_id/transfer',
    requireRole(...READ_LEDGER_ROLES),
    async (req, res) => {
      const refId = refIdParam(req);
      const record = await deps.store.ledger.get(refId);
      if (!record) {
        throw new HttpProblem({
          title: 'Not Found',
          status: 404,
          detail: `No withdrawal with ref_id ${refId} is in the ledger.`,
        });
      }
      const recorded = record.status === 'created' ? record.transfer : undefined;
      const answer = (body: LiveTransferResponse) => res.json(body);
      if (!recorded) {
        answer({ source: 'ledger', note: 'No transfer has been created for this withdrawal.' });
        return;
      }
      if (FINAL_TRANSFER_STATUSES.has(String(recorded.status))) {
        answer({ source: 'ledger', transfer: recorded, note: 'The status is final.' });
        return;
      }
      const feature = await deps.companion.state('transfer_status');
      if (!feature.enabled) {
        answer({
          source: 'ledger',
          transfer: recorded,
          ...(feature.reason ? { note: `${feature.reason} The status is shown as recorded.` } : {}),
        });
        return;
      }
      const live = await readShared(recorded.id);
      if (!live) {
        answer({
          source: 'ledger',
          transfer: recorded,
          note: 'The upstream does not list this transfer; the status is shown as recorded.',
        });
        return;
      }
      await deps.store.transferStatus?.recordLiveTransfer(refId, live, nextStatusCheckInMs(1));
      answer({ source: 'upstream', transfer: live, checked_at: new Date().toISOString() });
    },
  );
  return router;
}
