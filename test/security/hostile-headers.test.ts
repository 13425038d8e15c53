// Hostile response headers. Audit of every regular expression applied to a response
// header (kernel/ and plugins/, checked with grep; each is linear because it is anchored
// or bounded, or a literal prefix followed by one greedy class that cannot fail):
//   kernel/response.ts   content-type: /json/i, /^text\/|charset=|xml/i (literals)
//   kernel/redact.ts     every header of an HttpError: TOKEN_SHAPE, QUERY_SECRET, USERINFO,
//                        the scheme pattern (anchored) — see the comment there
//   plugins/policy/headers.ts  x-ratelimit-* (length ≤ 20 first, anchored), resource
//                        (bounded {1,64}), retry-after (length ≤ 64 first, anchored dates)
//   plugins/paginate/link.ts   link: indexOf scan, no regex over the header; /\s+/ per rel value
//   plugins/cache/flow.ts, record.ts  cache-control: /no-cache|no-store/i (literals)
//   plugins/log, plugins/debug  deprecation/sunset/x-github-request-id through redact only
// Below: 100 KB values against Node's default 16 KB header limit (a clean NetworkError on both
// transports), and 1 MB values end to end in a child process that raises the limit.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Agent } from "node:http";
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { NetworkError } from "../../kernel/index.js";
import { startServer, type TestServer } from "../helpers/server.js";
import { transports } from "../helpers/security.js";

const test = suite("security: hostile response headers (100 KB and 1 MB)");
const httpAgent = new Agent({ keepAlive: true });
const make = transports(httpAgent);
const CHILD = fileURLToPath(new URL("./fixtures/hostile-headers.ts", import.meta.url));
const REGISTER = fileURLToPath(new URL("../helpers/register.mjs", import.meta.url));
const KB100 = 100_000;
let server: TestServer;

test.before(async () => {
  server = await startServer({
    "GET /link": { headers: { link: '<https://x/?page=2>; rel="next", '.repeat(KB100 / 32) }, body: [] },
    "GET /retry-after": { status: 503, headers: { "retry-after": "1".repeat(KB100) }, body: {} },
    "GET /content-type": { headers: { "content-type": `application/${"json".repeat(KB100 / 4)}` }, body: "{}" },
    "GET /reset": {
      status: 403,
      headers: { "x-ratelimit-remaining": "0", "x-ratelimit-reset": "9".repeat(KB100) },
      body: {},
    },
  });
});
test.after(async () => {
  httpAgent.destroy();
  await server.close();
});

for (const name of ["fetch", "agent"] as const) {
  for (const header of ["link", "retry-after", "content-type", "reset"]) {
    test(`${name}: a 100 KB ${header} header over Node's 16 KB limit is a NetworkError, not a hang`, async () => {
      const error = await make[name]({ baseUrl: server.url })
        .request(`GET /${header}`)
        .catch((e: unknown) => e);
      assert.instance(error, NetworkError);
      assert.match((error as Error).message, /→ no response: (UND_ERR_HEADERS_OVERFLOW|HPE_HEADER_OVERFLOW)$/);
    });
  }
}

test("1 MB hostile headers through both transports, every plugin that reads headers, and each parser", async () => {
  const output = await new Promise<string>((resolve, reject) => {
    // The timeout only detects a hang (exponential backtracking over 1 MB never returns); it is
    // not a speed threshold: the child normally needs well under a second of work, but took 35 s
    // of wall time (4 s of CPU) on a 2-core machine at load 20, so the bound is generous.
    execFile(
      process.execPath,
      ["--max-http-header-size=33554432", "--import", REGISTER, CHILD],
      { timeout: 150_000 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stdout}\n${stderr}`)) : resolve(stdout),
    );
  });
  const checks = output.trim().split("\n");
  assert.is(checks.length, 2 * 5 + 3, output);
  assert.ok(
    checks.every((line) => line.startsWith("ok ")),
    output,
  );
});

test.run();
