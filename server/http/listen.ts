/**
 * Listens with an app from createApp and closes it cleanly: SSE streams are
 * long-lived, so closing ends every open connection (TOOLCHAIN-NOTES:
 * `server.closeAllConnections()`) instead of waiting for them.
 */
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';

export interface Listening {
  server: Server;
  url: string;
  close(): Promise<void>;
}

export async function listen(app: Express, port = 0, host = '127.0.0.1'): Promise<Listening> {
  const server = app.listen(port, host);
  await once(server, 'listening');
  const { port: bound } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${bound}`;
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
