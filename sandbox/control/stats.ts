/** What the sandbox has been asked, for tests that count calls (token caching, no double submit). */
export interface SandboxStats {
  tokenRequests: {
    /** Every POST /oauth2/token, answered or refused. */
    total: number;
    /** Tokens issued. */
    issued: number;
    /** Issued tokens per granted scope. */
    byScope: Record<string, number>;
    /** Issued tokens per client. */
    byClient: Record<string, number>;
  };
  /** Requests per "METHOD /path" (every answer, errors included). */
  requests: Record<string, number>;
  /** Withdrawals committed (including ones whose answer a fault dropped). */
  withdrawalsCreated: number;
}

export class Stats {
  private data: SandboxStats = Stats.empty();

  private static empty(): SandboxStats {
    return {
      tokenRequests: { total: 0, issued: 0, byScope: {}, byClient: {} },
      requests: {},
      withdrawalsCreated: 0,
    };
  }

  request(route: string): void {
    this.data.requests[route] = (this.data.requests[route] ?? 0) + 1;
  }

  tokenRequest(): void {
    this.data.tokenRequests.total += 1;
  }

  tokenIssued(clientId: string, scopes: readonly string[]): void {
    const t = this.data.tokenRequests;
    t.issued += 1;
    t.byClient[clientId] = (t.byClient[clientId] ?? 0) + 1;
    for (const scope of scopes) t.byScope[scope] = (t.byScope[scope] ?? 0) + 1;
  }

  withdrawalCreated(): void {
    this.data.withdrawalsCreated += 1;
  }

  snapshot(): SandboxStats {
    return structuredClone(this.data);
  }

  reset(): void {
    this.data = Stats.empty();
  }
}
