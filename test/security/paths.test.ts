// Property-based (fast-check): for ANY string as a path parameter, a query value or a
// header value, forgekit either refuses it with a ParameterError before any I/O, or sends a
// URL that parses, keeps its segment count and carries no injected query or fragment — and
// the header verbatim (less the optional whitespace HTTP strips at both ends, RFC 9110 §5.5).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { Agent } from "node:http";
import { ParameterError, type Client } from "../../kernel/index.js";
import { startServer, type TestServer } from "../helpers/server.js";
import { transports } from "../helpers/security.js";

const test = suite("security: path parameters, query values and header values (property-based)");
const httpAgent = new Agent({ keepAlive: true });
const make = transports(httpAgent);
let server: TestServer;

/** Strings built from what breaks URLs and HTTP messages, any code point, and lone surrogates. */
const SPECIAL = [
  "/",
  ".",
  "..",
  "%2e",
  "%2E",
  "%",
  "?",
  "#",
  "&",
  "=",
  "+",
  "\\",
  " ",
  "\t",
  "\r",
  "\n",
  "\0",
  "\x01",
  "\x7f",
  "@",
  ":",
  ";",
  "é",
  "ÿ",
  "€",
  "\u2028",
  "😀",
];
const unit = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...SPECIAL) },
  { weight: 3, arbitrary: fc.string({ unit: "binary-ascii", minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)) },
);
const text = fc.string({ unit, maxLength: 12 });
// `q` too: a search query keeps its `+` between qualifiers, as @octokit/endpoint sends it
// (docs/migrating.md, "The URLs are @octokit's"; test/kernel/url-identity.test.ts), so `+`
// does not come back as itself. A 1,500-run property drew the key "q" now and then.
const RESERVED = ["method", "url", "baseUrl", "headers", "request", "mediaType", "data", "__proto__", "q"];
const key = fc.string({ unit, minLength: 1, maxLength: 6 }).filter((k) => !RESERVED.includes(k) && !/\p{Cs}/u.test(k));

/** The kernel's rules, restated: what must be refused. */
const loneSurrogate = (value: string) => /\p{Cs}/u.test(value);
const dotSegment = (segment: string) => /^(\.|%2e){1,2}$/i.test(segment);
// A `.`/`..` segment anywhere in a value is refused: a server that reads `%2F` as `/` would resolve it.
const refusedSegment = (value: string) => value === "" || value.split("/").some(dotSegment) || loneSurrogate(value);
const refusedPath = (value: string) => value === "" || value.split("/").some(dotSegment) || loneSurrogate(value);
const refusedHeader = (value: string) => /[^\t\x20-\x7e\x80-\xff]/.test(value);

test.before(async () => {
  server = await startServer({ "*": (req) => ({ body: { url: req.url, header: req.headers["x-prop"] ?? null } }) });
});
test.after(async () => {
  httpAgent.destroy();
  await server.close();
});

/** Path segments (still encoded) and the query of a URL as sent, with no fragment. */
function split(url: string): { segments: string[]; query: string | undefined } {
  assert.not.ok(url.includes("#"), `a fragment in ${url}`);
  const [path, query, ...more] = url.split("?");
  assert.is(more.length, 0, `two "?" in ${url}`);
  return { segments: path!.split("/"), query };
}

/** The URL `client` builds for `{name}` / `{+path}` / `?key=` — or the ParameterError it throws. */
function build(client: Client, route: string, params: Record<string, unknown>): URL | ParameterError {
  try {
    const { url } = client.request.endpoint(route, params);
    return new URL(url); // always parses
  } catch (error) {
    assert.instance(error, ParameterError);
    return error as ParameterError;
  }
}

test("{name}: one segment, decoded back to the value; or refused", () => {
  const client = make.fetch({ baseUrl: "https://ghe.example/api/v3" });
  fc.assert(
    fc.property(text, (value) => {
      const built = build(client, "GET /repos/{owner}/x", { owner: value });
      assert.is(built instanceof ParameterError, refusedSegment(value), `${JSON.stringify(value)} → ${String(built)}`);
      if (built instanceof ParameterError) return;
      assert.is(built.origin, "https://ghe.example");
      assert.is(built.search + built.hash, "");
      const { segments } = split(built.pathname);
      assert.is(segments.length, 6);
      assert.equal(segments.slice(0, 4), ["", "api", "v3", "repos"]);
      assert.is(decodeURIComponent(segments[4]!), value);
      assert.is(segments[5], "x");
    }),
    { numRuns: 1500 },
  );
});

test("{+path}: one segment (its '/' sent as %2F, as @octokit sends it), decoded back; or refused", () => {
  const client = make.fetch({ baseUrl: "https://api.github.com" });
  fc.assert(
    fc.property(text, (value) => {
      const built = build(client, "GET /repos/o/r/contents/{+path}/end", { path: value });
      assert.is(built instanceof ParameterError, refusedPath(value), `${JSON.stringify(value)} → ${String(built)}`);
      if (built instanceof ParameterError) return;
      assert.is(built.search + built.hash, "");
      const { segments } = split(built.pathname);
      assert.is(segments.length, 7);
      assert.is(decodeURIComponent(segments[5]!), value);
      assert.is(segments.at(-1), "end");
    }),
    { numRuns: 1500 },
  );
});

test("query parameters: any key and value come back from the parsed URL; or refused", () => {
  const client = make.fetch({ baseUrl: "https://api.github.com" });
  fc.assert(
    fc.property(key, text, (name, value) => {
      const built = build(client, "GET /search/code", { [name]: value });
      assert.is(built instanceof ParameterError, loneSurrogate(value), `${JSON.stringify(value)} → ${String(built)}`);
      if (built instanceof ParameterError) return;
      assert.is(built.pathname, "/search/code");
      assert.is(built.hash, "");
      assert.equal([...built.searchParams], [[name, value]]);
    }),
    { numRuns: 1500 },
  );
});

for (const name of ["fetch", "agent"] as const) {
  test(`${name}: on the wire, path segments, query and headers arrive as built — or nothing is sent`, async () => {
    const client = make[name]({ baseUrl: server.url });
    let hooks = 0;
    client.hook.before("request", () => void hooks++);
    await fc.assert(
      fc.asyncProperty(text, text, text, async (segment, path, header) => {
        const sentBefore = server.requests.length;
        const hooksBefore = hooks;
        const refused = refusedSegment(segment) || refusedPath(path) || loneSurrogate(header) || refusedHeader(header);
        const result = await client
          .request("GET /p/{segment}/{+path}/end", { segment, path, x: segment, headers: { "x-prop": header } })
          .catch((error: unknown) => error);
        if (refused) {
          assert.instance(result, ParameterError, `${JSON.stringify([segment, path, header])} was sent`);
          assert.is(server.requests.length, sentBefore, "nothing reached the server");
          assert.is(hooks, hooksBefore, "refused before any hook (which may do I/O) ran");
          return;
        }
        const { data } = result as { data: { url: string; header: string | null } };
        const { segments, query } = split(data.url);
        assert.is(segments.length, 5);
        assert.is(decodeURIComponent(segments[2]!), segment);
        assert.is(decodeURIComponent(segments[3]!), path);
        assert.equal([...new URLSearchParams(query)], [["x", segment]]);
        assert.is(data.header, header.replace(/^[ \t]+|[ \t]+$/g, ""));
      }),
      { numRuns: 150 },
    );
  });
}

test.run();
