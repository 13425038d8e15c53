// Real-browser test rig: Debian's Chromium driven by playwright-core (never a downloaded
// browser), a page origin serving dist/browser, and a fake GitHub API on a second loopback
// origin that answers CORS exactly as api.github.com does, so the browser enforces it.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { startServer, type Handler, type Reply, type TestServer } from "./server.js";

/** Chromium from Debian (`apt-get install chromium`); the tests never download a browser. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * CORS headers api.github.com sends on every response (recorded responses, 2024–2025; see
 * docs/browsers-and-bundle-size.md#cors-what-a-page-can-and-cannot-see).
 * Only the listed headers are readable from a page on another origin.
 */
export const GITHUB_CORS = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers":
    "ETag, Link, Location, Retry-After, X-GitHub-OTP, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Used, " +
    "X-RateLimit-Resource, X-RateLimit-Reset, X-OAuth-Scopes, X-Accepted-OAuth-Scopes, X-Poll-Interval, X-GitHub-Media-Type, " +
    "X-GitHub-SSO, X-GitHub-Request-Id, Deprecation, Sunset",
};

/** api.github.com's answer to a preflight: a fixed header list, not an echo of the request's. */
export const GITHUB_PREFLIGHT = {
  ...GITHUB_CORS,
  "access-control-allow-headers":
    "Authorization, Content-Type, If-Match, If-Modified-Since, If-None-Match, If-Unmodified-Since, Accept-Encoding, " +
    "X-GitHub-OTP, X-Requested-With, User-Agent, GraphQL-Features, X-Github-Next-Global-ID, X-GitHub-Api-Version",
  "access-control-allow-methods": "GET, POST, PATCH, PUT, DELETE",
  "access-control-max-age": "86400",
};

/**
 * The fake API: `startServer` with GitHub's CORS headers on every answer (404s included)
 * and preflights (`OPTIONS`) answered with {@link GITHUB_PREFLIGHT}. Preflights are
 * recorded in `requests` like any other request.
 */
export async function startApi(routes: Record<string, Handler | Reply> = {}): Promise<TestServer> {
  const table = new Map<string, Handler | Reply>(Object.entries(routes));
  const server = await startServer();
  server.route("*", (req, res, api) => {
    for (const [name, value] of Object.entries(GITHUB_CORS)) res.setHeader(name, value);
    if (req.method === "OPTIONS") return { status: 204, headers: GITHUB_PREFLIGHT };
    const handler = table.get(`${req.method} ${req.path}`) ?? table.get(`* ${req.path}`);
    if (!handler)
      return { status: 404, body: { message: "Not Found", documentation_url: "https://docs.github.com/rest" } };
    return typeof handler === "function" ? handler(req, res, api) : handler;
  });
  return { ...server, route: (key, handler) => void table.set(key, handler) };
}

const TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  js: "text/javascript",
  mjs: "text/javascript",
  json: "application/json",
};

/**
 * The page origin: `/<file>` serves `dist/browser/<file>` (`no-store`, so every module the
 * page loads reaches the server and is recorded), `/<name>.html` serves `pages[name]`.
 */
export async function startPages(pages: Record<string, string>): Promise<TestServer> {
  const root = new URL("../../dist/browser/", import.meta.url);
  return startServer({
    "*": async (req) => {
      const name = req.path.slice(1);
      const page = name.endsWith(".html") ? pages[name.slice(0, -5)] : undefined;
      const type = TYPES[name.slice(name.lastIndexOf(".") + 1)] ?? "application/octet-stream";
      const headers = { "content-type": type, "cache-control": "no-store" };
      if (page !== undefined) return { headers, body: page };
      if (!/^[\w./-]+$/.test(name) || name.includes("..")) return { status: 400 };
      const body = await readFile(new URL(name, root)).catch(() => undefined);
      return body ? { headers, body } : { status: 404, body: "" };
    },
  });
}

/** Launch Chromium headless with nothing that talks to the network on its own. */
export function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}. Install Debian's package (\`sh .ci/setup.sh\`, or \`apt-get install -y chromium\`) or set CHROMIUM_PATH; the tests never download a browser.`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** A page plus everything it printed and threw, for assertions and failure messages. */
export interface OpenedPage {
  page: Page;
  context: BrowserContext;
  /** `console.*` calls in the page: `type: text`. */
  console: string[];
  /** Uncaught errors in the page. */
  errors: string[];
}

/**
 * Open `url` in a fresh context (own cache and storage). `init` runs in the page before any
 * of its scripts (e.g. to set `localStorage.debug`).
 */
export async function openPage(browser: Browser, url: string, init?: () => void): Promise<OpenedPage> {
  const context = await browser.newContext();
  if (init) await context.addInitScript(init);
  const page = await context.newPage();
  const opened: OpenedPage = { page, context, console: [], errors: [] };
  page.on("console", (message) => void opened.console.push(`${message.type()}: ${message.text()}`));
  page.on("pageerror", (error) => void opened.errors.push(String(error)));
  const response = await page.goto(url);
  if (!response?.ok()) throw new Error(`openPage: ${url} answered ${response?.status()}`);
  return opened;
}
