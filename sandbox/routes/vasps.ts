import type { Request, Response } from 'express';
import { page, readPageRequest } from '../http/companion-paging';
import { sendBadRequest, sendProblem } from '../http/problem-response';
import type { SandboxContext } from '../state/sandbox-context';

interface Vasp {
  id: string;
  name: string;
}

/**
 * The VASP directory (GET /v2/travelrule/vasps). The ids of the seeded addresses' VASPs
 * (`vasp-coinbase`, `vasp-anchorage`) are in it, and enough others to page through.
 */
const VASP_DIRECTORY: readonly Vasp[] = [
  ['vasp-anchorage', 'Anchorage Digital'],
  ['vasp-binance', 'Binance'],
  ['vasp-bitgo', 'BitGo Trust Company'],
  ['vasp-bitpanda', 'Bitpanda GmbH'],
  ['vasp-bitstamp', 'Bitstamp'],
  ['vasp-bitso', 'Bitso'],
  ['vasp-bullish', 'Bullish'],
  ['vasp-coinbase', 'Coinbase'],
  ['vasp-coinbase-custody', 'Coinbase Custody Trust Company'],
  ['vasp-copper', 'Copper Technologies'],
  ['vasp-crypto-com', 'Crypto.com'],
  ['vasp-fidelity', 'Fidelity Digital Assets'],
  ['vasp-fireblocks', 'Fireblocks'],
  ['vasp-gemini', 'Gemini Trust Company'],
  ['vasp-kraken', 'Kraken'],
  ['vasp-ledger-enterprise', 'Ledger Enterprise'],
  ['vasp-okx', 'OKX'],
  ['vasp-paxos', 'Paxos Trust Company'],
  ['vasp-robinhood', 'Robinhood Crypto'],
  ['vasp-upbit', 'Upbit'],
  ['vasp-zodia', 'Zodia Custody'],
].map(([id, name]) => ({ id: id!, name: name! }));

/** GET /v2/travelrule/vasps?search=…&limit=…&page_cursor=…: by name, case-insensitive prefix. */
export function listVasps(_ctx: SandboxContext) {
  return (req: Request, res: Response) => {
    const request = readPageRequest(req.originalUrl, ['search'], 20);
    if (!request.ok) {
      sendBadRequest(res, request.detail);
      return;
    }
    const raw = request.query.search;
    if (Array.isArray(raw)) {
      sendBadRequest(res, 'search is given once');
      return;
    }
    const search = (raw ?? '').trim().toLowerCase();
    const items = VASP_DIRECTORY.filter((v) => v.name.toLowerCase().startsWith(search));
    res.json(page(items, request.limit, request.offset));
  };
}

/** GET /v2/travelrule/vasps/{id}: `{ vasp: { id, name } }`, wrapped as published. */
export function getVasp(_ctx: SandboxContext) {
  return (req: Request, res: Response) => {
    const id = String(req.params.id);
    const vasp = VASP_DIRECTORY.find((v) => v.id === id);
    if (!vasp) {
      sendProblem(res, { status: 404, title: 'Not Found', detail: `No VASP has the id ${id}` });
      return;
    }
    res.json({ vasp });
  };
}
