/**
 * A BFF answer with a JSON body: `application/json` below 400, `application/problem+json` (RFC
 * 9457) for a refusal, as the BFF sends them.
 */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status < 400 ? 'application/json' : 'application/problem+json' },
  });
}
