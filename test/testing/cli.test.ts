import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { Client } from "../../kernel/index.js";

const test = suite("testing: the mock server's command line");
const root = fileURLToPath(new URL("../../", import.meta.url));
const cli = (args: string[]) =>
  spawn(process.execPath, ["--import", "./test/helpers/register.mjs", "test/server/cli.ts", ...args], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
  });

/** Collect stdout until `pattern` shows up; resolves with the whole text so far. */
function waitFor(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    child.stdout!.on("data", (chunk) => {
      text += chunk;
      if (pattern.test(text)) resolve(text);
    });
    child.once("exit", (code) => reject(new Error(`cli exited (${code}) before printing ${pattern}: ${text}`)));
  });
}

test("serves on the given port, logs each request, stops on SIGTERM", async () => {
  const child = cli(["--port", "0", "--total-items", "3"]);
  try {
    const banner = await waitFor(child, /listening on (http:\S+)/);
    const url = /listening on (http:\S+)/.exec(banner)![1]!;
    assert.match(banner, /Mock GitHub API \(\d{4} operations\)/);
    const logged = waitFor(child, /GET +\/repos\/o\/r\/issues/);
    const { data } = await new Client({ baseUrl: url }).request("GET /repos/{owner}/{repo}/issues", {
      owner: "o",
      repo: "r",
    });
    assert.is((data as unknown[]).length, 3);
    assert.match(await logged, /200 GET +\/repos\/o\/r\/issues +\(issues\/list-for-repo\)/);
    child.kill("SIGTERM");
    const [code] = await once(child, "exit");
    assert.is(code, 0);
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
  }
});

test("a bad flag exits 2 with the usage line", async () => {
  const child = cli(["--port", "http"]);
  let stderr = "";
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  const [code] = await once(child, "exit");
  assert.is(code, 2);
  assert.match(stderr, /--port http: expected a whole number\.\nUsage: cli\.js \[--port 3000\]/);
});

test.run();
