// One Chromium, one fake API (another origin) and one page per test file; the scenarios
// in scenarios.ts run against whichever artifact the page loaded (`window.lib`).
import type { Test } from "uvu";
import type { Browser } from "playwright-core";
import { launchChromium, openPage, startApi, startPages, type OpenedPage } from "../helpers/browser.js";
import type { TestServer } from "../helpers/server.js";

/**
 * Test pages. Each exposes the artifact's exports as `window.lib`: the classic script's
 * global `Client` carries every other export as a static member, the bundled ESM is
 * imported by a module script with no import map.
 */
export const PAGES = {
  classic: `<!doctype html><meta charset="utf-8"><title>classic</title>
<script>window.globalsBefore = Object.keys(window);</script>
<script src="/forgekit.js"></script>
<script>window.lib = Object.assign({ Client: Client }, Client);</script>`,
  // The preset with the plugins it leaves out, one import each (what the classic script has).
  esm: `<!doctype html><meta charset="utf-8"><title>esm</title>
<script type="module">
import * as preset from "/forgekit.mjs";
import { cache } from "/plugins/cache.mjs";
import { debug } from "/plugins/debug.mjs";
import { graphql } from "/plugins/graphql.mjs";
import { retry } from "/plugins/retry.mjs";
import { throttle } from "/plugins/throttle.mjs";
window.lib = { ...preset, Client: preset.Client.plugin([cache, debug, graphql, retry, throttle]) };
</script>`,
  // The preset alone.
  "esm-bare": `<!doctype html><meta charset="utf-8"><title>esm-bare</title>
<script type="module">import * as lib from "/forgekit.mjs"; window.lib = lib;</script>`,
};
export type PageName = keyof typeof PAGES;

export interface Rig {
  browser: Browser;
  /** The fake GitHub API (its own origin). */
  api: TestServer;
  /** The origin serving the pages and dist/browser. */
  pages: TestServer;
  /** The shared page, loaded once per file. */
  opened: OpenedPage;
  /** Open another page in a fresh context (own module map, cache and storage). */
  open(init?: () => void): Promise<OpenedPage>;
}

/** Start the servers and Chromium before the suite, close them after; returns the live rig. */
export function useRig(test: Test, page: PageName): Rig {
  const rig = {} as Rig;
  test.before(async () => {
    try {
      rig.api = await startApi();
      rig.pages = await startPages(PAGES);
      rig.browser = await launchChromium();
      rig.open = (init) => openPage(rig.browser, `${rig.pages.url}/${page}.html`, init);
      rig.opened = await rig.open();
    } catch (error) {
      // uvu counts the suite's tests as failed without showing why a `before` hook threw.
      console.error(error);
      throw error;
    }
  });
  test.after(async () => {
    await rig.browser?.close();
    await rig.api?.close();
    await rig.pages?.close();
  });
  test.after.each(() => {
    // Anything the page threw outside a test's own promise is a failure of that test.
    const errors = rig.opened?.errors.splice(0) ?? [];
    if (errors.length) throw new Error(`uncaught in the page: ${errors.join("; ")}`);
  });
  return rig;
}
