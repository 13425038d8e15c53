// Bodies that could sink the process, and answers that could hold a request forever, on both
// transports: request.maxBodyBytes is enforced while decoding (a decompression bomb stops
// there, measured in a child process's peak RSS), bad limits and forbidden methods fail before
// any I/O, and a 101 answer settles at once.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Agent } from "node:http";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { NetworkError, ParameterError, ResponseTooLargeError } from "../../kernel/index.js";
import { retry } from "../../plugins/retry/index.js";
import { startServer, type TestServer } from "../helpers/server.js";
import { transports, WithAgent } from "../helpers/security.js";

const test = suite("faults: bodies and answers that must not sink the process");
const httpAgent = new Agent({ keepAlive: true });
const make = transports(httpAgent);
const MiB = 2 ** 20;
// 1 GiB of zeros as 1024 gzip members of 1 MiB each (gzip decoders read every member).
const GZIP_GIB = Buffer.concat(Array.from({ length: 1024 }, () => gzipSync(Buffer.alloc(MiB))));
// 3 KB that decode to 2 GiB of spaces (brotli, quality 11): test/fixtures/bomb-2gib-spaces.br.
const BROTLI_BOMB = readFileSync(new URL("../fixtures/bomb-2gib-spaces.br", import.meta.url));
const JSON_2000 = JSON.stringify({ text: "x".repeat(1989) });
let server: TestServer;

test.before(async () => {
  server = await startServer({
    "GET /brotli-bomb": {
      headers: { "content-type": "application/json", "content-encoding": "br" },
      body: BROTLI_BOMB,
    },
    "GET /gzip-gib": {
      headers: { "content-type": "application/octet-stream", "content-encoding": "gzip" },
      body: GZIP_GIB,
    },
    "GET /json-2000": { headers: { "content-type": "application/json" }, body: JSON_2000 },
    "GET /gzip-json-2000": {
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
      body: gzipSync(JSON_2000),
    },
    "GET /chunked-text-2000": (_req, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.write("y".repeat(1000));
      res.end("y".repeat(1000));
    },
    // A 101 nobody asked for: neither transport may wait on it.
    "GET /switching": (_req, res) =>
      void res.socket?.write("HTTP/1.1 101 Switching Protocols\r\nconnection: upgrade\r\nupgrade: websocket\r\n\r\n"),
    // A 101 that names no protocol (no `upgrade` field), then the server hangs up: undici's
    // fetch waits for more until then (a server that never closes is left to request.timeout).
    "GET /switching-to-nothing": (_req, res) => {
      res.socket?.write("HTTP/1.1 101 Switching Protocols\r\n\r\n");
      setTimeout(() => res.socket?.end(), 100);
    },
  });
});
test.after(async () => {
  httpAgent.destroy();
  await server.close();
});
test.before.each(() => void (server.requests.length = 0));

/** One GET in a child process; its outcome and peak RSS. */
function inChild(
  path: string,
  name: string,
): Promise<{ name?: string; message?: string; limit?: number; rss: number }> {
  const child = new URL("../helpers/body-child.ts", import.meta.url).pathname;
  const register = new URL("../helpers/register.mjs", import.meta.url).pathname;
  return new Promise((resolve, reject) =>
    execFile(process.execPath, ["--import", register, child, server.url, path, name], (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout.trim().split("\n").pop()!)),
    ),
  );
}

// node: the Node default, node:http; agent: node:http with an agent of the caller's.
for (const name of ["fetch", "node", "agent"] as const) {
  const client = (options = {}) => make[name]({ baseUrl: server.url, ...options });

  test(`${name}: a 3 KB brotli bomb labelled JSON → ResponseTooLargeError; peak RSS under 512 MB`, async () => {
    assert.ok(BROTLI_BOMB.length < 4096, `the fixture is ${BROTLI_BOMB.length} bytes`);
    const outcome = await inChild("/brotli-bomb", name);
    assert.is(outcome.name, "ResponseTooLargeError", JSON.stringify(outcome));
    assert.is(outcome.limit, 256 * MiB);
    assert.match(outcome.message!, /request\.maxBodyBytes \(268435456 bytes\)/);
    assert.ok(outcome.rss < 512 * 1e6, `peak RSS ${(outcome.rss / 1e6).toFixed(0)} MB`);
    if (process.env.FORGEKIT_REPORT)
      console.log(`${name}: ${outcome.message}; peak RSS ${(outcome.rss / 1e6).toFixed(0)} MB`);
  });

  test(`${name}: a 1 GiB gzip body labelled octet-stream → ResponseTooLargeError; peak RSS under 512 MB`, async () => {
    const outcome = await inChild("/gzip-gib", name);
    assert.is(outcome.name, "ResponseTooLargeError", JSON.stringify(outcome));
    assert.ok(outcome.rss < 512 * 1e6, `peak RSS ${(outcome.rss / 1e6).toFixed(0)} MB`);
    if (process.env.FORGEKIT_REPORT)
      console.log(`${name}: ${outcome.message}; peak RSS ${(outcome.rss / 1e6).toFixed(0)} MB`);
  });

  for (const path of ["/json-2000", "/gzip-json-2000", "/chunked-text-2000"]) {
    test(`${name}: ${path} over request.maxBodyBytes → a typed error naming the limit and the option`, async () => {
      const error = await client()
        .request(`GET ${path}`, { request: { maxBodyBytes: 1999 } })
        .catch((e: unknown) => e);
      assert.instance(error, ResponseTooLargeError);
      assert.instance(error, NetworkError);
      assert.is((error as ResponseTooLargeError).limit, 1999);
      assert.is((error as ResponseTooLargeError).status, 200);
      assert.is(
        (error as Error).message,
        `GET ${server.url}${path} → 200, body over request.maxBodyBytes (1999 bytes): raise it, or stream with request.parseSuccessResponseBody: false`,
      );
      const response = await client({ request: { maxBodyBytes: 2000 } }).request(`GET ${path}`);
      assert.is(typeof response.data === "string" ? response.data.length : JSON.stringify(response.data).length, 2000);
    });
  }

  test(`${name}: the retry plugin does not send a too-large body's request again`, async () => {
    const Retrying = WithAgent.plugin(retry);
    const options = name === "fetch" ? { request: { fetch: globalThis.fetch } } : {};
    const error = await new Retrying({ baseUrl: server.url, retry: { delay: 1 }, ...options })
      .request("GET /json-2000", { request: { maxBodyBytes: 10 } })
      .catch((e: unknown) => e);
    assert.instance(error, ResponseTooLargeError);
    assert.is(server.requests.length, 1);
  });

  for (const bad of [0, -1, Number.NaN, "1000"]) {
    test(`${name}: request.maxBodyBytes ${JSON.stringify(bad)} → ParameterError before any I/O`, async () => {
      const error = await client()
        .request("GET /json-2000", { request: { maxBodyBytes: bad as number } })
        .catch((e: unknown) => e);
      assert.instance(error, ParameterError);
      assert.match((error as Error).message, /request\.maxBodyBytes must be a number above 0/);
      assert.is(server.requests.length, 0);
    });
  }

  for (const method of ["CONNECT", "TRACE"]) {
    test(`${name}: ${method} → ParameterError before any I/O (GitHub's API has no ${method}; a tunnel would wait forever)`, async () => {
      const error = await client()
        .request(`${method} /json-2000`)
        .catch((e: unknown) => e);
      assert.instance(error, ParameterError);
      assert.match((error as Error).message, `"${method}" is not an HTTP method`);
      assert.is(server.requests.length, 0);
    });
  }

  test(`${name}: a 101 answer → NetworkError at once, the same message on both transports`, async () => {
    const error = await client()
      .request("GET /switching")
      .catch((e: unknown) => e);
    assert.instance(error, NetworkError);
    assert.is((error as Error).message, `GET ${server.url}/switching → no response: UND_ERR_SOCKET`);
  });

  test(`${name}: a 101 without an upgrade field → the same NetworkError, never a success`, async () => {
    const outcome = await client()
      .request("GET /switching-to-nothing")
      .then(
        (response) => `resolved with status ${response.status}`,
        (e: unknown) => e,
      );
    assert.instance(outcome, NetworkError);
    assert.is((outcome as Error).message, `GET ${server.url}/switching-to-nothing → no response: UND_ERR_SOCKET`);
  });
}

test.run();
