/**
 * The one entry point of authentication for the HTTP layer (docs/api.md, Accounts and authentication): who is
 * calling, and the session login. Precedence when several credentials arrive: the Authorization header, then
 * the session id (the HTTP layer passes the X-Service-Session-Id header, else the cookie).
 */
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import type { Account } from './account.js';
import { AccountDirectory, type DirectoryEntry } from './account-directory.js';
import { BasicAuthenticator } from './basic-auth.js';
import { CredentialsCache } from './credentials-cache.js';
import { BearerAuthenticator, BearerVerifier } from './jwt-auth.js';
import { parseLoginRequest } from './login-request.js';
import { MemorySessionStore } from './memory-session-store.js';
import { passwordCheck, type PasswordCheck } from './password-check.js';
import { scryptVerifier, type PasswordVerifier } from './password-hash.js';
import { provisionAccounts } from './provision.js';
import type { SessionStore } from './session-store.js';
import { Sessions } from './sessions.js';
import { watchUsersFile } from './users-file-watcher.js';

export type { Account, Mechanism } from './account.js';

export interface Credentials {
  authorization?: string | undefined;
  /** The X-Service-Session-Id header, else the session cookie. */
  sessionId?: string | undefined;
}

export interface Authenticator {
  /** Throws AppError: authentication_required_error, invalid_basic_auth_error or invalid_session_id_error. */
  authenticate(credentials: Credentials): Promise<Account>;
  /** Throws validation_failed_error (every fault of the body) or invalid_basic_auth_error (wrong credentials). */
  login(body: unknown): Promise<{ sessionId: string; account: Account }>;
  /** Re-reads the users file and forgets cached verifications. */
  reload(): Promise<void>;
  close(): Promise<void>;
}

/** Replaceable parts, for tests and for the shared-store deployment. */
export interface AuthenticatorParts {
  verifyPassword?: PasswordVerifier;
  sessionStore?: SessionStore;
}

interface AuthenticatorWiring {
  directory: AccountDirectory;
  basic: BasicAuthenticator;
  bearer: BearerAuthenticator;
  sessions: Sessions;
  checkPassword: PasswordCheck;
  stopWatching: () => void;
}

/** The scheme (lower case) and the credentials of an Authorization header. */
function splitAuthorization(header: string): { scheme: string; value: string } {
  const [scheme = '', value = ''] = header.trim().split(/ +(.*)/s);
  return { scheme: scheme.toLowerCase(), value: value.trim() };
}

class ServiceAuthenticator implements Authenticator {
  readonly #directory: AccountDirectory;
  readonly #basic: BasicAuthenticator;
  readonly #bearer: BearerAuthenticator;
  readonly #sessions: Sessions;
  readonly #checkPassword: PasswordCheck;
  readonly #stopWatching: () => void;

  constructor(wiring: AuthenticatorWiring) {
    this.#directory = wiring.directory;
    this.#basic = wiring.basic;
    this.#bearer = wiring.bearer;
    this.#sessions = wiring.sessions;
    this.#checkPassword = wiring.checkPassword;
    this.#stopWatching = wiring.stopWatching;
  }

  async authenticate({ authorization, sessionId }: Credentials): Promise<Account> {
    if (authorization !== undefined) return (this.#knownAuthorization(authorization) ?? (await this.#byAuthorization(authorization))).account;
    if (sessionId !== undefined) return this.#bySession(sessionId);
    throw new AppError('authentication_required_error', 'Authentication required: send Basic credentials, a bearer token or a session id');
  }

  async login(body: unknown): Promise<{ sessionId: string; account: Account }> {
    const { username, password } = parseLoginRequest(body);
    const entry = await this.#checkPassword(username, password);
    if (!entry) throw new AppError('invalid_basic_auth_error', 'Invalid username or password');
    if (!entry.account.mechanisms.has('session')) {
      throw new AppError('invalid_basic_auth_error', `Account ${username} may not use sessions (session-type usernames contain a colon)`);
    }
    return { sessionId: await this.#sessions.start(entry.account.key), account: entry.account };
  }

  reload(): Promise<void> {
    return this.#directory.reload();
  }

  async close(): Promise<void> {
    this.#stopWatching();
    await this.#sessions.close();
  }

  /** Credentials already proven and still cached: answered without a single await (most requests). */
  #knownAuthorization(header: string): DirectoryEntry | undefined {
    const { scheme, value } = splitAuthorization(header);
    if (scheme === 'basic') return this.#basic.known(value);
    if (scheme === 'bearer') return this.#bearer.known(value);
    return undefined;
  }

  async #byAuthorization(header: string): Promise<DirectoryEntry> {
    const { scheme, value } = splitAuthorization(header);
    switch (scheme) {
      case 'basic':
        return this.#basic.authenticate(value);
      case 'bearer':
        return this.#bearer.authenticate(value);
      default:
        throw new AppError('invalid_basic_auth_error', 'Unsupported Authorization scheme: use Basic or Bearer');
    }
  }

  async #bySession(sessionId: string): Promise<Account> {
    const key = await this.#sessions.use(sessionId);
    const entry = key === undefined ? undefined : this.#directory.findByKey(key);
    if (!entry?.account.mechanisms.has('session')) throw new AppError('invalid_session_id_error', 'Invalid or expired session id');
    return entry.account;
  }
}

/**
 * Ensures the bootstrap account (or, on a first start without users file and without bootstrap, creates an
 * `admin` account: its password is in `createdAdmin`, for the caller to print once) and loads the accounts.
 * Throws ConfigError for unusable key settings and UsersFileError for a broken users file.
 */
export async function createAuthenticator(
  config: Config,
  log: (message: string) => void,
  parts: AuthenticatorParts = {},
): Promise<{ authenticator: Authenticator; createdAdmin?: { username: string; password: string } }> {
  const bearerVerifier = new BearerVerifier(config);
  const { bootstrap, createdAdmin } = await provisionAccounts(config);
  const directory = new AccountDirectory(config.usersFile, bootstrap);
  await directory.reload();
  if (directory.size === 0) log(`no accounts in ${config.usersFile}: add one with \`fleetroute users add\``);
  const cache = new CredentialsCache();
  directory.onChange(() => cache.clear());
  const checkPassword = passwordCheck(directory, parts.verifyPassword ?? scryptVerifier);
  const sessions = new Sessions(parts.sessionStore ?? new MemorySessionStore(), config.sessionIdleSeconds);
  const watcher = await watchUsersFile(
    config.usersFile,
    () =>
      directory.reload().then(
        () => log(`users file reloaded: ${directory.size} accounts`),
        (error: Error) => log(`users file not reloaded, keeping the previous accounts: ${error.message}`),
      ),
    log,
  );
  const basic = new BasicAuthenticator(directory, cache, checkPassword);
  const bearer = new BearerAuthenticator(bearerVerifier, directory, cache);
  const stopWatching = () => watcher.close();
  const authenticator = new ServiceAuthenticator({ directory, basic, bearer, sessions, checkPassword, stopWatching });
  return createdAdmin ? { authenticator, createdAdmin } : { authenticator };
}
