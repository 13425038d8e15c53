// Issue 35: the drop-in `Octokit` sends a body's type and an empty path parameter as @octokit/rest
// 22 does (plugins/presets/octokit.ts): a string, bytes, a number or `null` as `data`
// with no `content-type` go out typed as JSON; a PATCH or PUT with no body sends `""` (fetch
// types it `text/plain`); `request()` with `{ path: "" }` lists the root (`…/contents`) and an
// empty `{owner}` leaves an empty segment, where `forgekit()` refuses both before sending.
// Both clients send to one loopback server, side by side.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Octokit as Rest } from "@octokit/rest";
import forgekit, { Octokit, ParameterError } from "../../plugins/presets/full.js";
import { startServer, type TestServer } from "../helpers/server.js";

const test = suite("octokit drop-in: bodies and empty path parameters as @octokit/rest 22 sends them");
let server: TestServer;

test.before(async () => {
  server = await startServer({ "*": { body: {} } });
});
test.after(() => server.close());

const CALLS: [string, Record<string, unknown>][] = [
  ["POST /markdown/raw", { data: "# hi" }],
  ["POST /markdown/raw", { data: "# hi", headers: { "content-type": "text/plain" } }],
  ["POST /markdown/raw", { data: "# hi", headers: { "Content-Type": "text/x-markdown" } }],
  ["POST /x", { data: Buffer.from("ab") }],
  ["POST /x", { data: new Uint8Array([1, 2]) }],
  ["POST /x", { data: 5 }],
  ["POST /x", { data: "" }],
  ["POST /x", { data: null }],
  ["POST /x", { data: { a: 1 } }],
  ["POST /x", { a: 1 }],
  ["POST /x", {}],
  ["PUT /x", {}],
  ["PATCH /x", {}],
  ["PATCH /x", { data: "" }],
  ["PUT /x", { headers: { "content-type": "application/octet-stream" } }],
  ["DELETE /x", {}],
  ["PUT /repos/{owner}/{repo}/subscription", { owner: "o", repo: "r" }],
  ["GET /repos/{owner}/{repo}/contents/{path}", { owner: "o", repo: "r", path: "" }],
  ["GET /repos/{owner}/{repo}/contents/{path}", { owner: "o", repo: "r", path: "", ref: "m" }],
  ["GET /repos/{owner}/{repo}", { owner: "o", repo: "" }],
  ["GET /repos/{owner}/{repo}/issues", { owner: "", repo: "r" }],
];

/** What reaches the server for each call: method, URL, content type and body. */
async function sent(octokit: any): Promise<string[]> {
  const out: string[] = [];
  for (const [route, parameters] of CALLS) {
    server.requests.length = 0;
    await octokit.request(route, structuredClone(parameters));
    const [request] = server.requests;
    out.push(
      `${route} ${JSON.stringify(parameters)} → ${request!.method} ${request!.url} ${request!.headers["content-type"]} ${JSON.stringify(request!.body)}`,
    );
  }
  return out;
}

test("each body and empty path parameter goes out as from @octokit/rest 22", async () => {
  const expected = await sent(new Rest({ baseUrl: server.url }));
  // What rest 22 sends, so that the comparison compares these cases.
  assert.ok(expected[0]!.endsWith('→ POST /markdown/raw application/json; charset=utf-8 "# hi"'), expected[0]);
  assert.ok(expected[11]!.includes("→ PUT /x text/plain;charset=UTF-8"), expected[11]);
  assert.ok(expected[17]!.includes("→ GET /repos/o/r/contents undefined"), expected[17]);
  assert.ok(expected[20]!.includes("→ GET /repos//r/issues"), expected[20]);
  assert.equal(await sent(new Octokit({ baseUrl: server.url })), expected);
});

test("forgekit() keeps refusing an empty path parameter, before anything is sent", async () => {
  server.requests.length = 0;
  const client = forgekit({ baseUrl: server.url });
  try {
    await client.request("GET /repos/{owner}/{repo}/contents/{path}", { owner: "o", repo: "r", path: "" });
    assert.unreachable("sent");
  } catch (error) {
    assert.instance(error, ParameterError);
    assert.match((error as Error).message, /Path parameter "path" .* is "": pass a non-empty string/);
  }
  assert.equal(server.requests.length, 0);
});

test.run();
