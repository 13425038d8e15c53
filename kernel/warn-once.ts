import type { Log } from "./types.js";

/** Keys already warned about in this process (deprecations warn once per process). */
const warned = new Set<string>();

/** `log.warn(message)` the first time `key` is seen in this process; later calls do nothing. */
export function warnOnce(log: Pick<Log, "warn">, key: string, message: string): void {
  if (warned.has(key)) return;
  warned.add(key);
  log.warn(message);
}
