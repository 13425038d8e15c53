import { suite } from "uvu";
import * as assert from "uvu/assert";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { Client } from "../../kernel/index.js";
import { paginate } from "../../plugins/paginate/index.js";
import { startServer, type TestServer } from "../helpers/server.js";
import { paged } from "../helpers/paginate-pages.js";

// A structural check, not a measurement: pages the iterator has handed out must be
// collectable while it keeps going. `--expose-gc` set at run time gives a `gc` function.
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const test = suite("plugins: paginate iterator memory");
const PAGES = 1000;
let server: TestServer;

test.before(async () => {
  server = await startServer({ "GET /many": paged("/many", { pages: PAGES, size: 3 }) });
});
test.after(() => server.close());

test(`over ${PAGES} pages, every page yielded earlier is garbage-collectable (the iterator retains none)`, async () => {
  const client = new (Client.plugin([paginate]))({ baseUrl: server.url });
  const refs: WeakRef<object>[] = [];
  let seen = 0;
  let checked = 0;
  const iterator = client.paginate.iterator("GET /many");
  for await (const page of iterator) {
    refs.push(new WeakRef(page), new WeakRef(page.data));
    seen++;
    if (seen % 250 === 0) {
      // Let the job that created the WeakRefs end: targets are kept alive until then.
      await new Promise((resolve) => setImmediate(resolve));
      gc();
      const alive = refs.slice(0, -2).filter((ref) => ref.deref() !== undefined).length;
      // V8's optimizing compiler may keep a stale value or two in a frame slot (gone with
      // --no-opt): a small constant. An iterator that retained its pages would keep 2 × seen.
      assert.ok(alive <= 4, `after ${seen} pages, ${alive} earlier pages/arrays are still referenced`);
      checked++;
    }
  }
  assert.is(seen, PAGES);
  assert.is(checked, PAGES / 250);
  assert.is(server.requests.length, PAGES);
});

test("control: a page that the caller keeps is not collected (the check above can fail)", async () => {
  const client = new (Client.plugin([paginate]))({ baseUrl: server.url });
  const kept: object[] = [];
  const refs: WeakRef<object>[] = [];
  for await (const page of client.paginate.iterator("GET /many", {}, { maxItems: 30 })) {
    kept.push(page);
    refs.push(new WeakRef(page));
  }
  await new Promise((resolve) => setImmediate(resolve));
  gc();
  assert.is(refs.filter((ref) => ref.deref() !== undefined).length, 10);
  assert.is(kept.length, 10);
});

test.run();
