import { suite } from "uvu";
import * as assert from "uvu/assert";
import { isSecondaryLimit, parseRateLimit, parseRetryAfter } from "../../plugins/policy/index.js";
import { resourceOf } from "../../plugins/throttle/resource.js";

// The pure parsers of the policy engine: no I/O, no clock.
const test = suite("policy engine: header parsers and resource inference");
const NOW = Date.UTC(2024, 0, 1);

test("Retry-After: delay-seconds, the three HTTP-date forms (against the server's clock), garbage", () => {
  assert.is(parseRetryAfter("120", NOW), 120_000);
  assert.is(parseRetryAfter(" 0 ", NOW), 0);
  assert.is(parseRetryAfter("Mon, 01 Jan 2024 00:01:30 GMT", NOW), 90_000);
  assert.is(parseRetryAfter("Monday, 01-Jan-24 00:01:30 GMT", NOW), 90_000);
  assert.is(parseRetryAfter("Mon Jan  1 00:01:30 2024", NOW), 90_000);
  assert.is(parseRetryAfter("Sun, 31 Dec 2023 23:00:00 GMT", NOW), 0, "a past date means now");
  for (const garbage of ["soon", "-5", "1.5", "12abc", "", "Mon, 01 Jan 2024", "2024-01-01T00:01:30Z", "NaN"]) {
    assert.is(parseRetryAfter(garbage, NOW), undefined, garbage);
  }
  assert.is(parseRetryAfter(undefined, NOW), undefined);
});

test("hostile 100 KB header values parse to nothing (bounded before any regex or Date.parse)", () => {
  const huge = "9".repeat(100_000);
  assert.is(parseRetryAfter(huge, NOW), undefined);
  assert.is(parseRetryAfter(`Mon, ${"0".repeat(100_000)}`, NOW), undefined);
  assert.is(parseRateLimit({ "x-ratelimit-remaining": huge, "x-ratelimit-resource": "a".repeat(100_000) }), undefined);
  assert.not.ok(isSecondaryLimit({ message: "x".repeat(100_000) }));
});

test("x-ratelimit-*: numbers only, a safe resource name, undefined when nothing is there", () => {
  const headers = {
    "x-ratelimit-limit": "5000",
    "x-ratelimit-remaining": "0",
    "x-ratelimit-reset": "1704067260",
    "x-ratelimit-used": "5000",
    "x-ratelimit-resource": "code_search",
  };
  assert.equal(parseRateLimit(headers), {
    limit: 5000,
    remaining: 0,
    reset: 1704067260,
    used: 5000,
    resource: "code_search",
  });
  assert.equal(
    parseRateLimit({ "x-ratelimit-remaining": "abc", "x-ratelimit-limit": "60", "x-ratelimit-resource": "core:evil" }),
    { limit: 60 },
  );
  assert.is(parseRateLimit({ etag: '"x"' }), undefined);
});

test("secondary limits are recognised by message or documentation_url, including the old abuse wording", () => {
  assert.ok(
    isSecondaryLimit({
      message: "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
    }),
  );
  assert.ok(
    isSecondaryLimit({
      message: "x",
      documentation_url: "https://docs.github.com/rest/overview/resources-in-the-rest-api#secondary-rate-limits",
    }),
  );
  assert.ok(
    isSecondaryLimit({ message: "You have triggered an abuse detection mechanism and have been temporarily blocked." }),
  );
  assert.not.ok(isSecondaryLimit({ message: "API rate limit exceeded for user ID 1." }));
  assert.not.ok(isSecondaryLimit("secondary rate limit"));
  assert.not.ok(isSecondaryLimit(null));
});

test("the resource a request will count against, before GitHub names it", () => {
  const cases: Array<[string, string, string]> = [
    ["GET", "/repos/{owner}/{repo}", "core"],
    ["GET", "/search/issues{?q,sort}", "search"],
    ["GET", "/search/code", "code_search"],
    ["POST", "/graphql", "graphql"],
    ["POST", "/repos/{owner}/{repo}/code-scanning/sarifs", "code_scanning_upload"],
    ["GET", "/repos/{owner}/{repo}/code-scanning/sarifs", "core"],
    ["POST", "/app-manifests/{code}/conversions", "integration_manifest"],
    ["POST", "/repos/{owner}/{repo}/dependency-graph/snapshots", "dependency_snapshots"],
    ["GET", "/orgs/{org}/audit-log", "audit_log"],
    ["GET", "https://ghe.example/api/v3/search/issues?q=x", "search"],
    ["GET", "https://api.github.com/search/code?q=x", "code_search"],
  ];
  for (const [method, url, resource] of cases) assert.is(resourceOf({ method, url }), resource, `${method} ${url}`);
});

test.run();
