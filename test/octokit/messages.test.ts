// Issue 14, item 6: App auth options say what is wrong with an id; a connection closed after
// the status line is reported as a cut body with its status, not as "no response".
import { suite } from "uvu";
import * as assert from "uvu/assert";
import forgekit, { NetworkError, ParameterError, isNetworkError } from "../../plugins/presets/full.js";
import { faults, startServer, type TestServer } from "../helpers/server.js";
import { generateAppKeys } from "../helpers/auth-keys.js";

const test = suite("octokit habits: messages");
const keys = generateAppKeys();
let server: TestServer;

test.before(async () => {
  server = await startServer({ "GET /cut": faults.resetMidBody(), "GET /reset": faults.reset() });
});
test.after(() => server.close());

const message = (appId: unknown) => {
  try {
    forgekit({ baseUrl: server.url, auth: { appId: appId as number, privateKey: keys.pkcs1 } });
  } catch (error) {
    assert.instance(error, ParameterError);
    return (error as Error).message;
  }
  return assert.unreachable("expected a ParameterError") as never;
};

test("appId: Number(undefined) (an unset variable) says NaN and asks about the variable", () => {
  assert.match(
    message(Number(process.env.FORGEKIT_SURELY_UNSET_APP_ID)),
    '"appId" is NaN (Number() of an unset or non-numeric value: is the environment variable set?); pass the app\'s id',
  );
});

test("appId: negative, fractional and missing each named", () => {
  assert.match(message(-3), '"appId" is -3, not a positive integer;');
  assert.match(message(0), '"appId" is 0, not a positive integer;');
  assert.match(message(1.5), '"appId" is 1.5, not a whole number;');
  assert.match(message(undefined), '"appId" is missing;');
});

test("a connection closed mid-body after a 200: the status is known and the message says the body was cut", async () => {
  const client = forgekit({ baseUrl: server.url, retry: false });
  const error = await client.request("GET /cut").catch((e: unknown) => e);
  assert.instance(error, NetworkError);
  assert.ok(isNetworkError(error));
  assert.is((error as NetworkError).status, 200);
  assert.match((error as Error).message, `GET ${server.url}/cut → 200, then the connection closed mid-body:`);
  assert.not.match((error as Error).message, "no response");
});

test("a reset before the status line is still 'no response', without a status", async () => {
  const error = (await forgekit({ baseUrl: server.url, retry: false })
    .request("GET /reset")
    .catch((e: unknown) => e)) as NetworkError;
  assert.match(error.message, "→ no response:");
  assert.is(error.status, undefined);
});

test.run();
