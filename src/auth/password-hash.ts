/**
 * Passwords are stored as scrypt-derived keys. Each hash carries its own salt and cost parameters, so the
 * parameters can be raised later without invalidating existing accounts.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptParameters {
  /** CPU/memory cost (a power of two). */
  N: number;
  /** Block size. */
  r: number;
  /** Parallelisation. */
  p: number;
  keyLength: number;
}

export interface PasswordHash extends ScryptParameters {
  algorithm: 'scrypt';
  /** base64 */
  salt: string;
  /** base64 */
  hash: string;
}

/** One of OWASP's recommended scrypt settings: 32 MiB and about 0.2 s per derivation on this class of machine. */
const defaultScryptParameters: ScryptParameters = { N: 2 ** 15, r: 8, p: 3, keyLength: 64 };

const saltBytes = 16;

/**
 * Derivations run on libuv's thread pool (4 threads by default), which file I/O shares, and each one holds
 * 32 MiB: a burst of logins with wrong passwords must not take all of it.
 */
const maxConcurrentDerivations = 2;
let runningDerivations = 0;
const waitingDerivations: (() => void)[] = [];

async function withDerivationSlot<T>(work: () => Promise<T>): Promise<T> {
  if (runningDerivations < maxConcurrentDerivations) runningDerivations += 1;
  else await new Promise<void>((resolve) => waitingDerivations.push(resolve));
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter, if any.
    const next = waitingDerivations.shift();
    if (next) next();
    else runningDerivations -= 1;
  }
}

function deriveKey(password: string, salt: Buffer, parameters: ScryptParameters): Promise<Buffer> {
  return withDerivationSlot(() => scryptOnce(password, salt, parameters));
}

function scryptOnce(password: string, salt: Buffer, parameters: ScryptParameters): Promise<Buffer> {
  const { N, r, p, keyLength } = parameters;
  // scrypt needs 128·N·r bytes; Node's default ceiling (32 MiB) is exactly that for the defaults, leaving no headroom.
  const options: ScryptOptions = { N, r, p, maxmem: 256 * N * r };
  return new Promise((resolve, reject) => {
    // The asynchronous form runs on the libuv pool, so a derivation never blocks the event loop.
    scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string, parameters: ScryptParameters = defaultScryptParameters): Promise<PasswordHash> {
  const salt = randomBytes(saltBytes);
  const key = await deriveKey(password, salt, parameters);
  return { algorithm: 'scrypt', ...parameters, salt: salt.toString('base64'), hash: key.toString('base64') };
}

export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const expected = Buffer.from(stored.hash, 'base64');
  const key = await deriveKey(password, Buffer.from(stored.salt, 'base64'), stored);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * Spends the same work as a real verification and always fails. Used for unknown usernames, so the answer
 * time does not reveal which accounts exist.
 */
async function verifyNothing(password: string): Promise<false> {
  await deriveKey(password, randomBytes(saltBytes), defaultScryptParameters);
  return false;
}

/** The function that checks a password against a stored hash (replaceable, so tests can count derivations). */
export type PasswordVerifier = (password: string, stored: PasswordHash | undefined) => Promise<boolean>;

export const scryptVerifier: PasswordVerifier = (password, stored) =>
  stored ? verifyPassword(password, stored) : verifyNothing(password);
