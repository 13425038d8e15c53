// Issue 35, items 3 and 5: code written for @octokit checks `error.status === 500` when no
// response came (v16 and v22 alike), and `error instanceof RequestError` with the class from
// its own @octokit/request-error. The drop-in's errors answer both, and stay forgekit's own
// (`NetworkError`, `TimeoutError`, `HttpError`); forgekit() keeps "no fake status 500".
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createRequire } from "node:module";
import { Octokit as RealOctokit } from "@octokit/rest";
import { RequestError } from "@octokit/request-error";
import forgekit, {
  HttpError,
  NetworkError,
  Octokit,
  TimeoutError,
  isHttpError,
  isNetworkError,
} from "../../plugins/presets/full.js";
import { startServer, type TestServer } from "../helpers/server.js";

const require = createRequire(import.meta.url);
const V16 = require("octokit-rest-v16").Octokit as new (options: object) => any;

const test = suite("octokit drop-in: no response, and RequestError");
let server: TestServer;
let closed: string;
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

test.before(async () => {
  server = await startServer({
    "GET /missing": { status: 404, body: { message: "Not Found" } },
    "GET /slow": () => new Promise(() => {}),
  });
  const gone = await startServer();
  closed = gone.url;
  await gone.close();
});
test.after(() => server.close());

const refused = (client: any) => client.request("GET /x").catch((e: unknown) => e);

test("a refused connection: status 500 on @octokit/rest 16 and 22, and on Octokit, which stays a NetworkError", async () => {
  const theirs = [
    await refused(new V16({ baseUrl: closed, log: quiet })),
    await refused(new RealOctokit({ baseUrl: closed, log: quiet })),
  ];
  assert.equal(
    theirs.map((e) => e.status),
    [500, 500],
  );
  const error = await refused(new Octokit({ baseUrl: closed }));
  assert.is(error.status, theirs[0].status);
  assert.instance(error, NetworkError);
  assert.is(error.name, "NetworkError");
  assert.ok(isNetworkError(error));
  assert.ok(Object.keys(error).includes("status"), "a plain field, so it logs");
  const own = await refused(forgekit({ baseUrl: closed, retry: false }));
  assert.instance(own, NetworkError);
  assert.is(own.status, undefined, "forgekit(): no status without a response");
});

test("a timeout: status 500 on @octokit/rest 16, and on Octokit as a TimeoutError", async () => {
  const slow = (client: any) => client.request("GET /slow", { request: { timeout: 50 } }).catch((e: unknown) => e);
  const theirs = await slow(new V16({ baseUrl: server.url, log: quiet }));
  assert.is(theirs.status, 500);
  const error = await slow(new Octokit({ baseUrl: server.url }));
  assert.instance(error, TimeoutError);
  assert.is(error.status, theirs.status);
});

test("the caller's error hook already sees status 500", async () => {
  const octokit = new Octokit({ baseUrl: closed });
  let seen: unknown;
  octokit.hook.error("request", (error) => {
    seen = (error as { status?: number }).status;
    throw error;
  });
  await refused(octokit);
  assert.is(seen, 500);
});

test("instanceof RequestError (the project's @octokit/request-error) holds as on @octokit/rest 22; instanceof HttpError too", async () => {
  const theirs = await new RealOctokit({ baseUrl: server.url }).request("GET /missing").catch((e: unknown) => e);
  assert.ok(theirs instanceof RequestError);
  const error = await new Octokit({ baseUrl: server.url }).request("GET /missing").catch((e: unknown) => e);
  assert.ok(error instanceof RequestError);
  assert.instance(error, HttpError);
  assert.ok(isHttpError(error));
  assert.is((error as HttpError).name, "HttpError");
  assert.is((error as HttpError).status, 404);
  assert.match((error as HttpError).message, /GET .*\/missing → 404/);
  assert.ok((error as HttpError).response?.data, "forgekit's members are kept");
  assert.ok(
    (await refused(new Octokit({ baseUrl: closed }))) instanceof RequestError,
    "no response: a RequestError too",
  );
  const own = await forgekit({ baseUrl: server.url, retry: false })
    .request("GET /missing")
    .catch((e: unknown) => e);
  assert.not.ok(own instanceof RequestError, "forgekit(): forgekit's classes only");
  assert.instance(own, HttpError);
});

test.run();
