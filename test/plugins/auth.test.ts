import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Client, ParameterError, isParameterError, type Plugin } from "../../kernel/index.js";
import { auth } from "../../plugins/auth/index.js";
import { startServer, type TestServer } from "../helpers/server.js";

const test = suite("auth: authenticate() forms and the auth option");
const AuthClient = Client.plugin(auth);
let server: TestServer;

test.before(async () => {
  server = await startServer({ "GET /user": { body: { login: "octocat" } } });
});
test.after(() => server.close());
test.before.each(() => void (server.requests.length = 0));

const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
const JWT = "eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOjF9.c2lnbmF0dXJl";
const make = (options: ConstructorParameters<typeof AuthClient>[0] = {}) =>
  new AuthClient({ baseUrl: server.url, ...options });

/** The authorization header the server received for one GET /user. */
async function sent(client: InstanceType<typeof AuthClient>): Promise<string | undefined> {
  server.requests.length = 0;
  await client.request("GET /user");
  assert.is(server.requests.length, 1);
  return server.requests[0]?.headers.authorization as string | undefined;
}

const forms: Array<[string, Parameters<InstanceType<typeof AuthClient>["authenticate"]>[0], string]> = [
  ["basic", { type: "basic", username: "octocat", password: "p4ss:word" }, `Basic ${b64("octocat:p4ss:word")}`],
  ["oauth token", { type: "oauth", token: "gho_abc123" }, "token gho_abc123"],
  ["oauth key + secret", { type: "oauth", key: "Iv1.client", secret: "s3cr3t" }, `Basic ${b64("Iv1.client:s3cr3t")}`],
  ["token", { type: "token", token: "ghp_abc123" }, "token ghp_abc123"],
  ["app", { type: "app", token: JWT }, `bearer ${JWT}`],
];
for (const [name, form, header] of forms) {
  test(`authenticate ${name} → authorization: ${header.split(" ")[0]} …`, async () => {
    const client = make();
    assert.is(client.authenticate(form), undefined);
    assert.is(await sent(client), header);
    assert.is(await sent(client), header, "kept for following requests");
  });
}

test("basic auth encodes user and password as UTF-8", async () => {
  const client = make();
  client.authenticate({ type: "basic", username: "jürgen", password: "pässwörd✓😀" });
  assert.is(await sent(client), `Basic ${b64("jürgen:pässwörd✓😀")}`);
});

test("authenticate() with no argument clears credentials, including the constructor's", async () => {
  const client = make({ auth: "ghp_fromoption" });
  assert.is(await sent(client), "token ghp_fromoption");
  client.authenticate({ type: "token", token: "ghp_replaced" });
  assert.is(await sent(client), "token ghp_replaced");
  client.authenticate();
  assert.is(await sent(client), undefined);
});

test("no auth option and no authenticate(): requests carry no authorization", async () => {
  assert.is(await sent(make()), undefined);
});

const invalid: Array<[string, unknown, RegExp]> = [
  ["no argument object", "ghp_secretvalue1", /takes an object such as \{ type: "token"/],
  [
    "unknown type",
    { type: "jwt", token: "ghp_secretvalue1" },
    /"type" must be "basic", "oauth", "token" or "app"; got "jwt"/,
  ],
  ["type that could be a secret", { type: "ghp_secretvalue1" }, /"type" must be .*got another string\./],
  ["prototype key as type", { type: "constructor" }, /"type" must be/],
  [
    "basic without password",
    { type: "basic", username: "octocat" },
    /"password" is missing; pass a non-empty string, e.g. \{ type: "basic", username: "<USERNAME>", password: "<PASSWORD>" \}/,
  ],
  ["basic without username", { type: "basic", password: "secretvalue1" }, /"username" is missing/],
  [
    "basic user with a colon",
    { type: "basic", username: "a:b", password: "secretvalue1" },
    /"username" contains ":".*RFC 7617/,
  ],
  ["token missing", { type: "token" }, /type "token": "token" is missing; .*<ACCESS_TOKEN>/],
  ["token empty", { type: "token", token: "  " }, /"token" is an empty string/],
  ["token not a string", { type: "token", token: 42 }, /"token" is a number/],
  [
    "token with a newline inside",
    { type: "token", token: "ghp_secretvalue1\nx-injected: 1" },
    /"token" contains CR, LF or NUL/,
  ],
  ["oauth with nothing", { type: "oauth" }, /"token" is missing; .*key: "<CLIENT_ID>"/],
  ["oauth key without secret", { type: "oauth", key: "Iv1.client" }, /"secret" is missing/],
  [
    "oauth token and key",
    { type: "oauth", token: "gho_secretvalue1", key: "k", secret: "secretvalue1" },
    /either "token" or "key" and "secret", not both/,
  ],
  ["app without token", { type: "app" }, /type "app": "token" is missing/],
];
for (const [name, form, message] of invalid) {
  test(`authenticate with ${name} throws a ParameterError naming the problem, sends nothing, keeps no secret`, async () => {
    const client = make({ auth: "ghp_previous" });
    let error: unknown;
    try {
      client.authenticate(form as never);
    } catch (caught) {
      error = caught;
    }
    assert.instance(error, ParameterError);
    assert.ok(isParameterError(error));
    assert.match((error as Error).message, message);
    assert.not.match((error as Error).message, /secretvalue1/);
    assert.is(server.requests.length, 0);
    assert.is(await sent(client), "token ghp_previous", "a failed authenticate() leaves the credentials as they were");
  });
}

const options: Array<[string, unknown, string]> = [
  ["a token", "ghp_abc123", "token ghp_abc123"],
  ["a token with surrounding whitespace", "  ghp_abc123\n", "token ghp_abc123"],
  ["a JWT", JWT, `bearer ${JWT}`],
  ["a value with the token scheme", "token ghs_abc", "token ghs_abc"],
  ["a value with the bearer scheme", "Bearer abc.def", "Bearer abc.def"],
  ["a value with the basic scheme", `basic ${b64("a:b")}`, `basic ${b64("a:b")}`],
  ["{ username, password }", { username: "octocat", password: "pw✓" }, `Basic ${b64("octocat:pw✓")}`],
  ["{ clientId, clientSecret }", { clientId: "Iv1.abc", clientSecret: "shh" }, `Basic ${b64("Iv1.abc:shh")}`],
  ["an authenticate() form", { type: "token", token: "ghp_form" }, "token ghp_form"],
];
for (const [name, auth, header] of options) {
  test(`auth option as ${name} → ${header.split(" ")[0]} …`, async () => {
    assert.is(await sent(make({ auth: auth as never })), header);
  });
}

const badOptions: Array<[string, unknown, RegExp]> = [
  ["an empty string", "", /"auth" option: "auth" is an empty string/],
  ["a number", 42, /must be a token string, \{ username, password \}.*got a number/],
  ["an array", ["ghp_secretvalue1"], /got an array/],
  ["an unrelated object", { token: "ghp_secretvalue1" }, /got an object/],
  ["{ username } without password", { username: "octocat" }, /"password" is missing/],
  ["{ clientId } without secret", { clientId: "Iv1.abc" }, /"clientSecret" is missing/],
  ["an App config without privateKey", { appId: 1 }, /"privateKey" is missing/],
  [
    "an App config with a non-PEM key",
    { appId: 1, privateKey: "secretvalue1" },
    /"privateKey" is not an unencrypted PEM RSA private key; pass the text of the .pem file/,
  ],
  [
    "an App config with an encrypted key",
    { appId: 1, privateKey: "-----BEGIN ENCRYPTED PRIVATE KEY-----\nsecretvalue1" },
    /"privateKey" is not an unencrypted PEM RSA private key/,
  ],
  [
    "an App config with a bad appId",
    { appId: -1, privateKey: "x" },
    /"appId" is -1, not a positive integer; pass the app's id \(a positive integer\) or client id/,
  ],
  [
    "an App config with a bad installationId",
    { appId: 1, installationId: 1.5, privateKey: "x" },
    /"installationId" is 1.5, not a whole number; pass a positive integer/,
  ],
];
for (const [name, auth, message] of badOptions) {
  test(`auth option as ${name} throws at construction`, () => {
    let error: unknown;
    try {
      make({ auth: auth as never });
    } catch (caught) {
      error = caught;
    }
    assert.instance(error, ParameterError);
    assert.match((error as Error).message, message);
    assert.not.match((error as Error).message, /secretvalue1/);
    assert.is(server.requests.length, 0);
  });
}

test("auth function: called once per request with method and url; its token gets a scheme", async () => {
  const calls: unknown[] = [];
  const client = make({
    auth: async (request) => (calls.push(request), calls.length === 2 ? JWT : `ghu_call${calls.length}`),
  });
  assert.is(await sent(client), "token ghu_call1");
  assert.is(await sent(client), `bearer ${JWT}`);
  assert.is(await sent(client), "token ghu_call3");
  assert.equal(calls[0], { method: "GET", url: "/user" });
  assert.is(calls.length, 3);
});

test("auth function returning undefined sends no credentials", async () => {
  assert.is(await sent(make({ auth: () => undefined })), undefined);
});

test("auth function returning a non-string rejects with a ParameterError, nothing sent", async () => {
  const error = await make({ auth: (() => 42) as never })
    .request("GET /user")
    .catch((e: unknown) => e);
  assert.instance(error, ParameterError);
  assert.match((error as Error).message, /must return a token string or undefined; it returned a number/);
  assert.is(server.requests.length, 0);
});

test("plugins listed before auth (inner hooks) see the credentials it attaches; a wrap outside does not", async () => {
  const seen: Array<string | undefined> = [];
  const spy: Plugin<void> = (client) =>
    void client.hook.wrap(
      "request",
      (request, options) => (seen.push(options.headers.authorization), request(options)),
    );
  const client = new (Client.plugin([spy, auth]))({ baseUrl: server.url, auth: "ghp_inner" });
  client.hook.wrap("request", (request, options) => (seen.push(options.headers.authorization), request(options)));
  await client.request("GET /user");
  assert.equal(seen, [undefined, "token ghp_inner"]);
});

test("instances share nothing: authenticate() on one leaves another alone", async () => {
  const one = make();
  const two = make({ auth: "ghp_two" });
  one.authenticate({ type: "token", token: "ghp_one" });
  assert.is(await sent(two), "token ghp_two");
  assert.is(await sent(one), "token ghp_one");
});

test.run();
