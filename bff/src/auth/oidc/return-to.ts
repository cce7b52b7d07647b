/** Longer than any page of the console; a longer return_to is not one of ours. */
const MAX_RETURN_TO = 2048;

/**
 * Where to land after signing in: a path of this console (path, query and fragment), or `/`.
 * Anything that could leave the origin (`//evil.example`, `/\evil.example`, `https://…`, a
 * scheme, control characters) is `/`, and so is /auth/… (signing in again would loop).
 */
export function safeReturnTo(value: unknown, publicOrigin: string): string {
  if (typeof value !== 'string' || value.length > MAX_RETURN_TO) return '/';
  const control = [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || control)
    return '/';
  let url: URL;
  try {
    url = new URL(value, publicOrigin);
  } catch {
    return '/';
  }
  if (url.origin !== new URL(publicOrigin).origin) return '/';
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
