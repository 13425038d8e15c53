import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Agent } from "node:http";
import { Client, type EndpointOptions } from "../../kernel/index.js";
import { auth } from "../../plugins/auth/index.js";
import { agent } from "../../plugins/agent/index.js";
import { paginate } from "../../plugins/paginate/index.js";
import { allowedOrigins, targetOrigin } from "../../plugins/auth/origin.js";
import { startServer, type TestServer } from "../helpers/server.js";

const test = suite("auth: credentials go only to the API's origin");
const AuthClient = Client.plugin(auth);
const AgentAuthClient = Client.plugin([agent, auth]);
const httpAgent = new Agent({ keepAlive: true });
let api: TestServer;
let foreign: TestServer;
const TOKEN = "ghp_originTest0123456789";

test.before(async () => {
  foreign = await startServer({ "GET /issues": { body: [{ id: 2 }] }, "*": { body: { foreign: true } } });
  api = await startServer({
    "GET /user": { body: {} },
    "GET /issues": () => ({ headers: { link: `<${foreign.url}/issues?page=2>; rel="next"` }, body: [{ id: 1 }] }),
    "GET /to-foreign": () => ({ status: 302, headers: { location: `${foreign.url}/landing` } }),
    "GET /to-same": () => ({ status: 302, headers: { location: `${api.url}/user` } }),
  });
});
test.after(async () => {
  httpAgent.destroy();
  await Promise.all([api.close(), foreign.close()]);
});
test.before.each(() => {
  api.requests.length = 0;
  foreign.requests.length = 0;
});

const make = () => new AuthClient({ baseUrl: api.url, auth: TOKEN });
const header = (server: TestServer, index = 0) => server.requests[index]?.headers.authorization;

test("a route on the API origin carries the credentials (control)", async () => {
  await make().request("GET /user");
  assert.is(header(api), `token ${TOKEN}`);
});

test("an absolute URL on another origin is sent without credentials", async () => {
  await make().request(`GET ${foreign.url}/anything`);
  assert.is(foreign.requests.length, 1);
  assert.is(header(foreign), undefined);
});

test("an absolute URL on the API origin keeps them", async () => {
  await make().request(`GET ${api.url}/user`);
  assert.is(header(api), `token ${TOKEN}`);
});

test("a Link header's next URL on another origin, followed, is sent without credentials", async () => {
  const client = make();
  const first = await client.request("GET /issues");
  const next = /<([^>]+)>;\s*rel="next"/.exec(first.headers.link ?? "")?.[1];
  assert.ok(next?.startsWith(foreign.url));
  await client.request(next!);
  assert.is(header(api), `token ${TOKEN}`);
  assert.is(header(foreign), undefined);
});

test("paginate following a Link header to another origin sends that page without credentials", async () => {
  const client = new (Client.plugin([auth, paginate]))({ baseUrl: api.url, auth: TOKEN });
  const items = await client.paginate("GET /issues");
  assert.equal(items, [{ id: 1 }, { id: 2 }]);
  assert.is(header(api), `token ${TOKEN}`);
  assert.is(foreign.requests.length, 1);
  assert.is(header(foreign), undefined);
});

test("an {origin} template filled with another host is sent without credentials", async () => {
  await make().request("POST {origin}/repos/{owner}/{repo}/releases/{release_id}/assets", {
    origin: foreign.url,
    owner: "o",
    repo: "r",
    release_id: 1,
    data: "x",
  });
  assert.is(foreign.requests.length, 1);
  assert.is(header(foreign), undefined);
});

test("an {origin} template filled with the API origin keeps them", async () => {
  await make().request("GET {origin}/user", { origin: api.url });
  assert.is(header(api), `token ${TOKEN}`);
});

test("a per-call baseUrl on another origin is sent without credentials", async () => {
  await make().request("GET /user", { baseUrl: foreign.url });
  assert.is(header(foreign), undefined);
});

test("the auth function is not even asked for a request to another origin", async () => {
  let calls = 0;
  const client = new AuthClient({ baseUrl: api.url, auth: () => (calls++, TOKEN) });
  await client.request(`GET ${foreign.url}/x`);
  assert.is(calls, 0);
  await client.request("GET /user");
  assert.is(calls, 1);
});

test("authenticate() credentials follow the same rule", async () => {
  const client = new AuthClient({ baseUrl: api.url });
  client.authenticate({ type: "basic", username: "u", password: "p" });
  await client.request(`GET ${foreign.url}/x`);
  assert.is(header(foreign), undefined);
});

test("an authorization header the caller sets wins over the plugin's", async () => {
  await make().request("GET /user", { headers: { authorization: "token caller-own" } });
  assert.is(header(api), "token caller-own");
});

test("an outer wrap that retries with the same options object gets fresh credentials", async () => {
  const client = make();
  client.hook.wrap("request", async (request, options) => {
    await request(options);
    client.authenticate({ type: "token", token: "ghp_second" });
    return request(options);
  });
  await client.request("GET /user");
  assert.equal([header(api, 0), header(api, 1)], [`token ${TOKEN}`, "token ghp_second"]);
});

const transports = {
  fetch: () => make(),
  agent: () => new AgentAuthClient({ baseUrl: api.url, agent: httpAgent, auth: TOKEN }),
};
for (const [name, client] of Object.entries(transports)) {
  test(`${name}: a same-origin request redirected to another loopback port arrives without authorization`, async () => {
    const { data } = await client().request("GET /to-foreign");
    assert.equal(data, { foreign: true });
    assert.is(header(api), `token ${TOKEN}`);
    assert.is(foreign.requests.length, 1);
    assert.is(header(foreign), undefined);
  });

  test(`${name}: a same-origin redirect keeps authorization (control)`, async () => {
    await client().request("GET /to-same");
    assert.is(api.requests.length, 2);
    assert.is(header(api, 1), `token ${TOKEN}`);
  });
}

test("allowedOrigins: api.github.com pairs with uploads.github.com", () => {
  assert.equal(allowedOrigins("https://api.github.com"), ["https://api.github.com", "https://uploads.github.com"]);
  assert.equal(allowedOrigins("https://API.github.com:443/"), ["https://api.github.com", "https://uploads.github.com"]);
});

test("allowedOrigins: GHE.com pairs api.<sub>.ghe.com with uploads.<sub>.ghe.com", () => {
  assert.equal(allowedOrigins("https://api.octocorp.ghe.com"), [
    "https://api.octocorp.ghe.com",
    "https://uploads.octocorp.ghe.com",
  ]);
});

test("allowedOrigins: GHES and other hosts allow only their own origin", () => {
  assert.equal(allowedOrigins("https://ghe.example.com/api/v3"), ["https://ghe.example.com"]);
  assert.equal(allowedOrigins("http://api.github.com"), ["http://api.github.com"]);
  assert.equal(allowedOrigins("https://api.github.com.evil.example"), ["https://api.github.com.evil.example"]);
  assert.equal(allowedOrigins("not a url"), []);
});

const endpoint = (url: string, extra: Record<string, unknown> = {}): EndpointOptions =>
  ({
    method: "GET",
    url,
    baseUrl: "https://ghe.example.com/api/v3",
    headers: {},
    request: {},
    ...extra,
  }) as EndpointOptions;

test("targetOrigin reads the absolute URL, the {origin} parameter, else baseUrl", () => {
  assert.is(targetOrigin(endpoint("/repos/{owner}/{repo}")), "https://ghe.example.com");
  assert.is(
    targetOrigin(endpoint("https://uploads.github.com/repos/o/r/releases/1/assets")),
    "https://uploads.github.com",
  );
  assert.is(
    targetOrigin(endpoint("{origin}/repos/o/r", { origin: "https://UPLOADS.github.com" })),
    "https://uploads.github.com",
  );
  assert.is(targetOrigin(endpoint("{origin}/x")), undefined);
  assert.is(targetOrigin(endpoint("https://user:pw@evil.example/x")), "https://evil.example");
});

test.run();
