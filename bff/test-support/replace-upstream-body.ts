import type { UpstreamResponse } from '#bff/upstream/upstream-client';

/** The same upstream response with another body (to simulate an answer the service may send). */
export function replaceUpstreamBody(response: UpstreamResponse, text: string): UpstreamResponse {
  return {
    ...response,
    body: {
      text: async () => text,
      json: async () => JSON.parse(text) as unknown,
      dump: async () => undefined,
    } as unknown as UpstreamResponse['body'],
  };
}
