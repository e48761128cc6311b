import argon2 from 'argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/** OWASP's argon2id baseline: 19 MiB of memory, 2 iterations, 1 lane. */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const COMMON_PASSWORDS = new Set(dictionary.passwords.map((password) => password.toLowerCase()));

/** True for the ~50,000 most common passwords (zxcvbn's list), whatever their case. */
export const isCommonPassword = (password: string) => COMMON_PASSWORDS.has(password.toLowerCase());

export const hashPassword = (password: string) => argon2.hash(password, ARGON2_OPTIONS);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

// Verifying against this when the address is unknown makes a failed login take as long either
// way, so response times do not reveal which addresses have accounts.
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstNothing(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-for-timing-only');
  await verifyPassword(await dummyHash, password);
}
