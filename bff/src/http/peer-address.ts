import { isIP } from 'node:net';

/** "::ffff:127.0.0.1" and "127.0.0.1" are the same peer. */
export function normalizeAddress(address: string | undefined): string {
  if (!address) return '';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

export function isLoopback(address: string | undefined): boolean {
  const a = normalizeAddress(address);
  return a === '::1' || a.startsWith('127.') || a === 'localhost';
}

const PORT = /^\d{1,5}$/;

/**
 * A Host header (or an origin's host) naming this machine: `localhost`, `127.x.y.z` or `[::1]`,
 * with an optional port. Anything else (a DNS name that happens to resolve to 127.0.0.1 today,
 * `localhost.`, `0.0.0.0`) is not: that is how DNS rebinding reaches a loopback listener.
 */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  let name: string;
  let port: string | undefined;
  if (host.startsWith('[')) {
    const end = host.indexOf(']');
    if (end < 0) return false;
    name = host.slice(1, end);
    const rest = host.slice(end + 1);
    if (rest !== '' && !rest.startsWith(':')) return false;
    port = rest === '' ? undefined : rest.slice(1);
    if (name !== '::1') return false;
  } else {
    const colon = host.indexOf(':');
    name = (colon < 0 ? host : host.slice(0, colon)).toLowerCase();
    port = colon < 0 ? undefined : host.slice(colon + 1);
    if (name !== 'localhost' && !(isIP(name) === 4 && name.startsWith('127.'))) return false;
  }
  return port === undefined || PORT.test(port);
}
