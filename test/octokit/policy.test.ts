// Issue 14: @octokit/plugin-retry and @octokit/plugin-throttling options as v22 code passes
// them: `enabled`, `doNotRetry`, and rate-limit callbacks (retryAfter, options, octokit, retryCount).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import forgekit, { Octokit, isHttpError } from "../../plugins/presets/full.js";
import { isRateLimitError } from "../../plugins/throttle/index.js";
import { startServer, type TestServer } from "../helpers/server.js";
import {
  fakeClock,
  keepAlive,
  pendingTimers,
  primaryLimit,
  secondaryLimit,
  SERVER_NOW,
  until,
} from "../helpers/policy-clock.js";

const test = suite("octokit habits: retry and throttle options");
let server: TestServer;
const quiet = { warn: () => {} };
const TOKEN = "ghp_THROTTLEthrottleTHROTTLEthrottle0123";

test.before(async () => {
  server = await startServer({
    "GET /primary": primaryLimit(60),
    "GET /repos/o/r/limited": primaryLimit(60),
    "GET /secondary": secondaryLimit(30),
    "GET /flaky": { status: 500, body: { message: "boom" } },
    "POST /repos/o/r/issues": { status: 201, body: {} },
  });
});
test.after(async () => {
  keepAlive.destroy();
  await server.close();
});
test.before.each(() => void (server.requests.length = 0));
const hits = (path: string) => server.requests.filter((r) => r.path === path).length;

test("throttle.onRateLimit with v22's signature is called with (retryAfter, options, client, retryCount)", async () => {
  const calls: unknown[][] = [];
  const warnings: string[] = [];
  const client = forgekit({
    baseUrl: server.url,
    auth: TOKEN,
    log: { warn: (m: string) => void warnings.push(m) },
    throttle: {
      // Annotated as v22 code annotates it: type-checks without a cast.
      onRateLimit: (retryAfter: number, options: { method: string; url: string }, octokit: any, retryCount: number) => {
        octokit.log.warn(`Request quota exhausted for request ${options.method} ${options.url}`);
        calls.push([typeof retryAfter, retryAfter > 0, octokit === client, retryCount]);
        return false;
      },
    },
  });
  const error = await client
    .request("GET /repos/{owner}/{repo}/limited", { owner: "o", repo: "r" })
    .catch((e: unknown) => e);
  // Declining a wait fails the request with forgekit's RateLimitError (status 403, the HttpError as cause).
  assert.is((error as Error).name, "RateLimitError");
  assert.ok(isHttpError((error as Error).cause));
  assert.equal(calls, [["number", true, true, 0]]);
  // @octokit passes the route template as options.url.
  assert.equal(warnings, ["Request quota exhausted for request GET /repos/{owner}/{repo}/limited"]);
});

test("one convention whatever fn.length says: (...args) gets @octokit's four arguments, then forgekit's info", async () => {
  const seen: unknown[][] = [];
  const client = forgekit({
    baseUrl: server.url,
    auth: TOKEN,
    log: quiet,
    throttle: { onRateLimit: (...args) => void seen.push(args) ?? false },
  });
  await client.request("GET /repos/{owner}/{repo}/limited", { owner: "o", repo: "r" }).catch(() => {});
  assert.is(seen.length, 1);
  const [retryAfter, options, octokit, retryCount, info] = seen[0] as [
    number,
    Record<string, any>,
    unknown,
    number,
    { request: { url: string }; waitMs: number },
  ];
  assert.is(retryAfter, 60);
  assert.is(options.method, "GET");
  assert.is(options.url, "/repos/{owner}/{repo}/limited");
  assert.is(options.baseUrl, server.url);
  assert.is(options.owner, "o");
  assert.is(options.repo, "r");
  assert.is(octokit, client);
  assert.is(retryCount, 0);
  assert.is(info.request.url, `${server.url}/repos/o/r/limited`, "the expanded URL is in forgekit's info");
  assert.is(info.waitMs > 0, true);
  // Callbacks are user code that logs: no credential in what they receive.
  assert.not.match(JSON.stringify(seen[0]), TOKEN);
});

test("throttle.onSecondaryRateLimit with v22's signature gets retryAfter in seconds", async () => {
  let seen: number | undefined;
  const client = forgekit({
    baseUrl: server.url,
    log: quiet,
    throttle: {
      onSecondaryRateLimit: (retryAfter: number, _options: unknown, _octokit: unknown) => ((seen = retryAfter), false),
    },
  });
  await client.request("GET /secondary").catch(() => {});
  assert.is(seen, 30);
});

test("the drop-in Octokit calls @octokit-style callbacks the same way, with itself as the client", async () => {
  const calls: unknown[][] = [];
  const octokit = new Octokit({
    baseUrl: server.url,
    auth: TOKEN,
    log: quiet,
    retry: {}, // named: a rate-limited response is offered to the callback, then re-sent or not
    throttle: {
      onRateLimit: (retryAfter, options, client, retryCount) => {
        calls.push([retryAfter, options.method, options.url, client === octokit, retryCount]);
        return false;
      },
    },
  });
  const error = await octokit.request("GET /repos/{owner}/{repo}/limited", { owner: "o", repo: "r" }).catch((e) => e);
  assert.ok(isRateLimitError(error), String(error));
  assert.equal(calls, [[60, "GET", "/repos/{owner}/{repo}/limited", true, 0]]);
  assert.is(hits("/repos/o/r/limited"), 1);
});

test("the drop-in Octokit with throttle but no retry: the limited answer fails as sent, later requests ask the callback", async () => {
  const calls: unknown[][] = [];
  const octokit = new Octokit({
    baseUrl: server.url,
    auth: TOKEN,
    log: quiet,
    throttle: { onRateLimit: (...args) => void calls.push(args) ?? false },
  });
  const first = await octokit.request("GET /repos/{owner}/{repo}/limited", { owner: "o", repo: "r" }).catch((e) => e);
  assert.is((first as { status?: number }).status, 403);
  assert.is(calls.length, 0, "nothing re-sends it, so nothing is asked");
  const second = await octokit.request("GET /repos/{owner}/{repo}/limited", { owner: "o", repo: "r" }).catch((e) => e);
  assert.ok(isRateLimitError(second), String(second));
  assert.is(hits("/repos/o/r/limited"), 1, "the second request waited for the known pause, declined, unsent");
  const [retryAfter, options, client, retryCount, info] = calls[0] as [
    number,
    { url: string },
    unknown,
    number,
    { sent: boolean },
  ];
  assert.equal(
    [retryAfter > 0, options.url, client === octokit, retryCount, info.sent],
    [true, "/repos/{owner}/{repo}/limited", true, 0, false],
  );
});

test("pacing within the write budgets asks no callback, on forgekit() and on the drop-in Octokit", async () => {
  for (const make of [forgekit, (o: object) => new Octokit(o)] as const) {
    server.requests.length = 0;
    const clock = fakeClock();
    try {
      const asked: string[] = [];
      const client = make({
        baseUrl: server.url,
        agent: keepAlive,
        auth: TOKEN,
        log: quiet,
        throttle: {
          writesPerMinute: 1,
          onRateLimit: () => void asked.push("onRateLimit"),
          onSecondaryRateLimit: () => void asked.push("onSecondaryRateLimit"),
        },
      } as object) as { request: (route: string, params?: object) => Promise<unknown> };
      let done = 0;
      const writes = [1, 2].map((i) => client.request("POST /repos/o/r/issues", { title: `t${i}` }).then(() => done++));
      const posts = () => hits("/repos/o/r/issues");
      await until(() => posts() === 1 && pendingTimers(clock).length > 0, "one write sent, the other paced");
      // The paced write waits for the budget's window (and then its sliding estimate).
      for (let n = 0; n < 5 && done < 2; n++) {
        await clock.tickAsync(pendingTimers(clock)[0] ?? 0);
        await until(() => done === 2 || pendingTimers(clock).length > 0, "the next pacing timer or the write");
      }
      await Promise.all(writes);
      assert.is(posts(), 2);
      assert.ok(clock.now - SERVER_NOW >= 60_000, "the second write was held for the minute's budget");
      assert.equal(asked, []);
    } finally {
      clock.uninstall();
    }
  }
});

test("throttle: { enabled: false } turns the throttle off, like throttle: false", async () => {
  let called = false;
  const client = forgekit({
    baseUrl: server.url,
    log: quiet,
    throttle: { enabled: false, onRateLimit: () => (called = true) } as never,
    retry: false,
  });
  const error = await client.request("GET /primary").catch((e: unknown) => e);
  assert.is((error as { status?: number }).status, 403);
  assert.not.ok(called);
});

test("retry: { enabled: false } sends once", async () => {
  const client = forgekit({ baseUrl: server.url, log: quiet, retry: { enabled: false } as never });
  await client.request("GET /flaky").catch(() => {});
  assert.is(hits("/flaky"), 1);
});

test("retry.doNotRetry lists statuses never retried; others keep forgekit's rule", async () => {
  await forgekit({ baseUrl: server.url, log: quiet, retry: { doNotRetry: [500], delay: 0 } as never })
    .request("GET /flaky")
    .catch(() => {});
  assert.is(hits("/flaky"), 1);
  await forgekit({ baseUrl: server.url, log: quiet, retry: { retries: 2, delay: 0 } as never })
    .request("GET /flaky")
    .catch(() => {});
  assert.is(hits("/flaky"), 1 + 3);
  assert.throws(() => forgekit({ retry: { doNotRetry: "404" } as never }), /retry.doNotRetry must be an array/);
});

test.run();
