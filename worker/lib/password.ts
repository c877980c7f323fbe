/// <reference types="node" />
// Password hashing per docs/product.md#accounts: scrypt (node:crypto via nodejs_compat) at OWASP's
// N=2^14, r=8, p=5. No WebAssembly and no PBKDF2, so it runs on deployed Workers. The algorithm
// and parameters are stored with each hash so they can be raised later.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const PARAMS = { N: 16384, r: 8, p: 5 } as const;
const KEY_LENGTH = 32;
const MAXMEM = 64 * 1024 * 1024;

const derive = (password: string, salt: Buffer, N: number, r: number, p: number, length: number) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, length, { N, r, p, maxmem: MAXMEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS.N, PARAMS.r, PARAMS.p, KEY_LENGTH);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = stored?.split('$');
  if (!parts || parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4]!, 'base64');
  const expected = Buffer.from(parts[5]!, 'base64');
  if (!N || !r || !p || N > 1 << 20 || expected.length === 0) return false;
  const key = await derive(password, salt, N, r, p, expected.length);
  return timingSafeEqual(key, expected);
}

/** A fixed hash to verify against when the account does not exist, so timing does not reveal it. */
export const DUMMY_HASH = 'scrypt$16384$8$5$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';
