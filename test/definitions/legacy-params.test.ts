// @octokit/rest v15/v16 parameter names (`number` → `issue_number`) are legacy data, beside the
// old method names in aliases.ts (`legacyParams`): the Node preset and `Octokit` map them
// (test/plugins/v16-compat.test.ts), while all.ts's `registry` (the @octokit/rest-equivalent
// composition) and the browser preset's route data carry only the description's own renames,
// which @octokit/rest v22 has too. Every call goes to a loopback server.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Client } from "../../kernel/index.js";
import { endpoints } from "../../plugins/endpoints/index.js";
import { registry, legacyParams } from "../../definitions/api.github.com/all.js";
import { lazyRegistry } from "../../definitions/api.github.com/index.js";
import { legacyParams as ghesParams } from "../../definitions/ghes-3.19/all.js";
import { startServer, type TestServer } from "../helpers/server.js";

const test = suite("definitions: v15/v16 parameter names are legacy data (legacyParams)");
let server: TestServer;
const warnings: string[] = [];
const log = { debug() {}, info() {}, warn: (message: string) => void warnings.push(message), error() {} };

test.before(async () => {
  server = await startServer({ "*": () => ({ body: {} }) });
});
test.after(() => server.close());
test.before.each(() => {
  server.requests.length = 0;
  warnings.length = 0;
});

const clientOf = (given: typeof registry) =>
  new (Client.plugin([endpoints(given)]))({ baseUrl: server.url, log }) as any;

test("the route data holds only the description's renames, as @octokit/rest v22", () => {
  const packed = Object.values(registry.routes!).join("\n");
  assert.equal(
    [...packed.matchAll(/"renamed":(\{[^}]*\})/g)].map((match) => match[1]),
    ['{"alert_id":"alert_number"}', '{"org_id":"org"}'],
  );
  assert.equal(legacyParams.issues?.get, { number: "issue_number" });
  assert.is("legacyParams" in registry, false);
  assert.is("legacyParams" in lazyRegistry, false);
});

test("another deployment's legacyParams are api.github.com's and its own operations' (one packed table)", () => {
  assert.equal(ghesParams.issues?.get, { number: "issue_number" });
  assert.equal(ghesParams.enterpriseAdmin?.getPreReceiveEnvironment, { id: "pre_receive_environment_id" });
  assert.is(legacyParams.enterpriseAdmin, undefined);
});

test("without legacyParams an old name is not mapped: nothing is sent", async () => {
  const error = await clientOf(registry)
    .issues.get({ owner: "o", repo: "r", number: 1 })
    .then(
      () => undefined,
      (caught: Error) => caught,
    );
  assert.instance(error, Error);
  assert.match(error.message, /issue_number/);
  assert.equal(server.requests, []);
  assert.equal(warnings, []);
});

test("with legacyParams the old name is mapped and warned about once", async () => {
  const client = clientOf({ ...registry, legacyParams });
  await client.issues.get({ owner: "o", repo: "r", number: 1 });
  await client.issues.get({ owner: "o", repo: "r", number: 2 });
  assert.equal(
    server.requests.map((request) => request.url),
    ["/repos/o/r/issues/1", "/repos/o/r/issues/2"],
  );
  assert.equal(warnings, ['issues.get(): parameter "number" is deprecated, use "issue_number".']);
});

test("the description's own rename works without legacyParams (codeScanning.getAlert's alert_id)", async () => {
  await clientOf(registry).codeScanning.getAlert({ owner: "o", repo: "r", alert_id: 3 });
  assert.equal(
    server.requests.map((request) => request.url),
    ["/repos/o/r/code-scanning/alerts/3"],
  );
});

test.run();
