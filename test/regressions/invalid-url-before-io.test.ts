// An unparseable URL (a bad baseUrl, a route that makes one) used to reach fetch after every
// hook had run, and fetch's TypeError kept the whole URL — query secrets included — in a
// nested cause's `input` property. It is a ParameterError from parse() now, before any hook —
// and a bad `baseUrl` option is refused by the constructor already.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { inspect } from "node:util";
import sinon from "sinon";
import { Client, ParameterError } from "../../kernel/index.js";

const test = suite("regression: invalid URLs are refused before any I/O");

for (const [label, baseUrl, route] of [
  ["a space in the host", "http://exa mple.com", "GET /x"],
  ["a port out of range", "http://127.0.0.1:99999", "GET /x"],
  ["an unclosed IPv6 host", "http://[::1", "GET /x"],
  ["a baseUrl without a scheme", "api.github.com", "GET /x"],
  ["a baseUrl that is not http(s)", "ftp://files.example", "GET /x"],
] as const) {
  test(`${label}: the constructor refuses it as baseUrl, a ParameterError naming the option`, () => {
    assert.throws(
      () => new Client({ baseUrl }),
      (error: Error) => error instanceof ParameterError && /^baseUrl must /.test(error.message),
    );
  });

  test(`${label}, given per request: ParameterError naming the URL (redacted), no hook ran`, async () => {
    const client = new Client();
    const before = sinon.spy();
    client.hook.before("request", before);
    const error = await client.request(route, { baseUrl, access_token: "s3cr3t-value" }).catch((e: unknown) => e);
    assert.instance(error, ParameterError);
    // Checked before the query is added: the message cannot quote a query secret at all.
    assert.is((error as Error).message, `URL "${baseUrl}/x" for GET /x is not a valid http(s) URL: check baseUrl.`);
    assert.not.ok(inspect(error, { depth: 10, showHidden: true }).includes("s3cr3t-value"));
    assert.is(before.callCount, 0);
  });
}

test("valid URLs are untouched: a path prefix, a port, an IPv6 host", () => {
  for (const baseUrl of ["https://ghe.example/api/v3", "http://127.0.0.1:8080", "http://[::1]:3000"]) {
    assert.is(new Client({ baseUrl }).request.endpoint("GET /x").url, `${baseUrl}/x`);
  }
});

test.run();
