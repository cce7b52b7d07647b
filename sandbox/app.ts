import { randomUUID } from 'node:crypto';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { ALL_SCOPES, CORE_SCOPE_LIST } from '#contract/scopes';
import type { Statement } from '#contract/statements';
import type { LiveTransfer } from '#contract/transfer-status';
import type { Transfer } from '#contract/withdrawals';
import { TokenStore, createOAuthRouter, type SandboxClient } from './auth/oauth';
import { createCompanionControlRouter } from './control/companion-control';
import { createControlRouter } from './control/control';
import { Faults, type FaultConfig } from './control/faults';
import { Stats, type SandboxStats } from './control/stats';
import { errorHandler } from './http/json-body';
import { listen, type RunningSandbox } from './http/listen';
import { sendProblem } from './http/problem-response';
import { DEFAULT_FEE_QUOTE_TTL_MS } from './routes/fee-quotes';
import { createV2Router } from './routes/v2-router';
import { createState, type SandboxContext } from './state/sandbox-context';
import { materializeTransfer } from './state/transfer-store';

export interface SandboxOptions {
  /**
   * Default: console-local / console-local-secret with every scope (the three and the four
   * companion ones), and console-basic / console-basic-secret with the three only.
   */
  clients?: SandboxClient[];
  /** expires_in of issued tokens. Default 3600. */
  tokenTtlSeconds?: number;
  /** Delay before a withdrawal leaves PENDING. Default 5000. */
  settleMs?: number;
  /** The clock (tests move it to expire tokens and settle withdrawals). Default: real time. */
  now?: () => Date;
  /** Accept testnet address forms. Default true: this is a sandbox. */
  allowTestnet?: boolean;
  /** How long a fee quote holds. Default 120000. */
  feeQuoteTtlMs?: number;
}

export interface Sandbox {
  app: Express;
  listen(port?: number, host?: string): Promise<RunningSandbox>;
  faults: { set(config: FaultConfig): void; clear(): void; get(): FaultConfig };
  stats(): SandboxStats;
  /** Every withdrawal created (as its record reads now), optionally by ref_id. */
  transfers(filter?: { ref_id?: string }): Transfer[];
  /** Back to the seed: data, faults and stats. Issued tokens stay valid. */
  reset(): void;
  /** Test hook: adds a statement (id generated when absent) and returns it as stored. */
  addStatement(
    statement: Omit<Statement, 'id'> & { id?: string; customer_id: string; period_start: string },
  ): Statement;
  /** Test and bench hook: transfers no console made, added to the account's history as given. */
  addTransferHistory(transfers: readonly LiveTransfer[]): void;
}

export const DEFAULT_CLIENT: SandboxClient = {
  client_id: 'console-local',
  client_secret: 'console-local-secret',
  scopes: ALL_SCOPES,
};

/** A client without the companion scopes: the console runs with those features off. */
export const BASIC_CLIENT: SandboxClient = {
  client_id: 'console-basic',
  client_secret: 'console-basic-secret',
  scopes: CORE_SCOPE_LIST,
};

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function createContext(options: SandboxOptions): SandboxContext {
  return {
    state: createState(),
    clients: options.clients ?? [DEFAULT_CLIENT, BASIC_CLIENT],
    options: {
      tokenTtlSeconds: options.tokenTtlSeconds ?? 3600,
      settleMs: options.settleMs ?? 5000,
      allowTestnet: options.allowTestnet ?? true,
    },
    tokens: new TokenStore(),
    faults: new Faults(),
    stats: new Stats(),
    now: options.now ?? (() => new Date()),
  };
}

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const ctx = createContext(options);
  const reset = () => {
    ctx.state = createState();
    ctx.faults.clear();
    ctx.stats.reset();
  };

  const app = express();
  app.disable('x-powered-by');
  // Large statement pages: no per-response hashing for an ETag nobody sends back.
  app.set('etag', false);

  app.use('/__sandbox', createControlRouter(ctx, reset));
  app.use('/__sandbox', createCompanionControlRouter(ctx));

  app.use(async (req: Request, _res: Response, next: NextFunction) => {
    ctx.stats.request(`${req.method} ${req.path}`);
    const latency = ctx.faults.latencyMs();
    if (latency > 0) await sleep(latency);
    next();
  });

  app.use(createOAuthRouter(ctx));
  app.use('/v2', createV2Router(ctx, options.feeQuoteTtlMs ?? DEFAULT_FEE_QUOTE_TTL_MS));

  app.use((req: Request, res: Response) => {
    sendProblem(res, {
      status: 404,
      title: 'Not Found',
      detail: `Nothing at ${req.method} ${req.path}`,
    });
  });
  app.use(errorHandler);

  return {
    app,
    listen: (port = 0, host = '127.0.0.1') => listen(app, port, host),
    faults: {
      set: (config) => ctx.faults.set(config),
      clear: () => ctx.faults.clear(),
      get: () => ctx.faults.get(),
    },
    stats: () => ctx.stats.snapshot(),
    transfers: (filter = {}) => {
      const now = ctx.now();
      return ctx.state.transfers.list(filter).map((t) => materializeTransfer(t, now));
    },
    reset,
    addTransferHistory: (transfers) => ctx.state.transfers.addHistory(transfers, ctx.now()),
    addStatement: (input) => {
      const statement: Statement = { ...input, id: input.id ?? randomUUID() };
      return ctx.state.statements.add(statement).statement;
    },
  };
}
