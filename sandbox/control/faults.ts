import { z } from 'zod';

// Faults for tests, all off by default. They are set in-process (sandbox.faults) or over
// loopback HTTP (POST /__sandbox/faults): this schema is the sandbox's own control API.

export const FaultConfigSchema = z.strictObject({
  /** Added before every /v2 and token answer. */
  latencyMs: z.number().int().min(0).max(120_000).optional(),
  /** Share of /v2 calls answered with a 5xx problem, as an exact deterministic sequence. */
  errorRate: z.number().min(0).max(1).optional(),
  /** The status of those answers (default 503). */
  errorStatus: z.number().int().min(500).max(599).optional(),
  /**
   * After `remaining` more /v2 calls (default 0), every /v2 call gets 429 with Retry-After for
   * `retryAfterSeconds`; then the limit lifts by itself.
   */
  rateLimit: z
    .strictObject({
      retryAfterSeconds: z.number().int().min(1).max(3600),
      remaining: z.number().int().min(0).optional(),
    })
    .optional(),
  /** The next N withdrawal creates commit the transfer, then destroy the socket unanswered. */
  dropAfterCreate: z.number().int().min(0).optional(),
  /**
   * Once a create was dropped, every /v2 call gets `errorStatus` (the connection stays lost)
   * until the faults are cleared. Unlike `errorRate`, calls before the drop (the console's
   * background reads among them) change nothing of what the create meets.
   */
  failAfterDrop: z.boolean().optional(),
  /** true: every token request gets 503; a number: the next N do. */
  failTokenEndpoint: z.union([z.boolean(), z.number().int().min(0)]).optional(),
  /**
   * Not a fault: statements pages written as loosely as the service may write them (members
   * missing in turn, nulls, string `version`, an empty page as `{}`). See sloppy-statements.ts.
   */
  sloppyStatements: z.boolean().optional(),
});
export type FaultConfig = z.infer<typeof FaultConfigSchema>;

export class Faults {
  private config: FaultConfig = {};
  private calls = 0;
  private dropped = false;
  private throttledUntilMs: number | undefined;

  /** Replaces the whole configuration and restarts its counters. */
  set(config: FaultConfig): void {
    this.config = FaultConfigSchema.parse(config);
    this.calls = 0;
    this.dropped = false;
    this.throttledUntilMs = undefined;
  }

  clear(): void {
    this.set({});
  }

  /** The configuration with its counters as they stand now. */
  get(): FaultConfig {
    return structuredClone(this.config);
  }

  latencyMs(): number {
    return this.config.latencyMs ?? 0;
  }

  /** The status to fail this /v2 call with, or undefined. Rate r fails exactly floor(n·r) of n calls. */
  takeError(): number | undefined {
    if (this.dropped && this.config.failAfterDrop) return this.config.errorStatus ?? 503;
    const rate = this.config.errorRate ?? 0;
    if (rate <= 0) return undefined;
    this.calls += 1;
    const fail = Math.floor(this.calls * rate) > Math.floor((this.calls - 1) * rate);
    return fail ? (this.config.errorStatus ?? 503) : undefined;
  }

  /** Seconds to put in Retry-After when this /v2 call is throttled, or undefined. */
  takeRateLimit(nowMs: number): number | undefined {
    const limit = this.config.rateLimit;
    if (!limit) return undefined;
    if (this.throttledUntilMs === undefined) {
      if ((limit.remaining ?? 0) > 0) {
        limit.remaining = (limit.remaining ?? 0) - 1;
        return undefined;
      }
      this.throttledUntilMs = nowMs + limit.retryAfterSeconds * 1000;
    }
    if (nowMs >= this.throttledUntilMs) {
      delete this.config.rateLimit;
      this.throttledUntilMs = undefined;
      return undefined;
    }
    return Math.max(1, Math.ceil((this.throttledUntilMs - nowMs) / 1000));
  }

  takeDrop(): boolean {
    const left = this.config.dropAfterCreate ?? 0;
    if (left <= 0) return false;
    this.config.dropAfterCreate = left - 1;
    this.dropped = true;
    return true;
  }

  sloppyStatements(): boolean {
    return this.config.sloppyStatements === true;
  }

  takeTokenFailure(): boolean {
    const fail = this.config.failTokenEndpoint;
    if (fail === true) return true;
    if (typeof fail === 'number' && fail > 0) {
      this.config.failTokenEndpoint = fail - 1;
      return true;
    }
    return false;
  }
}
