// Produces every message docs/errors-retries-rate-limits.md quotes, from real requests to a
// loopback server, so the docs test can check that the guide quotes them verbatim.
import { Client } from "../../kernel/index.js";
import { agent } from "../../plugins/agent/index.js";
import { retry } from "../../plugins/retry/index.js";
import { throttle } from "../../plugins/throttle/index.js";
import { faults, startServer } from "./server.js";
import {
  fakeClock,
  keepAlive,
  pendingTimers,
  primaryLimit,
  secondaryLimit,
  until,
  type Clock,
} from "./policy-clock.js";
import { brokenStore } from "./policy-store.js";

const GUIDE_BASE = "https://api.github.com";

/** `"Name: message"` lines, with the loopback origin shown as api.github.com (as the guide does). */
export async function guideMessages(): Promise<string[]> {
  const server = await startServer({
    "GET /repos/octocat/missing": {
      status: 404,
      body: { message: "Not Found", documentation_url: "https://docs.github.com/rest/repos/repos#get-a-repository" },
    },
    "GET /zen": {
      status: 422,
      body: {
        message: "Validation Failed",
        documentation_url: "https://docs.github.com/rest",
        errors: [{ resource: "Issue", field: "title", code: "missing_field" }],
      },
    },
    "GET /repos/octocat/hello-world": primaryLimit(3600),
    "GET /repos/octocat/spoon-knife": primaryLimit(60),
    "GET /search/issues": primaryLimit(120, { resource: "search" }),
    "POST /repos/octocat/hello-world/issues": secondaryLimit(60),
    "GET /slow": faults.delay(100),
    "GET /reset": faults.reset(),
    "GET /meta": { status: 503, headers: { "retry-after": "900" }, body: { message: "Service Unavailable" } },
    "GET /busy": { status: 503, body: {} },
    "GET /held": () => new Promise<void>(() => {}),
  });
  const lines: string[] = [];
  const line = (error: unknown) => {
    const { name, message } = error as Error;
    lines.push(`${name}: ${message.split(server.url).join(GUIDE_BASE)}`);
  };
  const fail = (promise: Promise<unknown>) => promise.then(() => line(new Error("did not fail")), line);
  const base = { baseUrl: server.url };
  const Policy = Client.plugin([agent, retry, throttle]);
  const policy = (options: object = {}) => new Policy({ ...base, agent: keepAlive, ...options });
  try {
    const clock = fakeClock();
    try {
      await fail(policy().request("GET /repos/{owner}/{repo}", { owner: "octocat", repo: "hello-world" }));
      const once = policy({ retry: { retries: 0 } });
      await once.request("GET /repos/octocat/hello-world").catch(() => {});
      await fail(once.request("GET /user"));
      const declining = { throttle: { onRateLimit: () => false, onSecondaryRateLimit: () => false } };
      await fail(policy(declining).request("GET /search/issues", { q: "bug" }));
      const declined = policy({ ...declining, retry: { retries: 0 } });
      await declined.request("GET /search/issues", { q: "x" }).catch(() => {});
      await fail(declined.request("GET /search/issues", { q: "y" }));
      await fail(policy(declining).request("POST /repos/octocat/hello-world/issues", { title: "x" }));
      await declined.request("POST /repos/octocat/hello-world/issues", { title: "x" }).catch(() => {});
      await fail(declined.request("GET /user"));
      await fail(policy().request("GET /meta"));
      await abortsWhileWaiting(policy, clock, line, (path) => server.requests.some((r) => r.path === path));
    } finally {
      clock.uninstall();
    }
    // Node's fetch from here on: its own timers would land on the fake clock.
    const plain = new Client(base);
    await fail(plain.request("GET /repos/{owner}/{repo}", { owner: "octocat", repo: "missing" }));
    await fail(plain.request("GET /zen"));
    await fail(plain.request("GET /repos/octocat/hello-world"));
    await fail(plain.request("POST /repos/octocat/hello-world/issues", { title: "x" }));
    await fail(plain.request("GET /reset"));
    const closed = await startServer();
    await closed.close();
    await fail(
      new Client({ baseUrl: closed.url })
        .request("GET /zen")
        .catch((e: Error) =>
          Promise.reject(Object.assign(e, { message: e.message.split(closed.url).join(server.url) })),
        ),
    );
    await fail(new Client({ ...base, timeout: 50 }).request("GET /slow"));
    await fail(plain.request("GET /slow", { request: { signal: AbortSignal.abort() } }));
    await fail(plain.request("GET /repos/{owner}/{repo}", { owner: "octocat" }));

    for (const options of [
      { retry: { retries: -1 } },
      { retry: { retry: 2 } },
      { retry: { timeouts: "yes" } },
      { retry: { maxWait: 1000 }, throttle: { maxWait: 2000 } },
      { throttle: { store: {} } },
      { throttle: { concurrency: 0 } },
      { throttle: { onRateLimit: 1 } },
      { throttle: "fast" },
    ]) {
      await fail(Promise.resolve().then(() => policy(options as object)));
    }
    const warnings: string[] = [];
    await policy({ throttle: { store: brokenStore() }, log: { warn: (m: string) => warnings.push(m) } })
      .request("GET /zen")
      .catch(() => {});
    lines.push(warnings[0] ?? "no warning");
  } finally {
    await server.close();
  }
  return lines;
}

/** An abort in each of the four places the engine holds a request back (on the fake clock). */
async function abortsWhileWaiting(
  policy: (options?: object) => Client,
  clock: Clock,
  line: (error: unknown) => void,
  reached: (path: string) => boolean,
): Promise<void> {
  const waiting = async (client: Client, route: string, ready = () => pendingTimers(clock).length > 0) => {
    const controller = new AbortController();
    const run = client
      .request(route, { request: { signal: controller.signal } })
      .then(() => line(new Error("did not fail")), line);
    await until(ready, "a wait");
    controller.abort();
    await run;
  };
  // to retry: a 503 and a long backoff
  await waiting(policy({ retry: { delay: 60_000 } }), "GET /busy");
  // for a primary / secondary rate limit: a pause already known
  const primary = policy({ retry: { retries: 0 } });
  await primary.request("GET /repos/octocat/spoon-knife").catch(() => {});
  await waiting(primary, "GET /ok");
  const secondary = policy({ retry: { retries: 0 } });
  await secondary.request("POST /repos/octocat/hello-world/issues", { title: "x" }).catch(() => {});
  await waiting(secondary, "GET /ok");
  // for a free slot: concurrency 1, the slot held by a request the server never answers
  const single = policy({ throttle: { concurrency: 1 } });
  void single.request("GET /held").catch(() => {});
  await waiting(single, "GET /ok", () => reached("/held"));
}
