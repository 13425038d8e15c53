import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Client, isParameterError } from "../../kernel/index.js";
import { previews } from "../../plugins/previews/index.js";
import { startServer, type TestServer } from "../helpers/server.js";

const test = suite("plugins: previews and media types");
const Previewing = Client.plugin([previews]);
const MERCY = "application/vnd.github.mercy-preview+json";
const SCARLET = "application/vnd.github.scarlet-witch-preview+json";
let server: TestServer;

const acceptSeen = () => server.requests.at(-1)!.headers.accept;

test.before(async () => {
  server = await startServer({
    // Like GitHub: topics with the mercy preview, code_of_conduct with scarlet-witch.
    "GET /repos/octocat/hello-world": (req) => {
      const accept = String(req.headers.accept);
      return {
        body: {
          name: "hello-world",
          ...(accept.includes("mercy-preview") ? { topics: ["octocat"] } : {}),
          ...(accept.includes("scarlet-witch-preview") ? { code_of_conduct: { key: "contributor_covenant" } } : {}),
        },
      };
    },
    "* /echo": (req) => ({ body: { url: req.url, body: req.body } }),
  });
});
test.after(() => server.close());
test.before.each(() => void (server.requests.length = 0));

test("two previews in one accept header, comma-separated; the repository has topics and a code of conduct", async () => {
  const client = new Previewing({ baseUrl: server.url });
  const { data } = await client.request("GET /repos/{owner}/{repo}", {
    owner: "octocat",
    repo: "hello-world",
    mediaType: { previews: ["mercy", "scarlet-witch"] },
  });
  assert.is(acceptSeen(), `${MERCY},${SCARLET}`);
  assert.equal(data.topics, ["octocat"]);
  assert.equal(data.code_of_conduct, { key: "contributor_covenant" });
});

test("an accept header on the call is sent as given and wins over previews and format", async () => {
  const client = new Previewing({ baseUrl: server.url, previews: ["scarlet-witch"] });
  const { data } = await client.request("GET /repos/{owner}/{repo}", {
    owner: "octocat",
    repo: "hello-world",
    headers: { accept: MERCY },
    mediaType: { format: "diff" },
  });
  assert.is(acceptSeen(), MERCY);
  assert.equal(data.topics, ["octocat"]);
  assert.is(data.code_of_conduct, undefined);
});

test("the previews option applies to every request; names work with or without -preview and are not repeated", async () => {
  const client = new Previewing({ baseUrl: server.url, previews: ["mercy-preview"] });
  await client.request("GET /echo");
  assert.is(acceptSeen(), MERCY);
  await client.request("GET /echo", { mediaType: { previews: ["mercy", "scarlet-witch-preview"] } });
  assert.is(acceptSeen(), `${MERCY},${SCARLET}`);
});

test("formats follow GitHub's media types: diff, patch and sha are not JSON; raw, html, text and full are", async () => {
  const client = new Previewing({ baseUrl: server.url });
  const expected: Record<string, string> = {
    diff: "application/vnd.github.v3.diff",
    patch: "application/vnd.github.v3.patch",
    sha: "application/vnd.github.v3.sha",
    raw: "application/vnd.github.v3.raw+json",
    html: "application/vnd.github.v3.html+json",
    text: "application/vnd.github.v3.text+json",
    full: "application/vnd.github.v3.full+json",
  };
  for (const [format, accept] of Object.entries(expected)) {
    await client.request("GET /echo", { mediaType: { format } });
    assert.is(acceptSeen(), accept, format);
  }
});

test("the client's accept decides the version: application/vnd.github+json gives application/vnd.github.diff", async () => {
  const client = new Previewing({ baseUrl: server.url, headers: { accept: "application/vnd.github+json" } });
  await client.request("GET /echo", { mediaType: { format: "diff" } });
  assert.is(acceptSeen(), "application/vnd.github.diff");
});

test("previews with a format: the format follows each preview name", async () => {
  const client = new Previewing({ baseUrl: server.url });
  await client.request("GET /echo", { mediaType: { previews: ["mercy", "luke-cage"], format: "raw" } });
  assert.is(
    acceptSeen(),
    "application/vnd.github.mercy-preview.raw+json,application/vnd.github.luke-cage-preview.raw+json",
  );
  await client.request("GET /echo", { mediaType: { previews: ["mercy"], format: "diff" } });
  assert.is(acceptSeen(), "application/vnd.github.mercy-preview.diff");
});

test("mediaType is never sent as a parameter, in the query or the body, and bound defaults work", async () => {
  const client = new Previewing({ baseUrl: server.url });
  const get = await client.request("GET /echo", { mediaType: { format: "raw" }, q: 1 });
  assert.is(get.data.url, "/echo?q=1");
  const post = await client.request("POST /echo", { mediaType: { previews: ["mercy"] }, name: "x" });
  assert.is(post.data.body, '{"name":"x"}');
  const diffs = client.request.defaults({ mediaType: { format: "diff" } });
  await diffs("GET /echo");
  assert.is(acceptSeen(), "application/vnd.github.v3.diff");
});

test("inert without options: the default accept is sent unchanged", async () => {
  const client = new Previewing({ baseUrl: server.url });
  await client.request("GET /echo");
  assert.is(acceptSeen(), "application/vnd.github.v3+json");
});

test("bad input: a ParameterError naming the fix, before anything is sent (per call) or at construction (option)", async () => {
  const client = new Previewing({ baseUrl: server.url });
  for (const mediaType of [{ format: "dif" }, { previews: ["mercy+json"] }, { previews: "mercy" }] as never[]) {
    const error = await client.request("GET /echo", { mediaType }).catch((e) => e);
    assert.ok(isParameterError(error), String(error));
    assert.match(error.message, /use one of|preview name is|pass an array/);
  }
  assert.is(server.requests.length, 0);
  assert.throws(() => new Previewing({ previews: ["ok", ""] }), /The previews option contains ""/);
});

test.run();
