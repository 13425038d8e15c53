// The first call of a fresh client (issue 38, item 4): a bot's handler fires it in the
// background, and its test expects it sent soon. Code that call needs may load on first use
// (the node:http transport, the parameter checks and the scope's metadata), but never one load
// after another: the transport's code starts loading when the endpoint method is made
// (kernel/request.ts, `Transport.prepare`), before the method's checks load theirs (the Node
// preset reads the scope's metadata from its data file, synchronously: no load). Checked by
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
function firstCall(): Promise<string[]> {
  const file = join(dir, "loads.txt");
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

test.run();
