/**
 * The table's Ed25519 key pair (docs/central-store.md): it signs the chain
 * head of its shoes (seals) so the central copy cannot be rewritten without
 * the signature failing. The private key lives in `<data>/keys/table.key`,
 * or in the file `--key-file` / TQ_KEY_FILE names — in production outside the
 * data directory (docs/deploy.md#table-key), so no copy of the data carries
 * it (PKCS#8 PEM, mode 0600) — and is never printed or logged; the public key
 * is one line — base64 of its SPKI DER — which surveillance registers.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { type FileHandle, mkdir, open, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { CentralError } from './central-error.ts';

export const KEYS_DIR = 'keys';
export const PRIVATE_KEY_FILE = 'table.key';

/** Where the private key is: `keyFile` when given (--key-file, TQ_KEY_FILE), else `<data>/keys/table.key`. */
export function privateKeyPath(dataDir: string, keyFile?: string): string {
  return keyFile === undefined ? join(dataDir, KEYS_DIR, PRIVATE_KEY_FILE) : resolve(keyFile);
}

/** The key file a command was given: its `--key-file` flag, else TQ_KEY_FILE (empty counts as unset). */
export function keyFileOf(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = flag ?? env.TQ_KEY_FILE;
  return value === undefined || value === '' ? undefined : resolve(value);
}

export interface TableKey {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** base64 of the SPKI DER: what `tq keys show` prints and `tq central register` takes. */
  publicLine: string;
}

/** Makes the table's key pair; refuses to replace an existing one. */
export async function initTableKey(dataDir: string, keyFile?: string): Promise<TableKey> {
  const file = privateKeyPath(dataDir, keyFile);
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  let handle: FileHandle;
  try {
    handle = await open(file, 'wx', 0o600);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') throw new CentralError('KEY_EXISTS', file);
    throw e;
  }
  try {
    await handle.writeFile(pem);
    await handle.chmod(0o600); // whatever the umask
    await handle.sync();
  } finally {
    await handle.close();
  }
  return keyOf(privateKey);
}

/** The table's key, or a NO_KEY error naming where it was looked for. */
export async function loadTableKey(dataDir: string, keyFile?: string): Promise<TableKey> {
  const file = privateKeyPath(dataDir, keyFile);
  let pem: string;
  try {
    pem = await readFile(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new CentralError('NO_KEY', `no ${file}`);
    throw e;
  }
  const privateKey = createPrivateKey(pem);
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new CentralError('NO_KEY', `${file} is not an Ed25519 key`);
  return keyOf(privateKey);
}

function keyOf(privateKey: KeyObject): TableKey {
  const publicKey = createPublicKey(privateKey);
  return { privateKey, publicKey, publicLine: publicKeyLine(publicKey) };
}

export function publicKeyLine(publicKey: KeyObject): string {
  return (publicKey.export({ type: 'spki', format: 'der' }) as Buffer).toString('base64');
}

/** Reads a registered public key line; BAD_KEY unless it is an Ed25519 SPKI DER in base64. */
export function parsePublicKey(line: string): KeyObject {
  const text = line.trim();
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) throw new CentralError('BAD_KEY', JSON.stringify(line.slice(0, 80)));
  let key: KeyObject;
  try {
    key = createPublicKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'spki' });
  } catch (e) {
    throw new CentralError('BAD_KEY', (e as Error).message, { cause: e });
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new CentralError('BAD_KEY', `a ${key.asymmetricKeyType} key, not Ed25519`);
  if (publicKeyLine(key) !== text) throw new CentralError('BAD_KEY', 'not in its canonical form');
  return key;
}
