import { afterEach, beforeEach, expect } from 'vitest';
import { ALL_SCOPES } from '#contract/scopes';
import { createSandbox, DEFAULT_CLIENT, type Sandbox, type SandboxOptions } from '../app';
import { accessToken } from '../auth/token-request';
import { SEED_IDS } from '../seed/seed';
import type { RunningSandbox } from '../http/listen';

// Shared by the sandbox's own tests: a sandbox on an ephemeral loopback port and a tiny client
// that speaks to it over real HTTP.

export interface TestSandbox {
  sandbox: Sandbox;
  running: RunningSandbox;
  url: string;
  /** A token from the real token endpoint (client_secret_post), for the given scopes (default all). */
  token(scopes?: readonly string[]): Promise<string>;
  call(
    method: string,
    path: string,
    options?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<TestResponse>;
  close(): Promise<void>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

/** A settable clock for token expiry and withdrawal settlement. */
export class TestClock {
  constructor(private ms = Date.UTC(2026, 10, 22, 12, 0, 0)) {}
  now = (): Date => new Date(this.ms);
  advance(ms: number): void {
    this.ms += ms;
  }
}

export async function startTestSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  const sandbox = createSandbox(options);
  const running = await sandbox.listen(0, '127.0.0.1');
  const url = running.url;

  const call: TestSandbox['call'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token !== undefined) headers.authorization = `Bearer ${opts.token}`;
    let body: string | undefined;
    if (opts.body !== undefined) {
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(url + path, { method, headers, body });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text.length > 0 ? JSON.parse(text) : undefined;
    } catch {
      // Not JSON: the caller asserts on `text`.
    }
    return { status: res.status, headers: res.headers, body: parsed, text };
  };

  const token = (scopes: readonly string[] = ALL_SCOPES) =>
    accessToken(url, DEFAULT_CLIENT, scopes);

  return { sandbox, running, url, token, call, close: () => running.close() };
}

/** What {@link clockedSandboxPerTest} gives each test. */
export interface ClockedSandbox {
  s: TestSandbox;
  clock: TestClock;
  /** A token for every scope. */
  token: string;
}

/**
 * A fresh sandbox for each test of the enclosing describe block, on a clock the test moves
 * (withdrawals settle after 5 s of it), with a token for every scope. Filled in by its
 * beforeEach, so read it inside tests only.
 */
export function clockedSandboxPerTest(): ClockedSandbox {
  const t = {} as ClockedSandbox;
  beforeEach(async () => {
    t.clock = new TestClock();
    t.s = await startTestSandbox({ now: t.clock.now, settleMs: 5000 });
    t.token = await t.s.token();
  });
  afterEach(() => t.s.close());
  return t;
}

/**
 * POST /v2/transfer/crypto-withdrawals of ETH on Ethereum from the example profile, with the
 * test's every-scope token; `body` gives the rest (destination, amount, ref_id) or overrides.
 */
export function withdrawEth(
  t: ClockedSandbox,
  body: Record<string, unknown>,
): Promise<TestResponse> {
  return t.s.call('POST', '/v2/transfer/crypto-withdrawals', {
    token: t.token,
    body: {
      profile_id: SEED_IDS.exampleProfile,
      crypto_network: 'ETHEREUM',
      asset: 'ETH',
      ...body,
    },
  });
}

const PUBLISHED_MEMBERS = new Set(['type', 'title', 'status', 'detail', 'meta']);

/**
 * A problem exactly as the service writes it: only `type`, `title`, `status`, `detail` and
 * `meta`, and `type` in the service's namespace or about:blank (docs/upstream-contract.md).
 */
export function expectPublishedShape(body: unknown): void {
  expect(typeof body).toBe('object');
  const problem = body as Record<string, unknown>;
  expect(Object.keys(problem).filter((key) => !PUBLISHED_MEMBERS.has(key))).toEqual([]);
  expect(problem.type).toMatch(
    /^(about:blank|https:\/\/developer\.paxos\.com\/docs\/v2\/problems\/[a-z-]+)$/,
  );
}
