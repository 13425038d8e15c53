import { suite } from "uvu";
import * as assert from "uvu/assert";
import sinon from "sinon";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { startServer, type TestServer } from "../helpers/server.js";
import { generateAppKeys } from "../helpers/auth-keys.js";
import { fakeGitHubApp, type FakeGitHub } from "../helpers/auth-github.js";

// Runs every ```ts sample of docs/authentication.md (not the ```ts no-run ones) against a
// loopback stand-in for GitHub, with the environment variables the samples read.
const test = suite("auth: docs/authentication.md samples run");
const root = new URL("../../", import.meta.url);
const TOKEN = "ghp_docsSampleToken0123456789";
const keys = generateAppKeys();
let server: TestServer;
let github: FakeGitHub;
let dir: string;

const samples = [
  ...readFileSync(new URL("docs/authentication.md", root), "utf8").matchAll(/^```ts\n([\s\S]*?)^```$/gm),
].map((m) => m[1] ?? "");

test.before(async () => {
  dir = mkdtempSync(join(tmpdir(), "forgekit-auth-docs-"));
  server = await startServer({
    "GET /user": (req) =>
      req.headers.authorization
        ? { body: { login: "octocat" } }
        : { status: 401, body: { message: "Requires authentication" } },
  });
  github = fakeGitHubApp(server, keys.publicKey, 99, ["7"]);
  server.route("GET /repos/octocat/hello-world", (req) => {
    const token = /^token (.+)$/.exec(String(req.headers.authorization ?? ""))?.[1];
    if (req.headers.authorization && !(token && github.live.has(token)))
      return { status: 401, body: { message: "Bad credentials" } };
    return { body: { full_name: "octocat/hello-world" } };
  });
  Object.assign(process.env, {
    GITHUB_API_URL: server.url,
    GITHUB_TOKEN: TOKEN,
    GITHUB_APP_ID: "99",
    GITHUB_APP_PRIVATE_KEY: keys.pkcs1,
    GITHUB_APP_INSTALLATION_ID: "7",
  });
});
test.after(async () => {
  rmSync(dir, { recursive: true, force: true });
  await server.close();
});

test("the guide has runnable samples", () => {
  assert.ok(samples.length >= 6, `found ${samples.length}`);
});

samples.forEach((sample, index) => {
  const title = /^(?:\/\/ )?(.*)$/m
    .exec(sample.split("\n").find((line) => /client\.(request|authenticate)/.test(line)) ?? "")?.[1]
    ?.trim();
  test(`sample ${index + 1} runs (${title})`, async () => {
    const source = sample
      .replace(/from "forgekit\/core"/g, `from ${JSON.stringify(new URL("kernel/index.ts", root).href)}`)
      .replace(/from "forgekit\/plugins\/auth"/g, `from ${JSON.stringify(new URL("plugins/auth/index.ts", root).href)}`)
      // The sample file lives in a temporary directory: resolve @octokit packages from here.
      .replace(/from "(@octokit\/[\w-]+)"/g, (_, name: string) => `from ${JSON.stringify(import.meta.resolve(name))}`);
    assert.not.match(source, /from "forgekit/);
    const file = join(dir, `sample-${index + 1}.ts`);
    writeFileSync(file, source);
    const before = server.requests.length;
    const log = sinon.stub(console, "log");
    try {
      await import(pathToFileURL(file).href);
    } finally {
      log.restore();
    }
    const sent = server.requests.slice(before);
    if (/GET \/user/.test(sample))
      assert.ok(
        sent.some((r) => r.path === "/user" && r.headers.authorization),
        "GET /user was authenticated",
      );
    if (/installationId/.test(sample)) {
      assert.is(github.exchanges["7"], 1);
      assert.match(
        String(sent.find((r) => r.path === "/repos/octocat/hello-world")?.headers.authorization),
        /^token ghs_7x1/,
      );
    }
  });
});

test.run();
