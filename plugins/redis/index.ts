import { ParameterError, type KeyValueStore } from "../../kernel/index.js";

/**
 * The part of a node-redis client (`redis` ≥ 5, tested with 6) that {@link redisStore}
 * uses. Structural, so forgekit never imports `redis`, not even its types: any object with
 * these three commands works (a cluster client, a test double).
 */
export interface RedisCommands {
  /** `GET key`: the value, or `null` when there is none. */
  get(key: string): Promise<unknown>;
  /** `SET key value`, with `PX <ms>` when an expiration is given. */
  set(key: string, value: string, options?: { expiration: { type: "PX"; value: number } }): Promise<unknown>;
  /** `DEL key`. */
  del(key: string): Promise<unknown>;
  /**
   * node-redis's `isReady`: `false` while the client is disconnected or reconnecting. The
   * store then skips Redis (a call rejects at once) instead of letting node-redis queue the
   * command until the server is back.
   */
  readonly isReady?: boolean;
}

/** Options of {@link redisStore}. */
export interface RedisStoreOptions {
  /** Prepended to every key, to keep several applications apart in one database. Default `""`. */
  prefix?: string;
}

/**
 * A {@link KeyValueStore} over a connected node-redis client, to share state between
 * processes: the `cache` plugin's entries (so every worker revalidates with the ETags any
 * worker learned) and the `throttle` plugin's rate-limit pauses (so every worker pauses
 * when one hits a limit: GitHub counts per token, not per process). TTLs are sent as `PX`
 * (milliseconds), so Redis expires entries by itself. forgekit does not import `redis`:
 * install it (an optional peer dependency), connect, and pass the client. While the client
 * is not ready (`isReady` false: Redis down, reconnecting) every call rejects at once; the
 * plugins then go on without the store, within their `storeTimeout`, and use it again once
 * it answers (see docs/caching-and-shared-state.md for the failure model).
 *
 * @example
 * import { createClient } from "redis";
 * const redis = createClient({ url: process.env.REDIS_URL, disableOfflineQueue: true });
 * redis.on("error", (error) => console.warn(error.message)); // without a listener, an outage crashes the process
 * await redis.connect();
 * const store = redisStore(redis, { prefix: "my-app:" });
 * const client = forgekit({ cache: { store, ttl: 86_400_000 }, throttle: { store } });
 */
export function redisStore(client: RedisCommands, { prefix = "" }: RedisStoreOptions = {}): KeyValueStore {
  if (typeof client?.get !== "function" || typeof client.set !== "function" || typeof client.del !== "function") {
    throw new ParameterError(
      "redisStore(client): pass a connected node-redis client, e.g. `await createClient({ url }).connect()` from the `redis` package.",
    );
  }
  if (typeof prefix !== "string")
    throw new ParameterError(`redisStore(client, { prefix }): prefix must be a string, got ${typeof prefix}.`);
  // Commands sent while node-redis reconnects would wait in its offline queue (with the
  // default options) and run minutes later: fail them at once instead, so the plugins go on
  // without the store and try it again later. Works with `disableOfflineQueue` too.
  const ready = () => {
    if (client.isReady === false)
      throw new Error("redis: the client is not connected (reconnecting?); the store is skipped until it is");
  };
  return {
    async get(key) {
      ready();
      const value = await client.get(prefix + key);
      return value === null || value === undefined ? undefined : String(value);
    },
    async set(key, value, ttl) {
      ready();
      if (ttl === undefined || ttl === Infinity) await client.set(prefix + key, value);
      // Redis takes whole milliseconds > 0: round up, and treat a lapsed TTL as gone already.
      else if (ttl > 0) await client.set(prefix + key, value, { expiration: { type: "PX", value: Math.ceil(ttl) } });
      else await client.del(prefix + key);
    },
    async delete(key) {
      ready();
      await client.del(prefix + key);
    },
  };
}
