// A JSON error body nested thousands of levels deep (6 KB) must not overflow the stack: the
// HttpError keeps its status and the body as text, and it is not retried as a network error.
// On every transport: the runtime's fetch, Node's default (node:http), node:http with an agent.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Agent } from "node:http";
import { HttpError, NetworkError } from "../../kernel/index.js";
import { retry } from "../../plugins/retry/index.js";
import { startServer, type TestServer } from "../helpers/server.js";
import { WithAgent } from "../helpers/security.js";

const test = suite("regression: a deeply nested JSON error body");
const httpAgent = new Agent({ keepAlive: true });
const DEPTH = 3000;
const NESTED = `{"message":"nested","errors":${"[".repeat(DEPTH)}${"]".repeat(DEPTH)}}`;
// Deep but within any sane bound: parsed as ever.
const SHALLOW = `{"message":"Validation Failed","errors":${"[".repeat(20)}${"]".repeat(20)}}`;
// Brackets inside strings (after an escaped quote, too) are text, not nesting.
const BRACKETS_IN_STRING = JSON.stringify({ message: `\\"${"[{".repeat(DEPTH)}`, errors: [] });
let server: TestServer;

test.before(async () => {
  const json = { "content-type": "application/json; charset=utf-8" };
  server = await startServer({
    "GET /nested-422": { status: 422, headers: json, body: NESTED },
    "GET /nested-502": { status: 502, headers: json, body: NESTED },
    "GET /nested-200": { status: 200, headers: json, body: NESTED },
    "GET /shallow-422": { status: 422, headers: json, body: SHALLOW },
    "GET /brackets-422": { status: 422, headers: json, body: BRACKETS_IN_STRING },
  });
});
test.after(async () => {
  httpAgent.destroy();
  await server.close();
});
test.before.each(() => void (server.requests.length = 0));

for (const name of ["fetch", "node", "agent"] as const) {
  const Retrying = WithAgent.plugin(retry);
  const client = () =>
    name === "fetch"
      ? new Retrying({ baseUrl: server.url, retry: { delay: 1 }, request: { fetch: globalThis.fetch } })
      : name === "agent"
        ? new Retrying({ baseUrl: server.url, retry: { delay: 1 }, agent: httpAgent })
        : new Retrying({ baseUrl: server.url, retry: { delay: 1 } });

  test(`${name}: 422 with ${NESTED.length} bytes nested ${DEPTH} deep → HttpError 422, body kept as text, sent once`, async () => {
    assert.ok(NESTED.length >= 6000);
    const error = await client()
      .request("GET /nested-422")
      .catch((e: unknown) => e);
    assert.instance(error, HttpError);
    assert.not.instance(error, NetworkError);
    assert.is((error as HttpError).status, 422);
    assert.is((error as HttpError).response?.data, NESTED);
    assert.match((error as Error).message, /GET .*\/nested-422 → 422 .*nested deeper than/);
    assert.is(server.requests.length, 1);
  });

  test(`${name}: 502 with the same body → HttpError 502 (retried as a 502, not as a broken connection)`, async () => {
    const error = await client()
      .request("GET /nested-502")
      .catch((e: unknown) => e);
    assert.instance(error, HttpError);
    assert.is((error as HttpError).status, 502);
    assert.is((error as HttpError).response?.data, NESTED);
    // The retry plugin's own count for a 502 (retries: 3 by default), not a network error's.
    assert.is(server.requests.length, 4);
  });

  test(`${name}: 200 with the same body → parsed (V8's JSON.parse needs no stack for depth), sent once`, async () => {
    const { status, data } = await client().request("GET /nested-200");
    assert.is(status, 200);
    let depth = 0;
    for (let at: unknown = (data as { errors: unknown }).errors; Array.isArray(at); at = at[0]) depth++;
    assert.is(depth, DEPTH);
    assert.is(server.requests.length, 1);
  });

  test(`${name}: nesting 20 deep is parsed as ever`, async () => {
    const error = await client()
      .request("GET /shallow-422")
      .catch((e: unknown) => e);
    assert.instance(error, HttpError);
    assert.equal((error as HttpError).response?.data, JSON.parse(SHALLOW));
    const quoted = await client()
      .request("GET /brackets-422")
      .catch((e: unknown) => e);
    assert.equal((quoted as HttpError).response?.data, JSON.parse(BRACKETS_IN_STRING));
  });
}

test.run();
