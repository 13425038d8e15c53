// nock 14 intercepts node:http and fetch (through @mswjs/interceptors): fetch is kept.
import { test } from "uvu";
import * as assert from "uvu/assert";
import nock from "nock";
import { ANSWERS, API, SEARCH, TOKEN, exercise } from "../helpers/mocked.js";

test.before(() => nock.disableNetConnect());
test.after(() => {
  nock.cleanAll();
  nock.enableNetConnect();
});

test("nock 14 sees every request; nothing reaches the network", async () => {
  const auth: string[] = [];
  const scope = nock(API)
    .get("/repos/o/r")
    .reply(function () {
      auth.push(String(this.req.headers.authorization));
      return [200, ANSWERS.repo];
    })
    .post("/repos/o/r/issues", { title: "found a bug" })
    .reply(201, ANSWERS.issue)
    .get(`/search/issues?${SEARCH.wire}`)
    .reply(200, ANSWERS.search);
  assert.equal(await exercise(), ANSWERS);
  assert.ok(scope.isDone(), scope.pendingMocks().join());
  assert.equal(auth, [`token ${TOKEN}`]);
});

test.run();
