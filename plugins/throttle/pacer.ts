import type { KeyValueStore } from "../../kernel/index.js";
import { all, isThenable, then, type MaybePromise, type StoredValue } from "../store/maybe-promise.js";
import type { Budget } from "./options.js";

/**
 * Write pacing by GitHub's documented secondary limits (docs/errors-retries-rate-limits.md,
 * "Pacing"): at most 80 content-creating requests a minute and 500 an hour. A handful of writes goes
 * out at once; a sustained writer is held just long enough to stay under every budget.
 *
 * Counts live in the store, per credential and window, so clients sharing a store share
 * them: `forgekit:pace:<per>:<credential-hash>:<window>` → writes counted in that window.
 * Usage is estimated over a sliding window (the current window's count plus the previous
 * window's, weighted by how much of it still overlaps), so a burst at the end of one window
 * and the start of the next cannot double the rate. Within one client the counts are exact
 * (read-modify-write runs one at a time); processes sharing a store may each count a
 * write the other made at the same instant as not yet made.
 */

export interface Pacer {
  /** 0 once the write is counted, else the ms to wait before asking again (nothing counted). */
  take(credential: string): MaybePromise<number>;
}

const keyOf = (budget: Budget, credential: string, window: number) =>
  `forgekit:pace:${budget.per}:${credential}:${window}`;
const count = (value: StoredValue) => (value && /^\d+$/.test(value) ? Number(value) : 0);

/** A pacer over `store` for `budgets` (none: every write goes at once). */
export function createPacer(store: KeyValueStore, budgets: readonly Budget[]): Pacer {
  function take(credential: string): MaybePromise<number> {
    const now = Date.now();
    const reads = budgets.flatMap((budget) => {
      const window = Math.floor(now / budget.per);
      return [store.get(keyOf(budget, credential, window)), store.get(keyOf(budget, credential, window - 1))];
    });
    return then(all(reads), (values) => {
      let wait = 0;
      budgets.forEach((budget, i) => {
        wait = Math.max(wait, waitFor(budget, count(values[2 * i]), count(values[2 * i + 1]), now));
      });
      if (wait > 0) return wait;
      const writes = budgets.map((budget, i) =>
        store.set(
          keyOf(budget, credential, Math.floor(now / budget.per)),
          String(count(values[2 * i]) + 1),
          2 * budget.per,
        ),
      );
      return then(all(writes), () => 0);
    });
  }

  // One read-modify-write at a time per client (an async store: Redis), so that two
  // concurrent writes both count; a synchronous store (the memory store) needs no chain.
  let tail: Promise<unknown> | undefined;
  return {
    take(credential) {
      if (!budgets.length) return 0;
      const result = tail ? tail.then(() => take(credential)) : take(credential);
      if (isThenable(result)) tail = Promise.resolve(result).catch(() => {});
      return result;
    },
  };
}

/** Ms until one more write fits `budget`, given this window's and the previous window's counts. */
function waitFor(budget: Budget, current: number, previous: number, now: number): number {
  const { limit, per } = budget;
  const start = Math.floor(now / per) * per;
  const overlap = 1 - (now - start) / per;
  if (current + 1 > limit) return start + per - now;
  if (current + 1 + previous * overlap <= limit) return 0;
  // The previous window's weight falls linearly: it fits once `previous × overlap` is small enough.
  const fits = 1 - (limit - current - 1) / previous;
  return Math.max(1, Math.ceil(start + per * fits - now));
}
