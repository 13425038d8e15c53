import { test } from "uvu";
import * as assert from "uvu/assert";
import { Client as Full } from "../../plugins/presets/full.js";
import { startServer } from "../helpers/server.js";

// paginate followed Link URLs with the first request's `request.validate` metadata, so the
// validate plugin refused page 2 ("parameter owner is required") for endpoint methods.
test("paginate(client.issues.listForRepo) in the full preset follows past page 1", async () => {
  const server = await startServer({
    "GET /repos/o/r/issues": (req) => {
      const page = Number(req.query.get("page") ?? 1);
      const next = `<${server.url}/repos/o/r/issues?per_page=2&page=${page + 1}>; rel="next"`;
      return { headers: page < 3 ? { link: next } : {}, body: [{ title: `a${page}` }, { title: `b${page}` }] };
    },
  });
  try {
    const client = new Full({ baseUrl: server.url });
    const items = await client.paginate(client.issues.listForRepo, { owner: "o", repo: "r", per_page: 2 });
    assert.equal(
      items.map((issue: { title: string }) => issue.title),
      ["a1", "b1", "a2", "b2", "a3", "b3"],
    );
    assert.is(server.requests.length, 3);
  } finally {
    await server.close();
  }
});

test.run();
