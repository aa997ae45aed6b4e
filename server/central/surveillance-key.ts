/**
 * Surveillance's own Ed25519 key, which signs the archive's checkpoints
 * (anchor.ts): a PKCS#8 PEM file, mode 0600, made on first use. It belongs
 * on surveillance's machine — never the database server nor a table's box —
 * so that neither the DBA nor a table's root can sign a checkpoint.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

export async function loadOrCreateSurveillanceKey(path: string): Promise<{ privateKey: KeyObject; publicKey: KeyObject; created: boolean }> {
  try {
    const privateKey = createPrivateKey(await readFile(path, 'utf8'));
    return { privateKey, publicKey: createPublicKey(privateKey), created: false };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  await writeFile(path, privateKey.export({ type: 'pkcs8', format: 'pem' }) as string, { mode: 0o600, flag: 'wx' });
  return { privateKey, publicKey, created: true };
}
