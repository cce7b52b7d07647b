import type { SandboxClient } from './oauth';

// The client credentials grant at a local upstream's token endpoint, as a client makes it
// (client_secret_post): the one way the sandbox's own tests and the benches ask it for a token.

/** Asks for `scopes` as `client`: the endpoint's answer as it came, a refusal too. */
export function requestToken(
  url: string,
  client: Pick<SandboxClient, 'client_id' | 'client_secret'>,
  scopes: readonly string[],
): Promise<Response> {
  return fetch(`${url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: client.client_id,
      client_secret: client.client_secret,
      scope: scopes.join(' '),
    }).toString(),
  });
}

/** An access token for `scopes` as `client`; a refusal is an error that says the answer. */
export async function accessToken(
  url: string,
  client: Pick<SandboxClient, 'client_id' | 'client_secret'>,
  scopes: readonly string[],
): Promise<string> {
  const res = await requestToken(url, client, scopes);
  if (res.status !== 200)
    throw new Error(`token request failed: ${res.status} ${await res.text()}`);
  const json = (await res.json()) as { access_token: string };
  return json.access_token;
}
