import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Client, merge, parse } from "../../kernel/index.js";
import { ParameterError } from "../../kernel/errors.js";
import type { EndpointOptions, RequestParameters } from "../../kernel/types.js";

// The shortcuts of the request path (kernel/route.ts, kernel/url-template.ts) against the
// long way they stand for: one merge for two, a template analysed once, a URL checked once.
const test = suite("kernel: merge and parse shortcuts");

const DEFAULTS: EndpointOptions = {
  method: "GET",
  url: "",
  baseUrl: "https://api.github.com",
  headers: { accept: "application/vnd.github.v3+json", "user-agent": "test" },
  request: { timeout: 5 },
};

const BASES: RequestParameters[] = [
  { method: "get", url: "/repos/{owner}/{repo}" },
  { method: "POST", url: "/markdown/raw", headers: { "Content-Type": "text/plain" }, request: { validate: 1 } },
  { method: "GET", url: "/x", mediaType: { format: "diff" } },
  { method: "GET", url: "/x", mediaType: undefined },
];
const PARAMS: (RequestParameters | undefined)[] = [
  undefined,
  { owner: "o", repo: "r" },
  { headers: { Accept: "text/html", "x-a": "1" }, request: { timeout: 9 } },
  { mediaType: { previews: ["mercy"] } },
  { mediaType: undefined, method: "patch" },
];

test("request.defaults(frozen base) merges like a copy of it, for every combination, and never changes it", () => {
  const client = new Client({ baseUrl: "https://api.github.com", headers: { "user-agent": "test" } });
  for (const base of BASES)
    for (const params of PARAMS) {
      const frozen = Object.freeze({ ...base });
      const expected = client.request.defaults({ ...base }).endpoint.merge(params ?? {});
      const actual = client.request.defaults(frozen).endpoint.merge(params);
      assert.equal(actual, expected, JSON.stringify({ base, params }));
      assert.is.not(actual.headers, client.request.endpoint.DEFAULTS.headers, "fresh headers");
      assert.is.not(actual.request, base.request, "fresh request options");
      assert.equal(frozen, { ...base });
    }
});

test("merge never changes or returns what it is given", () => {
  const params = { owner: "o", headers: { "X-B": "2" } };
  const merged = merge(DEFAULTS, params);
  merged.headers["x-c"] = "3";
  (merged as Record<string, unknown>).owner = "changed";
  assert.equal(params, { owner: "o", headers: { "X-B": "2" } });
  assert.equal(DEFAULTS.headers, { accept: "application/vnd.github.v3+json", "user-agent": "test" });
});

test("an own __proto__ key (JSON.parse makes them) stays a plain property: no prototype is swapped in", () => {
  // kernel/merge.ts copies with Object.assign for speed, which would call the __proto__ setter.
  const params = JSON.parse('{"__proto__": {"injected": "yes"}, "owner": "o"}') as RequestParameters;
  const bound = new Client().request.defaults(Object.freeze({ ...BASES[0]! }));
  for (const merged of [merge(DEFAULTS, "GET /repos/{owner}", params), bound.endpoint.merge(params)]) {
    assert.is(Object.getPrototypeOf(merged), Object.prototype);
    assert.ok(Object.hasOwn(merged, "__proto__"), "kept as an own property, as a spread keeps it");
    assert.is((merged as Record<string, unknown>).injected, undefined);
    assert.is((merged as Record<string, unknown>).owner, "o");
  }
  const request = merge(DEFAULTS, "GET /x", { request: JSON.parse('{"__proto__": {"fetch": 1}}') }).request;
  assert.is(Object.getPrototypeOf(request), Object.prototype);
  assert.is(request.fetch, undefined);
});

test("a template parsed many times expands each time with its own values; errors name the parameter", () => {
  const route = { ...DEFAULTS, url: "/repos/{owner}/{repo}/contents/{+path}{?ref}" };
  for (const [owner, path, ref, url] of [
    ["a", "docs/x.md", undefined, "https://api.github.com/repos/a/r/contents/docs%2Fx.md"],
    ["b c", "", "main", "https://api.github.com/repos/b%20c/r/contents/?ref=main"],
    // One trailing slash goes, as @octokit/endpoint drops it.
    ["d", "/", undefined, "https://api.github.com/repos/d/r/contents"],
  ] as const)
    assert.is(parse({ ...route, owner, repo: "r", path, ref }).url, url);
  assert.throws(
    () => parse({ ...route, owner: "..", repo: "r" }),
    (error: Error) => /"\.\."/.test(error.message),
  );
  assert.throws(
    () => parse({ ...route, repo: "r", path: "p" }),
    (error: Error) => error instanceof ParameterError && /Path parameter "owner" .* is missing/.test(error.message),
  );
});

test("a bad baseUrl is refused on every request, not only the first", () => {
  for (let i = 0; i < 3; i++)
    assert.throws(
      () => parse({ ...DEFAULTS, baseUrl: "https://exa mple.com", url: "/repos/{owner}", owner: "o" }),
      (error: Error) => error instanceof ParameterError && /is not a valid http\(s\) URL/.test(error.message),
    );
  // The same template with a good baseUrl is fine, and a bad origin parameter still fails.
  assert.is(parse({ ...DEFAULTS, url: "/repos/{owner}", owner: "o" }).url, "https://api.github.com/repos/o");
  assert.throws(
    () => parse({ ...DEFAULTS, url: "{origin}/x", origin: "https://bad host" }),
    (error: Error) => error instanceof ParameterError,
  );
});

test.run();
