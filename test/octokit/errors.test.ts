// Issue 14: code ported from @octokit checks `error instanceof RequestError` for HTTP errors.
// In forgekit `RequestError` is the HTTP error too; the pre-send error is `ParameterError`.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import forgekit, {
  HttpError,
  ParameterError,
  RequestError,
  isHttpError,
  isParameterError,
} from "../../plugins/presets/full.js";
import { startServer, type TestServer } from "../helpers/server.js";

const test = suite("octokit habits: error names");
let server: TestServer;

test.before(async () => {
  server = await startServer({ "GET /repos/o/missing": { status: 404, body: { message: "Not Found" } } });
});
test.after(() => server.close());

test("a 404 is `instanceof RequestError`, as in @octokit, with name HttpError and status", async () => {
  const client = forgekit({ baseUrl: server.url, retry: false });
  const error = await client.repos.get({ owner: "o", repo: "missing" }).catch((e: unknown) => e);
  assert.ok(error instanceof RequestError);
  assert.ok(error instanceof HttpError);
  assert.ok(isHttpError(error));
  assert.is((error as RequestError).status, 404);
  assert.is((error as Error).name, "HttpError");
  assert.not.ok(error instanceof ParameterError);
});

test("a mistake caught before sending is a ParameterError, not a RequestError", async () => {
  const client = forgekit({ baseUrl: server.url });
  const before = server.requests.length;
  const error = await client.repos.get({ owner: "o" } as never).catch((e: unknown) => e);
  assert.ok(error instanceof ParameterError);
  assert.ok(isParameterError(error));
  assert.not.ok(error instanceof RequestError);
  assert.is(server.requests.length, before);
});

test.run();
