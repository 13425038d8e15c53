// msw 2's Node server intercepts both layers; an unhandled request is an error, not a
// request to the network.
import { test } from "uvu";
import * as assert from "uvu/assert";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { ANSWERS, API, SEARCH, TOKEN, exercise } from "../helpers/mocked.js";

const seen: string[] = [];
const server = setupServer(
  http.get(`${API}/repos/o/r`, ({ request }) => {
    seen.push(`GET ${new URL(request.url).pathname} ${request.headers.get("authorization")}`);
    return HttpResponse.json(ANSWERS.repo);
  }),
  http.post(`${API}/repos/o/r/issues`, async ({ request }) => {
    seen.push(`POST ${new URL(request.url).pathname} ${JSON.stringify(await request.json())}`);
    return HttpResponse.json(ANSWERS.issue, { status: 201 });
  }),
  http.get(`${API}/search/issues`, ({ request }) => {
    seen.push(`GET ${new URL(request.url).search}`);
    return HttpResponse.json(ANSWERS.search);
  }),
);

test.before(() => server.listen({ onUnhandledRequest: "error" }));
test.after(() => server.close());

test("msw 2 sees every request; nothing reaches the network", async () => {
  assert.equal(await exercise(), ANSWERS);
  assert.equal(seen, [
    `GET /repos/o/r token ${TOKEN}`,
    `POST /repos/o/r/issues {"title":"found a bug"}`,
    `GET ?${SEARCH.wire}`,
  ]);
});

test.run();
