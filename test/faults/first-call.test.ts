// The first call of a fresh client (issue 38, item 4): a bot's handler fires it in the
// background, and its test expects it sent soon. Code that call needs may load on first use
// (the node:http transport, the parameter checks, the scope's metadata, the retry/throttle
// engine), but never one load after another: each starts when the endpoint method is made
// (kernel/request.ts: `Transport.prepare` and what plugins registered with `onFirstUse`;
// plugins/endpoints/method.ts for the checks), not when a hook or the call reaches it. The Node
// preset reads the scope's metadata from its data file, synchronously: no load. Checked by
// the order in which Node is asked for modules (module hooks in a child process), not by time.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer, type TestServer } from "../helpers/server.js";

const test = suite("faults: a fresh client's first call");
let server: TestServer;
const dir = mkdtempSync(join(tmpdir(), "forgekit-first-call-"));

test.before(async () => {
  server = await startServer({ "GET /repos/o/r": { body: { name: "r" } } });
});
test.after(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** What the child recorded: module URLs (paths inside the repository) and its `== …` marks, in order. */
let runs = 0;
function firstCall(): Promise<string[]> {
  // A file per run: the hooks append.
  const file = join(dir, `loads-${++runs}.txt`);
  const child = new URL("../helpers/first-call-child.ts", import.meta.url).pathname;
  const register = new URL("../helpers/register.mjs", import.meta.url).pathname;
  return new Promise((resolve, reject) =>
    execFile(process.execPath, ["--import", register, child, file, server.url], (error, _stdout, stderr) =>
      error
        ? reject(new Error(`${error.message}\n${stderr}`))
        : resolve(
            readFileSync(file, "utf8")
              .split("\n")
              .filter(Boolean)
              .map((line) => line.replace(/^file:\/\/.*?\/(kernel|plugins|definitions|test)\//, "$1/")),
          ),
    ),
  );
}

test("the transport's code is asked for when the method is made, before the checks' code and the scope's metadata", async () => {
  const lines = await firstCall();
  const at = (pattern: RegExp) => lines.findIndex((line) => pattern.test(line));
  const made = at(/^== method made$/);
  const transport = at(/^plugins\/agent\/fetch\.ts$/);
  const checks = at(/^plugins\/endpoints\/check-params\.ts$/);
  const metadata = at(/^definitions\/.*params.*repos/);
  assert.ok(lines.includes("== answered 200"), lines.join("\n"));
  const file = lines.includes("== metadata from data.txt");
  assert.ok(made > 0 && transport > 0 && checks > 0 && (metadata > 0 || file), lines.join("\n"));
  // Asked for (the module hooks see requests in the order the main thread makes them) before
  // the first call made its own requests: the two loads overlap instead of following each other.
  assert.ok(transport < checks && (file || transport < metadata), lines.join("\n"));
  assert.is(server.requests.length, 1);
});

/** Where the mark the hooks saw in the order of the child's requests is (the `==` lines are written by the child's own thread). */
const markAt = (lines: string[], name: string) =>
  lines.findIndex((line) => line.endsWith(`first-call-mark.mjs?${name}`));

/** The entry of each load on demand a first call needs whatever its scope (their static imports follow as they load). */
const LAZY = [
  /^plugins\/agent\/fetch\.ts$/, // the node:http transport
  /^plugins\/endpoints\/check-params\.ts$/, // the parameter checks
  /^plugins\/policy\/code\.ts$/, // the retry/throttle engine, awaited in its `wrap` hook
];

test("every load the first call needs is asked for when the method is made, none by a hook", async () => {
  const lines = await firstCall();
  const made = markAt(lines, "method-made");
  assert.ok(made > 0, lines.join("\n"));
  for (const pattern of LAZY) {
    const at = lines.findIndex((line) => pattern.test(line));
    assert.ok(at > 0, `${pattern} was never loaded:\n${lines.join("\n")}`);
    assert.ok(at < made, `${pattern} was first asked for by the call, after the method was made:\n${lines.join("\n")}`);
  }
});

test.run();
