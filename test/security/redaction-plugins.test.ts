// The errors plugins throw (RateLimitError from retry/throttle, errors through cache and
// paginate) carry requests, responses and causes too: planted secrets must not show there.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Agent } from "node:http";
import { Client } from "../../kernel/index.js";
import { agent as agentPlugin } from "../../plugins/agent/index.js";
import { cache } from "../../plugins/cache/index.js";
import { paginate } from "../../plugins/paginate/index.js";
import { retry } from "../../plugins/retry/index.js";
import { throttle } from "../../plugins/throttle/index.js";
import { startServer, type TestServer } from "../helpers/server.js";
import { exposures, leaks } from "../helpers/security.js";

const test = suite("security: no credential in errors thrown through retry, throttle, cache and paginate");
const TOKEN = "ghp_pluginPlantedToken0123456789abcdef";
const SECRET = "pl4nted-s3cret";
const SECRETS = [TOKEN.slice(4), SECRET];
const All = Client.plugin([retry, throttle, cache, paginate, agentPlugin]);
const httpAgent = new Agent({ keepAlive: true });
let server: TestServer;
let closedUrl: string;

test.before(async () => {
  const echo = { "x-echo": TOKEN, "set-cookie": `session=${SECRET}` };
  server = await startServer({
    "GET /primary": () => ({
      status: 403,
      headers: {
        ...echo,
        "x-ratelimit-remaining": "0",
        "x-ratelimit-reset": String(Math.floor(Date.now() / 1000) + 3600),
      },
      body: { message: `API rate limit exceeded for ${TOKEN}` },
    }),
    "GET /secondary": {
      status: 403,
      headers: { ...echo, "retry-after": "3600" },
      body: { message: `You have exceeded a secondary rate limit (${TOKEN})` },
    },
    "GET /failing": { status: 502, headers: echo, body: { message: `upstream saw ?code=${SECRET}` } },
    "GET /pages": () => ({
      headers: { link: `<${closedUrl}/pages?access_token=${SECRET}&t=${TOKEN}&page=2>; rel="next"` },
      body: [1],
    }),
  });
  const closed = await startServer();
  closedUrl = closed.url;
  await closed.close();
});
test.after(async () => {
  httpAgent.destroy();
  await server.close();
});

for (const name of ["fetch", "agent"] as const) {
  const make = () =>
    new All({
      baseUrl: server.url,
      headers: { authorization: `token ${TOKEN}`, cookie: `session=${SECRET}` },
      retry: { retries: 1, delay: 0, maxWait: 10 },
      throttle: { maxWait: 10 },
      cache: true,
      ...(name === "agent" ? { agent: httpAgent } : {}),
    });
  const params = { access_token: SECRET, code: SECRET };

  for (const [label, run] of [
    ["a primary rate limit too long to wait for", () => make().request("GET /primary", params)],
    ["a secondary rate limit too long to wait for", () => make().request("GET /secondary", params)],
    ["a 502 after the retries ran out", () => make().request("GET /failing", params)],
    ["paginate following a next link (with secrets) to a closed port", () => make().paginate("GET /pages", params)],
  ] as const) {
    test(`${name}: ${label}`, async () => {
      const error = await (run as () => Promise<unknown>)().then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.instance(error, Error);
      const found = leaks(exposures(error), SECRETS);
      assert.equal(found, [], found.join("\n"));
    });
  }
}

test.run();
