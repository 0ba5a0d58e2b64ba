// Password hashing (bcrypt, as the reference server stores it) and random tokens.
import bcrypt from 'bcryptjs';
import { randomBytes } from 'node:crypto';

/** Cost 10 keeps a login near 50 ms on this hardware class; existing hashes of any cost verify. */
const COST = Number(process.env.KEYFLOW_BCRYPT_COST ?? 10);

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  if (!hash) return Promise.resolve(false);
  return bcrypt.compare(password, hash);
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A random token of `length` characters from [a-zA-Z0-9], unbiased. */
export function randomToken(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      if (b < 248) out += ALPHABET[b % 62];
      if (out.length === length) break;
    }
  }
  return out;
}
