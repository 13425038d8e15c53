import { suite } from "uvu";
import * as assert from "uvu/assert";
import sinon from "sinon";
import { Client, ParameterError } from "../../kernel/index.js";
import { auth } from "../../plugins/auth/index.js";
import { App } from "../../plugins/app/index.js";
import { sign } from "../../plugins/webhooks/index.js";
import { startServer, type Recorded, type TestServer } from "../helpers/server.js";
import { generateAppKeys } from "../helpers/auth-keys.js";
import { fakeGitHubApp, type FakeGitHub } from "../helpers/auth-github.js";

const test = suite("app: GitHub App clients, iterators and webhooks");
const APP_ID = 4242;
const keys = generateAppKeys();
let server: TestServer;
let github: FakeGitHub;
let clock: sinon.SinonFakeTimers | undefined;

/** The token an installation request carried, when it was one the fake GitHub issued. */
const liveToken = (req: Recorded) => {
  const token = /^token (.+)$/.exec(String(req.headers.authorization ?? ""))?.[1];
  return token && github.live.has(token) ? token : undefined;
};

/** `GET path` answers `items` two per page with GitHub's Link header; `wrap` names a wrapper key. */
function paged(path: string, items: unknown[], check: (req: Recorded) => boolean, wrap?: string) {
  server.route(`GET ${path}`, (req) => {
    if (!check(req)) return { status: 401, body: { message: "Bad credentials" } };
    const page = Number(req.query.get("page") ?? 1);
    const size = 2;
    const last = Math.ceil(items.length / size);
    const slice = items.slice((page - 1) * size, page * size);
    const link = (n: number, rel: string) => `<${server.url}${path}?per_page=${size}&page=${n}>; rel="${rel}"`;
    const links = [page < last && link(page + 1, "next"), page < last && link(last, "last")].filter(Boolean);
    return {
      headers: links.length ? { link: links.join(", ") } : {},
      body: wrap ? { total_count: items.length, [wrap]: slice } : slice,
    };
  });
}

test.before(async () => {
  server = await startServer();
});
test.after(() => server.close());
test.before.each(() => {
  server.requests.length = 0;
  github = fakeGitHubApp(server, keys.publicKey, APP_ID, ["1", "2", "3"]);
});
test.after.each(() => {
  clock?.restore();
  clock = undefined;
});

const makeApp = (extra: Record<string, unknown> = {}) =>
  new App({
    appId: APP_ID,
    privateKey: keys.pkcs1,
    webhooks: { secret: "app secret" },
    octokitOptions: { baseUrl: server.url },
    ...extra,
  });
const exchanges = () => server.requests.filter((r) => r.path.endsWith("/access_tokens"));

test("app.octokit is the app: a bearer JWT whose iss is the app id, verified by the server", async () => {
  const { data } = await makeApp().octokit.request("GET /app");
  assert.is(data.id, APP_ID);
  assert.is(github.jwts.length, 1);
  assert.is(github.jwts[0]!.claims.iss, APP_ID);
  assert.match(String(server.requests[0]!.headers.authorization), /^bearer eyJ/);
});

test("getInstallationOctokit exchanges a bearer JWT (iss = app id) for the installation's token", async () => {
  const app = makeApp();
  const octokit = await app.getInstallationOctokit(1);
  const { data } = await octokit.request("GET /repos/o/r");
  assert.equal(data, { full_name: "o/r" });
  assert.is(exchanges().length, 1);
  assert.is(exchanges()[0]!.path, "/app/installations/1/access_tokens");
  assert.match(String(exchanges()[0]!.headers.authorization), /^bearer /);
  assert.is(github.jwts.at(-1)!.claims.iss, APP_ID);
  assert.ok(liveToken(server.requests.at(-1)!), "the repository request carried the issued token");
});

test("the token is reused across calls and requests, per installation", async () => {
  const app = makeApp();
  for (let round = 0; round < 3; round++) {
    await (await app.getInstallationOctokit(1)).request("GET /repos/o/r");
    await (await app.getInstallationOctokit("2")).request("GET /repos/o/r");
  }
  assert.equal(github.exchanges, { "1": 1, "2": 1 });
});

test("the token is refreshed shortly before it expires", async () => {
  clock = sinon.useFakeTimers({ now: Date.now(), toFake: ["Date"] });
  const app = makeApp();
  await (await app.getInstallationOctokit(1)).request("GET /repos/o/r");
  clock.tick(50 * 60_000); // 10 minutes left: reused
  await (await app.getInstallationOctokit(1)).request("GET /repos/o/r");
  assert.is(github.exchanges["1"], 1);
  clock.tick(6 * 60_000); // 4 minutes left: refreshed
  await (await app.getInstallationOctokit(1)).request("GET /repos/o/r");
  assert.is(github.exchanges["1"], 2);
  assert.ok(liveToken(server.requests.at(-1)!));
});

test("eachInstallation.iterator() reads every page of /app/installations as the app", async () => {
  const installations = [1, 2, 3].map((id) => ({ id, account: { login: `org${id}` } }));
  paged("/app/installations", installations, (req) => /^bearer /.test(String(req.headers.authorization)));
  const app = makeApp();
  const seen: string[] = [];
  for await (const { octokit, installation } of app.eachInstallation.iterator()) {
    seen.push(installation.account.login);
    assert.is(octokit, await app.getInstallationOctokit(installation.id));
  }
  assert.equal(seen, ["org1", "org2", "org3"]);
  assert.equal(
    server.requests.filter((r) => r.path === "/app/installations").map((r) => r.query.get("page")),
    [null, "2"],
  );
  const called: number[] = [];
  await app.eachInstallation(({ installation }) => void called.push(installation.id));
  assert.equal(called, [1, 2, 3]);
});

test("eachRepository.iterator() reads every page of each installation's repositories with its token", async () => {
  paged("/app/installations", [{ id: 1 }, { id: 2 }], (req) => /^bearer /.test(String(req.headers.authorization)));
  const repos = ["a", "b", "c", "d", "e"].map((name) => ({ name }));
  paged("/installation/repositories", repos, (req) => !!liveToken(req), "repositories");
  const app = makeApp();
  const names: string[] = [];
  for await (const { repository } of app.eachRepository.iterator()) names.push(repository.name);
  assert.equal(names, ["a", "b", "c", "d", "e", "a", "b", "c", "d", "e"]);
  assert.equal(github.exchanges, { "1": 1, "2": 1 });
  const one: string[] = [];
  for await (const { repository } of app.eachRepository.iterator({ installationId: 3 })) one.push(repository.name);
  assert.equal(one, ["a", "b", "c", "d", "e"]);
  assert.is(github.exchanges["3"], 1);
});

test("app.webhooks: handlers get the client of the delivery's installation", async () => {
  const app = makeApp();
  const seen: unknown[] = [];
  app.webhooks.on("issues.opened", async ({ octokit, payload }) => {
    seen.push(payload.issue.number, octokit === (await app.getInstallationOctokit(2)));
    seen.push((await octokit.request("GET /repos/o/r")).data);
  });
  app.webhooks.on("ping", ({ octokit }) => void seen.push(octokit === app.octokit));
  const body = JSON.stringify({ action: "opened", issue: { number: 9 }, installation: { id: 2 } });
  await app.webhooks.verifyAndReceive({
    id: "1",
    name: "issues",
    payload: body,
    signature: await sign("app secret", body),
  });
  await app.webhooks.receive({ id: "2", name: "ping", payload: { zen: "Design for failure." } });
  assert.equal(seen, [9, true, { full_name: "o/r" }, true]);
  assert.equal(github.exchanges, { "2": 1 });
});

test("client defaults: the Octokit class and octokitOptions reach every client", async () => {
  const Small = Client.plugin([auth]);
  const app = new App({
    appId: APP_ID,
    privateKey: keys.pkcs1,
    Octokit: Small,
    octokitOptions: { baseUrl: `${server.url}/api/v3`, userAgent: "my-app/1.0" },
  });
  server.route("GET /api/v3/app", (req) => ({ body: { auth: String(req.headers.authorization).slice(0, 7) } }));
  const { data } = await app.octokit.request("GET /app");
  assert.equal(data, { auth: "bearer " });
  assert.match(String(server.requests.at(-1)!.headers["user-agent"]), /^my-app\/1\.0/);
  assert.ok((await app.getInstallationOctokit(1)) instanceof Small);
  // Without paginate in the class, the iterators say what to add.
  const error = await app.eachInstallation
    .iterator()
    [Symbol.asyncIterator]()
    .next()
    .catch((e: Error) => e);
  assert.match(String((error as Error).message), /add the paginate plugin/);
});

test("bad options are ParameterErrors naming the fix, before any request", async () => {
  const isParameterError = (e: Error) => e instanceof ParameterError;
  assert.throws(() => new App(undefined as never), isParameterError);
  assert.throws(
    () => makeApp({ appId: 0 }),
    (e: Error) => isParameterError(e) && /appId/.test(e.message),
  );
  assert.throws(
    () => makeApp({ privateKey: "nope" }),
    (e: Error) => isParameterError(e) && /privateKey/.test(e.message),
  );
  assert.throws(() => makeApp({ octokitOptions: { auth: "x" } }), /must not set "auth"/);
  assert.throws(() => makeApp({ webhooks: { secret: "" } }), /"secret"/);
  assert.throws(() => new App({ appId: APP_ID, privateKey: keys.pkcs1 }).webhooks, /webhooks: \{ secret \}/);
  const app = makeApp();
  for (const id of [0, -1, 1.5, "abc", undefined])
    assert.ok(isParameterError((await app.getInstallationOctokit(id as never).catch((e: Error) => e)) as Error));
  assert.is(server.requests.length, 0);
});

test.run();
