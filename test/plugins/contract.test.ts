import { suite } from "uvu";
import * as assert from "uvu/assert";
import sinon from "sinon";
import { inspect } from "node:util";
import { existsSync } from "node:fs";
import { Client, type Plugin } from "../../kernel/index.js";
import { Client as Full } from "../../plugins/presets/full.js";
import { registry } from "../../plugins/presets/registry.js";
import { agent } from "../../plugins/agent/index.js";
import { apiVersion } from "../../plugins/api-version/index.js";
import { appAuth } from "../../plugins/app-auth/index.js";
import { auth } from "../../plugins/auth/index.js";
import { cache } from "../../plugins/cache/index.js";
import { debug } from "../../plugins/debug/index.js";
import { endpoints } from "../../plugins/endpoints/index.js";
import { graphql } from "../../plugins/graphql/index.js";
import { log } from "../../plugins/log/index.js";
import { otel } from "../../plugins/otel/index.js";
import { paginate } from "../../plugins/paginate/index.js";
import { previews } from "../../plugins/previews/index.js";
import { registerEndpoints } from "../../plugins/register-endpoints/index.js";
import { checkOptions } from "../../plugins/check-options/index.js";
import { startServer, type TestServer } from "../helpers/server.js";

// One contract every built-in plugin honours, exactly as a user's plugin would be held to
// it: (client, options) => additions | void, through the kernel's public API only.
const test = suite("plugins: the shared contract, run against every built-in plugin");
const TOKEN = "ghp_contractContractContract0123456789";
const plugins: Record<string, Plugin<any, any>> = {
  agent,
  apiVersion,
  appAuth,
  auth,
  cache,
  debug,
  endpoints: endpoints(registry),
  graphql,
  log,
  otel,
  paginate,
  previews,
  registerEndpoints,
  checkOptions,
};
for (const name of ["retry", "throttle"]) {
  if (existsSync(`plugins/${name}/index.ts`)) plugins[name] = (await import(`../../plugins/${name}/index.js`))[name];
}
let server: TestServer;

test.before(async () => {
  server = await startServer({
    "GET /repos/o/r": (req) => ({ headers: { etag: '"1"' }, body: { name: "r", query: req.url } }),
  });
});
test.after(() => server.close());

test("every plugin folder is covered by this suite", async () => {
  const { readdirSync } = await import("node:fs");
  // Not plugins: the presets, the retry/throttle engine, the stores, the command line, the
  // GitHub App and webhooks entries (forgekit/app, forgekit/webhooks: classes, not client plugins).
  const folders = readdirSync("plugins").filter(
    (f) => !["presets", "policy", "redis", "store", "cli", "app", "webhooks"].includes(f),
  );
  const camel = (s: string) => s.replace(/-(\w)/g, (_m, c: string) => c.toUpperCase());
  assert.equal(folders.map(camel).sort(), Object.keys(plugins).sort());
});

for (const [name, plugin] of Object.entries(plugins)) {
  test(`${name}: construction does no I/O and starts no timers; options are not mutated`, () => {
    const clock = sinon.useFakeTimers({ toFake: ["setTimeout", "setInterval", "setImmediate"] });
    try {
      const before = server.requests.length;
      const options = { baseUrl: server.url, headers: { "x-a": "1" }, request: { timeout: 5000 } };
      const snapshot = structuredClone(options);
      new (Client.plugin([plugin]))(options as never);
      assert.equal(options, snapshot);
      assert.is(clock.countTimers(), 0);
      assert.is(server.requests.length, before);
    } finally {
      clock.restore();
    }
  });

  test(`${name}: (client, options) registers hooks only on "request"`, () => {
    const client = new Client({ baseUrl: server.url });
    const names: string[] = [];
    for (const kind of ["before", "after", "error", "wrap"] as const) {
      const original = client.hook[kind].bind(client.hook);
      client.hook[kind] = ((hookName: string, fn: never) => (
        names.push(hookName),
        original(hookName as "request", fn)
      )) as never;
    }
    const additions = plugin(client, client.options as never);
    assert.ok(additions === undefined || typeof additions === "object");
    assert.ok(
      names.every((n) => n === "request"),
      names.join(),
    );
  });

  test(`${name}: two instances share no state; a plain GET still works`, async () => {
    const Plugged = Client.plugin([plugin]);
    const a = new Plugged({ baseUrl: server.url }) as unknown as Record<string, unknown>;
    const b = new Plugged({ baseUrl: server.url }) as unknown as Record<string, unknown>;
    for (const key of Object.keys(a)) {
      if (
        key === "options" ||
        key === "hook" ||
        key === "request" ||
        (typeof a[key] !== "object" && typeof a[key] !== "function")
      )
        continue;
      assert.is.not(a[key], b[key], `${name} adds "${key}" per instance`);
    }
    assert.is.not(a.hook, b.hook);
    const { status, data } = await (a as unknown as Client).request("GET /repos/{owner}/{repo}", {
      owner: "o",
      repo: "r",
    });
    assert.is(status, 200);
    assert.is(data.name, "r");
  });

  test(`${name}: no credential in any log line`, async () => {
    const lines: string[] = [];
    const record = (...args: unknown[]) => void lines.push(inspect(args, { depth: 6 }));
    const client = new (Client.plugin([plugin]))({
      baseUrl: server.url,
      log: { debug: record, info: record, warn: record, error: record },
    });
    await client
      .request("GET /repos/{owner}/{repo}", {
        owner: "o",
        repo: "r",
        access_token: TOKEN,
        headers: { authorization: `token ${TOKEN}` },
      })
      .catch(() => {});
    await client.request("GET /nowhere", { headers: { authorization: `token ${TOKEN}` } }).catch(() => {});
    assert.not.ok(
      lines.some((line) => line.includes(TOKEN)),
      lines.find((line) => line.includes(TOKEN)),
    );
  });
}

test("full preset: no credential in inspect(client), JSON of options, or errors", async () => {
  const client = new Full({ baseUrl: server.url, auth: TOKEN });
  assert.not.ok(inspect(client, { depth: 4 }).includes(TOKEN));
  assert.not.ok(JSON.stringify(client.options).includes(TOKEN));
  const error = await client.request("GET /nowhere").catch((e: Error) => e);
  assert.not.ok(inspect(error, { depth: 8 }).includes(TOKEN));
});

test.run();
