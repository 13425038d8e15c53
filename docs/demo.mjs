#!/usr/bin/env node
// `npm start` (node build.mjs && node docs/demo.mjs): a short tour of forgekit's full preset
// against an embedded local server that answers like api.github.com (forgekit/testing,
// built from test/server/). Offline, a few seconds. Parts whose plugin is not in the preset
// say so instead of pretending.
import forgekit, { VERSION, isHttpError } from "forgekit";
import createDebug from "debug";
import { format } from "node:util";
import { startMockServer } from "forgekit/testing";

const tty = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code) => (text) => (tty ? `\x1b[${code}m${text}\x1b[0m` : String(text));
const bold = paint("1");
const dim = paint("2");
const green = paint("32");
const red = paint("31");
const say = (line = "") => console.log(line);
const row = (label, value) => say(`   ${dim(label.padEnd(16))}${value}`);
const section = (n, title, code) => say(`\n${bold(`${n}. ${title}`)}\n   ${dim(code)}`);
const note = (text) => say(`   ${dim(`(${text})`)}`);
const plural = (n, word) => `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;

const started = performance.now();
// A fine-grained token the server treats as lacking issues=write (section 4 shows GitHub's hint).
const limitedToken = "github_pat_11DEMO0000000000000000_demoTokenWithoutIssuesWrite000";
const server = await startMockServer({
  totalItems: 100,
  denied: [{ token: limitedToken, route: "POST /repos/{owner}/{repo}/issues", needs: "issues=write" }],
});
const owner = "octocat";
const repo = "hello-world";
const client = forgekit({ baseUrl: server.url, cache: true });

// The hook of section 6 is registered first so it times every request of the tour; the
// last registered wrap is the outermost, so it measures what the caller waits for.
const timings = [];
client.hook.wrap("request", async (request, options) => {
  const start = performance.now();
  const entry = { route: `${options.method} ${options.url}`, status: "…", ms: 0 };
  timings.push(entry);
  try {
    const response = await request(options);
    entry.status = response.status;
    return response;
  } catch (error) {
    entry.status = error.status ?? error.name;
    throw error;
  } finally {
    entry.ms = performance.now() - start;
  }
});

say(`${bold(`forgekit ${VERSION}`)} — a tour against a local GitHub API`);
say(dim(`   ${server.url} answers ${plural(server.operations, "operation")} from GitHub's OpenAPI description`));

// 1. An endpoint method.
const hasEndpoints = typeof client.repos?.get === "function";
section(
  1,
  "Endpoint method",
  hasEndpoints ? `client.repos.get({ owner, repo })` : `client.request("GET /repos/{owner}/{repo}", { owner, repo })`,
);
const got = hasEndpoints
  ? await client.repos.get({ owner, repo })
  : await client.request("GET /repos/{owner}/{repo}", { owner, repo });
if (!hasEndpoints) note("endpoint methods are not in the preset yet: sent with client.request");
row("status", green(got.status));
row("full_name", got.data.full_name);
row("stars · forks", `${got.data.stargazers_count} · ${got.data.forks_count}`);
row(
  "rate limit",
  `${got.headers["x-ratelimit-remaining"]} of ${got.headers["x-ratelimit-limit"]} left (${got.headers["x-ratelimit-resource"]})`,
);

// 2. Custom requests.
section(2, "Custom request", `client.request("GET /search/repositories", { q: "forgekit", per_page: 5 })`);
const search = await client.request("GET /search/repositories", { q: "forgekit", per_page: 5 });
row("status", green(search.status));
row("total_count", `${search.data.total_count} (${search.data.items.length} on this page)`);
row("first result", search.data.items[0].full_name);
row("Link", search.headers.link.replaceAll(server.url, "").replace(/, /g, `,\n${" ".repeat(19)}`));

// 3. Pagination with a progress line.
section(
  3,
  "Paginate",
  `for await (const page of client.paginate.iterator("GET /repos/{owner}/{repo}/issues", { owner, repo, per_page: 25 }))`,
);
if (typeof client.paginate?.iterator === "function") {
  const issues = [];
  let pages = 0;
  let lastPage = 1;
  for await (const page of client.paginate.iterator("GET /repos/{owner}/{repo}/issues", {
    owner,
    repo,
    per_page: 25,
  })) {
    pages++;
    issues.push(...page.data);
    lastPage = Math.max(lastPage, pages, Number(/[?&]page=(\d+)>; rel="last"/.exec(page.headers.link ?? "")?.[1] ?? 0));
    const filled = Math.round((pages / lastPage) * 20);
    const line = `   page ${pages}/${lastPage}  ${"█".repeat(filled)}${"░".repeat(20 - filled)}  ${plural(issues.length, "issue")}`;
    if (tty) process.stdout.write(`\r${line}`);
    else say(line);
  }
  if (tty) say();
  row("collected", `${plural(issues.length, "issue")} in ${plural(pages, "request")}, following Link rel="next"`);
  row("ids", `${issues[0].id} … ${issues.at(-1).id} (${new Set(issues.map((issue) => issue.id)).size} distinct)`);
} else {
  note("the paginate plugin is not in the preset yet");
}

// 4. Errors with their messages.
section(4, "Errors", `client.request("GET /repos/{owner}/{repo}/no-such-thing", …) and an issue without its title`);
try {
  await client.request("GET /repos/{owner}/{repo}/no-such-thing", { owner, repo });
} catch (error) {
  row(`${error.name} ${error.status}`, red(error.message.replaceAll(server.url, "")));
}
const sentBefore = server.requests.length;
try {
  if (hasEndpoints) await client.issues.create({ owner, repo, body: "no title" });
  else await client.request("POST /repos/{owner}/{repo}/issues", { owner, repo, body: "no title" });
} catch (error) {
  row(error.status ? `${error.name} ${error.status}` : error.name, red(error.message.replaceAll(server.url, "")));
  if (server.requests.length === sentBefore) note("caught before sending: the server received nothing");
}

try {
  await forgekit({ baseUrl: server.url, auth: limitedToken }).request("POST /repos/{owner}/{repo}/issues", {
    owner,
    repo,
    title: "Hello",
  });
} catch (error) {
  if (!isHttpError(error)) throw error;
  row(`${error.name} ${error.status}`, red(error.message.replaceAll(server.url, "")));
  if (error.permissions)
    note(`error.permissions: ${JSON.stringify(error.permissions)} — from x-accepted-github-permissions`);
}

// 5. A 304 answered from the cache.
section(5, "Cache", `client.repos.get({ owner, repo }) again, with { cache: true }: a 304 answered from the cache`);
const again = hasEndpoints
  ? await client.repos.get({ owner, repo })
  : await client.request("GET /repos/{owner}/{repo}", { owner, repo });
const seen = server.requests.at(-1);
if (seen.status === 304) {
  row("server", `304 Not Modified (If-None-Match: ${String(seen.headers["if-none-match"]).slice(0, 14)}…")`);
  row("client", `status ${green(again.status)}, ${again.data.full_name} from the cache`);
  row("rate limit", `${again.headers["x-ratelimit-remaining"]} left: a 304 does not count`);
} else {
  note(`the cache plugin is not in the preset yet: the server answered ${seen.status}`);
  try {
    await client.request("GET /repos/{owner}/{repo}", { owner, repo, headers: { "if-none-match": got.headers.etag } });
  } catch (error) {
    if (!isHttpError(error)) throw error;
    row(
      "by hand",
      `If-None-Match: ${got.headers.etag.slice(0, 14)}…" → ${error.name} ${error.status} (an error hook can answer it)`,
    );
  }
}

// 6. Debug output of one request, enabled programmatically (DEBUG=forgekit:rest* does the same).
section(6, "Debug output", `createDebug.enable("forgekit:rest*"); await client.request("GET /rate_limit")`);
const lines = [];
const { log } = createDebug;
createDebug.log = (...args) => lines.push(format(...args));
createDebug.inspectOpts.hideDate = true;
createDebug.inspectOpts.colors = false;
createDebug.enable("forgekit:rest*");
try {
  await client.request("GET /rate_limit");
} finally {
  createDebug.disable();
  createDebug.log = log;
}
if (lines.length) for (const line of lines) say(`   ${line.replace(/ \+\d+m?s$/, "")}`);
else note("no debug lines: the debug plugin is not in the preset yet");

// 7. GraphQL: one query, then nested pagination (GitHub's schema executed by forgekit/testing).
section(
  7,
  "GraphQL",
  `client.graphql(query, { owner, repo }) and client.graphql.paginate(every issue of every repository)`,
);
if (typeof client.graphql === "function") {
  // GitHub's GraphQL API needs a credential: a client with a (fake) token.
  const gql = forgekit({ baseUrl: server.url, auth: "ghp_demo0000000000000000000000000000000000" });
  const { repository } = await gql.graphql(
    "query ($owner: String!, $repo: String!) { repository(owner: $owner, name: $repo) { nameWithOwner stargazerCount issues(first: 1) { totalCount } } }",
    { owner, repo },
  );
  row(
    "repository",
    `${repository.nameWithOwner}: ${repository.stargazerCount} stars, ${repository.issues.totalCount} issues`,
  );
  const before = server.requests.length;
  const { organization } = await gql.graphql.paginate(
    `query ($org: String!, $cursor: String, $issues: String) {
      organization(login: $org) {
        repositories(first: 2, after: $cursor) {
          nodes { name issues(first: 100, after: $issues) { nodes { title } pageInfo { hasNextPage endCursor } } }
          pageInfo { hasNextPage endCursor }
        }
      }
    }`,
    { org: "octo-org" },
  );
  const repos = organization.repositories.nodes;
  for (const { name, issues } of repos)
    row(`octo-org/${name}`, `${plural(issues.nodes.length, "issue")}, last: ${issues.nodes.at(-1).title}`);
  row(
    "nested",
    `${plural(
      repos.reduce((n, r) => n + r.issues.nodes.length, 0),
      "issue",
    )} in ${plural(server.requests.length - before, "request")}: outer pages by $cursor, the rest by node id`,
  );
} else {
  note("the graphql plugin is not in the preset yet");
}

// The hook from the start: every request of the tour, timed.
section(8, "Hook", `client.hook.wrap("request", …) timed every request above`);
const shown = timings.map((t) => ({ ...t, route: t.route.replace(server.url, ""), status: String(t.status) }));
const width = Math.max(...shown.map((t) => t.route.length));
const statusWidth = Math.max(...shown.map((t) => t.status.length));
for (const { route, status, ms } of shown)
  say(`   ${route.padEnd(width)}  ${status.padEnd(statusWidth)}  ${ms.toFixed(1).padStart(6)} ms`);

await server.close();
say(
  `\n${dim(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s: ${plural(server.requests.length, "request")} answered by forgekit/testing. Use it in your own tests: docs/testing.md`)}`,
);
