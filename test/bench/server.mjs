#!/usr/bin/env node
// A loopback server that answers like api.github.com, in its own process so that its work
// never shares an event loop with the contender being measured. Prints
// `{"url":"http://127.0.0.1:<port>"}` on stdout once listening; exits when stdin closes.
//
// Routes (bodies are generated once at start-up and sent from memory):
//   GET /repos/{owner}/{repo}/tags            ~400 B JSON array (sequential small GETs)
//   GET /orgs/{org}/repos                     ~200 KB JSON array of 30 repositories
//   GET /repos/{owner}/{repo}/contributors    paginated list, per_page (≤ 100) and page,
//   GET /repositories/{id}/contributors       Link rel="next"/"last"/"first"/"prev" like GitHub
//   GET /repos/{owner}/{repo}                 one repository (~6 KB)
//   GET /repos/{owner}/{repo}/tarball/{ref}  200 MB of bytes, written as the socket drains
//   POST /repos/{owner}/{repo}/issues|labels  201 with a small body (the write-pacing measure);
//   GET /bench/arrivals/{owner}               when those writes arrived, then forgotten
//   CONNECT host:port                         a tunnel to host:port: the server is also a proxy
// The contributors list has 10,000 items for repo `octo-repo` and 500 for any other repo.
// Every response carries GitHub's headers: x-ratelimit-*, x-github-request-id, etag, …
// The server always answers 200 with the full body (it ignores If-None-Match), so every
// contender transfers and parses every body.
import { createServer } from "node:http";
import { connect } from "node:net";
import { createHash, randomBytes } from "node:crypto";
import { fixtures, CONTRIBUTORS_BIG, CONTRIBUTORS_SMALL, BIG_REPO_ID, SMALL_REPO_ID } from "./payloads.mjs";

const pages = new Map(); // `${total}:${perPage}:${page}` → Buffer
const etags = new WeakMap();
const json = (value) => {
  const body = Buffer.from(JSON.stringify(value));
  etags.set(body, `W/"${createHash("sha256").update(body).digest("hex").slice(0, 32)}"`);
  return body;
};
const small = json(fixtures.tags());
const large = json(fixtures.orgRepos());
const repo = json(fixtures.repo());
const created = json({ id: 1, number: 1, title: "bench", state: "open" });
/** owner → arrival times of its writes (the write-pacing measure reads them back). */
const arrivals = new Map();
const contributors = fixtures.contributors(CONTRIBUTORS_BIG);

function contributorsPage(total, perPage, page) {
  const key = `${total}:${perPage}:${page}`;
  let body = pages.get(key);
  if (!body) pages.set(key, (body = json(contributors.slice((page - 1) * perPage, Math.min(page * perPage, total)))));
  return body;
}

const reset = String(Math.floor(Date.now() / 1000) + 3600);
const requestIdPrefix = randomBytes(2).toString("hex").toUpperCase();
let served = 0;

// GitHub's usual response headers (an unauthenticated-looking but roomy rate limit, so no
// contender's throttling ever kicks in).
function headers(body, link) {
  served++;
  const out = [
    "content-type",
    "application/json; charset=utf-8",
    "content-length",
    String(body.length),
    "cache-control",
    "private, max-age=60, s-maxage=60",
    "vary",
    "Accept, Authorization, Cookie, X-GitHub-OTP,Accept-Encoding, Accept, X-Requested-With",
    "etag",
    etags.get(body),
    "x-github-media-type",
    "github.v3; format=json",
    "x-github-api-version-selected",
    "2022-11-28",
    "x-ratelimit-limit",
    "15000",
    "x-ratelimit-remaining",
    String(15000 - (served % 10000) - 1),
    "x-ratelimit-reset",
    reset,
    "x-ratelimit-used",
    String((served % 10000) + 1),
    "x-ratelimit-resource",
    "core",
    "access-control-expose-headers",
    "ETag, Link, Location, Retry-After, X-GitHub-OTP, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Used, X-RateLimit-Resource, X-RateLimit-Reset, X-OAuth-Scopes, X-Accepted-OAuth-Scopes, X-Poll-Interval, X-GitHub-Media-Type, X-GitHub-SSO, X-GitHub-Request-Id, Deprecation, Sunset",
    "access-control-allow-origin",
    "*",
    "strict-transport-security",
    "max-age=31536000; includeSubdomains; preload",
    "x-frame-options",
    "deny",
    "x-content-type-options",
    "nosniff",
    "x-xss-protection",
    "0",
    "referrer-policy",
    "origin-when-cross-origin, strict-origin-when-cross-origin",
    "content-security-policy",
    "default-src 'none'",
    "server",
    "github.com",
    "x-github-request-id",
    `${requestIdPrefix}:${served.toString(16).toUpperCase()}:${(served * 7919).toString(16).toUpperCase()}:6650A1B2`,
  ];
  if (link) out.push("link", link);
  return out;
}

function linkHeader(origin, total, perPage, page) {
  const last = Math.ceil(total / perPage);
  const id = total === CONTRIBUTORS_BIG ? BIG_REPO_ID : SMALL_REPO_ID;
  const at = (n) => `<${origin}/repositories/${id}/contributors?per_page=${perPage}&page=${n}>`;
  const rels = [];
  if (page > 1) rels.push(`${at(page - 1)}; rel="prev"`);
  if (page < last) rels.push(`${at(page + 1)}; rel="next"`, `${at(last)}; rel="last"`);
  if (page > 1) rels.push(`${at(1)}; rel="first"`);
  return rels.join(", ");
}

const notFound = json({ message: "Not Found", documentation_url: "https://docs.github.com/rest", status: "404" });

// POST /graphql: a fixed connection shape (no graphql-js, so the bench measures clients):
// `repository.issues` of 10,000 nodes for repo `octo-repo` (500 otherwise), `first` per page
// (≤ 100), cursors are the index after the page.
const graphqlPages = new Map();
function graphqlPage(variables) {
  const total = variables.repo === "octo-repo" ? CONTRIBUTORS_BIG : CONTRIBUTORS_SMALL;
  const first = Math.min(Math.max(Number(variables.first) || 100, 1), 100);
  const from = Number(variables.cursor ?? 0) || 0;
  const key = `${total}:${first}:${from}`;
  let body = graphqlPages.get(key);
  if (!body) {
    const to = Math.min(total, from + first);
    const nodes = contributors
      .slice(from, to)
      .map((c) => ({ login: c.login, id: c.node_id, contributions: c.contributions }));
    const pageInfo = { hasNextPage: to < total, endCursor: String(to) };
    graphqlPages.set(key, (body = json({ data: { repository: { issues: { nodes, pageInfo } } } })));
  }
  return body;
}

function handle(req, res) {
  if (req.method === "POST" && req.url === "/graphql") {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      const { variables = {} } = JSON.parse(Buffer.concat(chunks).toString());
      const body = graphqlPage(variables);
      res.writeHead(200, headers(body));
      res.end(body);
    });
    return;
  }
  if (req.method === "POST" && /^\/repos\/[^/]+\/[^/]+\/(?:issues|labels)$/.test(req.url)) {
    const owner = req.url.split("/")[2];
    if (!arrivals.has(owner)) arrivals.set(owner, []);
    arrivals.get(owner).push(Date.now());
    req.resume();
    req.on("end", () => {
      res.writeHead(201, headers(created));
      res.end(created);
    });
    return;
  }
  if (req.url.startsWith("/bench/arrivals/")) {
    // When each write of an owner arrived (ms since the epoch), then forgotten.
    const owner = req.url.slice("/bench/arrivals/".length);
    const body = Buffer.from(JSON.stringify(arrivals.get(owner) ?? []));
    arrivals.delete(owner);
    res.writeHead(200, { "content-type": "application/json", "content-length": String(body.length) });
    return void res.end(body);
  }
  const q = req.url.indexOf("?");
  const path = q === -1 ? req.url : req.url.slice(0, q);
  const query = new URLSearchParams(q === -1 ? "" : req.url.slice(q + 1));
  const parts = path.split("/");
  if (parts[1] === "repos" && parts[4] === "tarball") return download(res);
  let body = notFound;
  let link;
  let status = 200;
  if (parts[1] === "repos" && parts.length === 5 && parts[4] === "tags") body = small;
  else if (parts[1] === "orgs" && parts.length === 4 && parts[3] === "repos") body = large;
  else if (parts[1] === "repos" && parts.length === 4) body = repo;
  else if (
    parts.at(-1) === "contributors" &&
    ((parts[1] === "repos" && parts.length === 5) || (parts[1] === "repositories" && parts.length === 4))
  ) {
    const big = parts[1] === "repositories" ? parts[2] === String(BIG_REPO_ID) : parts[3] === "octo-repo";
    const total = big ? CONTRIBUTORS_BIG : CONTRIBUTORS_SMALL;
    const perPage = Math.min(Math.max(Number(query.get("per_page")) || 30, 1), 100);
    const page = Math.max(Number(query.get("page")) || 1, 1);
    body = contributorsPage(total, perPage, page);
    link = linkHeader(`http://${req.headers.host}`, total, perPage, page);
  } else status = 404;
  res.writeHead(status, headers(body, link || undefined));
  res.end(body);
}

const DOWNLOAD = 200_000_000;
const chunk = randomBytes(64 * 1024);

/** The 200 MB tarball, chunk by chunk as the client reads it (never in memory at once). */
function download(res) {
  res.writeHead(200, { "content-type": "application/x-gzip", "content-length": String(DOWNLOAD) });
  let sent = 0;
  const pump = () => {
    while (sent < DOWNLOAD) {
      const part = chunk.subarray(0, Math.min(chunk.length, DOWNLOAD - sent));
      sent += part.length;
      if (!res.write(part)) return void res.once("drain", pump);
    }
    res.end();
  };
  pump();
}

const server = createServer({ keepAliveTimeout: 60_000 }, handle);
// A CONNECT proxy on the same port (the proxied measure tunnels back to this server).
server.on("connect", (req, socket, head) => {
  const [host, port] = req.url.split(":");
  const upstream = connect(Number(port), host, () => {
    socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
    if (head.length) upstream.write(head);
    upstream.pipe(socket).pipe(upstream);
  });
  const close = () => (upstream.destroy(), socket.destroy());
  upstream.once("error", close);
  socket.once("error", close);
});
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` })}\n`);
});
process.stdin.resume();
process.stdin.on("end", () => process.exit(0));
process.on("SIGTERM", () => process.exit(0));
