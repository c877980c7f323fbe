// The password-hash format of worker/lib/password.ts, for seeding demo accounts from Node.
import { randomBytes, scryptSync } from 'node:crypto';

const N = 16384;
const r = 8;
const p = 5;
const KEY_LENGTH = 32;

export function hashPassword(password) {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem: 64 * 1024 * 1024 });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}
