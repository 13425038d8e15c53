// One forgekit client in its own process, sharing state through Redis: the cross-process
// tests start two of these. Configuration comes as JSON in FORGEKIT_WORKER:
//   { redisUrl, prefix, baseUrl, token, plugins: ["cache", "throttle"?], throttle?: { decline, ...options } }
// Commands arrive as JSON lines on stdin: { id, route, params } → one JSON line on stdout:
//   { id, ok: true, status, headers, data } or { id, ok: false, name, status, message }.
// Rate-limit callbacks are reported as { event: "onRateLimit" | "onSecondaryRateLimit", info }
// and answered `!decline` (decline: true fails fast instead of waiting).
// Run with `node --import ./test/helpers/register.mjs` (the TypeScript sources).
import { createInterface } from "node:readline";
import { createClient } from "redis";
import { Client } from "../../kernel/index.js";
import { auth } from "../../plugins/auth/index.js";
import { cache } from "../../plugins/cache/index.js";
import { redisStore } from "../../plugins/redis/index.js";

const config = JSON.parse(process.env.FORGEKIT_WORKER ?? "{}");
const redis = await createClient({ url: config.redisUrl }).connect();
const store = redisStore(redis, { prefix: config.prefix });
const plugins = [];
if (config.plugins.includes("throttle")) plugins.push((await import("../../plugins/throttle/index.js")).throttle);
// Registration order: later hooks run first, so auth (setting the credential) comes after
// the cache, which must see it; throttle comes before the cache (inside it).
plugins.push(cache, auth);
const Worker = Client.plugin(plugins);
const reply = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
const { decline = false, ...throttleOptions } = config.throttle ?? {};
// forgekit's info is the callback's last argument (after @octokit's four).
const report = (event) => (_retryAfter, _options, _client, _retryCount, info) => (reply({ event, info }), !decline);
const client = new Worker({
  baseUrl: config.baseUrl,
  auth: config.token,
  cache: { store },
  ...(config.plugins.includes("throttle")
    ? {
        throttle: {
          ...throttleOptions,
          store,
          onRateLimit: report("onRateLimit"),
          onSecondaryRateLimit: report("onSecondaryRateLimit"),
        },
      }
    : {}),
  log: { warn: (message) => process.stderr.write(`warn: ${message}\n`) },
});

const pending = [];
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const { id, route, params } = JSON.parse(line);
  pending.push(
    client.request(route, params).then(
      ({ status, headers, data }) => reply({ id, ok: true, status, headers, data }),
      (error) => reply({ id, ok: false, name: error.name, status: error.status, message: error.message }),
    ),
  );
}
await Promise.all(pending);
await redis.close();
// fetch keeps idle sockets open for a few seconds: nothing is left to do, so leave now.
process.exit(0);
