/**
 * Listens with an app from createApp and closes it cleanly: SSE streams are
 * long-lived, so closing ends every open connection (TOOLCHAIN-NOTES:
 * `server.closeAllConnections()`) instead of waiting for them. With `tls`
 * (PEM certificate and key) it serves HTTPS.
 */
import { once } from 'node:events';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';

export interface Listening {
  server: Server;
  url: string;
  close(): Promise<void>;
}

export interface TlsPem {
  cert: string | Buffer;
  key: string | Buffer;
}

export async function listen(app: Express, port = 0, host = '127.0.0.1', tls?: TlsPem): Promise<Listening> {
  const server: Server = tls ? createHttpsServer({ cert: tls.cert, key: tls.key }, app) : createHttpServer(app);
  server.listen(port, host);
  await once(server, 'listening');
  const { port: bound } = server.address() as AddressInfo;
  const url = `${tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${bound}`;
  return {
    server,
    url,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((e) => (e ? reject(e) : resolve()));
        server.closeAllConnections();
      }),
  };
}
