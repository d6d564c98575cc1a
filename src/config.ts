/**
 * The one reader of command-line flags and environment variables. Everything else receives a frozen `Config`.
 * Values are validated with the same ajv used for requests, so a bad setting stops the process at start.
 */
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Ajv } from 'ajv';

export interface Config {
  host: string;
  port: number;
  /** OSM extracts to serve, each answering the requests whose points lie in it; none serves the embedded demo town. */
  maps: string[];
  /** Predicted traffic (docs/traffic.md) replacing the built-in typical week; undefined keeps the built-in one. */
  trafficFile: string | undefined;
  dataDir: string;
  /** Days a file in `<dataDir>/maps/` may go unserved by any process before it is removed; 0 keeps them all. */
  cacheRetentionDays: number;
  workers: number;
  /** Redis of a scale-out deployment (docs/scale-out.md); undefined keeps everything in this process. */
  redis: string | undefined;
  role: 'all' | 'api' | 'worker';
  taskLockMs: number;
  usersFile: string;
  bootstrapUsername: string | undefined;
  bootstrapPassword: string | undefined;
  jwtSecret: string | undefined;
  jwtPublicKey: string | undefined;
  jwksFile: string | undefined;
  jwtIssuer: string | undefined;
  jwtAudience: string | undefined;
  jwtRequireExp: boolean;
  jwtClockToleranceSeconds: number;
  redirectIntervalMs: number;
  maxTasksPerAccount: number;
  resultTtlSeconds: number;
  authPrefix: string;
  bodyLimitMb: number;
  sessionIdleSeconds: number;
  maxJobsToInsert: number;
  maxTimeLimitSeconds: number;
  solveThreads: number;
  metricsRequireAuth: boolean;
  logLevel: string;
  geostreamUrl: string | undefined;
  geostreamCountries: string | undefined;
  geostreamMaxRetries: number;
  geostreamRetryDelayMs: number;
  geostreamTimeoutMs: number;
}

/** Every setting: its flag (if any), environment variable, default and help text. `fleetroute --help` prints this. */
export const settings = [
  { key: 'host', flag: 'host', env: 'FLEETROUTE_HOST', type: 'string', default: '127.0.0.1', help: 'address to listen on' },
  { key: 'port', flag: 'port', env: 'FLEETROUTE_PORT', type: 'integer', default: 8080, help: 'port to listen on (0 picks a free one)' },
  { key: 'maps', flag: 'map', env: 'FLEETROUTE_MAP', type: 'list', default: undefined, help: 'OSM extract (.osm.pbf or .osm) to serve; repeat the flag (or separate files by commas) to serve several, each request on the map its points lie in; the embedded demo town when absent' },
  { key: 'trafficFile', flag: 'traffic-file', env: 'FLEETROUTE_TRAFFIC_FILE', type: 'string', default: undefined, help: 'CSV way_id,hour_of_week,speed_kmh replacing the built-in typical-week traffic (docs/traffic.md)' },
  { key: 'dataDir', flag: 'data-dir', env: 'FLEETROUTE_DATA_DIR', type: 'string', default: '.fleetroute', help: 'folder for the map cache and the users file' },
  { key: 'cacheRetentionDays', flag: undefined, env: 'FLEETROUTE_CACHE_RETENTION_DAYS', type: 'integer', default: 7, help: 'cache files in <data-dir>/maps/ that no process has served for this many days (older formats, replaced extracts) are removed; 0 keeps them all' },
  { key: 'workers', flag: 'workers', env: 'FLEETROUTE_WORKERS', type: 'integer', default: availableParallelism(), help: 'worker threads for computations (default: cores)' },
  { key: 'redis', flag: 'redis', env: 'FLEETROUTE_REDIS_URL', type: 'string', default: undefined, help: 'Redis URL (redis://host:port/db): tasks, results, sessions and limits shared by every process (docs/scale-out.md)' },
  { key: 'role', flag: 'role', env: 'FLEETROUTE_ROLE', type: 'string', default: 'all', help: 'all (HTTP API and tasks), api (HTTP API; tasks go to workers) or worker (runs queued tasks; serves /health and /metrics only); api and worker need --redis' },
  { key: 'taskLockMs', flag: undefined, env: 'FLEETROUTE_TASK_LOCK_MS', type: 'integer', default: 30000, help: 'with Redis: a worker silent this long is taken for dead and its task runs on another' },
  { key: 'usersFile', flag: undefined, env: 'FLEETROUTE_USERS_FILE', type: 'string', default: undefined, help: 'accounts file (default <data-dir>/users.json)' },
  { key: 'bootstrapUsername', flag: undefined, env: 'FLEETROUTE_BOOTSTRAP_USERNAME', type: 'string', default: undefined, help: 'account ensured at start (with FLEETROUTE_BOOTSTRAP_PASSWORD)' },
  { key: 'bootstrapPassword', flag: undefined, env: 'FLEETROUTE_BOOTSTRAP_PASSWORD', type: 'string', default: undefined, help: 'password of the bootstrap account' },
  { key: 'jwtSecret', flag: undefined, env: 'FLEETROUTE_JWT_SECRET', type: 'string', default: undefined, help: 'HS256 secret for bearer tokens' },
  { key: 'jwtPublicKey', flag: undefined, env: 'FLEETROUTE_JWT_PUBLIC_KEY', type: 'string', default: undefined, help: 'PEM public key (or a path to one) for RS256/ES256 bearer tokens' },
  { key: 'jwksFile', flag: undefined, env: 'FLEETROUTE_JWKS_FILE', type: 'string', default: undefined, help: 'JWKS file of public keys for bearer tokens' },
  { key: 'jwtIssuer', flag: undefined, env: 'FLEETROUTE_JWT_ISSUER', type: 'string', default: undefined, help: 'required `iss` of bearer tokens' },
  { key: 'jwtAudience', flag: undefined, env: 'FLEETROUTE_JWT_AUDIENCE', type: 'string', default: undefined, help: 'required `aud` of bearer tokens' },
  { key: 'jwtRequireExp', flag: undefined, env: 'FLEETROUTE_JWT_REQUIRE_EXP', type: 'boolean', default: true, help: 'refuse bearer tokens without an `exp` claim' },
  { key: 'jwtClockToleranceSeconds', flag: undefined, env: 'FLEETROUTE_JWT_CLOCK_TOLERANCE_SECONDS', type: 'integer', default: 30, help: 'clock skew allowed on `exp` and `nbf` of bearer tokens' },
  { key: 'redirectIntervalMs', flag: undefined, env: 'FLEETROUTE_REDIRECT_INTERVAL_MS', type: 'integer', default: 15000, help: 'wait=1 answers a 302 after this long without a result' },
  { key: 'maxTasksPerAccount', flag: undefined, env: 'FLEETROUTE_MAX_TASKS_PER_ACCOUNT', type: 'integer', default: 10, help: 'queued + running tasks per account before 429' },
  { key: 'resultTtlSeconds', flag: undefined, env: 'FLEETROUTE_RESULT_TTL_SECONDS', type: 'integer', default: 86400, help: 'how long finished task results are kept' },
  { key: 'authPrefix', flag: undefined, env: 'FLEETROUTE_AUTH_PREFIX', type: 'string', default: '/auth', help: 'path prefix of the login service' },
  { key: 'bodyLimitMb', flag: undefined, env: 'FLEETROUTE_BODY_LIMIT_MB', type: 'number', default: 32, help: 'largest request body accepted, in MiB' },
  { key: 'sessionIdleSeconds', flag: undefined, env: 'FLEETROUTE_SESSION_IDLE_SECONDS', type: 'integer', default: 3600, help: 'session ids expire after this long unused' },
  { key: 'maxJobsToInsert', flag: undefined, env: 'FLEETROUTE_MAX_JOBS_TO_INSERT', type: 'integer', default: 1000, help: 'insert requests with more jobs get too_many_jobs_to_insert_error' },
  { key: 'maxTimeLimitSeconds', flag: undefined, env: 'FLEETROUTE_MAX_TIME_LIMIT_SECONDS', type: 'integer', default: 600, help: 'upper bound of settings.time_limit_seconds' },
  { key: 'solveThreads', flag: undefined, env: 'FLEETROUTE_SOLVE_THREADS', type: 'integer', default: 2, help: 'searches per build or optimize, each from its own seed, sharing their best plan or splitting a large one by sectors of routes (helper threads of the worker)' },
  { key: 'metricsRequireAuth', flag: undefined, env: 'FLEETROUTE_METRICS_REQUIRE_AUTH', type: 'boolean', default: false, help: 'require credentials on /metrics' },
  { key: 'logLevel', flag: 'log-level', env: 'FLEETROUTE_LOG_LEVEL', type: 'string', default: 'info', help: 'fatal, error, warn, info, debug, trace or silent' },
  { key: 'geostreamUrl', flag: undefined, env: 'FLEETROUTE_GEOSTREAM_URL', type: 'string', default: undefined, help: 'Nominatim-compatible geocoder used for countries the map does not cover' },
  { key: 'geostreamCountries', flag: undefined, env: 'FLEETROUTE_GEOSTREAM_COUNTRIES', type: 'string', default: undefined, help: 'comma-separated country codes the upstream geocoder serves (default: all)' },
  { key: 'geostreamMaxRetries', flag: undefined, env: 'FLEETROUTE_GEOSTREAM_MAX_RETRIES', type: 'integer', default: 3, help: 'retries of an upstream geocoder request that failed with 429 or 5xx' },
  { key: 'geostreamRetryDelayMs', flag: undefined, env: 'FLEETROUTE_GEOSTREAM_RETRY_DELAY_MS', type: 'integer', default: 200, help: 'first back-off before retrying the upstream geocoder; doubles each retry' },
  { key: 'geostreamTimeoutMs', flag: undefined, env: 'FLEETROUTE_GEOSTREAM_TIMEOUT_MS', type: 'integer', default: 10000, help: 'time limit of one upstream geocoder request' },
] as const;

type Setting = (typeof settings)[number];

const configSchema = {
  type: 'object',
  properties: {
    host: { type: 'string', minLength: 1 },
    port: { type: 'integer', minimum: 0, maximum: 65535 },
    cacheRetentionDays: { type: 'integer', minimum: 0 },
    workers: { type: 'integer', minimum: 1, maximum: 256 },
    redis: { type: 'string', pattern: '^rediss?://' },
    role: { enum: ['all', 'api', 'worker'] },
    taskLockMs: { type: 'integer', minimum: 500 },
    redirectIntervalMs: { type: 'integer', minimum: 1 },
    maxTasksPerAccount: { type: 'integer', minimum: 1 },
    resultTtlSeconds: { type: 'integer', minimum: 1 },
    authPrefix: { type: 'string', pattern: '^/[^?#]*[^/?#]$' },
    bodyLimitMb: { type: 'number', exclusiveMinimum: 0 },
    sessionIdleSeconds: { type: 'integer', minimum: 1 },
    maxJobsToInsert: { type: 'integer', minimum: 1 },
    maxTimeLimitSeconds: { type: 'integer', minimum: 1 },
    jwtClockToleranceSeconds: { type: 'integer', minimum: 0, maximum: 3600 },
    solveThreads: { type: 'integer', minimum: 1, maximum: 64 },
    logLevel: { enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] },
    geostreamUrl: { type: 'string', pattern: '^https?://' },
    geostreamCountries: { type: 'string', pattern: '^[A-Za-z]{2}(,[A-Za-z]{2})*$' },
    geostreamMaxRetries: { type: 'integer', minimum: 0, maximum: 10 },
    geostreamRetryDelayMs: { type: 'integer', minimum: 0 },
    geostreamTimeoutMs: { type: 'integer', minimum: 1 },
  },
} as const;

const validateConfig = new Ajv({ allErrors: true }).compile(configSchema);

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function convert(setting: Setting, raw: string | string[]): unknown {
  if (Array.isArray(raw)) return raw;
  switch (setting.type) {
    case 'integer':
    case 'number': {
      const value = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(value)) throw new ConfigError(`${setting.env}: "${raw}" is not a number`);
      return value;
    }
    case 'boolean':
      if (/^(1|true|yes)$/i.test(raw)) return true;
      if (/^(0|false|no)$/i.test(raw)) return false;
      throw new ConfigError(`${setting.env}: "${raw}" is not a boolean`);
    case 'list':
      return raw.split(',').map((item) => item.trim()).filter((item) => item !== '');
    default:
      return raw;
  }
}

/** Flags win over environment variables, which win over defaults. `rest` are the positional arguments. */
export function loadConfig(argv: string[], env: NodeJS.ProcessEnv): { config: Config; rest: string[] } {
  const options: Record<string, { type: 'string'; multiple: boolean }> = {};
  for (const setting of settings) if (setting.flag) options[setting.flag] = { type: 'string', multiple: setting.type === 'list' };
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  const values: Record<string, unknown> = {};
  for (const setting of settings) {
    const raw = (setting.flag ? (parsed.values[setting.flag] as string | string[] | undefined) : undefined) ?? env[setting.env];
    values[setting.key] = raw === undefined || raw === '' ? setting.default : convert(setting, raw);
  }
  if (!validateConfig(values)) {
    const problems = (validateConfig.errors ?? []).map((e) => `${e.instancePath.slice(1)} ${e.message}`);
    throw new ConfigError(`invalid configuration: ${problems.join('; ')}`);
  }
  values.dataDir = resolve(values.dataDir as string);
  values.usersFile = resolve((values.usersFile as string | undefined) ?? join(values.dataDir as string, 'users.json'));
  values.maps = ((values.maps as string[] | undefined) ?? []).map((file) => resolve(file));
  if (values.trafficFile !== undefined) values.trafficFile = resolve(values.trafficFile as string);
  if ((values.bootstrapUsername === undefined) !== (values.bootstrapPassword === undefined)) {
    throw new ConfigError('FLEETROUTE_BOOTSTRAP_USERNAME and FLEETROUTE_BOOTSTRAP_PASSWORD go together');
  }
  if (values.role !== 'all' && values.redis === undefined) {
    throw new ConfigError(`--role ${values.role as string} needs a shared Redis: give --redis URL (or FLEETROUTE_REDIS_URL)`);
  }
  return { config: Object.freeze(values as unknown as Config), rest: parsed.positionals };
}

/**
 * Splits configuration flags (`--data-dir X`, `--data-dir=X`) from a command's own arguments, for commands such as
 * `users` whose arguments are not all configuration.
 */
export function separateConfigFlags(args: string[]): { configArgs: string[]; commandArgs: string[] } {
  const flags = new Set<string>(settings.flatMap((setting) => (setting.flag ? [`--${setting.flag}`] : [])));
  const configArgs: string[] = [];
  const commandArgs: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const name = arg.split('=')[0]!;
    if (!flags.has(name)) commandArgs.push(arg);
    else if (arg.includes('=')) configArgs.push(arg);
    else configArgs.push(arg, ...(i + 1 < args.length ? [args[++i]!] : []));
  }
  return { configArgs, commandArgs };
}

/** The help text of every setting, for `fleetroute --help`. */
export function settingsHelp(): string {
  return settings
    .map((s) => {
      const names = [s.flag ? `--${s.flag}` : undefined, s.env].filter(Boolean).join(', ');
      const fallback = s.default === undefined ? '' : ` (default ${String(s.default)})`;
      return `  ${names}\n      ${s.help}${fallback}`;
    })
    .join('\n');
}
