// The rig of the store-outage tests (test/plugins/redis-outages*.test.ts): a loopback stand-in
// for GitHub, a redis-server of the test's own (killed, frozen, restarted by the test), a
// node-redis client with the options the caching guide shows, and a forgekit client with the
// cache, the throttle or both over `redisStore`. Every request is raced against a liveness bound
// of 100× the store budget: a request that hangs (a store call with no budget waits for ever on
// a frozen redis-server) fails the test; a slow machine does not, and nothing is timed.
import sinon from "sinon";
import { createClient } from "redis";
import { Client, type KeyValueStore } from "../../kernel/index.js";
import { cache } from "../../plugins/cache/index.js";
import { redisStore } from "../../plugins/redis/index.js";
import { DEFAULT_STORE_TIMEOUT } from "../../plugins/store/index.js";
import { isRateLimitError, throttle } from "../../plugins/throttle/index.js";
import { etagOf } from "./cache-routes.js";
import { startRedis, type RedisServer } from "./redis-server.js";
import type { TestServer } from "./server.js";

export type Mode = "cache" | "throttle" | "both";
export const MODES: Mode[] = ["cache", "throttle", "both"];
/** The default budget, which every rig uses. */
export const BUDGET = DEFAULT_STORE_TIMEOUT;
/** How long a request may take before it counts as hung: 100× the budget. */
export const BOUND = 100 * BUDGET;
export const PREFIX = "outage:";
export const ROUTE = "/repos/o/r";

/** What the stand-in serves at {@link ROUTE}; tests bump it to see that no stale body is served. */
export const resource = { version: 1 };
export const body = () => ({ id: 1, version: resource.version });

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `work`, or a failure naming `what` when it has not completed within {@link BOUND}. */
export async function completes<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: not completed within ${BOUND} ms (100× the store budget: it hung)`)),
      BOUND,
    );
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

export interface Rig {
  mode: Mode;
  client: InstanceType<ReturnType<typeof Client.plugin>>;
  redisServer: RedisServer;
  /** forgekit's node-redis client. */
  redis: ReturnType<typeof createClient>;
  /** The test's own node-redis client, to look into (and spoil) the database. */
  admin: ReturnType<typeof createClient>;
  warn: sinon.SinonSpy;
  info: sinon.SinonSpy;
  /** Restart a server that was killed, on the same port. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** A rig for `mode`; `wrap` can put a store of the test's own between the plugins and Redis. */
export async function rig(
  mode: Mode,
  {
    wrap = (store) => store,
    disableOfflineQueue = false,
  }: { wrap?: (store: KeyValueStore) => KeyValueStore; disableOfflineQueue?: boolean } = {},
  server: TestServer,
): Promise<Rig> {
  let redisServer = await startRedis();
  const connect = (disableOfflineQueue = false) => {
    const redis = createClient({ url: redisServer.url, disableOfflineQueue });
    // node-redis emits "error" while Redis is away; unhandled, it would end the test process.
    redis.on("error", () => {});
    return redis.connect();
  };
  const redis = await connect(disableOfflineQueue);
  // The test's own client queues its commands while Redis restarts: they must not fail.
  const admin = await connect();
  const store = wrap(redisStore(redis, { prefix: PREFIX }));
  const warn = sinon.spy();
  const info = sinon.spy();
  const plugins = mode === "cache" ? [cache] : mode === "throttle" ? [throttle] : [throttle, cache];
  const Rigged = Client.plugin(plugins);
  const client = new Rigged({
    baseUrl: server.url,
    ...(mode !== "throttle" && { cache: { store, ttl: 60_000 } }),
    // A pause found in the store fails fast (RateLimitError) instead of waiting: the tests see it at once.
    ...(mode !== "cache" && {
      throttle: { store, mutationGap: 0, onRateLimit: () => false, onSecondaryRateLimit: () => false },
    }),
    log: { warn, info, debug: () => {} },
  } as never);
  return {
    mode,
    client,
    get redisServer() {
      return redisServer;
    },
    redis,
    admin,
    warn,
    info,
    async restart() {
      await redisServer.exited;
      redisServer = await startRedis(redisServer.port);
    },
    async close() {
      // destroy, not close: close() waits for answers a frozen server would never give.
      for (const c of [redis, admin]) if (c.isOpen) c.destroy();
      await redisServer.stop();
    },
  } as Rig;
}

/** GET {@link ROUTE} `n` times at once; every answer must be the current data, in full. */
export async function burst(rig: Rig, n: number, what: string): Promise<void> {
  const expected = body();
  const answers = await completes(
    Promise.all(Array.from({ length: n }, () => rig.client.request(`GET ${ROUTE}`))),
    `${n} requests ${what}`,
  );
  for (const answer of answers) {
    if (answer.status !== 200 || JSON.stringify(answer.data) !== JSON.stringify(expected))
      throw new Error(
        `${what}: got ${answer.status} ${JSON.stringify(answer.data)}, expected 200 ${JSON.stringify(expected)}`,
      );
  }
}

/**
 * Resolves once the store is in use again: for the cache, a request went out conditional
 * (its ETag came from Redis) and was answered from it; for the throttle, a pause written to
 * Redis held a request back. Fails after 10 s. Returns how many requests reached the server
 * meanwhile.
 */
export async function usedAgain(rig: Rig, server: TestServer): Promise<number> {
  const sentBefore = server.requests.length;
  const deadline = Date.now() + 10_000;
  const pause = `${PREFIX}forgekit:secondary:anonymous`;
  let cacheBack = rig.mode === "throttle";
  let throttleBack = rig.mode === "cache";
  while (!(cacheBack && throttleBack)) {
    if (Date.now() > deadline)
      throw new Error(`the store was not used again within 10 s (cache ${cacheBack}, throttle ${throttleBack})`);
    if (!throttleBack) {
      await rig.admin.set(pause, String(Date.now() + 60_000), { expiration: { type: "PX", value: 60_000 } });
      const held = await completes(
        rig.client.request(`GET ${ROUTE}`).then(
          () => false,
          (error: unknown) => isRateLimitError(error) || Promise.reject(error),
        ),
        "a request after the outage",
      );
      await rig.admin.del(pause);
      throttleBack = held;
    }
    if (!cacheBack) {
      const count = server.requests.length;
      const answer = await completes(rig.client.request(`GET ${ROUTE}`), "a request after the outage");
      if (JSON.stringify(answer.data) !== JSON.stringify(body()))
        throw new Error(`wrong data ${JSON.stringify(answer.data)}`);
      const sent = server.requests[count];
      cacheBack = sent?.headers["if-none-match"] === etagOf(body());
    }
    if (!(cacheBack && throttleBack)) await sleep(50);
  }
  return server.requests.length - sentBefore;
}

/** How many of the stand-in's requests `from`…`to` went out without a validator (answered in full). */
export const fullOf = (server: TestServer, from: number, to: number) =>
  server.requests.slice(from, to).filter((r) => r.headers["if-none-match"] === undefined).length;
