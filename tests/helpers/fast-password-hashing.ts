// The API tests' password hashing: scrypt at a tiny cost (decision 066). Production hashes with
// better-auth's own scrypt (N = 16384, r = 16: 32 MB and about a tenth of a second a password on
// CI's machine), which was a quarter of the API suites' CPU: every test user is signed up and
// signed in. What the tests check of passwords (right, wrong, changed, reset, common) does not
// depend on the cost. A hash made here says so (`fast-scrypt:`), so one made by another process
// at full cost is still checked the way better-auth checks it.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { verifyPassword } from 'better-auth/crypto';
import type { PasswordHashing } from '#server/auth/auth.ts';

const MARK = 'fast-scrypt:';
const KEY_LENGTH = 32;

const keyOf = (password: string, salt: string) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: 16, r: 1, p: 1 }, (error, key) => (error ? reject(error) : resolve(key))),
  );

export const fastPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    return `${MARK}${salt}:${(await keyOf(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }) {
    if (!hash.startsWith(MARK)) return verifyPassword({ hash, password });
    const [salt, key] = hash.slice(MARK.length).split(':');
    if (!salt || !key) return false;
    return timingSafeEqual(await keyOf(password, salt), Buffer.from(key, 'hex'));
  },
};
