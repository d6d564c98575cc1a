import { resolve } from 'node:path';
import t from 'tap';
import { loadConfig, separateConfigFlags, settingsHelp } from '../../src/config.js';

t.test('defaults apply when neither a flag nor the environment sets a value', async (t) => {
  const { config } = loadConfig([], {});
  t.equal(config.host, '127.0.0.1');
  t.equal(config.port, 8080);
  t.equal(config.redirectIntervalMs, 15000);
  t.equal(config.maxTasksPerAccount, 10);
  t.equal(config.authPrefix, '/auth');
  t.equal(config.bodyLimitMb, 32);
  t.equal(config.cacheRetentionDays, 7);
  t.same(config.maps, []);
  t.ok(config.usersFile.endsWith('/users.json'));
  t.ok(Object.isFrozen(config));
});

t.test('flags win over environment variables, which win over defaults', async (t) => {
  const { config } = loadConfig(['--port', '9000'], { FLEETROUTE_PORT: '7000', FLEETROUTE_HOST: '0.0.0.0', FLEETROUTE_WORKERS: '3' });
  t.equal(config.port, 9000);
  t.equal(config.host, '0.0.0.0');
  t.equal(config.workers, 3);
});

t.test('--map given several times serves every file, in order; FLEETROUTE_MAP separates files by commas', async (t) => {
  const { config } = loadConfig(['--map', 'a.osm.pbf', '--map', '/maps/b.osm.pbf'], { FLEETROUTE_MAP: 'c.osm.pbf' });
  t.same(config.maps, [resolve('a.osm.pbf'), '/maps/b.osm.pbf']);
  t.same(loadConfig([], { FLEETROUTE_MAP: 'a.osm.pbf, /maps/b.osm.pbf,' }).config.maps, [resolve('a.osm.pbf'), '/maps/b.osm.pbf']);
  t.same(loadConfig(['--map=a.osm.pbf'], {}).config.maps, [resolve('a.osm.pbf')]);
});

t.test('invalid values stop the start with a message naming them', async (t) => {
  t.throws(() => loadConfig(['--port', 'eighty'], {}), { name: 'ConfigError' });
  t.throws(() => loadConfig([], { FLEETROUTE_PORT: '70000' }), /port/);
  t.throws(() => loadConfig([], { FLEETROUTE_AUTH_PREFIX: 'auth' }), /authPrefix/);
  t.throws(() => loadConfig(['--no-such-flag'], {}), { name: 'ConfigError' });
  t.throws(() => loadConfig([], { FLEETROUTE_BOOTSTRAP_USERNAME: 'alone' }), /go together/);
  t.throws(() => loadConfig([], { FLEETROUTE_METRICS_REQUIRE_AUTH: 'maybe' }), /boolean/);
  t.throws(() => loadConfig([], { FLEETROUTE_CACHE_RETENTION_DAYS: '-1' }), /cacheRetentionDays/);
  t.throws(() => loadConfig([], { FLEETROUTE_CACHE_RETENTION_DAYS: '0.5' }), /cacheRetentionDays/);
});

t.test('configuration flags are separated from a command’s own arguments', async (t) => {
  t.same(separateConfigFlags(['add', 'ann', '--password', 'p', '--data-dir', '/tmp/x', '--jwt', '--port=1']), {
    configArgs: ['--data-dir', '/tmp/x', '--port=1'],
    commandArgs: ['add', 'ann', '--password', 'p', '--jwt'],
  });
});

t.test('the help names every flag and environment variable', async (t) => {
  const help = settingsHelp();
  for (const name of ['--host', '--port', '--map', '--data-dir', '--workers', 'FLEETROUTE_USERS_FILE', 'FLEETROUTE_JWKS_FILE', 'FLEETROUTE_REDIRECT_INTERVAL_MS', 'FLEETROUTE_BODY_LIMIT_MB']) {
    t.match(help, name);
  }
});

t.test('the api and worker roles are refused without a Redis to share, and the embedded role is the default', async (t) => {
  t.equal(loadConfig([], {}).config.role, 'all');
  t.equal(loadConfig([], {}).config.redis, undefined);
  t.throws(() => loadConfig(['--role', 'api'], {}), /--role api needs a shared Redis: give --redis URL/);
  t.throws(() => loadConfig([], { FLEETROUTE_ROLE: 'worker' }), /--role worker needs a shared Redis/);
  t.throws(() => loadConfig(['--role', 'cook', '--redis', 'redis://127.0.0.1:6379'], {}), /role/);
  t.throws(() => loadConfig(['--redis', 'http://127.0.0.1:6379'], {}), /redis/);
  const { config } = loadConfig(['--role', 'worker'], { FLEETROUTE_REDIS_URL: 'redis://127.0.0.1:6379/2' });
  t.same([config.role, config.redis], ['worker', 'redis://127.0.0.1:6379/2']);
});
