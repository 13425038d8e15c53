// The browser bundles are ASCII (build/browser.mjs escapes everything else): a classic script is
// decoded in its page's charset, so on a page without `<meta charset>` (windows-1252 by
// default) a UTF-8 "→" in the bundle read as "â†’" in every error message.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readdirSync, readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { launchChromium, openPage, startApi } from "../helpers/browser.js";
import { startServer, type TestServer } from "../helpers/server.js";

const test = suite("browser: bundles are ASCII, readable on a page without a charset");
const root = new URL("../../dist/browser/", import.meta.url);
let browser: Browser;
let api: TestServer;
let pages: TestServer;

// No charset anywhere: not in the page, not in a content-type header.
const PAGE = {
  classic: `<!doctype html><title>classic</title><script src="/forgekit.js"></script>
<script>window.lib = Object.assign({ Client: Client }, Client);</script>`,
  esm: `<!doctype html><title>esm</title>
<script type="module">import * as lib from "/forgekit.mjs"; window.lib = lib;</script>`,
};

test.before(async () => {
  api = await startApi();
  pages = await startServer({
    "*": (req) => {
      const name = req.path.slice(1);
      if (name === "classic.html" || name === "esm.html")
        return { headers: { "content-type": "text/html" }, body: PAGE[name.slice(0, -5) as keyof typeof PAGE] };
      if (!/^[\w./-]+$/.test(name) || name.includes("..")) return { status: 400 };
      return { headers: { "content-type": "text/javascript" }, body: readFileSync(new URL(name, root)) };
    },
  });
  browser = await launchChromium();
});
test.after(async () => {
  await browser?.close();
  await api?.close();
  await pages?.close();
});

test("every file in dist/browser is ASCII", () => {
  const files = readdirSync(root, { recursive: true }).map(String);
  const scripts = files.filter((name) => /\.m?js$/.test(name));
  assert.ok(scripts.includes("forgekit.js") && scripts.some((name) => name.startsWith("chunks/")), scripts.join());
  for (const name of scripts) {
    const bytes = readFileSync(new URL(name, root));
    const at = bytes.findIndex((byte) => byte > 0x7f);
    assert.is(at, -1, `${name}: a non-ASCII byte at ${at}`);
  }
});

for (const kind of ["classic", "esm"] as const) {
  test(`${kind}: messages keep "→" and "≥" on a page without a charset`, async () => {
    const opened = await openPage(browser, `${pages.url}/${kind}.html`);
    try {
      await opened.page.waitForFunction(() => "lib" in window);
      const { charset, http, parameter } = await opened.page.evaluate(async (baseUrl) => {
        const { Client } = (window as unknown as { lib: typeof import("../../plugins/presets/browser.js") }).lib;
        const client = new Client({ baseUrl, retry: false });
        const http = await client.request("GET /no-such-thing").catch((e: Error) => e.message);
        const parameter = await client
          .paginate("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" }, { maxItems: -1 })
          .catch((e: Error) => e.message);
        return { charset: document.characterSet, http, parameter };
      }, api.url);
      assert.is.not(charset, "UTF-8", "the page really has no UTF-8 charset");
      assert.is(http, `GET ${api.url}/no-such-thing → 404 Not Found: Not Found (https://docs.github.com/rest)`);
      assert.match(parameter, /pass a whole number ≥ 0/);
      assert.equal(opened.errors, []);
    } finally {
      await opened.context.close();
    }
  });
}

test.run();
