/**
 * Fixed window counter, run atomically inside Redis so that any number of app processes share
 * one exact count per key.
 *
 *   KEYS[1]  the counter key
 *   ARGV[1]  window length in milliseconds
 *   ARGV[2]  limit per window
 *   returns  { attempt, ttlMs }: this request's position in the window (counting it) and the
 *            time left in the window as the Redis server sees it
 */
export const RATE_LIMIT_LUA = `
local attempt = redis.call('INCR', KEYS[1])
if attempt == 1 then
  -- First request of a new window: the window starts now and ends windowMs later.
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  -- A counter without expiry (written by hand, or left by an interrupted writer) would block
  -- the key forever; give it a fresh window instead.
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
if attempt > tonumber(ARGV[2]) then
  -- Refused requests do not count: keep the stored value at the number admitted.
  redis.call('DECR', KEYS[1])
end
return { attempt, ttl }
`;
