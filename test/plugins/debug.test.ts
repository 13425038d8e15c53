import { suite } from "uvu";
import * as assert from "uvu/assert";
import sinon from "sinon";
import { format } from "node:util";
import createDebug from "debug";
import { Client } from "../../kernel/index.js";
import { debug } from "../../plugins/debug/index.js";
import { startServer, type TestServer } from "../helpers/server.js";

const test = suite("plugins: debug (captured in process)");
const Debugged = Client.plugin([debug]);
const TOKEN = `ghp_${"A1".repeat(18)}`;
const PAT = `github_pat_${"B2".repeat(20)}`;
let server: TestServer;
let lines: string[] = [];
const originalLog = createDebug.log;

test.before(async () => {
  server = await startServer({
    "GET /user": {
      headers: { "x-github-request-id": "BEEF:1", "x-ratelimit-remaining": "42", "set-cookie": `s=${TOKEN}` },
      body: { token: TOKEN },
    },
    "POST /user/tokens": { status: 422, body: { message: `token ${TOKEN} is invalid` } },
    "GET /echo": (req) => ({
      headers: { "x-github-request-id": String(req.headers.authorization).replace(/^\S+ /, "") },
      body: {},
    }),
  });
  createDebug.log = (...args: unknown[]) => void lines.push(format(...args));
});
test.after(async () => {
  createDebug.log = originalLog;
  createDebug.disable();
  await server.close();
});
test.before.each(() => {
  lines = [];
  createDebug.enable("forgekit:rest*");
});

test("one line per request and per response: method, route, URL, status, duration, request id, rate limit", async () => {
  const client = new Debugged({ baseUrl: server.url });
  await client.request("GET /user");
  assert.is(lines.length, 2);
  assert.match(lines[0]!, new RegExp(`forgekit:rest:request GET /user ${server.url}/user$`));
  assert.match(
    lines[1]!,
    /forgekit:rest:request GET \/user → 200 in \d+ ms \(request id BEEF:1, rate limit remaining 42\)/,
  );
});

// No auth plugin here: the value is known only from the request's own header.
test("a caller's 40-hex authorization header, echoed as the request id on a 200, never appears", async () => {
  const hex = "00112233445566778899aabbccddeeff00112233";
  await new Debugged({ baseUrl: server.url }).request("GET /echo", { headers: { authorization: `token ${hex}` } });
  assert.is(lines.length, 2);
  assert.match(lines[1]!, /\(request id \[REDACTED\]\)/);
  assert.not.match(lines.join("\n"), hex.slice(-24));
});

test("planted credentials (authorization header, ?access_token=, tokens in bodies, headers and errors) never appear", async () => {
  const client = new Debugged({ baseUrl: server.url, headers: { authorization: `token ${TOKEN}` } });
  await client.request("GET /user", { access_token: TOKEN, code: "oauth-code-123", client_secret: "shh-456" });
  await client.request("POST /user/tokens", { token: TOKEN, note: PAT }).catch(() => {});
  // Refused before any hook, as an option (kernel/options.ts) and per request (kernel/route.ts).
  const refused = await new Debugged()
    .request("GET /user", { baseUrl: `http://someone:hunter2@127.0.0.1:1` })
    .catch((e: Error) => e);
  assert.match(String(refused), /ParameterError: The URL of a GET request holds credentials/);
  const output = lines.join("\n");
  assert.is(lines.length, 4, output);
  assert.match(output, /POST \/user\/tokens → 422 in \d+ ms HttpError: /);
  for (const secret of [TOKEN.slice(4), PAT.slice(11), "oauth-code-123", "shh-456", "hunter2"]) {
    assert.not.ok(output.includes(secret), `${secret} leaked into: ${output}`);
  }
  assert.not.ok(/authorization|set-cookie|"token"/i.test(output), output);
});

test("plugins' log.debug(message, { namespace }) goes to forgekit:rest:<namespace> and still reaches the user's log.debug", async () => {
  const userDebug = sinon.spy();
  const client = new Debugged({ log: { debug: userDebug } });
  client.options.log.debug(`fetched installation token for ${TOKEN}`, { namespace: "auth" });
  client.options.log.debug("page 2 of %o", { namespace: "paginate" });
  client.options.log.debug("no namespace here");
  assert.equal(
    lines.map((l) => l.replace(/^\S+Z /, "")),
    [
      "forgekit:rest:auth fetched installation token for ghp_[REDACTED]",
      "forgekit:rest:paginate page 2 of %o",
      "forgekit:rest no namespace here",
    ],
  );
  assert.is(userDebug.callCount, 3);
  assert.equal(
    userDebug.firstCall.args,
    [`fetched installation token for ${TOKEN}`, { namespace: "auth" }],
    "the user's own logger gets the call as made",
  );
});

test("disabled namespaces print nothing and requests pass straight through", async () => {
  createDebug.enable("forgekit:rest:auth");
  const client = new Debugged({ baseUrl: server.url });
  const response = await client.request("GET /user");
  assert.is(response.status, 200);
  client.options.log.debug("quiet", { namespace: "paginate" });
  assert.equal(lines, []);
  createDebug.disable();
  client.options.log.debug("quiet", { namespace: "auth" });
  assert.equal(lines, []);
});

test("the plugin adds no property, and two clients keep separate loggers", () => {
  const a = new Debugged();
  const b = new Debugged();
  assert.equal(Object.keys(a).sort(), ["hook", "options", "request"]);
  assert.is.not(a.options.log, b.options.log);
  assert.is.not(a.options.log.debug, b.options.log.debug);
});

test.run();
