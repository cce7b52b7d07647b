import type { Request, Response } from 'express';
import { listParam, page, readPageRequest } from '../http/companion-paging';
import { sendProblem } from '../http/problem-response';
import type { SandboxContext } from '../state/sandbox-context';
import { materializeTransfer } from '../state/transfer-store';

/** GET /v2/transfer/transfers/{id} (scope transfer:read_transfer): one transfer as it reads now. */
export function getTransfer(ctx: SandboxContext) {
  return (req: Request, res: Response) => {
    const id = String(req.params.id);
    const found = ctx.state.transfers.list().find((t) => t.id === id);
    if (!found) {
      sendProblem(res, { status: 404, title: 'Not Found', detail: `No transfer has the id ${id}` });
      return;
    }
    res.json(materializeTransfer(found, ctx.now()));
  };
}

/**
 * GET /v2/transfer/transfers?ref_ids=…&ids=…&profile_ids=…&statuses=…&limit=…&page_cursor=…
 * Newest first; filters combine with AND between parameters and OR within one. A read by ref_id
 * tells whether a withdrawal exists without sending it again.
 */
export function listTransfers(ctx: SandboxContext) {
  return (req: Request, res: Response) => {
    const request = readPageRequest(req.originalUrl, ['ref_ids', 'ids', 'profile_ids', 'statuses']);
    if (!request.ok) {
      sendProblem(res, { status: 400, title: 'Bad Request', detail: request.detail });
      return;
    }
    const refIds = new Set(listParam(request.query, 'ref_ids'));
    const ids = new Set(listParam(request.query, 'ids'));
    const profiles = new Set(listParam(request.query, 'profile_ids'));
    const statuses = new Set(listParam(request.query, 'statuses'));
    const now = ctx.now();
    const items = ctx.state.transfers
      .list()
      .slice()
      .reverse()
      .map((t) => materializeTransfer(t, now))
      .filter(
        (t) =>
          (refIds.size === 0 || (t.ref_id !== undefined && refIds.has(t.ref_id))) &&
          (ids.size === 0 || ids.has(t.id)) &&
          (profiles.size === 0 || (t.profile_id !== undefined && profiles.has(t.profile_id))) &&
          (statuses.size === 0 || statuses.has(String(t.status))),
      );
    res.json(page(items, request.limit, request.offset));
  };
}
