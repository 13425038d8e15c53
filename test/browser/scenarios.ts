// What every browser artifact must do, run inside Chromium against the fake API on another
// origin. Functions passed to `page.evaluate` run in the page: they see only `lib` (the
// artifact's exports) and their argument.
import type { Test } from "uvu";
import * as assert from "uvu/assert";
import type { Recorded } from "../helpers/server.js";
import type { Rig } from "./rig.js";

export type Lib = typeof import("../../plugins/presets/browser.js");
declare global {
  // Set by the test page: the artifact's exports.
  var lib: Lib;
}

/** Requests the API received for `path` (preflights included), in order. */
export function received(rig: Rig, path: string): Recorded[] {
  return rig.api.requests.filter((request) => request.path === path);
}

export function scenarios(test: Test, rig: Rig): void {
  test("client.request crosses origins; CORS-exposed headers are readable, others are not", async () => {
    rig.api.route("GET /repos/o/request", {
      headers: {
        etag: '"e1"',
        link: '<https://api.github.com/x?page=2>; rel="next"',
        "x-ratelimit-remaining": "59",
        "x-github-request-id": "A:B",
        "x-not-exposed": "1",
      },
      body: { full_name: "o/request" },
    });
    const result = await rig.opened.page.evaluate(async (baseUrl) => {
      const client = new lib.Client({ baseUrl });
      const { status, url, headers, data } = await client.request("GET /repos/{owner}/{repo}", {
        owner: "o",
        repo: "request",
      });
      return { status, url, headers, data };
    }, rig.api.url);
    assert.is(result.status, 200);
    assert.equal(result.data, { full_name: "o/request" });
    assert.is(result.url, `${rig.api.url}/repos/o/request`);
    assert.is(result.headers.etag, '"e1"');
    assert.is(result.headers.link, '<https://api.github.com/x?page=2>; rel="next"');
    assert.is(result.headers["x-ratelimit-remaining"], "59");
    assert.is(result.headers["x-github-request-id"], "A:B");
    assert.is(
      result.headers["x-not-exposed"],
      undefined,
      "a header outside Access-Control-Expose-Headers must stay hidden",
    );
    const [sent] = received(rig, "/repos/o/request");
    assert.is(sent?.method, "GET");
    assert.is(sent?.headers.origin, rig.pages.url);
    assert.is(sent?.headers.accept, "application/vnd.github.v3+json");
    // Chromium keeps its own User-Agent (docs/browsers-and-bundle-size.md says so).
    assert.not.match(String(sent?.headers["user-agent"]), /forgekit/);
  });

  test("a JSON body is sent after a preflight GitHub's CORS policy allows", async () => {
    rig.api.route("POST /repos/o/preflight/issues", (req) => ({
      status: 201,
      body: { received: JSON.parse(req.body) },
    }));
    const data = await rig.opened.page.evaluate(async (baseUrl) => {
      const client = new lib.Client({ baseUrl });
      return (
        await client.request("POST /repos/{owner}/{repo}/issues", {
          owner: "o",
          repo: "preflight",
          title: "t",
          labels: ["a"],
        })
      ).data;
    }, rig.api.url);
    assert.equal(data, { received: { title: "t", labels: ["a"] } });
    const [preflight, post] = received(rig, "/repos/o/preflight/issues");
    assert.is(preflight?.method, "OPTIONS");
    assert.is(preflight?.headers["access-control-request-method"], "POST");
    assert.match(String(preflight?.headers["access-control-request-headers"]), /content-type/);
    assert.is(post?.method, "POST");
  });

  test("a header GitHub's preflight refuses fails as a NetworkError, and nothing is sent", async () => {
    rig.api.route("GET /repos/o/refused", { body: {} });
    const error = await rig.opened.page.evaluate(async (baseUrl) => {
      // retry: false — a refused preflight looks like a network error, which the full preset
      // would retry with backoff; this scenario is about CORS, not retries.
      const client = new lib.Client({ baseUrl, retry: false });
      const caught = await client
        .request("GET /repos/o/refused", { headers: { "x-not-allowed": "1" } })
        .catch((e: unknown) => e);
      return {
        instance: caught instanceof lib.NetworkError,
        isNetwork: lib.isNetworkError(caught),
        isHttp: lib.isHttpError(caught),
        status: (caught as { status?: number }).status,
      };
    }, rig.api.url);
    assert.equal(error, { instance: true, isNetwork: true, isHttp: false, status: undefined });
    assert.equal(
      received(rig, "/repos/o/refused").map((r) => r.method),
      ["OPTIONS"],
    );
  });

  test("hooks: before changes the request, after sees the response", async () => {
    rig.api.route("GET /repos/o/hooks", (req) => ({ body: { requestedWith: req.headers["x-requested-with"] } }));
    const result = await rig.opened.page.evaluate(async (baseUrl) => {
      const client = new lib.Client({ baseUrl });
      const seen: string[] = [];
      client.hook.before("request", (options) => {
        options.headers["x-requested-with"] = "forgekit-browser-test";
      });
      client.hook.after(
        "request",
        (response, options) => void seen.push(`${options.method} ${options.url} → ${response.status}`),
      );
      const { data } = await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "hooks" });
      return { data, seen };
    }, rig.api.url);
    assert.equal(result.data, { requestedWith: "forgekit-browser-test" });
    assert.equal(result.seen, ["GET /repos/{owner}/{repo} → 200"]);
  });

  test("an HttpError carries status, headers and GitHub's message", async () => {
    rig.api.route("GET /repos/o/missing", {
      status: 404,
      headers: { "x-ratelimit-remaining": "41" },
      body: { message: "Not Found", documentation_url: "https://docs.github.com/rest/repos/repos#get-a-repository" },
    });
    const error = await rig.opened.page.evaluate(async (baseUrl) => {
      const caught = await new lib.Client({ baseUrl }).request("GET /repos/o/missing").catch((e: unknown) => e);
      const http = caught as InstanceType<typeof lib.HttpError>;
      return {
        instance: caught instanceof lib.HttpError,
        guard: lib.isHttpError(caught),
        status: http.status,
        remaining: http.headers["x-ratelimit-remaining"],
        message: http.message,
        data: http.response?.data,
      };
    }, rig.api.url);
    assert.ok(error.instance);
    assert.ok(error.guard);
    assert.is(error.status, 404);
    assert.is(error.remaining, "41");
    assert.is(
      error.message,
      `GET ${rig.api.url}/repos/o/missing → 404 Not Found: Not Found (https://docs.github.com/rest/repos/repos#get-a-repository)`,
    );
    assert.equal(error.data, {
      message: "Not Found",
      documentation_url: "https://docs.github.com/rest/repos/repos#get-a-repository",
    });
  });

  test("error names equal their class names in the minified build (guards narrow by name)", async () => {
    const names = await rig.opened.page.evaluate(() => {
      const request = { method: "GET", url: "https://api.github.com/", headers: {} } as never;
      const response = { status: 404, url: "https://api.github.com/", headers: {}, data: undefined };
      return [
        new lib.HttpError("m", request, response).name,
        new lib.NetworkError("m", request).name,
        new lib.TimeoutError("m", request, 1).name,
        new lib.AbortError("m", request).name,
        new lib.ParameterError("m").name,
      ];
    });
    assert.equal(names, ["HttpError", "NetworkError", "TimeoutError", "AbortError", "ParameterError"]);
  });

  test("a 304 reaches the error hook with its etag, which answers it from the page's own cache", async () => {
    let calls = 0;
    rig.api.route("GET /repos/o/etag", (req) =>
      ++calls === 1
        ? { headers: { etag: '"v1"' }, body: { v: 1 } }
        : { status: 304, headers: { etag: String(req.headers["if-none-match"]) } },
    );
    const result = await rig.opened.page.evaluate(async (baseUrl) => {
      const client = new lib.Client({ baseUrl });
      const cache = new Map<string, unknown>();
      client.hook.after(
        "request",
        (response) => void (response.headers.etag && cache.set(response.headers.etag, response)),
      );
      client.hook.error("request", (error) => {
        const etag = lib.isHttpError(error) && error.status === 304 ? error.headers.etag : undefined;
        if (etag && cache.has(etag)) return cache.get(etag) as never;
        throw error;
      });
      const first = await client.request("GET /repos/o/etag");
      const second = await client.request("GET /repos/o/etag", {
        headers: { "if-none-match": String(first.headers.etag) },
      });
      return { first: first.data, second: second.data, status: second.status };
    }, rig.api.url);
    assert.equal(result, { first: { v: 1 }, second: { v: 1 }, status: 200 });
    const sent = received(rig, "/repos/o/etag").filter((r) => r.method === "GET");
    assert.is(sent.length, 2);
    assert.is(sent[1]?.headers["if-none-match"], '"v1"');
  });

  test("an endpoint method: client.repos.get loads its scope (names included) on its first call; then listed, typos undefined", async () => {
    rig.api.route("GET /repos/o/endpoint", { body: { full_name: "o/endpoint" } });
    const result = await rig.opened.page.evaluate(async (baseUrl) => {
      const client = new lib.Client({ baseUrl });
      const before = Object.keys(client.repos).length;
      const { status, data } = await client.repos.get({ owner: "o", repo: "endpoint" });
      const listed = "get" in client.repos && Object.keys(client.repos).includes("listForOrg");
      const typo = typeof (client.repos as unknown as Record<string, unknown>).gett;
      return { before, listed, typo, status, data };
    }, rig.api.url);
    assert.equal(result, {
      before: 0,
      listed: true,
      typo: "undefined",
      status: 200,
      data: { full_name: "o/endpoint" },
    });
    assert.equal(
      received(rig, "/repos/o/endpoint").map((r) => r.method),
      ["GET"],
    );
  });

  test("an endpoint method refuses a missing required parameter before sending anything", async () => {
    const before = rig.api.requests.length;
    const error = await rig.opened.page.evaluate(async (baseUrl) => {
      const caught = await new lib.Client({ baseUrl }).repos.get({ owner: "o" } as never).catch((e: unknown) => e);
      return {
        instance: caught instanceof lib.ParameterError,
        guard: lib.isParameterError(caught),
        message: (caught as Error).message,
      };
    }, rig.api.url);
    assert.ok(error.instance);
    assert.ok(error.guard);
    assert.match(error.message, /repo/);
    assert.is(rig.api.requests.length, before);
  });

  test("paginate follows Link across pages; paginate.iterator stops when the loop exits", async () => {
    const pages = [[1, 2], [3, 4], [5]];
    rig.api.route("GET /repos/o/paged/issues", (req) => {
      const page = Number(req.query.get("page") ?? 1);
      const next =
        page < pages.length
          ? `<${rig.api.url}/repos/o/paged/issues?per_page=2&page=${page + 1}>; rel="next"`
          : undefined;
      return { headers: next ? { link: next } : {}, body: pages[page - 1]!.map((n) => ({ n })) };
    });
    const result = await rig.opened.page.evaluate(async (baseUrl) => {
      const client = new lib.Client({ baseUrl });
      const route = "GET /repos/{owner}/{repo}/issues";
      const all = await client.paginate(route, { owner: "o", repo: "paged", per_page: 2 });
      const mapped = await client.paginate(route, { owner: "o", repo: "paged", per_page: 2 }, (response) =>
        (response.data as { n: number }[]).map((item) => item.n * 10),
      );
      const firstPages: number[][] = [];
      for await (const page of client.paginate.iterator(route, { owner: "o", repo: "paged", per_page: 2 })) {
        firstPages.push((page.data as { n: number }[]).map((item) => item.n));
        break;
      }
      return { all, mapped, firstPages };
    }, rig.api.url);
    assert.equal(result.all, [{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }, { n: 5 }]);
    assert.equal(result.mapped, [10, 20, 30, 40, 50]);
    assert.equal(result.firstPages, [[1, 2]]);
    assert.is(
      received(rig, "/repos/o/paged/issues").filter((r) => r.method === "GET").length,
      3 + 3 + 1,
      "the iterator fetched one page only",
    );
  });

  test("graphql: nested pagination runs in the page (no graphql-js), errors narrow by name", async () => {
    // Outer: repositories in pages of one; inner: each repository's issues in pages of two.
    const issues: Record<string, number[]> = { R_a: [1, 2, 3], R_b: [4] };
    const page = (list: unknown[], cursor: unknown, size: number) => {
      const from = Number(cursor ?? 0);
      const to = Math.min(list.length, from + size);
      return { nodes: list.slice(from, to), pageInfo: { hasNextPage: to < list.length, endCursor: String(to) } };
    };
    const repo = (id: string, cursor?: unknown) => ({
      forgekitNodeType: "Repository",
      forgekitNodeId: id,
      name: id,
      issues: page(
        issues[id]!.map((n) => ({ n })),
        cursor,
        2,
      ),
    });
    rig.api.route("POST /graphql", (req) => {
      const { query, variables } = JSON.parse(req.body) as { query: string; variables: Record<string, unknown> };
      if (query.includes("nope")) return { body: { data: null, errors: [{ type: "NOT_FOUND", message: "nope" }] } };
      if (variables.forgekitNodeId)
        return { body: { data: { forgekitNode: repo(variables.forgekitNodeId as string, variables.issues) } } };
      const outer = page(["R_a", "R_b"], variables.cursor, 1);
      return {
        body: { data: { viewer: { repositories: { ...outer, nodes: outer.nodes.map((id) => repo(id as string)) } } } },
      };
    });
    const result = await rig.opened.page.evaluate(async (baseUrl) => {
      const client = new lib.Client({ baseUrl, auth: "ghp_browsergraphql000000000000000000000000" });
      const data = await client.graphql.paginate(
        `query ($cursor: String, $issues: String) { viewer { repositories(first: 1, after: $cursor) {
          nodes { name issues(first: 2, after: $issues) { nodes { n } pageInfo { hasNextPage endCursor } } }
          pageInfo { hasNextPage endCursor } } } }`,
      );
      const error = await client.graphql("{ nope }").catch((e: Error) => e);
      return {
        repos: data.viewer.repositories.nodes.map((r: { name: string; issues: { nodes: { n: number }[] } }) => [
          r.name,
          r.issues.nodes.map((i) => i.n),
          Object.keys(r),
        ]),
        error: [(error as Error).name, (error as { errors: unknown[] }).errors?.length],
      };
    }, rig.api.url);
    assert.equal(result.repos, [
      ["R_a", [1, 2, 3], ["name", "issues"]],
      ["R_b", [4], ["name", "issues"]],
    ]);
    assert.equal(result.error, ["GraphqlResponseError", 1]);
    assert.is(received(rig, "/graphql").filter((r) => r.method === "POST").length, 2 + 1 + 1);
  });

  test("authenticate: the token goes through GitHub's preflight, never into an error", async () => {
    rig.api.route("GET /repos/o/private", (req) =>
      req.headers.authorization
        ? { body: { auth: req.headers.authorization } }
        : { status: 404, body: { message: "Not Found" } },
    );
    const result = await rig.opened.page.evaluate(async (baseUrl) => {
      const client = new lib.Client({ baseUrl });
      const anonymous = await client
        .request("GET /repos/o/private")
        .catch((e: unknown) => e as InstanceType<typeof lib.HttpError>);
      client.authenticate({ type: "token", token: "ghp_browserSecret123" });
      const { data } = await client.request("GET /repos/o/private");
      const failed = (await client.request("GET /repos/o/none").catch((e: unknown) => e)) as InstanceType<
        typeof lib.HttpError
      >;
      return { anonymous: anonymous.status, data, failed: JSON.stringify({ ...failed, message: failed.message }) };
    }, rig.api.url);
    assert.is(result.anonymous, 404);
    assert.equal(result.data, { auth: "token ghp_browserSecret123" });
    assert.not.match(result.failed, "ghp_browserSecret123");
    const [anonymous, preflight, authed] = received(rig, "/repos/o/private");
    assert.is(anonymous?.headers.authorization, undefined);
    assert.is(preflight?.method, "OPTIONS");
    assert.match(String(preflight?.headers["access-control-request-headers"]), /authorization/);
    assert.is(authed?.headers.authorization, "token ghp_browserSecret123");
  });

  test("the cache plugin answers GitHub's 304 with the cached body", async () => {
    rig.api.route("GET /repos/o/cached", (req) =>
      req.headers["if-none-match"] === '"c1"'
        ? {
            status: 304,
            headers: {
              etag: '"c1"',
              "cache-control": "private, max-age=60, s-maxage=60",
              "x-ratelimit-remaining": "58",
            },
          }
        : {
            headers: {
              etag: '"c1"',
              "cache-control": "private, max-age=60, s-maxage=60",
              "x-ratelimit-remaining": "59",
            },
            body: { v: "cached" },
          },
    );
    const result = await rig.opened.page.evaluate(async (baseUrl) => {
      const client = new lib.Client({ baseUrl, cache: true });
      const first = await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "cached" });
      const second = await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "cached" });
      return {
        first: [first.status, first.data],
        second: [second.status, second.data, second.headers["x-ratelimit-remaining"]],
      };
    }, rig.api.url);
    assert.equal(result.first, [200, { v: "cached" }]);
    assert.equal(result.second, [200, { v: "cached" }, "58"]);
    const sent = received(rig, "/repos/o/cached").filter((r) => r.method === "GET");
    assert.equal(
      sent.map((r) => r.headers["if-none-match"]),
      [undefined, '"c1"'],
    );
  });

  test('debug: localStorage.debug = "forgekit:rest*" logs each request to the console, redacted', async () => {
    rig.api.route("GET /repos/o/debugged", { headers: { "x-github-request-id": "DBG:1" }, body: {} });
    const opened = await rig.open(() => localStorage.setItem("debug", "forgekit:rest*"));
    await opened.page.evaluate(async (baseUrl) => {
      const client = new lib.Client({ baseUrl, auth: "ghp_debugSecret456" });
      await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "debugged" });
    }, rig.api.url);
    await opened.context.close();
    const lines = opened.console.filter((line) => line.includes("forgekit:rest"));
    assert.ok(
      lines.some((line) => line.includes("GET /repos/{owner}/{repo}") && line.includes("/repos/o/debugged")),
      opened.console.join("\n"),
    );
    assert.ok(
      lines.some((line) => line.includes("200")),
      lines.join("\n"),
    );
    assert.not.match(opened.console.join("\n"), "ghp_debugSecret456");
    assert.equal(
      rig.opened.console.filter((line) => line.includes("forgekit:rest")),
      [],
      "without localStorage.debug nothing is logged",
    );
  });

  test("Client.plugin composes a user plugin in the page", async () => {
    rig.api.route("GET /plugged", (req) => ({ body: { tag: req.headers["x-requested-with"] } }));
    const result = await rig.opened.page.evaluate(async (baseUrl) => {
      const Plugged = lib.Client.plugin((client) => {
        client.hook.before("request", (options) => void (options.headers["x-requested-with"] = "plugin"));
        return { hello: () => "hi" };
      });
      const client = new Plugged({ baseUrl });
      return {
        hello: client.hello(),
        data: (await client.request("GET /plugged")).data,
        isClient: client instanceof lib.Client,
      };
    }, rig.api.url);
    assert.equal(result, { hello: "hi", data: { tag: "plugin" }, isClient: true });
  });

  test("a misspelled method in a scope not loaded yet rejects naming the closest method and sends nothing", async () => {
    rig.api.route("GET /repos/o/typo/issues", { body: [] });
    const since = rig.api.requests.length;
    const result = await rig.opened.page.evaluate(async (baseUrl) => {
      const issues = new lib.Client({ baseUrl }).issues as unknown as Record<string, unknown>;
      const listed = Object.keys(issues).includes("listForRepo");
      const caught = await Promise.resolve()
        .then(() => (issues.lisForRepo as (p: object) => Promise<unknown>)({ owner: "o", repo: "typo" }))
        .catch((e: unknown) => e);
      const after = typeof issues.lisForRpo;
      return { listed, after, type: (caught as Error).name, message: (caught as Error).message };
    }, rig.api.url);
    assert.equal(
      { ...result, message: undefined },
      { listed: false, after: "undefined", type: "ParameterError", message: undefined },
    );
    assert.is(
      result.message,
      "issues.lisForRepo() is not a method of api.github.com: did you mean issues.listForRepo()? Nothing was sent.",
    );
    assert.is(rig.api.requests.length, since, "nothing reached the API");
  });

  test("validation as designed: a missing path parameter is refused before sending; other parameters go to GitHub, whose 422 is in the error", async () => {
    rig.api.route("POST /repos/o/validate/issues", {
      status: 422,
      body: { message: "Invalid request.", errors: [{ resource: "Issue", field: "title", code: "invalid" }] },
    });
    const since = rig.api.requests.length;
    const missing = await rig.opened.page.evaluate(async (baseUrl) => {
      const client = new lib.Client({ baseUrl, retry: false });
      const caught = await client.repos.get({ owner: "o" } as never).catch((e: unknown) => e);
      return { request: lib.isParameterError(caught), message: (caught as Error).message };
    }, rig.api.url);
    assert.is(missing.request, true, "a ParameterError");
    assert.match(missing.message, /repo/);
    assert.is(rig.api.requests.length, since, "nothing sent for a missing path parameter");
    const wrongType = await rig.opened.page.evaluate(async (baseUrl) => {
      const client = new lib.Client({ baseUrl, retry: false });
      const caught = await client.issues
        .create({ owner: "o", repo: "validate", title: 5 } as never)
        .catch((e: unknown) => e);
      return { status: (caught as { status?: number }).status, message: (caught as Error).message };
    }, rig.api.url);
    assert.is(wrongType.status, 422, "no per-parameter metadata in the browser preset: GitHub checks the body");
    assert.match(wrongType.message, /Invalid request/);
    assert.match(wrongType.message, /title/);
  });
}
