import { suite } from "uvu";
import * as assert from "uvu/assert";
import sinon from "sinon";
import { format } from "node:util";
import createDebug from "debug";
import { build, type Metafile } from "esbuild";
import { Client as Full } from "../../plugins/presets/full.js";
import { Client as Browser } from "../../plugins/presets/browser.js";
import { Client as Edge } from "../../plugins/presets/edge.js";
import { cache } from "../../plugins/cache/index.js";
import { debug } from "../../plugins/debug/index.js";
import { retry } from "../../plugins/retry/index.js";
import { throttle } from "../../plugins/throttle/index.js";
import { couldEnable, debugWanted } from "../../plugins/debug/wanted.js";
import { startServer, type TestServer } from "../helpers/server.js";

// The built-ins load their code on first use (one `lazy()` inside each plugin) and behave as
// if it were loaded up front: bad options throw at construction, hooks work from the first
// request, members work before their code is there.
const test = suite("presets: built-ins that load their code on first use behave as if it were loaded");
const FullPolicy = Full;
// The browser preset with the plugins it leaves out, one import each (in the Node preset's order).
const BrowserPolicy = Browser.plugin([cache, retry, throttle, debug]);
let server: TestServer;
let flaky = 0;

test.before(async () => {
  server = await startServer({
    "GET /repos/o/r": { headers: { etag: '"1"' }, body: { name: "r" } },
    "GET /flaky": () => (++flaky % 2 ? { status: 503, body: { message: "try again" } } : { body: { ok: true } }),
    "GET /cached": (req) =>
      req.headers["if-none-match"] === '"v1"'
        ? { status: 304, headers: { etag: '"v1"' } }
        : { headers: { etag: '"v1"' }, body: { v: 1 } },
    "GET /items": (req) => {
      const page = Number(req.query.get("page") ?? 1);
      const next = page < 3 ? { link: `<${server.url}/items?page=${page + 1}>; rel="next"` } : {};
      return { headers: next, body: [page * 10 + 1, page * 10 + 2] };
    },
  });
});
test.after(() => server.close());
test.before.each(() => void (server.requests.length = 0));

test("bad cache, retry and throttle options throw a ParameterError at construction, in every preset", () => {
  for (const Preset of [FullPolicy, BrowserPolicy, Edge]) {
    const cases: [unknown, RegExp][] = [
      [{ cache: 5 }, /Invalid cache option: got 5/],
      [{ cache: { maxEntries: 0 } }, /maxEntries must be a positive integer/],
      [{ retry: { retries: -1 } }, /retry\.retries must be an integer from 0 to 100/],
      [{ retry: { tries: 1 } }, /retry\.tries is not an option/],
      [{ throttle: { store: {} } }, /throttle\.store must be a KeyValueStore/],
      [{ throttle: { onRateLimit: 1 } }, /throttle\.onRateLimit must be a function/],
      [
        { retry: { maxWait: 1000 }, throttle: { maxWait: 2000 } },
        /throttle\.maxWait \(2000\) differs from retry\.maxWait \(1000\)/,
      ],
    ];
    for (const [options, message] of cases) {
      const error = (() => {
        try {
          new Preset({ baseUrl: server.url, ...(options as object) });
        } catch (e) {
          return e as Error;
        }
        return undefined;
      })();
      assert.is(error?.name, "ParameterError", `${JSON.stringify(options)}: ${error}`);
      assert.match(error!.message, message);
    }
  }
  assert.is(server.requests.length, 0);
});

test("retry, loaded on the first request, retries a 503", async () => {
  flaky = 0;
  const client = new FullPolicy({ baseUrl: server.url, retry: { delay: 1 } });
  const { status, data } = await client.request("GET /flaky");
  assert.is(status, 200);
  assert.equal(data, { ok: true });
  assert.is(server.requests.length, 2);
  const off = new FullPolicy({ baseUrl: server.url, retry: false, throttle: false });
  const error = await off.request("GET /flaky").catch((e: { status: number }) => e);
  assert.is((error as { status: number }).status, 503, "retry: false, throttle: false — nothing retries");
});

test("throttle, loaded on the first request, still holds back that request for a known pause (nothing sent)", async () => {
  const entries = new Map([[`forgekit:ratelimit:core:anonymous`, String(Date.now() + 60_000)]]);
  const store = {
    get: (key: string) => entries.get(key),
    set: (key: string, value: string) => void entries.set(key, value),
    delete: (key: string) => void entries.delete(key),
  };
  const onRateLimit = sinon.spy(() => false);
  const client = new BrowserPolicy({ baseUrl: server.url, throttle: { store, onRateLimit } });
  const error = (await client
    .request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" })
    .catch((e: Error) => e)) as Error;
  assert.is(error.name, "RateLimitError", String(error));
  assert.is(onRateLimit.callCount, 1);
  assert.is(server.requests.length, 0, "the first request was not sent");
});

test("cache: true in the browser preset with the cache plugin answers a 304 from the cache", async () => {
  const client = new BrowserPolicy({ baseUrl: server.url, cache: true });
  assert.equal((await client.request("GET /cached")).data, { v: 1 });
  const second = await client.request("GET /cached");
  assert.is(second.status, 200);
  assert.equal(second.data, { v: 1 });
  assert.is(server.requests[1]!.headers["if-none-match"], '"v1"');
});

test("client.paginate and client.paginate.iterator work before paginate loads; the real one replaces the stub", async () => {
  const client = new Full({ baseUrl: server.url });
  const stub = client.paginate;
  assert.equal(await client.paginate("GET /items"), [11, 12, 21, 22, 31, 32]);
  assert.is.not(client.paginate, stub, "the loaded paginate is assigned onto the client");
  assert.equal(await stub("GET /items", (response) => response.data.length), [2, 2, 2], "a kept stub still works");
  const fresh = new Browser({ baseUrl: server.url });
  server.requests.length = 0;
  const pages: unknown[] = [];
  for await (const page of fresh.paginate.iterator("GET /items")) {
    pages.push(page.data);
    break;
  }
  assert.equal(pages, [[11, 12]]);
  assert.is(server.requests.length, 1, "leaving the loop early stops fetching, through the stub too");
  const bad = await fresh.paginate(42 as never).catch((e: Error) => e);
  assert.match(String(bad), /paginate: the first argument is number/);
});

test("couldEnable: only names and wildcards that can reach forgekit:rest namespaces", () => {
  for (const yes of [
    "*",
    "forgekit:rest*",
    "forgekit:*",
    "forge*",
    "forgekit:rest:auth",
    "express:*,forgekit:rest:request",
    "f*",
    " *,-forgekit:rest:paginate",
  ])
    assert.ok(couldEnable(yes), yes);
  for (const no of [
    "",
    "express:*",
    "-forgekit:*",
    "express:*,-forgekit:rest*",
    "forgekit",
    "other:forgekit:rest*",
    "forgekit:other*",
  ])
    assert.not.ok(couldEnable(no), no);
});

test("debugWanted: DEBUG in Node; localStorage.debug (then DEBUG) in browsers; never throws", () => {
  assert.ok(debugWanted({ process: { env: { DEBUG: "forgekit:rest*" }, versions: { node: "20" } } }));
  assert.not.ok(
    debugWanted({ process: { env: {}, versions: { node: "20" } }, localStorage: { getItem: () => "*" } }),
    "Node's debug reads only DEBUG",
  );
  assert.ok(debugWanted({ localStorage: { getItem: (key) => (key === "debug" ? "forgekit:*" : null) } }));
  assert.ok(debugWanted({ localStorage: { getItem: (key) => (key === "DEBUG" ? "*" : null) } }));
  assert.not.ok(debugWanted({ localStorage: { getItem: () => null } }));
  assert.not.ok(
    debugWanted({
      localStorage: {
        getItem: () => {
          throw new Error("SecurityError");
        },
      },
    }),
  );
});

test("debug: wanted → lines through the debug package, log.debug lines logged before the load print first, in order", async () => {
  const lines: string[] = [];
  const originalLog = createDebug.log;
  createDebug.log = (...args: unknown[]) => void lines.push(format(...args).replace(/^\S+Z /, ""));
  createDebug.enable("forgekit:rest*"); // also sets process.env.DEBUG, which the preset reads
  try {
    const userDebug = sinon.spy();
    const client = new Full({ baseUrl: server.url, log: { debug: userDebug } });
    client.options.log.debug("early ghp_abcdefghijklmnopqrstuvwxyz0123456789", { namespace: "auth" });
    assert.is(userDebug.callCount, 1, "the caller's log.debug is called at once");
    await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
    assert.is(lines[0], "forgekit:rest:auth early ghp_[REDACTED]");
    assert.ok(
      lines.some((line) => line.startsWith(`forgekit:rest:request GET /repos/{owner}/{repo} ${server.url}/repos/o/r`)),
      lines.join("\n"),
    );
    assert.ok(
      lines.some((line) => /forgekit:rest:request GET \/repos\/\{owner\}\/\{repo\} → 200 in \d+ ms/.test(line)),
      lines.join("\n"),
    );
  } finally {
    createDebug.disable();
    createDebug.log = originalLog;
  }
  assert.is(process.env.DEBUG, undefined);
  const userDebug = sinon.spy();
  const quiet = new Full({ baseUrl: server.url, log: { debug: userDebug } });
  assert.is(quiet.options.log.debug, userDebug, "not wanted: log.debug is left as the caller gave it");
});

/** The modules in the files a page loads first for `entry` (its static imports), and in every file. */
async function closure(entry: string, platform: "browser" | "node") {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    splitting: true,
    platform,
    outdir: "probe",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const outputs = result.metafile.outputs as Metafile["outputs"];
  const start = Object.keys(outputs).find((file) => outputs[file]!.entryPoint === entry)!;
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const edge of outputs[file]!.imports) if (edge.kind === "import-statement" && !edge.external) visit(edge.path);
  };
  visit(start);
  return {
    entry: [...seen].flatMap((file) => Object.keys(outputs[file]!.inputs)),
    all: Object.keys(result.metafile.inputs),
  };
}

const LAZY = [
  /plugins\/cache\/flow\.ts$/,
  /plugins\/debug\/printer\.ts$/,
  /node_modules\/debug\//,
  /plugins\/paginate\/pages\.ts$/,
];
const POLICY = [/plugins\/policy\/engine\.ts$/, /plugins\/retry\/retrier\.ts$/, /plugins\/throttle\/throttler\.ts$/];
const AGENT = [/plugins\/agent\/fetch\.ts$/, /plugins\/agent\/node-http\.ts$/];

test("bundled (esbuild metafile): cache, debug, paginate, retry, throttle and agent transport code is in lazy chunks, not in an entry", async () => {
  const probes = [
    ["plugins/presets/edge.ts", "browser", [...LAZY, ...POLICY]],
    ["plugins/presets/full.ts", "node", [...LAZY, ...POLICY, ...AGENT]],
  ] as const;
  for (const [entry, platform, lazy] of probes) {
    const { entry: first, all } = await closure(entry, platform);
    assert.ok(first.includes(entry), `${entry} is its own entry`);
    for (const pattern of lazy) {
      assert.ok(
        all.some((input) => pattern.test(input)),
        `${entry}: ${pattern} is bundled at all`,
      );
      assert.equal(
        first.filter((input) => pattern.test(input)),
        [],
        `${entry}: ${pattern} is in the entry`,
      );
    }
  }
});

test("debug: enabled after the client was made (createDebug.enable), the next request prints its lines; disabled, none", async () => {
  const lines: string[] = [];
  const originalLog = createDebug.log;
  createDebug.log = (...args: unknown[]) => void lines.push(format(...args).replace(/^\S+Z /, ""));
  try {
    const client = new Full({ baseUrl: server.url });
    await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
    assert.equal(lines, [], "not enabled yet");
    createDebug.enable("forgekit:rest*");
    await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
    assert.is(lines.length, 2, lines.join("\n"));
    assert.is(lines[0], `forgekit:rest:request GET /repos/{owner}/{repo} ${server.url}/repos/o/r`);
    assert.match(lines[1]!, /^forgekit:rest:request GET \/repos\/\{owner\}\/\{repo\} → 200 in \d+ ms/);
    createDebug.disable();
    await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
    assert.is(lines.length, 2, "disabled again: no more lines");
  } finally {
    createDebug.disable();
    createDebug.log = originalLog;
  }
});

test.run();
