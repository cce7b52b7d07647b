import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { fixedHeaders } from './fixed-headers';

const HELMET = helmet({
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"] } },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
});

/** The headers an app with `middleware` answers GET / with (a real listener, loopback). */
async function headersWith(middleware: RequestHandler): Promise<Record<string, string>> {
  const app = express();
  app.use(middleware);
  app.get('/', (_req, res) => void res.send('ok'));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await response.text();
    const { date: _date, ...headers } = Object.fromEntries(response.headers);
    return headers;
  } finally {
    server.close();
  }
}

describe('fixedHeaders', () => {
  it('answers exactly the headers helmet itself sets', async () => {
    const viaHelmet = await headersWith(HELMET);
    expect(Object.keys(viaHelmet).length).toBeGreaterThan(10);
    expect(viaHelmet['content-security-policy']).toBe("default-src 'self'");
    expect(await headersWith(fixedHeaders(HELMET))).toEqual(viaHelmet);
  });

  it('refuses a middleware whose headers depend on the request', () => {
    const readsRequest: RequestHandler = (req, res, next) => {
      res.setHeader('x-path', req.path);
      next();
    };
    expect(() => fixedHeaders(readsRequest)).toThrow(/reads req\.path/);
  });

  it('refuses a middleware that does not finish at once', () => {
    const later: RequestHandler = (_req, _res, next) => void setTimeout(next, 1);
    expect(() => fixedHeaders(later)).toThrow(/did not call next/);
  });
});
