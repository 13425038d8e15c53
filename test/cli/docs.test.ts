// Runs every ```sh block of docs/cli.md (not `no-run`) with `sh -e`, the built forgekit on PATH,
// GITHUB_API_URL pointing at a local GitHub API server started for the block, a placeholder
// GITHUB_TOKEN, in a scratch directory; each must exit 0 (or the `exit=N` it declares), reach
// the server unless it is a dry run or a help, and never print the token.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startMockServer } from "../server/index.js";
import { BIN, assertBuilt, root } from "../helpers/cli.js";

const test = suite("cli: docs/cli.md samples run");
const TOKEN = "ghp_cliDocsSampleToken0123456789abcdef";

interface Block {
  line: number;
  flags: string[];
  code: string;
}

function blocks(): Block[] {
  const found: Block[] = [];
  const lines = readFileSync(join(root, "docs/cli.md"), "utf8").split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = /^```sh\b(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const end = lines.indexOf("```", i + 1);
    found.push({
      line: i + 1,
      flags: open[1]!.trim().split(/\s+/).filter(Boolean),
      code: lines.slice(i + 1, end).join("\n"),
    });
    i = end;
  }
  return found;
}

const all = blocks();
const runnable = all.filter((block) => !block.flags.includes("no-run"));
let dir: string;

test.before(() => {
  assertBuilt();
  dir = mkdtempSync(join(tmpdir(), "forgekit-cli-docs-"));
  writeFileSync(
    join(dir, "forgekit"),
    `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`,
  );
  chmodSync(join(dir, "forgekit"), 0o755);
});
test.after(() => rmSync(dir, { recursive: true, force: true }));

function sh(code: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn("sh", ["-e", "-c", code], {
      cwd: dir,
      env: { PATH: `${dir}:${process.env.PATH ?? ""}`, NO_COLOR: "1", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (exit) => resolve({ code: exit, output }));
  });
}

test("the guide has runnable samples and marks the ones needing GitHub", () => {
  assert.ok(runnable.length >= 8, `only ${runnable.length} runnable sh blocks`);
  assert.ok(all.some((block) => block.flags.includes("no-run")));
});

for (const block of runnable) {
  test(`docs/cli.md:${block.line} runs`, async () => {
    const server = await startMockServer({ rateLimit: { core: 100_000, search: 100_000, code_search: 100_000 } });
    try {
      const expected = Number(block.flags.find((flag) => flag.startsWith("exit="))?.slice(5) ?? 0);
      const { code, output } = await sh(block.code, { GITHUB_API_URL: server.url, GITHUB_TOKEN: TOKEN });
      assert.is(code, expected, `docs/cli.md:${block.line} exited ${code}:\n${output}`);
      assert.not.ok(output.includes(TOKEN.slice(4)), `docs/cli.md:${block.line} printed the token:\n${output}`);
      const offline = /--dry-run|--help|--version/.test(block.code) || expected !== 0;
      if (!offline) assert.ok(server.requests.length > 0, `docs/cli.md:${block.line} sent nothing to the local API`);
      for (const request of server.requests) assert.is(request.headers.authorization, `token ${TOKEN}`);
    } finally {
      await server.close();
    }
  });
}

test.run();
