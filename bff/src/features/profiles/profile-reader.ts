import {
  ProfileBalanceSchema,
  ProfileSchema,
  type Profile,
  type ProfileBalancesResponse,
  type ProfilesResponse,
} from '#contract/profiles';
import { PublishedItemsPageSchema, readPublishedItems } from '#contract/published-items';
import type { Logger } from '#bff/logger';
import type { CompanionFeatureGate } from '#bff/upstream/companion-features';
import type { UpstreamClient } from '#bff/upstream/upstream-client';
import { callUpstreamJson } from '#bff/upstream/upstream-json';

/** Pages of 100 read when looking a nickname up: past 1,000 profiles of one name the rest is not seen. */
const LOOKUP_MAX_PAGES = 10;

interface ProfilePageQuery {
  nickname?: string | undefined;
  limit?: number | undefined;
  page_cursor?: string | undefined;
}

export interface ProfileReader {
  /** One page of the service's profiles, newest first (GET /v2/profiles). */
  page(query: ProfilePageQuery): Promise<ProfilesResponse>;
  /**
   * Every profile whose nickname is exactly `nickname` (trimmed, any case): none, one, or several
   * (the caller says which is ambiguous). The service's filter also matches parts of names.
   */
  findProfilesByNickname(nickname: string): Promise<Profile[]>;
  /** What the profile holds, with when it was read (GET /v2/profiles/{id}/balances). */
  readBalances(profileId: string): Promise<ProfileBalancesResponse>;
}

/**
 * The one reader of the service's profiles and balances (scope funding:read_profile). Each call
 * throws the problem to answer: 403 Feature Unavailable without the scope, the service's own
 * problem (404 for an unknown profile), 502/504 when it does not answer usably. Records it cannot
 * read are left out and logged, never the failure of the list.
 */
export function createProfileReader(deps: {
  upstream: UpstreamClient;
  companion: CompanionFeatureGate;
  logger: Logger;
  now?: () => number;
}): ProfileReader {
  const now = deps.now ?? Date.now;

  function readable<T>(what: string, read: { items: T[]; unreadable: number }): T[] {
    if (read.unreadable > 0)
      deps.logger.warn({ what, unreadable: read.unreadable }, 'records left out of a service list');
    return read.items;
  }

  async function page(query: ProfilePageQuery): Promise<ProfilesResponse> {
    await deps.companion.require('profiles');
    const params = new URLSearchParams({
      limit: String(query.limit ?? 100),
      order: 'DESC',
      order_by: 'CREATED_AT',
    });
    if (query.nickname) params.set('nickname', query.nickname);
    if (query.page_cursor) params.set('page_cursor', query.page_cursor);
    const answer = await callUpstreamJson(
      deps.upstream,
      'listProfiles',
      { query: params.toString() },
      PublishedItemsPageSchema,
    );
    return {
      items: readable('profiles', readPublishedItems(answer.items, ProfileSchema)),
      // The service ends a list with an empty cursor (or none): our answer says null.
      next_page_cursor: answer.next_page_cursor || null,
    };
  }

  async function findProfilesByNickname(nickname: string): Promise<Profile[]> {
    const wanted = nickname.trim().toLowerCase();
    if (wanted === '') return [];
    const found: Profile[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < LOOKUP_MAX_PAGES; i++) {
      const answer = await page({ nickname: nickname.trim(), limit: 100, page_cursor: cursor });
      found.push(...answer.items.filter((p) => p.nickname.trim().toLowerCase() === wanted));
      cursor = answer.next_page_cursor ?? undefined;
      if (!cursor) break;
    }
    return found;
  }

  async function readBalances(profileId: string): Promise<ProfileBalancesResponse> {
    await deps.companion.require('profiles');
    const answer = await callUpstreamJson(
      deps.upstream,
      'listProfileBalances',
      { pathSuffix: `/${encodeURIComponent(profileId)}/balances` },
      PublishedItemsPageSchema,
    );
    return {
      items: readable('balances', readPublishedItems(answer.items, ProfileBalanceSchema)),
      read_at: new Date(now()).toISOString(),
    };
  }

  return { page, findProfilesByNickname, readBalances };
}
