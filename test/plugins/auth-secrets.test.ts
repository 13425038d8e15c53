import { suite } from "uvu";
import * as assert from "uvu/assert";
import sinon from "sinon";
import { inspect } from "node:util";
import { Client, HttpError, NetworkError } from "../../kernel/index.js";
import { auth } from "../../plugins/auth/index.js";
import { faults, startServer, type TestServer } from "../helpers/server.js";
import { generateAppKeys } from "../helpers/auth-keys.js";
import { fakeGitHubApp } from "../helpers/auth-github.js";

const test = suite("auth: credentials never appear in errors or log lines");
const AuthClient = Client.plugin(auth);
const keys = generateAppKeys();
let server: TestServer;
let foreign: TestServer;

test.before(async () => {
  foreign = await startServer({ "*": { body: {} } });
  server = await startServer({
    "GET /missing": { status: 404, body: { message: "Not Found", documentation_url: "https://docs.github.com/rest" } },
    "GET /forbidden": { status: 403, body: { message: "Resource not accessible by integration" } },
    "GET /reset": faults.reset(),
    "GET /user": { body: {} },
  });
});
test.after(() => Promise.all([server.close(), foreign.close()]));

/** Every way an error is printed or shipped. */
const renderings = (error: unknown) => [
  String(error),
  (error as Error).message,
  JSON.stringify(error),
  inspect(error, { depth: 10 }),
  (error as Error).stack ?? "",
];

function assertAbsent(texts: string[], secrets: string[]): void {
  for (const text of texts)
    for (const secret of secrets) assert.not.ok(text.includes(secret), `found a credential in: ${text.slice(0, 200)}`);
}

const statics: Array<[string, Record<string, unknown> | string, string[]]> = [
  ["a token without GitHub's shape", "plainSecretToken0123", ["plainSecretToken0123"]],
  ["a ghp_ token", "ghp_S3cretS3cretS3cretS3cret", ["S3cretS3cretS3cretS3cret"]],
  [
    "basic credentials",
    { username: "octocat", password: "hunter2-pw" },
    ["hunter2-pw", Buffer.from("octocat:hunter2-pw").toString("base64")],
  ],
];
for (const [name, credential, secrets] of statics) {
  test(`HttpError for a request sent with ${name}: message, JSON, inspect and stack are clean`, async () => {
    const error = await new AuthClient({ baseUrl: server.url, auth: credential as never })
      .request("GET /missing")
      .catch((e: unknown) => e);
    assert.instance(error, HttpError);
    assert.ok(String(server.requests.at(-1)?.headers.authorization).length > 10, "the credential was sent");
    assertAbsent(renderings(error), secrets);
    assert.match(String((error as HttpError).request?.headers.authorization), /^(token|Basic) \[REDACTED\]$/);
  });
}

test("NetworkError for a request sent with credentials is clean", async () => {
  const error = await new AuthClient({ baseUrl: server.url, auth: "plainSecretToken0123" })
    .request("GET /reset")
    .catch((e: unknown) => e);
  assert.instance(error, NetworkError);
  assertAbsent(renderings(error), ["plainSecretToken0123"]);
});

test("App strategy: a 403 with an installation token and a 401 exchange show neither token nor JWT", async () => {
  const github = fakeGitHubApp(server, keys.publicKey, 7, ["3"]);
  const client = new AuthClient({ baseUrl: server.url, auth: { appId: 7, privateKey: keys.pkcs1, installationId: 3 } });
  const forbidden = await client.request("GET /forbidden").catch((e: unknown) => e);
  assert.instance(forbidden, HttpError);
  const [token] = [...github.live];
  const jwt = String(
    server.requests.find((r) => r.path === "/app/installations/3/access_tokens")?.headers.authorization,
  ).slice("bearer ".length);
  assert.ok(token && jwt.startsWith("eyJ"));
  const other = generateAppKeys();
  const refused = await new AuthClient({
    baseUrl: server.url,
    auth: { appId: 7, privateKey: other.pkcs1, installationId: 3 },
  })
    .request("GET /user")
    .catch((e: unknown) => e);
  assert.instance(refused, HttpError);
  const refusedJwt = String(server.requests.at(-1)?.headers.authorization).slice("bearer ".length);
  assertAbsent(
    [...renderings(forbidden), ...renderings(refused)],
    [token!, jwt, refusedJwt, jwt.split(".")[2]!, refusedJwt.split(".")[2]!],
  );
});

test("the client itself does not print its credentials (console.log, inspect, JSON)", () => {
  for (const credential of ["plainSecretToken0123", { appId: 1, privateKey: keys.pkcs1 }]) {
    const client = new AuthClient({ baseUrl: server.url, auth: credential as never });
    assert.equal(client.options.auth as unknown, credential, "still readable");
    const secret = typeof credential === "string" ? credential : keys.pkcs1.split("\n")[1]!;
    assertAbsent([inspect(client, { depth: 10 }), JSON.stringify(client.options)], [secret]);
  }
});

test("debug and log lines (authenticate, foreign origin, refresh, 401 retry) carry no credential", async () => {
  const log = { debug: sinon.spy(), info: sinon.spy(), warn: sinon.spy(), error: sinon.spy() };
  const github = fakeGitHubApp(server, keys.publicKey, 8, ["4"]);
  const app = new AuthClient({
    baseUrl: server.url,
    log,
    auth: { appId: 8, privateKey: keys.pkcs1, installationId: 4 },
  });
  await app.request("GET /repos/o/r");
  const firstToken = [...github.live][0]!;
  github.live.clear();
  await app.request("GET /repos/o/r");
  await app.request(`GET ${foreign.url}/elsewhere`);
  const jwts = server.requests
    .filter((r) => r.path.startsWith("/app/"))
    .map((r) => String(r.headers.authorization).slice(7));
  const plain = new AuthClient({ baseUrl: server.url, log, auth: "plainSecretToken0123" });
  plain.authenticate({ type: "basic", username: "octocat", password: "hunter2-pw" });
  plain.authenticate();
  const lines = [log.debug, log.info, log.warn, log.error].flatMap((spy) =>
    spy.getCalls().map((call) => JSON.stringify(call.args)),
  );
  assert.ok(
    lines.some(
      (line) => /installation 4: token refreshed, expires \d{4}-/.test(line) && line.includes('"namespace":"auth"'),
    ),
  );
  assert.ok(lines.some((line) => /401 with app credentials, retrying once/.test(line)));
  assert.ok(lines.some((line) => line.includes(foreign.url) && /sent without credentials/.test(line)));
  assert.ok(lines.some((line) => /authenticate: basic credentials set/.test(line)));
  assert.ok(lines.some((line) => /authenticate: credentials cleared/.test(line)));
  assertAbsent(lines, [
    firstToken,
    ...github.live,
    ...jwts,
    "plainSecretToken0123",
    "hunter2-pw",
    Buffer.from("octocat:hunter2-pw").toString("base64"),
  ]);
});

test.run();
