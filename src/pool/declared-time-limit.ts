/**
 * The time a task may compute before its watchdog stops it (plus a grace period, src/pool/task-watchdog.ts):
 * the `settings.time_limit_seconds` its body declares, capped at the server's maximum; the maximum when it
 * declares none (operations without a search budget still must not run forever). Read from the parsed body,
 * before any operation interprets it, so that it is the same rule for every operation.
 */
type MaybeSettings = { settings?: { time_limit_seconds?: unknown } | null } | null | undefined;

export function declaredTimeLimitSeconds(body: unknown, maxTimeLimitSeconds: number): number {
  const declared = (body as MaybeSettings)?.settings?.time_limit_seconds;
  return typeof declared === 'number' && declared > 0 ? Math.min(declared, maxTimeLimitSeconds) : maxTimeLimitSeconds;
}
