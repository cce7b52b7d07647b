import type { Request, Response } from 'express';
import { listParam, page, readPageRequest } from '../http/companion-paging';
import { sendBadRequest, sendProblem } from '../http/problem-response';
import type { SeedProfile } from '../seed/seed';
import { USD_PRICES } from '../state/pricing';
import type { SandboxContext } from '../state/sandbox-context';

// The profiles companion operations (scope funding:read_profile; docs/upstream-contract.md,
// "Operator context"): the profiles with their nicknames, and what each holds.

const CREATED_AT_FILTERS = ['lt', 'lte', 'eq', 'gte', 'gt'] as const;
type CreatedAtFilter = (typeof CREATED_AT_FILTERS)[number];

const PROFILE_PARAMS = [
  'nickname',
  'ids',
  'order',
  'order_by',
  ...CREATED_AT_FILTERS.map((op) => `created_at.${op}`),
];

function toResponseProfile(p: SeedProfile) {
  return {
    id: p.id,
    nickname: p.nickname,
    type: p.type,
    ...(p.description !== undefined ? { description: p.description } : {}),
    account_id: p.account_id,
  };
}

function matchesCreatedAt(createdAt: string, op: CreatedAtFilter, at: number): boolean {
  const t = Date.parse(createdAt);
  if (op === 'lt') return t < at;
  if (op === 'lte') return t <= at;
  if (op === 'eq') return t === at;
  if (op === 'gte') return t >= at;
  return t > at;
}

type ProfileFilter =
  { ok: true; keep: (p: SeedProfile) => boolean } | { ok: false; detail: string };

/** The filters of the list, or why one is not valid. */
function profileFilter(query: Record<string, string | string[]>): ProfileFilter {
  const nickname = query.nickname;
  if (Array.isArray(nickname)) return { ok: false, detail: 'nickname is given once' };
  const ids = new Set(listParam(query, 'ids'));
  const bounds: Array<[CreatedAtFilter, number]> = [];
  for (const op of CREATED_AT_FILTERS) {
    const raw = query[`created_at.${op}`];
    if (raw === undefined) continue;
    const at = typeof raw === 'string' ? Date.parse(raw) : NaN;
    if (Number.isNaN(at)) return { ok: false, detail: `created_at.${op} is not a date-time` };
    bounds.push([op, at]);
  }
  const needle = nickname?.toLowerCase();
  return {
    ok: true,
    keep: (p) =>
      (needle === undefined || p.nickname.toLowerCase().startsWith(needle)) &&
      (ids.size === 0 || ids.has(p.id)) &&
      bounds.every(([op, at]) => matchesCreatedAt(p.created_at, op, at)),
  };
}

/**
 * GET /v2/profiles?nickname=&ids=&order=ASC|DESC&order_by=CREATED_AT&created_at.gte=…&limit=&page_cursor=
 * `{ items: [{ id, nickname, type, description?, account_id }], next_page_cursor }`, oldest first
 * (by created_at) unless `order=DESC`, as the document says. `nickname` matches the start of a
 * nickname (a prefix, as published), case-insensitively. `next_page_cursor` is a string, empty on
 * the last page (never null).
 */
export function listProfiles(ctx: SandboxContext) {
  return (req: Request, res: Response) => {
    const request = readPageRequest(req.originalUrl, PROFILE_PARAMS);
    const bad = (detail: string) => sendBadRequest(res, detail);
    if (!request.ok) return bad(request.detail);
    const { order, order_by: orderBy } = request.query;
    if (order !== undefined && order !== 'ASC' && order !== 'DESC')
      return bad('order is ASC or DESC');
    if (orderBy !== undefined && orderBy !== 'CREATED_AT') return bad('order_by is CREATED_AT');
    const filter = profileFilter(request.query);
    if (!filter.ok) return bad(filter.detail);
    const sorted = ctx.state.transfers
      .allProfiles()
      .filter(filter.keep)
      .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
    if (order === 'DESC') sorted.reverse();
    const result = page(sorted.map(toResponseProfile), request.limit, request.offset);
    res.json({ items: result.items, next_page_cursor: result.next_page_cursor ?? '' });
  };
}

/** One asset of a profile: `available` after the withdrawals made so far, `trading` as seeded. */
function balanceOf(ctx: SandboxContext, profile: SeedProfile, asset: string) {
  return {
    asset,
    available: ctx.state.transfers.available(profile.id, asset, ctx.now()),
    trading: profile.trading?.[asset] ?? '0',
  };
}

function foundProfile(ctx: SandboxContext, req: Request, res: Response): SeedProfile | undefined {
  const id = String(req.params.profileId);
  const profile = ctx.state.transfers.profile(id);
  if (!profile)
    sendProblem(res, { status: 404, title: 'Not Found', detail: `No profile has the id ${id}` });
  return profile;
}

/**
 * GET /v2/profiles/{profile_id}/balances?assets=BTC&assets=ETH: `{ items: [{ asset, available,
 * trading }] }`, every asset the profile holds (or the ones asked, 0 where it holds none).
 */
export function listProfileBalances(ctx: SandboxContext) {
  return (req: Request, res: Response) => {
    const request = readPageRequest(req.originalUrl, ['assets']);
    if (!request.ok || request.query.limit !== undefined || request.query.page_cursor) {
      const detail = request.ok ? 'Unknown query parameter' : request.detail;
      sendBadRequest(res, detail);
      return;
    }
    const asked = listParam(request.query, 'assets');
    const unknown = asked.filter((asset) => USD_PRICES[asset] === undefined);
    if (unknown.length > 0) {
      const detail = `Unknown asset: ${unknown.join(', ')}`;
      sendBadRequest(res, detail);
      return;
    }
    const profile = foundProfile(ctx, req, res);
    if (!profile) return;
    const held = Object.keys({ ...profile.balances, ...profile.trading });
    const assets = asked.length > 0 ? [...new Set(asked)] : held;
    res.json({ items: assets.map((asset) => balanceOf(ctx, profile, asset)) });
  };
}

/** GET /v2/profiles/{profile_id}/balances/{asset}: one asset (0 where it holds none). */
export function getProfileBalance(ctx: SandboxContext) {
  return (req: Request, res: Response) => {
    const asset = String(req.params.asset);
    const profile = foundProfile(ctx, req, res);
    if (!profile) return;
    if (USD_PRICES[asset] === undefined) {
      sendProblem(res, { status: 404, title: 'Not Found', detail: `No asset ${asset}` });
      return;
    }
    res.json(balanceOf(ctx, profile, asset));
  };
}
