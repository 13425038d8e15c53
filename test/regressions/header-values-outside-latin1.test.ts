// Header values with control characters other than CR/LF/NUL, or characters above U+00FF,
// used to pass the kernel's check, run every hook, and then fail inside fetch as a
// NetworkError ("UND_ERR_INVALID_ARG", "Cannot convert argument to a ByteString"). They
// are a ParameterError before any hook now; tab, printable ASCII and Latin-1 still go through.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import sinon from "sinon";
import { Client, ParameterError } from "../../kernel/index.js";
import { startServer, type TestServer } from "../helpers/server.js";

const test = suite("regression: header values HTTP cannot carry");
let server: TestServer;

test.before(async () => {
  server = await startServer({ "GET /": (req) => ({ body: { value: req.headers["x-value"] } }) });
});
test.after(() => server.close());

for (const value of ["\x01", "a\x7fb", "\x1b[31m", "€uro", "\uD800", "😀", "a\u2028b"]) {
  test(`${JSON.stringify(value)} → ParameterError before any hook; nothing sent`, async () => {
    const client = new Client({ baseUrl: server.url });
    const before = sinon.spy();
    client.hook.before("request", before);
    const sent = server.requests.length;
    const error = await client.request("GET /", { headers: { "x-value": value } }).catch((e: unknown) => e);
    assert.instance(error, ParameterError);
    assert.is(
      (error as Error).message,
      'Header "x-value" for GET / contains CR, LF or NUL or another character HTTP forbids: remove it.',
    );
    assert.is(before.callCount, 0);
    assert.is(server.requests.length, sent);
  });
}

test("tab, printable ASCII and Latin-1 arrive as sent", async () => {
  const client = new Client({ baseUrl: server.url });
  for (const value of ["a\tb", '~!@#$%^&*()_+{}|:"<>?', "café ÿ ±"]) {
    const { data } = await client.request("GET /", { headers: { "x-value": value } });
    assert.is(data.value, value);
  }
});

test.run();
