// A lone UTF-16 surrogate in a path or query parameter made encodeURIComponent throw a bare
// URIError ("URI malformed") out of client.request; it is a ParameterError naming the
// parameter now, thrown before any hook or I/O.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import sinon from "sinon";
import { Client, ParameterError } from "../../kernel/index.js";

const test = suite("regression: lone surrogates in parameters");

for (const [label, route, params] of [
  ["a {name} path parameter", "GET /repos/{owner}/{repo}", { owner: "o", repo: "r\uD800" }],
  ["a {+path} segment", "GET /repos/o/r/contents/{+path}", { path: "docs/\uDC00.md" }],
  ["a leftover query parameter", "GET /search/code", { q: "a\uDBFF" }],
  ["a {?name} query expression", "GET /search/code{?q}", { q: "\uD83D" }],
] as const) {
  test(`${label}: ParameterError, no hook ran, nothing sent`, async () => {
    const client = new Client({ baseUrl: "http://127.0.0.1:9" });
    const before = sinon.spy();
    client.hook.before("request", before);
    const error = await client.request(route, params).catch((e: unknown) => e);
    assert.instance(error, ParameterError);
    assert.match(
      (error as Error).message,
      /^Parameter "(repo|path|q)" for GET \/.+ has a lone surrogate: pass well-formed UTF-16\.$/,
    );
    assert.is(before.callCount, 0);
    assert.throws(
      () => client.request.endpoint(route, params),
      (e: unknown) => e instanceof ParameterError,
    );
  });
}

test("a well-formed surrogate pair (an emoji) is encoded, not refused", () => {
  const { url } = new Client().request.endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "😀" });
  assert.is(url, "https://api.github.com/repos/o/%F0%9F%98%80");
});

test.run();
