import type { KeyValueStore } from "../../kernel/index.js";
import { all, isThenable, then, type MaybePromise, type StoredValue } from "../store/maybe-promise.js";
import type { Budget } from "./options.js";

/**
 * Write pacing by GitHub's documented secondary limits (docs/errors-retries-rate-limits.md,
 * "Pacing"): at most 80 content-creating requests a minute and 500 an hour. A handful of writes goes
 * out at once; a sustained writer is held just long enough to stay under every budget.
 *
 * The times of the writes within each budget's last `per` ms live in the store, per
 * credential, so clients sharing a store share them: `forgekit:pace:<per>:<credential-hash>`
 * → those times, oldest first (base 36, comma-separated). The window slides exactly: a write
 * fits when fewer than `limit` writes were made in the `per` ms before it, else it waits
 * until the oldest one that keeps it out is `per` ms old (and 1% more, for the network's
 * jitter), so no stretch of `per` ms ever holds more than `limit` writes as they arrive.
 * (A count per fixed window weighted by overlap let a burst at the end of one window and
 * writes early in the next exceed the limit: 144 arrived within one minute in
 * test/bench/writes.mjs.) Within one client the times are exact (read-modify-write runs one
 * at a time); processes sharing a store may each miss a write the other made at the same
 * instant. What the store holds is read defensively: anything but a time within `per` ms
 * before now (or up to 5 s after: clocks of processes sharing a store differ a little) is
 * dropped, so a poisoned value can hold a write for at most `per` ms, 1% and 5 s.
 */

export interface Pacer {
  /** 0 once the write is counted, else the ms to wait before asking again (nothing counted). */
  take(credential: string): MaybePromise<number>;
}

/** Times up to this far ahead are kept: processes sharing a store have clocks a little apart. */
const SKEW = 5_000;

const keyOf = (budget: Budget, credential: string) => `forgekit:pace:${budget.per}:${credential}`;

/** The write times in `value` within `per` ms before `now`, oldest first, at most `limit` of them. */
function recent(value: StoredValue, budget: Budget, now: number): number[] {
  if (!value) return [];
  const times: number[] = [];
  for (const part of value.split(",")) {
    const time = parseInt(part, 36);
    if (Number.isFinite(time) && time <= now + SKEW && time > now - budget.per) times.push(time);
  }
  times.sort((a, b) => a - b);
  return times.slice(-budget.limit);
}

/** A pacer over `store` for `budgets` (none: every write goes at once). */
export function createPacer(store: KeyValueStore, budgets: readonly Budget[]): Pacer {
  function take(credential: string): MaybePromise<number> {
    const now = Date.now();
    return then(all(budgets.map((budget) => store.get(keyOf(budget, credential)))), (values) => {
      const lists = budgets.map((budget, i) => recent(values[i], budget, now));
      let wait = 0;
      budgets.forEach((budget, i) => {
        const times = lists[i]!;
        // Full: wait until the oldest write that keeps this one out is `per` ms old, and a
        // hundredth of `per` more: writes reach GitHub a varying few ms after they leave.
        if (times.length >= budget.limit)
          wait = Math.max(wait, times[times.length - budget.limit]! + budget.per * 1.01 - now);
      });
      if (wait > 0) return wait;
      const writes = budgets.map((budget, i) =>
        store.set(
          keyOf(budget, credential),
          [...lists[i]!, now].map((time) => time.toString(36)).join(","),
          budget.per,
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
