import { hash, verify } from '@node-rs/argon2';

/** ARCHITECTURE §4: argon2id, m = 19 MiB, t = 2, p = 1 (argon2id is the library's default algorithm). */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/** Spends the same time as a real check so an unknown email cannot be told from a wrong password. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-tourdesk');
  await verifyPassword(await dummyHash, password);
  return false;
}
