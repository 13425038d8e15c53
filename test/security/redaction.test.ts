// Planted secrets, searched for everywhere: every kind of error (HttpError with an echoing
// server, invalid JSON, NetworkError, TimeoutError, AbortError, ParameterError, a redirect
// loop), on both transports, plus the debug and log plugins' output.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Agent } from "node:http";
import { format } from "node:util";
import createDebug from "debug";
import { Client, HttpError, NetworkError, ParameterError, TimeoutError, AbortError } from "../../kernel/index.js";
import { agent as agentPlugin } from "../../plugins/agent/index.js";
import { debug } from "../../plugins/debug/index.js";
import { log } from "../../plugins/log/index.js";
import { faults, send, startServer, type TestServer } from "../helpers/server.js";
import { exposures, leaks } from "../helpers/security.js";

const test = suite("security: no credential in any error, log or debug line (both transports)");
const TOKENS = ["ghp_", "gho_", "ghu_", "ghs_", "ghr_"].map(
  (prefix, n) => `${prefix}${String(n).repeat(4)}aB3dE5gH7jK9mN1pQ3sT5vX7zA9cE1gI3`,
);
const PAT = `github_pat_11ABCDEFG0${"x9Y8".repeat(14)}`;
const [TOKEN, GHO, GHU, GHS, GHR] = TOKENS as [string, string, string, string, string];
const SECRET = "s3cr3t-planted-V4lue";
/** What must never be printed (a token's prefix alone, `ghp_`, may be). */
const SECRETS = [...TOKENS, PAT, SECRET].map((secret) => secret.replace(/^(gh[pousr]_|github_pat_)/, ""));
const WithPlugins = Client.plugin([debug, log, agentPlugin]);
const httpAgent = new Agent({ keepAlive: true });
const debugLines: string[] = [];
const logLines: string[] = [];
const originalDebugLog = createDebug.log;
let server: TestServer;
let closedUrl: string;

test.before(async () => {
  server = await startServer({
    "*": (req, res) => {
      if (req.path.startsWith("/echo")) {
        return send(res, {
          status: 401,
          headers: {
            "set-cookie": `session=${SECRET}`,
            "x-echo": GHU,
            location: `/next?code=${SECRET}`,
            deprecation: `see ${GHO}`,
          },
          body: {
            message: `Bad credentials: ${TOKEN} (sent to ${req.url})`,
            documentation_url: `https://docs.github.com/rest?access_token=${SECRET}`,
            errors: [{ message: `token ${GHS} was revoked` }],
            token: TOKEN,
            nested: { list: [`refresh_token=${SECRET}`, PAT] },
          },
        });
      }
      if (req.path === "/bad-json")
        return send(res, {
          status: 502,
          headers: { "content-type": "application/json" },
          body: `{"token":"${TOKEN}", broken`,
        });
      if (req.path === "/text")
        return send(res, {
          status: 403,
          headers: { "content-type": "text/plain" },
          body: `denied ${GHR} ?client_secret=${SECRET}`,
        });
      if (req.path === "/loop")
        return send(res, { status: 302, headers: { location: `/loop?code=${SECRET}&t=${GHS}` } });
      if (req.path === "/slow") return faults.delay(1000)(req, res, server);
      return send(res, { body: { ok: true } });
    },
  });
  const closed = await startServer();
  closedUrl = closed.url;
  await closed.close();
  createDebug.log = (...args: unknown[]) => void debugLines.push(format(...args));
  createDebug.enable("forgekit:rest*");
});
test.after(async () => {
  createDebug.log = originalDebugLog;
  createDebug.disable();
  httpAgent.destroy();
  await server.close();
});

const planted = {
  headers: {
    authorization: `token ${TOKEN}`,
    cookie: `session=${SECRET}`,
    "proxy-authorization": `Basic ${SECRET}`,
    "x-api-token": GHU,
  },
  access_token: SECRET,
  client_secret: SECRET,
  code: SECRET,
  refresh_token: SECRET,
};
const capture = (message: string, ...extra: unknown[]) => void logLines.push(format(message, ...extra));

for (const name of ["fetch", "agent"] as const) {
  const make = (baseUrl = server.url) =>
    new WithPlugins({
      baseUrl,
      ...(name === "agent" ? { agent: httpAgent } : {}),
      log: { debug: capture, info: capture, warn: capture, error: capture },
    });

  const scenarios: Array<[string, () => Promise<unknown>, new (...args: never[]) => Error]> = [
    [
      "an HttpError whose server echoes tokens in body, headers and message",
      () =>
        make().request("POST /echo/{owner}/{repo}", {
          owner: "o",
          repo: GHR,
          ...planted,
          body: { client_secret: SECRET, code: SECRET },
        }),
      HttpError,
    ],
    [
      "a GET with secrets in the query and a token in the path",
      () => make().request("GET /echo/{+path}", { path: `a/${TOKEN}`, ...planted }),
      HttpError,
    ],
    ["an invalid JSON body quoting a token", () => make().request("GET /bad-json", planted), HttpError],
    ["a text error body quoting secrets", () => make().request("GET /text", planted), HttpError],
    [
      "connection refused to a URL full of secrets",
      () => make(closedUrl).request("GET /repos/{owner}/{repo}", { owner: "o", repo: TOKEN, ...planted }),
      NetworkError,
    ],
    [
      // Refused by the constructor (kernel/options.ts): the message must not quote it either.
      "a baseUrl with user:password",
      async () => make(server.url.replace("//", `//x-access-token:${SECRET}@`)).request("GET /echo", planted),
      ParameterError,
    ],
    [
      // Refused before any hook or I/O too (kernel/route.ts): no debug line for it.
      "a per-request baseUrl with user:password",
      () =>
        make().request("GET /echo", { ...planted, baseUrl: server.url.replace("//", `//x-access-token:${SECRET}@`) }),
      ParameterError,
    ],
    ["a timeout", () => make().request("GET /slow", { ...planted, request: { timeout: 20 } }), TimeoutError],
    [
      "an abort whose reason quotes a token",
      () =>
        make().request("GET /slow", { ...planted, request: { signal: AbortSignal.abort(new Error(`stop ${GHO}`)) } }),
      AbortError,
    ],
    ["a redirect loop through locations with secrets", () => make().request("GET /loop", planted), NetworkError],
    [
      "a refused path parameter quoting a token",
      () => make().request("GET /repos/{owner}/{+path}", { owner: "o", path: `${TOKEN}/../x`, ...planted }),
      ParameterError,
    ],
    [
      "a refused header value",
      () => make().request("GET /echo", { ...planted, headers: { ...planted.headers, "x-bad": `${TOKEN}\r\nx: 1` } }),
      ParameterError,
    ],
  ];

  for (const [label, run, type] of scenarios) {
    test(`${name}: ${label}`, async () => {
      const error = await run().catch((e: unknown) => e);
      assert.instance(error, type);
      const found = leaks(exposures(error), SECRETS);
      assert.equal(found, [], found.join("\n"));
    });
  }

  test(`${name}: redaction keeps what is not secret (scheme, token prefix, parameter names, GitHub's words)`, async () => {
    const error = (await make()
      .request("GET /echo/{owner}/{repo}", { owner: "o", repo: "r", ...planted })
      .catch((e: unknown) => e)) as HttpError;
    assert.equal(error.request!.headers.authorization, "token [REDACTED]");
    assert.is(error.request!.headers.cookie, "[REDACTED]");
    assert.is(error.request!.headers["proxy-authorization"], "Basic [REDACTED]");
    assert.is(error.request!.headers["x-api-token"], "ghu_[REDACTED]");
    assert.match(
      error.request!.url,
      /\?access_token=\[REDACTED\]&client_secret=\[REDACTED\]&code=\[REDACTED\]&refresh_token=\[REDACTED\]$/,
    );
    assert.match(
      error.message,
      /→ 401 Unauthorized: Bad credentials: ghp_\[REDACTED\] \(sent to \/echo\/o\/r\?access_token=\[REDACTED\]/,
    );
    assert.match(
      error.message,
      / token ghs_\[REDACTED\] was revoked \(https:\/\/docs\.github\.com\/rest\?access_token=\[REDACTED\]/,
    );
    assert.is((error.response.data as { token: string }).token, "ghp_[REDACTED]");
    assert.equal((error.response.data as { nested: unknown }).nested, {
      list: ["refresh_token=[REDACTED]", "github_pat_[REDACTED]"],
    });
    assert.is(error.headers["set-cookie"], "[REDACTED]");
    assert.is(error.headers["x-echo"], "ghu_[REDACTED]");
    assert.is(error.headers.location, "/next?code=[REDACTED]");
    assert.is(error.response.headers, error.headers);
    assert.is(error.status, 401);
  });
}

test("the debug and log plugins printed something for every scenario, and no secret", () => {
  assert.ok(debugLines.length >= 36, `only ${debugLines.length} debug lines`);
  assert.ok(
    logLines.some((line) => line.includes("deprecated")),
    logLines.join("\n"),
  );
  const found = leaks({ debug: debugLines.join("\n"), log: logLines.join("\n") }, SECRETS);
  assert.equal(found, [], found.join("\n"));
});

test.run();
