// One forgekit client in its own process, sharing state through Redis: the cross-process
// tests start two of these. Configuration comes as JSON in FORGEKIT_WORKER:
//   { redisUrl, prefix, baseUrl, token, plugins: ["cache", "throttle"?], throttle?: {...} }
// Commands arrive as JSON lines on stdin: { id, route, params } → one JSON line on stdout:
//   { id, ok: true, status, headers, data } or { id, ok: false, name, status, message }.
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
const client = new Worker({
  baseUrl: config.baseUrl,
  auth: config.token,
  cache: { store },
  ...(config.plugins.includes("throttle") ? { throttle: { ...config.throttle, store } } : {}),
  log: { warn: (message) => process.stderr.write(`warn: ${message}\n`) },
});

const reply = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
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
