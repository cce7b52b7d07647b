import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';

export interface RunningSandbox {
  /** http://host:port, no trailing slash. The API base is `${url}/v2`, the token URL `${url}/oauth2/token`. */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Serves the app on host:port (0: a free port); close() also ends kept-alive connections. */
export async function listen(app: Express, port: number, host: string): Promise<RunningSandbox> {
  const server = createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  const hostPart = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${hostPart}:${bound}`,
    port: bound,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
