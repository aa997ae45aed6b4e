/**
 * HTTPS for a table server (`--tls-cert`, `--tls-key`; README "HTTPS"), and
 * the production rule: with NODE_ENV=production, plain HTTP is served only
 * on loopback, or when `--allow-http` says the network is otherwise
 * protected. Plain HTTP beyond loopback would carry the crew's PINs and
 * session cookies in clear across the table's network.
 */
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ConfigError } from './config-error.ts';

export interface TlsFiles {
  /** PEM certificate, with its chain after it when a local CA signed it. */
  certFile: string;
  /** PEM private key of that certificate. */
  keyFile: string;
}

/** 127.0.0.0/8, ::1 and localhost: reachable from this machine only. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Both files or neither; each must be readable now, not at the first connection. */
export async function tlsFiles(cert: string | undefined, key: string | undefined, cwd: string): Promise<TlsFiles | undefined> {
  if (cert === undefined && key === undefined) return undefined;
  if (cert === undefined || key === undefined) throw new ConfigError('--tls-cert (TQ_TLS_CERT) and --tls-key (TQ_TLS_KEY) go together: give both');
  const files = { certFile: resolve(cwd, cert), keyFile: resolve(cwd, key) };
  for (const [flag, file] of [
    ['--tls-cert', files.certFile],
    ['--tls-key', files.keyFile],
  ] as const)
    await access(file, constants.R_OK).catch(() => {
      throw new ConfigError(`${flag}: cannot read ${file}`);
    });
  // A private key any user of the machine can read is no longer private (accepted silently).
  const mode = (await stat(files.keyFile)).mode & 0o777;
  if ((mode & 0o007) !== 0)
    throw new ConfigError(`--tls-key: ${files.keyFile} is readable by every user of this machine (mode ${mode.toString(8)}): chmod 600 it, or 640 for a group`);
  return files;
}

export function assertSafeTransport(host: string, tls: TlsFiles | undefined, allowHttp: boolean, env: NodeJS.ProcessEnv): void {
  if (env.NODE_ENV !== 'production' || tls !== undefined || isLoopback(host) || allowHttp) return;
  throw new ConfigError(
    `NODE_ENV=production: plain HTTP on ${host} would carry PINs and session cookies in clear over the network; give --tls-cert and --tls-key (README "HTTPS"), listen on 127.0.0.1, or pass --allow-http`,
  );
}
