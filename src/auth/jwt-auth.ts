/**
 * Bearer tokens: JWTs verified with jose against the configured HS256 secret, RS256/ES256 public key or JWKS
 * file. The `sub` claim names the account; `exp` is required unless configured otherwise (a token without one
 * would be valid forever), and clocks of token issuers may drift by the configured tolerance. Any fault (bad
 * signature, `alg: none`, expired, no `exp`, not yet valid, wrong issuer or audience, not a JWT at all) is the
 * interface's invalid_basic_auth_error.
 */
import { createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JWTVerifyGetKey, type JWTVerifyOptions } from 'jose';
import { ConfigError, type Config } from '../config.js';
import { AppError } from '../errors.js';
import type { AccountDirectory, DirectoryEntry } from './account-directory.js';
import type { CredentialsCache } from './credentials-cache.js';

interface TrustedKey {
  algorithms: string[];
  key: Uint8Array | KeyObject | JWTVerifyGetKey;
}

const asymmetricAlgorithms: Record<string, string> = { rsa: 'RS256', 'ec:prime256v1': 'ES256' };

function readKeyFile(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(`${what}: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
}

/** The setting holds the PEM text itself or the path of a file holding it. */
function pemOf(setting: string): string {
  return setting.trimStart().startsWith('-----BEGIN') ? setting : readKeyFile(setting, 'FLEETROUTE_JWT_PUBLIC_KEY');
}

function publicKeyOf(setting: string): TrustedKey {
  let key: KeyObject;
  try {
    key = createPublicKey(pemOf(setting));
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError('FLEETROUTE_JWT_PUBLIC_KEY: not a PEM public key');
  }
  const type = key.asymmetricKeyType === 'ec' ? `ec:${key.asymmetricKeyDetails?.namedCurve}` : String(key.asymmetricKeyType);
  const algorithm = asymmetricAlgorithms[type];
  if (!algorithm) throw new ConfigError(`FLEETROUTE_JWT_PUBLIC_KEY: unsupported key type ${type}; RSA (RS256) and P-256 (ES256) keys are accepted`);
  return { algorithms: [algorithm], key };
}

function jwksOf(path: string): TrustedKey {
  let keySet: JWTVerifyGetKey;
  try {
    keySet = createLocalJWKSet(JSON.parse(readKeyFile(path, 'FLEETROUTE_JWKS_FILE')));
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(`FLEETROUTE_JWKS_FILE: not a JSON Web Key Set (${(error as Error).message})`);
  }
  return { algorithms: ['RS256', 'ES256'], key: keySet };
}

function trustedKeys(config: Config): TrustedKey[] {
  const keys: TrustedKey[] = [];
  if (config.jwtSecret !== undefined) keys.push({ algorithms: ['HS256'], key: new TextEncoder().encode(config.jwtSecret) });
  if (config.jwtPublicKey !== undefined) keys.push(publicKeyOf(config.jwtPublicKey));
  if (config.jwksFile !== undefined) keys.push(jwksOf(config.jwksFile));
  return keys;
}

function invalidToken(): AppError {
  return new AppError('invalid_basic_auth_error', 'Invalid bearer token');
}

export class BearerVerifier {
  readonly #keys: TrustedKey[];
  readonly #options: JWTVerifyOptions;

  /** Reads the keys of the configuration; throws ConfigError when one of them is unusable. */
  constructor(config: Config) {
    this.#keys = trustedKeys(config);
    this.#options = { clockTolerance: config.jwtClockToleranceSeconds, requiredClaims: config.jwtRequireExp ? ['sub', 'exp'] : ['sub'] };
    if (config.jwtIssuer !== undefined) this.#options.issuer = config.jwtIssuer;
    if (config.jwtAudience !== undefined) this.#options.audience = config.jwtAudience;
  }

  /** The username (`sub`) of a valid token, and when the token expires (epoch ms). */
  async verify(token: string): Promise<{ subject: string; expiresAt: number | undefined }> {
    if (this.#keys.length === 0) throw new AppError('invalid_basic_auth_error', 'Bearer tokens are not accepted by this server');
    let algorithm: unknown;
    try {
      algorithm = decodeProtectedHeader(token).alg;
    } catch {
      throw invalidToken();
    }
    // Only keys made for the token's algorithm are tried: an RSA public key must never be used as an HMAC secret.
    for (const { algorithms, key } of this.#keys) {
      if (typeof algorithm !== 'string' || !algorithms.includes(algorithm)) continue;
      try {
        const { payload } = await jwtVerify(token, key, { ...this.#options, algorithms });
        if (typeof payload.sub === 'string') return { subject: payload.sub, expiresAt: payload.exp === undefined ? undefined : payload.exp * 1000 };
      } catch {
        // Try the next key of the same algorithm (a JWKS after a single public key).
      }
    }
    throw invalidToken();
  }
}

export class BearerAuthenticator {
  readonly #verifier: BearerVerifier;
  readonly #directory: AccountDirectory;
  readonly #cache: CredentialsCache;

  constructor(verifier: BearerVerifier, directory: AccountDirectory, cache: CredentialsCache) {
    this.#verifier = verifier;
    this.#directory = directory;
    this.#cache = cache;
  }

  /** The account a token proved before, when that is still known without waiting; else use `authenticate`. */
  known(token: string): DirectoryEntry | undefined {
    const proven = this.#cache.acceptedNow(`Bearer ${token}`);
    const entry = proven && this.#directory.find(proven.username);
    return entry?.account.mechanisms.has('jwt') ? entry : undefined;
  }

  /** The account named by a valid token, when that account may use bearer tokens. */
  async authenticate(token: string): Promise<DirectoryEntry> {
    // A refused token throws its own reason and is not cached; a valid one is, until it expires.
    const proven = await this.#cache.verdict(`Bearer ${token}`, async () => {
      const { subject, expiresAt } = await this.#verifier.verify(token);
      return { username: subject, until: expiresAt };
    });
    const entry = proven === null ? undefined : this.#directory.find(proven.username);
    if (!entry?.account.mechanisms.has('jwt')) throw new AppError('invalid_basic_auth_error', 'The token does not name an account allowed bearer tokens');
    return entry;
  }
}
