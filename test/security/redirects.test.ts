// Redirects on both transports: fetch follows them itself (Fetch standard, HTTP-redirect
// fetch); the agent transport follows them in plugins/agent/redirect.ts. Both must agree.
// https → http is in redirects-tls.test.ts.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Agent } from "node:http";
import { HttpError, NetworkError, type Response } from "../../kernel/index.js";
import { startServer, type Recorded, type TestServer } from "../helpers/server.js";
import { transports } from "../helpers/security.js";

const test = suite("security: redirects (fetch and agent)");
const httpAgent = new Agent({ keepAlive: true });
const make = transports(httpAgent);
const CREDENTIALS = {
  authorization: "token ghp_redirectsecret",
  "proxy-authorization": "Basic cHJveHk6cGFzcw==",
  cookie: "session=c00k1e",
};
const HEADERS = { ...CREDENTIALS, "x-keep": "kept" };
let main: TestServer;
let other: TestServer;

const echo = (req: Recorded) => ({ body: { method: req.method, body: req.body, headers: req.headers } });

test.before(async () => {
  other = await startServer({
    "* /landing": echo,
    "* /back": () => ({ status: 302, headers: { location: `${main.url}/landing` } }),
  });
  main = await startServer({
    "* /landing": echo,
    "* /redirect": (req) => ({
      status: Number(req.query.get("status")),
      headers: { location: req.query.get("to") ?? "/landing" },
    }),
    "* /chain": (req) => {
      const left = Number(req.query.get("n"));
      return left > 0 ? { status: 302, headers: { location: `/chain?n=${left - 1}` } } : echo(req);
    },
  });
});
test.after(async () => {
  httpAgent.destroy();
  await Promise.all([main.close(), other.close()]);
});
test.before.each(() => {
  main.requests.length = 0;
  other.requests.length = 0;
});

type Echo = { method: string; body: string; headers: Record<string, string> };
const sentCredentials = (data: Echo) => Object.keys(CREDENTIALS).filter((name) => data.headers[name] !== undefined);

for (const name of ["fetch", "agent"] as const) {
  const client = () => make[name]({ baseUrl: main.url });
  const redirect = (method: string, status: number, to?: string) =>
    client().request(`${method} /redirect{?status,to}`, {
      data: method === "GET" || method === "HEAD" ? undefined : '{"a":1}',
      headers: { ...HEADERS, "content-type": "application/json" },
      request: {},
      ...(to ? { to } : {}),
      status,
    }) as Promise<Response<Echo>>;

  for (const status of [307, 308]) {
    test(`${name}: same-origin ${status} keeps method, body and credentials`, async () => {
      const { data, url } = await redirect("POST", status);
      assert.is(url, `${main.url}/landing`);
      assert.is(data.method, "POST");
      assert.is(data.body, '{"a":1}');
      assert.equal(sentCredentials(data), Object.keys(CREDENTIALS));
    });
  }

  for (const [method, status, expected] of [
    ["POST", 303, "GET"],
    ["PUT", 303, "GET"],
    ["POST", 302, "GET"],
    ["POST", 301, "GET"],
    ["PUT", 302, "PUT"],
    ["HEAD", 303, "HEAD"],
  ] as const) {
    test(`${name}: same-origin ${status} after ${method} continues as ${expected}`, async () => {
      const response = await redirect(method, status);
      assert.is(main.requests.at(-1)!.method, expected);
      if (expected === "GET") {
        assert.is(main.requests.at(-1)!.body, "");
        assert.is(main.requests.at(-1)!.headers["content-type"], undefined, "body headers go with the body");
      }
      if (expected === "PUT") assert.is(response.data.body, '{"a":1}');
      assert.equal(
        Object.keys(CREDENTIALS).filter((h) => main.requests.at(-1)!.headers[h] !== undefined),
        Object.keys(CREDENTIALS),
      );
    });
  }

  for (const [label, target] of [
    ["the same host on another port", () => `${other.url}/landing`],
    ["another host name, same port", () => `${main.url.replace("127.0.0.1", "localhost")}/landing`],
  ] as const) {
    test(`${name}: a cross-origin redirect to ${label} drops authorization, proxy-authorization and cookie`, async () => {
      const { data } = await redirect("GET", 302, target());
      assert.equal(sentCredentials(data), []);
      assert.is(data.headers["x-keep"], "kept", "other headers still go");
      assert.ok(data.headers["user-agent"]?.startsWith("forgekit/"));
    });
  }

  test(`${name}: a cross-origin 307 keeps the body but not the credentials`, async () => {
    const { data } = await redirect("POST", 307, `${other.url}/landing`);
    assert.is(data.method, "POST");
    assert.is(data.body, '{"a":1}');
    assert.equal(sentCredentials(data), []);
  });

  test(`${name}: credentials dropped once stay dropped when a redirect comes back to the first origin`, async () => {
    const { data, url } = await redirect("GET", 302, `${other.url}/back`);
    assert.is(url, `${main.url}/landing`);
    assert.equal(sentCredentials(data), []);
  });

  test(`${name}: 20 redirects are followed`, async () => {
    const { data } = await client().request("GET /chain", { n: 20 });
    assert.is(data.method, "GET");
    assert.is(main.requests.length, 21);
  });

  test(`${name}: a redirect loop ends with a NetworkError that says so, after the 21st redirect`, async () => {
    const error = await client()
      .request("GET /chain", { n: 1000 })
      .catch((e: unknown) => e);
    assert.instance(error, NetworkError);
    assert.is(
      (error as Error).message,
      `GET ${main.url}/chain?n=1000 → no response: redirect count exceeded (a loop?): request.redirect "manual" returns the 3xx response`,
    );
    assert.is(main.requests.length, 21);
  });

  test(`${name}: request.redirect "manual" returns the 3xx response with the location as sent`, async () => {
    const response = await client().request("GET /redirect", {
      status: 302,
      to: "/landing?x=1",
      request: { redirect: "manual" },
    });
    assert.is(response.status, 302);
    assert.is(response.headers.location, "/landing?x=1");
    assert.is(main.requests.length, 1);
    const absolute = await client().request("GET /redirect", {
      status: 301,
      to: `${other.url}/landing`,
      request: { redirect: "manual" },
    });
    assert.is(absolute.headers.location, `${other.url}/landing`);
    assert.is(other.requests.length, 0);
  });

  test(`${name}: "manual" works as a client default too`, async () => {
    const response = await make[name]({ baseUrl: main.url, request: { redirect: "manual" } }).request("GET /redirect", {
      status: 308,
    });
    assert.is(response.status, 308);
    assert.is(response.headers.location, "/landing");
  });

  for (const to of ["file:///etc/passwd", "data:application/json,{}", "ftp://127.0.0.1/x"]) {
    test(`${name}: a redirect to ${to.split(":")[0]}: is not followed`, async () => {
      const error = await redirect("GET", 302, to).catch((e: unknown) => e);
      assert.instance(error, NetworkError);
      assert.not.instance(error, HttpError);
      assert.is(main.requests.length, 1);
    });
  }
}

test.run();
