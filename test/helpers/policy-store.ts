// KeyValueStores for the policy tests: one that records every call, one that answers
// asynchronously (as Redis would), one that fails.
import type { KeyValueStore } from "../../kernel/index.js";

export interface RecordingStore extends KeyValueStore {
  calls: Array<[string, ...unknown[]]>;
  data: Map<string, string>;
}

/** A Map-backed store that records calls; `async` makes every method return a promise. */
export function recordingStore(async = false): RecordingStore {
  const data = new Map<string, string>();
  const calls: Array<[string, ...unknown[]]> = [];
  const answer = <T>(value: T) => (async ? new Promise<T>((resolve) => setImmediate(() => resolve(value))) : value);
  return {
    calls,
    data,
    get: (key) => (calls.push(["get", key]), answer(data.get(key))) as never,
    set: (key, value, ttl) => (calls.push(["set", key, value, ttl]), data.set(key, value), answer(undefined)) as never,
    delete: (key) => (calls.push(["delete", key]), data.delete(key), answer(undefined)) as never,
  };
}

/** A store whose every call fails, synchronously or not. */
export function brokenStore(async = false): KeyValueStore {
  const fail = () => {
    const error = new Error("connection lost");
    if (async) return Promise.reject(error);
    throw error;
  };
  return { get: fail as never, set: fail as never, delete: fail as never };
}
