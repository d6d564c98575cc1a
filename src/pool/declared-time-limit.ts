/**
 * The time a task may compute before its watchdog stops it (plus a grace period, src/pool/task-watchdog.ts):
 * the `settings.time_limit_seconds` its body declares, capped at the server's maximum; when it declares none, the
 * budget its operation searches for by default (a build's 10 s), or the maximum for operations without a search
 * budget (they still must not run forever). Read from the parsed body, before any operation interprets it, so
 * that it is the same rule for every operation.
 */
type MaybeSettings = { settings?: { time_limit_seconds?: unknown } | null } | null | undefined;

export function declaredTimeLimitSeconds(body: unknown, maxTimeLimitSeconds: number, defaultSeconds = maxTimeLimitSeconds): number {
  const declared = (body as MaybeSettings)?.settings?.time_limit_seconds;
  const seconds = typeof declared === 'number' && declared > 0 ? declared : defaultSeconds;
  return Math.min(seconds, maxTimeLimitSeconds);
}
