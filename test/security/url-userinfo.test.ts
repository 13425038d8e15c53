// Userinfo in a request's URL (`https://user:pw@host/…`): node:http sent it as Basic auth of
// its own, and the echoed value was not redacted. It is refused before any I/O on every
// transport, per-call URL or per-call baseUrl, with an error that shows neither part.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Agent } from "node:http";
import { ParameterError } from "../../kernel/index.js";
import { startServer, type TestServer } from "../helpers/server.js";
import { exposures, leaks, transports } from "../helpers/security.js";

const test = suite("security: userinfo in a per-call URL");
const httpAgent = new Agent({ keepAlive: true });
const make = transports(httpAgent);
const USER = "octo-user";
const PASSWORD = "pw-9f2c1e";
const BASIC = Buffer.from(`${USER}:${PASSWORD}`).toString("base64");
let server: TestServer;

test.before(async () => {
  // Echoes the authorization it received, as a hostile or debugging server might.
  server = await startServer({ "GET /echo": (req) => ({ body: { got: req.headers.authorization ?? null } }) });
});
test.after(async () => {
  httpAgent.destroy();
  await server.close();
});
test.before.each(() => void (server.requests.length = 0));

const withUserinfo = (userinfo: string) => server.url.replace("http://", `http://${userinfo}@`);

for (const name of ["fetch", "node", "agent"] as const) {
  const client = () => make[name]({ baseUrl: server.url });

  for (const userinfo of [`${USER}:${PASSWORD}`, USER, `:${PASSWORD}`]) {
    test(`${name}: GET http://${userinfo}@127.0.0.1:port/echo → ParameterError before any I/O, neither part shown`, async () => {
      let hooked = 0;
      const sending = client();
      sending.hook.before("request", () => void hooked++);
      const error = await sending.request(`GET ${withUserinfo(userinfo)}/echo`).catch((e: unknown) => e);
      assert.instance(error, ParameterError);
      assert.is(
        (error as Error).message,
        `The URL of a GET request holds credentials ("http://[REDACTED]@${new URL(server.url).host}"): remove them from the URL and pass them as the auth option (or an authorization header) instead.`,
      );
      assert.equal(leaks(exposures(error), [PASSWORD, USER, BASIC]), []);
      assert.is(server.requests.length, 0);
      assert.is(hooked, 0);
    });
  }

  test(`${name}: a per-call baseUrl with userinfo → the same ParameterError, nothing sent`, async () => {
    const error = await client()
      .request("GET /echo", { baseUrl: withUserinfo(`${USER}:${PASSWORD}`) })
      .catch((e: unknown) => e);
    assert.instance(error, ParameterError);
    assert.match((error as Error).message, /holds credentials/);
    assert.equal(leaks(exposures(error), [PASSWORD, BASIC]), []);
    assert.is(server.requests.length, 0);
  });

  test(`${name}: a hook that writes userinfo into the URL is refused too, before the transport`, async () => {
    const sending = client();
    sending.hook.before("request", (options) => void (options.url = `${withUserinfo(`${USER}:${PASSWORD}`)}/echo`));
    const error = await sending.request("GET /echo").catch((e: unknown) => e);
    assert.instance(error, ParameterError);
    assert.equal(leaks(exposures(error), [PASSWORD, BASIC]), []);
    assert.is(server.requests.length, 0);
  });

  test(`${name}: the same URL without userinfo is sent, with no authorization`, async () => {
    const { data } = await client().request(`GET ${server.url}/echo`);
    assert.equal(data, { got: null });
    assert.is(server.requests.length, 1);
  });
}

test("a URL that does not parse is named without its userinfo", async () => {
  const error = await make
    .node({ baseUrl: server.url })
    .request(`GET http://${USER}:${PASSWORD}@exa mple/echo`)
    .catch((e: unknown) => e);
  assert.instance(error, ParameterError);
  assert.match((error as Error).message, /not a valid http\(s\) URL/);
  assert.equal(leaks(exposures(error), [PASSWORD, USER]), []);
});

test.run();
