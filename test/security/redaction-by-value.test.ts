// A server that echoes the credential it received (GitHub does: "Bad credentials …") must
// not get it into any view of the error, whatever the credential's shape (issue 23).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { inspect } from "node:util";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Client, isHttpError, isNetworkError, redact, addSecret, type HttpError } from "../../kernel/index.js";
import { auth } from "../../plugins/auth/index.js";
import { agent } from "../../plugins/agent/index.js";
import { startServer, type Recorded, type TestServer } from "../helpers/server.js";
import { generateAppKeys } from "../helpers/auth-keys.js";
import { assertBuilt, forgekit } from "../helpers/cli.js";
import { exposures } from "../helpers/security.js";

const test = suite("security: credentials redacted by value, echoed back by the server");
const Authed = Client.plugin(auth);
const keys = generateAppKeys();
let server: TestServer;

const HEX40 = "0123456789abcdef0123456789abcdef01234567";
const GHES = `v1.${"9f".repeat(20)}`;
const INSTALLATION = `v1.${"7e".repeat(20)}`;
const decoded = (value: string) => Buffer.from(value, "base64").toString("utf8");

/**
 * Echo the `authorization` value, its credential and (Basic) the decoded pair, in the body and
 * headers, the credential also as GitHub's request id (which errors and debug lines quote).
 */
function echo(req: Recorded) {
  const header = String(req.headers.authorization ?? req.headers["proxy-authorization"] ?? "");
  const credential = header.split(" ")[1] ?? "";
  const pair = /^basic /i.test(header) ? decoded(credential) : "";
  return {
    status: 401,
    headers: {
      "x-echo": header,
      "x-echo-credential": credential,
      "x-echo-pair": pair,
      "x-github-request-id": credential,
    },
    body: {
      message: `Bad credentials: ${header} (${credential}) ${pair} ${pair.split(":")[1] ?? ""}`,
      errors: [{ message: `you sent ${credential}`, code: "invalid" }],
      documentation_url: `https://docs.github.com/rest?seen=${encodeURIComponent(credential)}`,
    },
  };
}

/** Every way an error is looked at. */
function views(error: HttpError): Record<string, string> {
  return {
    message: error.message,
    string: String(error),
    stack: String(error.stack),
    json: JSON.stringify(error),
    inspect: inspect(error, { depth: Infinity, showHidden: true }),
    request: JSON.stringify(error.request),
    data: JSON.stringify(error.response.data),
    headers: JSON.stringify(error.headers) + JSON.stringify(error.response.headers),
  };
}

/**
 * A proxy's 407 is a NetworkError that names the proxy (plugins/agent/tunnel.ts), never the
 * API's answer: the body it echoed reaches no view of the error, nor do its credentials.
 */
function assertProxyRefusal(error: unknown, secrets: string[], label: string) {
  assert.ok(isNetworkError(error) && !isHttpError(error), `${label}: ${String(error)}`);
  assert.match(
    (error as Error).message,
    `no response: ERR_PROXY_TUNNEL: the proxy http://127.0.0.1:${proxyPort} answered CONNECT api.example.test:443 with 407`,
  );
  for (const [view, text] of Object.entries(exposures(error)))
    for (const secret of secrets)
      assert.not.ok(text.includes(secret), `${label}: ${view} shows ${JSON.stringify(secret)}:\n${text}`);
}

function assertHidden(error: unknown, secrets: string[], label: string, status = 401) {
  assert.ok(isHttpError(error), `${label}: ${String(error)}`);
  assert.is(error.status, status);
  for (const [view, text] of Object.entries(views(error)))
    for (const secret of secrets)
      assert.not.ok(text.includes(secret), `${label}: ${view} shows ${JSON.stringify(secret)}:\n${text}`);
  assert.match(error.message, /Bad credentials: .*\[REDACTED\]/, label);
}

/** A proxy that refuses every CONNECT with a 407 echoing the `proxy-authorization` it received. */
let proxy: Server;
let proxyPort: number;

test.before(async () => {
  proxy = createServer().on("connect", (req, socket) => {
    const { status, headers, body } = echo(req as unknown as Recorded);
    const text = JSON.stringify(body);
    const fields = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.end(
      `HTTP/1.1 ${status === 401 ? 407 : status} Proxy Authentication Required\r\ncontent-type: application/json\r\n` +
        `${fields.join("")}content-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`,
    );
  });
  await new Promise<void>((done) => proxy.listen(0, "127.0.0.1", done));
  proxyPort = (proxy.address() as AddressInfo).port;
  server = await startServer({ "GET /echo": echo, "GET /app": echo, "GET /repos/o/r": echo });
  server.route("POST /app/installations/1/access_tokens", {
    status: 201,
    body: { token: INSTALLATION, expires_at: new Date(Date.now() + 3_600_000).toISOString() },
  });
});
test.after(async () => {
  await new Promise((done) => proxy.close(done));
  await server.close();
});

const cases: [string, Record<string, unknown>, string[]][] = [
  ["a classic 40-hex token", { auth: HEX40 }, [HEX40]],
  ["a GHES v1. token", { auth: GHES }, [GHES]],
  [
    "Basic username/password",
    { auth: { username: "mona", password: "correct horse battery" } },
    ["correct horse battery", "mona:correct horse battery", btoa("mona:correct horse battery")],
  ],
  [
    "OAuth client id and secret",
    { auth: { clientId: "Iv1.8a61f9b3a7aba766", clientSecret: `s3cr3t-${HEX40}` } },
    ["Iv1.8a61f9b3a7aba766", `s3cr3t-${HEX40}`],
  ],
  [
    "proxy credentials in proxy-authorization",
    { headers: { "proxy-authorization": `Basic ${btoa("proxyuser:proxy-pass-1234")}` } },
    ["proxy-pass-1234", btoa("proxyuser:proxy-pass-1234")],
  ],
];

for (const [label, options, secrets] of cases) {
  test(`${label}, echoed in a 401 body and headers, is in no view of the error`, async () => {
    const error = await new Authed({ baseUrl: server.url, ...options }).request("GET /echo").catch((e: unknown) => e);
    assertHidden(error, secrets, label);
  });
}

test("the App JWT forgekit signs, echoed on an app route, is in no view of the error", async () => {
  const client = new Authed({ baseUrl: server.url, auth: { appId: 1, privateKey: keys.pkcs1 } });
  const error = await client.request("GET /app").catch((e: unknown) => e);
  const jwt = String(server.requests.at(-1)!.headers.authorization).slice("bearer ".length);
  assert.match(jwt, /^eyJ/);
  assertHidden(error, [jwt], "JWT");
});

test("an installation token forgekit received, echoed back, is in no view of the error", async () => {
  const client = new Authed({ baseUrl: server.url, auth: { appId: 1, privateKey: keys.pkcs1, installationId: 1 } });
  const error = await client.request("GET /repos/o/r").catch((e: unknown) => e);
  assert.is(server.requests.at(-1)!.headers.authorization, `token ${INSTALLATION}`);
  assertHidden(error, [INSTALLATION], "installation token");
});

// The proxy's credentials travel in the CONNECT only: the request never carries them, so an
// error could learn them only from the proxy URL itself (plugins/agent/proxy.ts).
const PROXY_PASSWORD = "pr0xy pass/1234@";
const proxyUrl = (user: string) => `http://${user}:${encodeURIComponent(PROXY_PASSWORD)}@127.0.0.1:${proxyPort}`;
const proxySecrets = (user: string) => [
  PROXY_PASSWORD,
  encodeURIComponent(PROXY_PASSWORD),
  `${user}:${PROXY_PASSWORD}`,
  btoa(`${user}:${PROXY_PASSWORD}`),
];
const WithProxy = Client.plugin(auth, agent);

test("credentials in request.proxy, echoed by the proxy's 407, are in no view of the error (a NetworkError naming the proxy)", async () => {
  const client = new WithProxy({ baseUrl: "https://api.example.test", request: { proxy: proxyUrl("option-user") } });
  const error = await client.request("GET /echo").catch((e: unknown) => e);
  assertProxyRefusal(error, proxySecrets("option-user"), "request.proxy");
});

test("credentials in HTTPS_PROXY, echoed by the proxy's 407, are in no view of the error", async () => {
  process.env.HTTPS_PROXY = proxyUrl("env-user");
  try {
    const error = await new WithProxy({ baseUrl: "https://api.example.test" })
      .request("GET /echo")
      .catch((e: unknown) => e);
    assertProxyRefusal(error, proxySecrets("env-user"), "HTTPS_PROXY");
  } finally {
    delete process.env.HTTPS_PROXY;
  }
});

test("short values are masked only as whole words (letters, digits, _), so unrelated text is left alone", () => {
  addSecret("hunter2");
  assert.is(redact("password hunter2 rejected"), "password [REDACTED] rejected");
  assert.is(redact("hunter22 and xhunter2 stay"), "hunter22 and xhunter2 stay");
  assert.is(redact('{"p":"hunter2"}'), '{"p":"[REDACTED]"}');
  // Punctuation is no part of a word: the end of a sentence, a `key=`, a `user/`.
  assert.is(redact("Bad credentials: hunter2."), "Bad credentials: [REDACTED].");
  assert.is(redact("password=hunter2&x=1"), "password=[REDACTED]&x=1");
  assert.is(redact("mona/hunter2"), "mona/[REDACTED]");
  assert.is(redact("~hunter2+ -hunter2-"), "~[REDACTED]+ -[REDACTED]-");
  assert.is(redact("hunter2_ and _hunter2 stay"), "hunter2_ and _hunter2 stay");
  addSecret(`long-${HEX40}`);
  assert.is(redact(`inside-long-${HEX40}-word`), "inside-[REDACTED]-word");
  assert.is(redact(`q=${encodeURIComponent("a b&c/long-value")}`), `q=${encodeURIComponent("a b&c/long-value")}`);
  addSecret("a b&c/long-value");
  assert.is(redact(`q=${encodeURIComponent("a b&c/long-value")}`), "q=[REDACTED]");
});

// Each credential kind the CLI takes, echoed on an error (401, or the proxy's 407) and on a
// success: neither `--include` (stdout) nor the debug lines and error message (stderr) show it.
const BASIC_PAIR = "mona:cli basic pass 42";
const cliCases: [string, (base: string) => { env?: Record<string, string>; args?: string[] }, string[]][] = [
  ["a 40-hex GITHUB_TOKEN", () => ({ env: { GITHUB_TOKEN: HEX40 } }), [HEX40]],
  ["a GHES v1. GITHUB_TOKEN", () => ({ env: { GITHUB_TOKEN: GHES } }), [GHES]],
  [
    '-H "authorization: Basic …"',
    () => ({ args: ["-H", `authorization: Basic ${btoa(BASIC_PAIR)}`] }),
    [BASIC_PAIR, "cli basic pass 42", btoa(BASIC_PAIR)],
  ],
  ["HTTPS_PROXY with credentials", () => ({ env: { HTTPS_PROXY: proxyUrl("cli-user") } }), proxySecrets("cli-user")],
];

for (const [label, setup, secrets] of cliCases) {
  test(`the CLI: ${label} echoed back appears in neither --include nor DEBUG=forgekit:* output`, async () => {
    assertBuilt();
    // A success's body is the data asked for, printed as it came; its headers are redacted.
    server.route("GET /ok", (req) => ({ headers: echo(req).headers, body: { ok: true } }));
    const { env, args = [] } = setup(server.url);
    // Through the proxy, every request meets its 407 (a NetworkError naming the proxy): the target is never reached.
    const proxied = env?.HTTPS_PROXY !== undefined;
    for (const path of proxied ? ["/echo"] : ["/echo", "/ok"]) {
      const run = await forgekit(
        [
          "request",
          `GET ${path}`,
          "--include",
          ...args,
          "--base-url",
          proxied ? "https://api.example.test" : server.url,
        ],
        { env: { ...env, DEBUG: "forgekit:*", DEBUG_COLORS: "0" } },
      );
      assert.is(run.code, path === "/ok" ? 0 : 1, run.stderr);
      if (proxied) {
        // The proxy's 407 is no response of the API's: nothing of it is printed but its status.
        assert.match(run.stderr, /ERR_PROXY_TUNNEL: the proxy http:\/\/127\.0\.0\.1:\d+ answered CONNECT .* with 407/);
      } else {
        assert.match(run.stdout, /\nx-echo: \w+ \[REDACTED\]\n/);
        assert.match(run.stdout, /\nx-github-request-id: \[REDACTED\]\n/);
        assert.match(run.stderr, /forgekit:rest:request GET .* \(request id \[REDACTED\]/);
      }
      for (const output of [run.stdout, run.stderr])
        for (const secret of secrets)
          assert.not.ok(output.includes(secret), `${label}, ${path}: ${JSON.stringify(secret)} is shown:\n${output}`);
    }
  });
}

test.run();
