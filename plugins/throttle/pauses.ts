import type { KeyValueStore } from "../../kernel/index.js";
import type { Outcome } from "../policy/index.js";
import { all, isThenable, type MaybePromise, type StoredValue } from "../store/maybe-promise.js";

/**
 * The pause state, in the store so several processes can share it. Keys:
 *   forgekit:ratelimit:<resource>:<credential-hash>  the resource's budget is used up
 *   forgekit:secondary:<credential-hash>             a secondary limit: every request waits
 * Values: epoch ms on GitHub's clock (from `x-ratelimit-reset` / `date`), as a decimal
 * string; each client adds the clock skew it measured. TTLs end with the pause.
 */
/** The store key of a primary rate-limit pause of `resource` (`core`, `search`…) for `credential` (a hash). */
export const primaryKey = (resource: string, credential: string) => `forgekit:ratelimit:${resource}:${credential}`;
/** The store key of a secondary rate-limit pause for `credential` (a hash): every request of it waits. */
export const secondaryKey = (credential: string) => `forgekit:secondary:${credential}`;

/** A pause found before sending; `until` is local epoch ms. */
export interface Pause {
  kind: "primary" | "secondary";
  until: number;
}

/**
 * A stored pause is a whole number of epoch ms a `Date` can hold; anything else (a value an
 * older version wrote from a server's garbage reset, say) is garbage, read as no pause.
 */
const garbage = (value: StoredValue) =>
  value !== undefined && value !== null && (!/^-?\d{1,16}$/.test(value) || Math.abs(Number(value)) > 8.64e15);

function pick(primary: StoredValue, secondary: StoredValue, skew: number): Pause | undefined {
  const now = Date.now();
  const p = Number(primary ?? NaN) + skew;
  const s = Number(secondary ?? NaN) + skew;
  if (s > now && !(p > s)) return { kind: "secondary", until: s };
  return p > now ? { kind: "primary", until: p } : undefined;
}

/**
 * The longest pause in force for `resource` and `credential`: synchronous when the store is.
 * A value that is not a pause (garbage) counts as none and is deleted.
 */
export function readPause(
  store: KeyValueStore,
  resource: string,
  credential: string,
  skew: number,
): MaybePromise<Pause | undefined> {
  const keys = [primaryKey(resource, credential), secondaryKey(credential)] as const;
  const read = (primary: StoredValue, secondary: StoredValue) => {
    if (garbage(primary)) {
      void store.delete(keys[0]);
      primary = undefined;
    }
    if (garbage(secondary)) {
      void store.delete(keys[1]);
      secondary = undefined;
    }
    return pick(primary, secondary, skew);
  };
  const primary = store.get(keys[0]);
  const secondary = store.get(keys[1]);
  if (isThenable(primary) || isThenable(secondary))
    return Promise.all([primary, secondary]).then(([p, s]) => read(p, s));
  return read(primary, secondary);
}

/**
 * Write the pauses an outcome announced (a secondary limit; a used-up budget), and clear a
 * budget this client marked used up once GitHub reports requests left. `written` remembers
 * this client's writes so the same pause is not written once per response. A pause is kept
 * at most `longest` ms (the client's `maxWait`): a server's far-off reset cannot stop every
 * client sharing the store for longer than any of them would wait; once it expires, one
 * request asks GitHub again.
 */
export function writePauses(
  store: KeyValueStore,
  skew: number,
  written: Map<string, number>,
  credential: string,
  resource: string,
  outcome: Outcome,
  longest: number,
): void | Promise<unknown> {
  const writes: MaybePromise<void>[] = [];
  const put = (key: string, until: number) => {
    const ttl = Math.min(until - Date.now(), longest);
    if (ttl <= 0 || written.get(key) === until) return;
    if (written.size >= 64) written.clear();
    written.set(key, until);
    writes.push(store.set(key, String(Math.round(until - skew)), ttl));
  };
  if (outcome.limit?.kind === "secondary") put(secondaryKey(credential), outcome.limit.until);
  const key = primaryKey(resource, credential);
  if (outcome.exhausted !== undefined) put(key, outcome.exhausted);
  else if ((outcome.rateLimit?.remaining ?? 0) > 0 && (written.get(key) ?? 0) > Date.now())
    (written.delete(key), writes.push(store.delete(key)));
  const done = all(writes);
  return isThenable(done) ? done : undefined;
}
