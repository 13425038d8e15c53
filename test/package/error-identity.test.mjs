// `instanceof` across copies of forgekit. `require` and `import` under the "node" condition
// load one copy, the Node bundle (dist/cjs only requires dist/node); the per-file ESM build
// (what bundlers and a second installed version look like) defines the error classes again.
// kernel/errors.ts makes every class's `instanceof` and its `is…` guard hold for errors from
// any copy.
import { test } from "uvu";
import * as assert from "uvu/assert";
import http from "node:http";
import { createRequire } from "node:module";
import { RequestError as OctokitRequestError } from "@octokit/request-error";

const require = createRequire(import.meta.url);
const resolved = (entry) => import.meta.resolve(entry);
const required = {
  main: require("forgekit"),
  graphql: require("forgekit/plugins/graphql"),
  policy: require("forgekit/plugins/throttle"),
};
const copies = {
  node: {
    main: await import("forgekit"),
    graphql: await import("forgekit/plugins/graphql"),
    policy: await import("forgekit/plugins/throttle"),
  },
  esm: {
    main: await import(resolved("forgekit").replace("/dist/node/", "/dist/esm/")),
    graphql: await import(resolved("forgekit/plugins/graphql").replace("/dist/node/", "/dist/esm/")),
    policy: await import(resolved("forgekit/plugins/throttle").replace("/dist/node/", "/dist/esm/")),
  },
};

let server;
let url;
test.before(async () => {
  server = http.createServer((req, res) => {
    res.writeHead(404, { "content-type": "application/json", "x-github-request-id": "0C4A:1:2:3:4" });
    res.end(JSON.stringify({ message: "Not Found" }));
  });
  await new Promise((done) => server.listen(0, "127.0.0.1", done));
  url = `http://127.0.0.1:${server.address().port}`;
});
test.after(() => server.close());

test("require and import give the same classes in one process", () => {
  const { node } = copies;
  assert.is(required.main.HttpError, node.main.HttpError);
  assert.is(required.main.Client, node.main.Client);
  assert.is(required.main.default, node.main.default);
  assert.is(required.graphql.GraphqlResponseError, node.graphql.GraphqlResponseError);
  assert.is(required.policy.RateLimitError, node.policy.RateLimitError);
});

test("the Node bundle and the per-file ESM build are different classes (the test would prove nothing otherwise)", () => {
  const { node, esm } = copies;
  assert.is.not(node.main.HttpError, esm.main.HttpError);
  assert.is.not(node.graphql.GraphqlResponseError, esm.graphql.GraphqlResponseError);
  assert.is.not(node.policy.RateLimitError, esm.policy.RateLimitError);
});

/** One error of each class, made by `copy`; HttpError from a real 404. */
async function errorsOf(copy) {
  const { main, graphql, policy } = copy;
  const request = { method: "GET", url: `${url}/x`, headers: {} };
  const http404 = await main
    .default({ baseUrl: url, retry: false })
    .request("GET /repos/o/r")
    .catch((e) => e);
  return {
    HttpError: http404,
    NetworkError: new main.NetworkError("no response", request),
    TimeoutError: new main.TimeoutError("too slow", request, 10),
    AbortError: new main.AbortError("aborted", request),
    ResponseTooLargeError: new main.ResponseTooLargeError(request, 200, 10),
    ParameterError: new main.ParameterError("bad input"),
    RateLimitError: new policy.RateLimitError(request, {
      kind: "primary",
      reason: "declined",
      retryAt: 0,
      waitMs: 0,
      maxWait: 0,
    }),
    GraphqlResponseError: new graphql.GraphqlResponseError(
      { status: 200, url: `${url}/graphql`, headers: {}, data: { errors: [{ message: "no" }] } },
      { method: "POST", url: `${url}/graphql`, headers: {} },
      undefined,
      undefined,
    ),
  };
}

/** Which classes each error is an instance of (its own and its parents). */
const FAMILY = {
  HttpError: ["ForgeError", "HttpError", "RequestError"],
  NetworkError: ["ForgeError", "NetworkError"],
  TimeoutError: ["ForgeError", "NetworkError", "TimeoutError"],
  AbortError: ["ForgeError", "NetworkError", "AbortError"],
  ResponseTooLargeError: ["ForgeError", "NetworkError", "ResponseTooLargeError"],
  ParameterError: ["ForgeError", "ParameterError"],
  RateLimitError: ["ForgeError", "RateLimitError"],
  GraphqlResponseError: ["ForgeError", "GraphqlResponseError"],
};
const CLASSES = [
  "ForgeError",
  "HttpError",
  "RequestError",
  "NetworkError",
  "TimeoutError",
  "AbortError",
  "ResponseTooLargeError",
  "ParameterError",
];
const GUARDS = {
  isHttpError: "HttpError",
  isNetworkError: "NetworkError",
  isTimeoutError: "TimeoutError",
  isParameterError: "ParameterError",
};

for (const [from, maker] of Object.entries(copies)) {
  for (const [to, checker] of Object.entries(copies)) {
    test(`errors made by the ${from} copy, checked with the ${to} copy: instanceof and the guards agree`, async () => {
      const errors = await errorsOf(maker);
      assert.is(errors.HttpError.status, 404);
      for (const [kind, error] of Object.entries(errors)) {
        const classes = {
          ...Object.fromEntries(CLASSES.map((name) => [name, checker.main[name]])),
          RateLimitError: checker.policy.RateLimitError,
          GraphqlResponseError: checker.graphql.GraphqlResponseError,
        };
        for (const [name, cls] of Object.entries(classes))
          assert.is(error instanceof cls, FAMILY[kind].includes(name), `${kind} instanceof ${to}.${name}`);
        for (const [guard, name] of Object.entries(GUARDS))
          assert.is(checker.main[guard](error), error instanceof checker.main[name], `${to}.${guard}(${kind})`);
        assert.is(checker.policy.isRateLimitError(error), kind === "RateLimitError");
        assert.is(checker.graphql.isGraphqlResponseError(error), kind === "GraphqlResponseError");
      }
    });
  }
}

test("a subclass of your own keeps plain instanceof: it does not claim forgekit's errors", async () => {
  const { node, esm } = copies;
  class MyError extends node.main.HttpError {}
  const theirs = await errorsOf(esm);
  assert.not.ok(theirs.HttpError instanceof MyError);
  const mine = new MyError(
    "mine",
    { method: "GET", url: `${url}/x`, headers: {} },
    {
      status: 418,
      url: `${url}/x`,
      headers: {},
      data: undefined,
    },
  );
  assert.ok(mine instanceof MyError);
  assert.ok(mine instanceof esm.main.HttpError, "and it is still an HttpError to every copy");
  assert.not.ok({ name: "HttpError", status: 404 } instanceof node.main.HttpError, "a look-alike object is not one");
});

test("@octokit/request-error's RequestError and forgekit's are different classes, both ways", async () => {
  // Decided (docs/migrating.md#errors-side-by-side): forgekit does not depend on
  // @octokit/request-error, so its errors are not instances of that class; import
  // `RequestError` (or `isHttpError`) from forgekit instead. An @octokit error that shares
  // the name "HttpError" is not a forgekit HttpError either.
  const { main } = copies.node;
  const ours = (await errorsOf(copies.node)).HttpError;
  assert.not.ok(ours instanceof OctokitRequestError);
  const theirs = new OctokitRequestError("Not Found", 404, {
    request: { method: "GET", url: `${url}/x`, headers: {} },
  });
  assert.is(theirs.name, "HttpError");
  assert.not.ok(theirs instanceof main.RequestError);
  assert.not.ok(main.isHttpError(theirs));
});

test("the brand is not enumerable: errors log and compare as before", async () => {
  const error = (await errorsOf(copies.node)).HttpError;
  assert.not.ok(Object.keys(error).some((key) => key.includes("brand")));
  assert.equal(Object.getOwnPropertySymbols(error).map(String), ["Symbol(forgekit.error)"]);
  assert.not.ok(Object.getOwnPropertyDescriptor(error, Symbol.for("forgekit.error")).enumerable);
});

test.run();
