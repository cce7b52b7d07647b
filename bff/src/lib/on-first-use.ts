/**
 * A costly thing (a library's module, mostly) made when first asked for, then shared: the BFF
 * keeps out of its memory what a deployment may never use: WebAuthn before the first passkey,
 * SMTP without e-mail, OpenID Connect in the other identity modes (4-5 MB of V8 heap for
 * @simplewebauthn/server alone; docs/bench.md, "Libraries loaded on first use"). A failed load is
 * tried again on the next call, never cached as a failure.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
