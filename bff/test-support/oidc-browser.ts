// A browser of the AUTH_MODE=oidc tests: follows redirects by hand between the console and the
// test provider, keeping each one's cookies, so a test can stop anywhere (e.g. at the callback)
// and tamper with what a browser would send. The console's PUBLIC_ORIGIN is mapped to the
// in-process BFF it names.

export interface BrowserResponse {
  status: number;
  location?: string;
  text: string;
  setCookies: string[];
}

export interface OidcBrowser {
  /** Cookies by origin (name → value), as the browser would send them. */
  cookies: Map<string, Map<string, string>>;
  request(
    method: string,
    url: string,
    options?: { body?: string; headers?: Record<string, string> },
  ): Promise<BrowserResponse>;
  /** Starts at /auth/login, signs in as `login` on the provider's form; stops at the callback URL. */
  signInUntilCallback(login: string, returnTo?: string): Promise<string>;
  /** The whole sign-in: the callback's answer. */
  signIn(login: string, returnTo?: string): Promise<BrowserResponse>;
}

export function oidcBrowser(publicOrigin: string, bffUrl: string): OidcBrowser {
  const cookies = new Map<string, Map<string, string>>();
  const actual = (url: string) =>
    url.startsWith(publicOrigin) ? bffUrl + url.slice(publicOrigin.length) : url;
  const jar = (origin: string) => {
    let found = cookies.get(origin);
    if (!found) cookies.set(origin, (found = new Map()));
    return found;
  };
  async function request(
    method: string,
    url: string,
    options: { body?: string; headers?: Record<string, string> } = {},
  ): Promise<BrowserResponse> {
    const target = new URL(actual(url), bffUrl);
    const own = jar(target.origin);
    const cookie = [...own].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(target, {
      method,
      redirect: 'manual',
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(options.body !== undefined
          ? { 'content-type': 'application/x-www-form-urlencoded' }
          : {}),
        ...options.headers,
      },
      ...(options.body !== undefined ? { body: options.body } : {}),
    });
    const setCookies = response.headers.getSetCookie();
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const gone = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === '';
      if (gone) own.delete(name);
      else own.set(name, value);
    }
    const location = response.headers.get('location');
    return {
      status: response.status,
      ...(location ? { location: new URL(location, target).href } : {}),
      text: await response.text(),
      setCookies,
    };
  }
  /** Follows redirects from `url` until one leads to the console's callback (returned, unvisited). */
  async function followToCallback(url: string, login: string): Promise<string> {
    let next = url;
    for (let hop = 0; hop < 12; hop++) {
      if (next.startsWith(`${publicOrigin}/auth/callback`)) return next;
      const response = await request('GET', next);
      if (response.location) {
        next = response.location;
        continue;
      }
      const form = /action="([^"]+\/login)"/.exec(response.text);
      if (!form)
        throw new Error(
          `sign-in stopped at ${next} (${response.status}): ${response.text.slice(0, 200)}`,
        );
      const posted = await request('POST', new URL(form[1]!, next).href, {
        body: new URLSearchParams({ login }).toString(),
      });
      if (!posted.location) throw new Error(`the provider refused ${login}: ${posted.status}`);
      next = posted.location;
    }
    throw new Error('too many redirects');
  }
  const loginUrl = (returnTo?: string) =>
    `${publicOrigin}/auth/login${returnTo !== undefined ? `?return_to=${encodeURIComponent(returnTo)}` : ''}`;
  return {
    cookies,
    request,
    signInUntilCallback: (login, returnTo) => followToCallback(loginUrl(returnTo), login),
    async signIn(login, returnTo) {
      return request('GET', await followToCallback(loginUrl(returnTo), login));
    },
  };
}
