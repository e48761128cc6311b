import argon2 from 'argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/** OWASP's argon2id baseline: 19 MiB of memory, 2 iterations, 1 lane. */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * The automated tests' cost (PASSWORD_HASH_COST=test, refused unless NODE_ENV=test): 1 MiB, one
 * pass. The suite signs up several hundred members and each hash at the real cost takes tens of
 * milliseconds of a core; verifying reads the cost from the stored hash, so both verify alike.
 */
const TEST_ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;

export type PasswordHashCost = 'standard' | 'test';

const COMMON_PASSWORDS = new Set(dictionary.passwords.map((password) => password.toLowerCase()));

/** True for the ~50,000 most common passwords (zxcvbn's list), whatever their case. */
export const isCommonPassword = (password: string) => COMMON_PASSWORDS.has(password.toLowerCase());

export const hashPassword = (password: string, cost: PasswordHashCost = 'standard') =>
  argon2.hash(password, cost === 'test' ? TEST_ARGON2_OPTIONS : ARGON2_OPTIONS);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

// Verifying against this when the address is unknown makes a failed login take as long either
// way, so response times do not reveal which addresses have accounts.
const dummyHashes: Partial<Record<PasswordHashCost, Promise<string>>> = {};
export async function verifyAgainstNothing(
  password: string,
  cost: PasswordHashCost = 'standard',
): Promise<void> {
  dummyHashes[cost] ??= hashPassword('not-a-real-password-for-timing-only', cost);
  await verifyPassword(await dummyHashes[cost], password);
}
