import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { ALL_SCOPES, CORE_SCOPE_LIST, SCOPES } from '#contract/scopes';
import { createCompanionControlRouter } from './control/companion-control';
import { createFeeQuote, DEFAULT_FEE_QUOTE_TTL_MS } from './routes/fee-quotes';
import { listDestinationAddresses } from './routes/list-destination-addresses';
import { getTransfer, listTransfers } from './routes/transfers-read';
import { getVasp, listVasps } from './routes/vasps';
import type { Statement } from '#contract/statements';
import type { Transfer } from '#contract/withdrawals';
import { putCryptoDestinationAddress } from './routes/addresses';
import { requireScope } from './auth/bearer-auth';
import { createControlRouter } from './control/control';
import { Faults, type FaultConfig } from './control/faults';
import { errorHandler, jsonBody } from './http/json-body';
import { TokenStore, createOAuthRouter, type SandboxClient } from './auth/oauth';
import { sendProblem } from './http/problem-response';
import { createState, type SandboxContext } from './state/sandbox-context';
import { listStatements } from './routes/statements';
import { Stats, type SandboxStats } from './control/stats';
import { materializeTransfer } from './state/transfer-store';
import { createCryptoWithdrawal } from './routes/withdrawals';

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

export interface RunningSandbox {
  /** http://host:port, no trailing slash. The API base is `${url}/v2`, the token URL `${url}/oauth2/token`. */
  url: string;
  port: number;
  close(): Promise<void>;
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

export function createSandbox(options: SandboxOptions = {}): Sandbox {
  const ctx: SandboxContext = {
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

  const v2 = express.Router();
  v2.use((_req: Request, res: Response, next: NextFunction) => {
    const retryAfter = ctx.faults.takeRateLimit(ctx.now().getTime());
    if (retryAfter !== undefined) {
      sendProblem(res, {
        status: 429,
        title: 'Too Many Requests',
        detail: `Rate limit reached; retry after ${retryAfter} seconds`,
        headers: { 'Retry-After': String(retryAfter) },
      });
      return;
    }
    const status = ctx.faults.takeError();
    if (status !== undefined) {
      sendProblem(res, {
        status,
        title: status === 503 ? 'Service Unavailable' : 'Server Error',
        detail: 'Injected fault',
      });
      return;
    }
    next();
  });
  v2.get('/statements', requireScope(ctx, SCOPES.listStatements), listStatements(ctx));
  v2.put(
    '/transfer/crypto-destination-address',
    requireScope(ctx, SCOPES.putCryptoDestinationAddress),
    jsonBody,
    putCryptoDestinationAddress(ctx),
  );
  v2.post(
    '/transfer/crypto-withdrawals',
    requireScope(ctx, SCOPES.createCryptoWithdrawal),
    jsonBody,
    createCryptoWithdrawal(ctx),
  );
  // The companion operations (docs/upstream-contract.md, "Companion operations"): each behind its own scope.
  v2.get('/transfer/transfers', requireScope(ctx, SCOPES.readTransfer), listTransfers(ctx));
  v2.get('/transfer/transfers/:id', requireScope(ctx, SCOPES.readTransfer), getTransfer(ctx));
  v2.post(
    '/transfer/fees/crypto-withdrawal',
    requireScope(ctx, SCOPES.writeCryptoWithdrawalFee),
    jsonBody,
    createFeeQuote(ctx, options.feeQuoteTtlMs ?? DEFAULT_FEE_QUOTE_TTL_MS),
  );
  v2.get('/travelrule/vasps', requireScope(ctx, SCOPES.readVasps), listVasps(ctx));
  v2.get('/travelrule/vasps/:id', requireScope(ctx, SCOPES.readVasps), getVasp(ctx));
  v2.get(
    '/transfer/crypto-destination-addresses',
    requireScope(ctx, SCOPES.readCryptoDestinationAddresses),
    listDestinationAddresses(ctx),
  );
  app.use('/v2', v2);

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
    async listen(port = 0, host = '127.0.0.1') {
      const server = createServer(app);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      const bound = (server.address() as AddressInfo).port;
      const hostPart = host.includes(':') ? `[${host}]` : host;
      return {
        url: `http://${hostPart}:${bound}`,
        port: bound,
        close: () =>
          new Promise<void>((resolve, reject) => {
            server.close((err) => (err ? reject(err) : resolve()));
            server.closeAllConnections();
          }),
      };
    },
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
    addStatement: (input) => {
      const statement: Statement = { ...input, id: input.id ?? randomUUID() };
      return ctx.state.statements.add(statement).statement;
    },
  };
}
