// Streamed responses (request.parseSuccessResponseBody: false) on both transports: `data` is
// a web ReadableStream, decoded, redirects followed with credentials dropped across origins,
// failures still read for their message, and a 200 MB download measured in a child process.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Agent } from "node:http";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { HttpError, NetworkError } from "../../kernel/index.js";
import { startServer, type TestServer } from "../helpers/server.js";
import { transports } from "../helpers/security.js";

const test = suite("faults: streamed responses");
const httpAgent = new Agent({ keepAlive: true });
const make = transports(httpAgent);
const MB = 1e6;
const dir = mkdtempSync(join(tmpdir(), "forgekit-stream-"));
let server: TestServer;
let other: TestServer;

/** `total` bytes of a repeating pattern, written as the socket drains. */
function big(total: number) {
  const chunk = Buffer.alloc(64 * 1024, "forgekit ");
  return (_req: unknown, res: import("node:http").ServerResponse) => {
    res.writeHead(200, { "content-type": "application/octet-stream", "content-length": String(total) });
    let sent = 0;
    const pump = () => {
      while (sent < total) {
        const part = chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += part.length;
        if (!res.write(part)) return void res.once("drain", pump);
      }
      res.end();
    };
    pump();
  };
}

test.before(async () => {
  other = await startServer({ "GET /asset": { headers: { "content-type": "application/zip" }, body: "PK-asset" } });
  server = await startServer({
    "GET /": big(200 * MB),
    "GET /small": { body: { ok: true } },
    "GET /gzip": {
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
      body: gzipSync('{"zipped":true}'),
    },
    "GET /missing": { status: 404, body: { message: "Not Found" } },
    "DELETE /gone": { status: 204 },
    "GET /reset": (_req, res) => {
      res.writeHead(200, { "content-type": "application/octet-stream", "content-length": "1000" });
      res.write("partial");
      setTimeout(() => res.socket?.destroy(), 30);
    },
  });
  server.route("GET /redirect", { status: 302, headers: { location: `${other.url}/asset` } });
});
test.after(async () => {
  httpAgent.destroy();
  await Promise.all([server.close(), other.close()]);
  rmSync(dir, { recursive: true, force: true });
});

const text = async (stream: unknown) => new Response(stream as ReadableStream).text();
const STREAM = { request: { parseSuccessResponseBody: false } };

for (const name of ["fetch", "agent"] as const) {
  const client = (options = {}) => make[name]({ baseUrl: server.url, ...options });

  test(`${name}: data is a web ReadableStream of the decoded body; status and headers as usual`, async () => {
    const response = await client().request("GET /gzip", STREAM);
    assert.instance(response.data, ReadableStream);
    assert.is(response.status, 200);
    assert.is(response.headers["content-type"], "application/json");
    assert.is(await text(response.data), '{"zipped":true}');
  });

  test(`${name}: a redirect to another origin is followed without the credentials`, async () => {
    const headers = { authorization: "token ghp_streamsecret" };
    const response = await client({ headers }).request("GET /redirect", STREAM);
    assert.is(await text(response.data), "PK-asset");
    assert.is(response.url, `${other.url}/asset`);
    const hop = other.requests.at(-1)!;
    assert.is(hop.headers.authorization, undefined);
    assert.is(server.requests.at(-1)!.headers.authorization, "token ghp_streamsecret");
  });

  test(`${name}: a failure is still read for its message: HttpError, not a stream`, async () => {
    const error = await client()
      .request("GET /missing", STREAM)
      .catch((e: unknown) => e);
    assert.instance(error, HttpError);
    assert.equal((error as HttpError).response.data, { message: "Not Found" });
  });

  test(`${name}: 204 has no data to stream`, async () => {
    const response = await client().request("DELETE /gone", STREAM);
    assert.is(response.status, 204);
    assert.is(response.data, undefined);
  });

  test(`${name}: request.maxBodyBytes bounds buffered bodies only, not a stream`, async () => {
    const response = await client().request("GET /", {
      request: { parseSuccessResponseBody: false, maxBodyBytes: 10 },
    });
    const reader = (response.data as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    assert.ok(first.value!.byteLength > 10);
    await reader.cancel();
  });

  test(`${name}: the connection closing mid-body errors the stream`, async () => {
    const response = await client().request("GET /reset", STREAM);
    const error = await text(response.data).catch((e: unknown) => e);
    assert.instance(error, Error);
    assert.not.instance(error, NetworkError, "the stream's own error: the request had already resolved");
  });

  test(`${name}: a 200 MB download to a file raises peak RSS by under 64 MB`, async () => {
    const child = new URL("../helpers/stream-child.ts", import.meta.url).pathname;
    const register = new URL("../helpers/register.mjs", import.meta.url).pathname;
    const file = join(dir, `${name}.bin`);
    const out = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, ["--import", register, child, server.url, name, file], (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
      ),
    );
    const { bytes, raised } = JSON.parse(out.trim().split("\n").pop()!);
    assert.is(bytes, 200 * MB);
    assert.ok(raised < 64 * 2 ** 20, `peak RSS raised by ${(raised / 2 ** 20).toFixed(1)} MiB`);
    if (process.env.FORGEKIT_REPORT)
      console.log(`${name}: 200 MB streamed, peak RSS +${(raised / 2 ** 20).toFixed(1)} MiB`);
  });
}

test.run();
