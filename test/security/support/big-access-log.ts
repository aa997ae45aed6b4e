/**
 * An access log of `lines` failed logins from made-up names, written straight
 * to a file as an attacker's flood leaves it.
 */
import { open } from 'node:fs/promises';

export async function writeFloodedAccessLog(file: string, lines: number): Promise<void> {
  const handle = await open(file, 'w', 0o600);
  try {
    const batch = 10_000;
    for (let k = 0; k < lines; k += batch) {
      let text = '';
      for (let j = k; j < Math.min(lines, k + batch); j++)
        text += `{"at":"2026-11-25T10:00:00.000Z","address":"10.0.${(j >> 8) & 255}.${j & 255}","kind":"login-failed","user":"guess${j}"}\n`;
      await handle.write(text);
    }
  } finally {
    await handle.close();
  }
}
