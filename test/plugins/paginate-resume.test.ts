import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Client, type ResolvedOptions } from "../../kernel/index.js";
import { paginate, type Checkpoint } from "../../plugins/paginate/index.js";
import { startServer, type TestServer } from "../helpers/server.js";
import { paged } from "../helpers/paginate-pages.js";

const test = suite("plugins: paginate checkpoints, maxItems and signal");
const Paged = Client.plugin([paginate]);
let server: TestServer;
let client: InstanceType<typeof Paged>;
/** Resolves the pending /hang request when called. */
let release: () => void = () => {};
let arrived: Promise<void>;
let arrive: () => void = () => {};

test.before(async () => {
  server = await startServer({
    "GET /items": paged("/items", { pages: 5, size: 2 }),
    "GET /hang": (req) => {
      if (req.query.get("page") !== "2")
        return { headers: { link: `<${server.url}/hang?page=2>; rel="next"` }, body: [1] };
      arrive();
      return new Promise((done) => (release = () => done({ body: [2] })));
    },
  });
});
test.after(() => server.close());
test.before.each(() => {
  server.requests.length = 0;
  client = new Paged({ baseUrl: server.url });
  arrived = new Promise((done) => (arrive = done));
});

test("each page carries a JSON checkpoint { url, count }; the iterator's onCheckpoint fires once a page is handled", async () => {
  const emitted: Checkpoint[] = [];
  const carried: Checkpoint[] = [];
  for await (const page of client.paginate.iterator("GET /items", {}, { onCheckpoint: (c) => emitted.push(c) })) {
    carried.push(page.checkpoint);
    if (carried.length === 2) break;
  }
  assert.equal(carried, [
    { url: `${server.url}/items?per_page=100&page=2`, count: 2 },
    { url: `${server.url}/items?per_page=100&page=3`, count: 4 },
  ]);
  assert.equal(emitted, carried.slice(0, 1), "the page the loop broke on was not handled");
  assert.equal(JSON.parse(JSON.stringify(carried[1])), carried[1]);
});

test("resume: a second run starts at the saved URL and counts on", async () => {
  let saved: Checkpoint | undefined;
  const first = await client.paginate(
    "GET /items",
    (response, done) => {
      if (response.checkpoint.count === 4) done();
      return response.data;
    },
    { onCheckpoint: (c) => (saved = c) },
  );
  assert.is(first.length, 4);
  assert.equal(saved, { url: `${server.url}/items?per_page=100&page=3`, count: 4 });
  server.requests.length = 0;
  const stored = JSON.parse(JSON.stringify(saved));
  const checkpoints: Checkpoint[] = [];
  const rest = await client.paginate("GET /items", {}, { resume: stored, onCheckpoint: (c) => checkpoints.push(c) });
  assert.equal(
    rest.map((i) => i.id),
    [5, 6, 7, 8, 9, 10],
  );
  assert.is(server.requests[0]!.url, "/items?per_page=100&page=3", "the second run's first request is the saved URL");
  assert.is(server.requests.length, 3);
  assert.equal(checkpoints.at(-1), { url: null, count: 10 });
  server.requests.length = 0;
  assert.equal(await client.paginate("GET /items", {}, { resume: { url: null, count: 10 } }), []);
  assert.is(server.requests.length, 0, "a finished checkpoint fetches nothing");
});

test("maxItems stops once reached and cuts the last page; its checkpoint resumes inside that page", async () => {
  const items = await client.paginate("GET /items", {}, { maxItems: 3 });
  assert.equal(
    items.map((i) => i.id),
    [1, 2, 3],
  );
  assert.is(server.requests.length, 2);
  let saved: Checkpoint | undefined;
  await client.paginate("GET /items", {}, { maxItems: 3, onCheckpoint: (c) => (saved = c) });
  assert.equal(saved, { url: `${server.url}/items?per_page=100&page=2`, count: 3, skip: 1 });
  const next = await client.paginate("GET /items", {}, { resume: saved!, maxItems: 6 });
  assert.equal(
    next.map((i) => i.id),
    [4, 5, 6],
    "item 3 is not delivered twice, maxItems counts the resumed items",
  );
  server.requests.length = 0;
  assert.equal(await client.paginate("GET /items", {}, { maxItems: 0 }), []);
  assert.is(server.requests.length, 0);
});

test("maxItems applies to the iterator too", async () => {
  const sizes: number[] = [];
  for await (const page of client.paginate.iterator("GET /items", {}, { maxItems: 5 })) sizes.push(page.data.length);
  assert.equal(sizes, [2, 2, 1]);
  assert.is(server.requests.length, 3);
});

test("signal aborted between pages: rejects with AbortError and fetches no further page", async () => {
  const controller = new AbortController();
  const error = await client
    .paginate(
      "GET /items",
      (response) => {
        controller.abort();
        return response.data;
      },
      { signal: controller.signal },
    )
    .catch((e) => e);
  assert.is(error.name, "AbortError");
  assert.is(server.requests.length, 1);
});

test("signal aborted while a page is in flight: the request is cancelled with AbortError", async () => {
  const controller = new AbortController();
  const pending = client.paginate("GET /hang", {}, { signal: controller.signal }).catch((e) => e);
  await arrived;
  controller.abort();
  const error = await pending;
  release();
  assert.is(error.name, "AbortError");
  assert.match(error.message, /aborted/);
  assert.is(server.requests.length, 2);
});

test("a signal in params.request works the same way", async () => {
  const controller = new AbortController();
  controller.abort();
  const error = await client.paginate("GET /items", { request: { signal: controller.signal } }).catch((e) => e);
  assert.is(error.name, "AbortError");
  assert.is(server.requests.length, 0);
});

test("the plugin adds only paginate and does nothing at construction", () => {
  const before = server.requests.length;
  const instance = new Paged({ baseUrl: server.url });
  // `paginate` is made on an instance's first access (its code loads on the first call); it
  // registers no hook, so no hook collection is made either (kernel/client.ts).
  assert.equal(Object.keys(instance).sort(), ["options", "request"]);
  assert.is(typeof instance.paginate.iterator, "function");
  assert.equal(Object.keys(instance).sort(), ["options", "paginate", "request"]);
  assert.is(server.requests.length, before);
  assert.ok((instance.options as ResolvedOptions).baseUrl === server.url);
});

test.run();
