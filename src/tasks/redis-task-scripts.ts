/**
 * The Lua scripts that make task changes atomic in Redis: the per-account limit is counted and the task created
 * in one step (never get-then-set across instances), and every transition is a compare-and-set on the status.
 * Keys are built from `prefix` inside the scripts (see src/redis/redis-keys.ts).
 *
 * A task hash holds: account, operation, status, started, last, finished (milliseconds since the epoch),
 * progress, error (JSON). `last` strictly increases with every change, for `after=` long-polls, whichever
 * instance makes it: it is the later of Redis's clock and the previous value plus one millisecond.
 */

/**
 * KEYS: task hash, account's active set, account's task list, queued-status index.
 * ARGV: limit, id, account, operation, started ms, key prefix. Returns 1 when created, 0 at the limit.
 * Members of the active set whose task is gone or finished are dropped on the way, so a lost record can never
 * hold a slot forever. The account's list stops expiring while it has an active task.
 */
export const createWithinLimitScript = `
local active = 0
for _, id in ipairs(redis.call('SMEMBERS', KEYS[2])) do
  local status = redis.call('HGET', ARGV[6] .. 'task:' .. id, 'status')
  if status == 'queued' or status == 'running' then active = active + 1 else redis.call('SREM', KEYS[2], id) end
end
if active >= tonumber(ARGV[1]) then return 0 end
redis.call('HSET', KEYS[1], 'account', ARGV[3], 'operation', ARGV[4], 'status', 'queued', 'started', ARGV[5], 'last', ARGV[5])
redis.call('SADD', KEYS[2], ARGV[2])
redis.call('ZADD', KEYS[3], ARGV[5], ARGV[2])
redis.call('PERSIST', KEYS[3])
redis.call('ZADD', KEYS[4], '+inf', ARGV[2])
return 1
`;

/**
 * KEYS: task hash, result key.
 * ARGV: id, allowed current statuses as ",a,b,", new status or "", progress or "", error JSON or "",
 * result bytes or "", finished tasks' time-to-live in seconds, key prefix, change channel.
 * Publishes the id and the status after the change (`<id> <status>`) on the change channel.
 * Returns the task hash after the change as a flat array, or nil when the status did not allow it.
 */
export const transitionScript = `
local id, prefix = ARGV[1], ARGV[8]
local current = redis.call('HGET', KEYS[1], 'status')
if not current or not string.find(ARGV[2], ',' .. current .. ',', 1, true) then return nil end
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local last = tonumber(redis.call('HGET', KEYS[1], 'last'))
if now <= last then now = last + 1 end
redis.call('HSET', KEYS[1], 'last', now)
if ARGV[4] ~= '' then redis.call('HSET', KEYS[1], 'progress', ARGV[4]) end
if ARGV[5] ~= '' then redis.call('HSET', KEYS[1], 'error', ARGV[5]) end
local next = ARGV[3]
if next ~= '' and next ~= current then
  redis.call('HSET', KEYS[1], 'status', next)
  redis.call('ZREM', prefix .. 'status:' .. current, id)
  if next == 'queued' or next == 'running' then
    redis.call('ZADD', prefix .. 'status:' .. next, '+inf', id)
  else
    local ttl = tonumber(ARGV[7])
    local account = redis.call('HGET', KEYS[1], 'account')
    redis.call('HSET', KEYS[1], 'finished', now)
    redis.call('SREM', prefix .. 'active:' .. account, id)
    redis.call('EXPIRE', KEYS[1], ttl)
    -- The account's list outlives its last finished task, and never expires under an active one.
    if redis.call('SCARD', prefix .. 'active:' .. account) == 0 then redis.call('EXPIRE', prefix .. 'tasks:' .. account, ttl) end
    redis.call('ZADD', prefix .. 'status:' .. next, now + ttl * 1000, id)
    if ARGV[6] ~= '' then redis.call('SET', KEYS[2], ARGV[6], 'EX', ttl) end
    redis.call('DEL', prefix .. 'body:' .. id)
  end
end
redis.call('PUBLISH', ARGV[9], id .. ' ' .. redis.call('HGET', KEYS[1], 'status'))
return redis.call('HGETALL', KEYS[1])
`;
