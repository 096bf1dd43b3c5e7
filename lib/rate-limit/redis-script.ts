/**
 * The sliding-window log of sliding-log.ts, run atomically inside Redis so that any number of app
 * processes share one exact log per key: a sorted set of admission times (scores, in ms).
 *
 *   KEYS[1]  the bucket's sorted set
 *   ARGV[1]  window length in milliseconds
 *   ARGV[2]  limit per window
 *   ARGV[3]  a member name unique to this request (two requests may share a millisecond)
 *   ARGV[4]  the time in epoch ms, or '' to use the Redis server's clock: one clock for every
 *            app instance, whatever their own clocks say (tests pass a fake one)
 *   returns  { allowed (1/0), count, nextInMs, fullInMs } as in sliding-log.ts's Decision
 */
export const RATE_LIMIT_LUA = `
local window = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local now
if ARGV[4] == '' then
  local t = redis.call('TIME')
  now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
else
  now = tonumber(ARGV[4])
end
-- Admissions at or before now - window have left the window.
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count < limit then
  redis.call('ZADD', KEYS[1], now, ARGV[3])
  -- The set is empty once its newest admission leaves the window: let Redis drop it then.
  redis.call('PEXPIRE', KEYS[1], window)
  return { 1, count + 1, 0, window }
end
local nextFree = redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')
local newest = redis.call('ZRANGE', KEYS[1], -1, -1, 'WITHSCORES')
local fullIn = tonumber(newest[2]) + window - now
-- Refusals add nothing; re-arming the expiry heals a set left without one.
redis.call('PEXPIRE', KEYS[1], math.max(1, fullIn))
return { 0, count, tonumber(nextFree[2]) + window - now, fullIn }
`;
