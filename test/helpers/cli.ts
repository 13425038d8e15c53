// Runs the built `forgekit` command (package.json's `bin`) as a child process, with an
// environment built from scratch: no GITHUB_TOKEN, GH_TOKEN or DEBUG leaks in from the shell.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("../../", import.meta.url));
/** What `npm install` links as the `forgekit` command. */
export const BIN = `${root}${JSON.parse(readFileSync(`${root}package.json`, "utf8")).bin.forgekit}`;

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Fail early and clearly when dist/ is missing or older than the CLI's sources. */
export function assertBuilt(): void {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`node build.mjs\` first (npm test does).`);
  const built = statSync(BIN).mtimeMs;
  const sources = readdirSync(`${root}plugins/cli`, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith(".ts"));
  const stale = sources.filter((file) => statSync(`${root}plugins/cli/${file}`).mtimeMs > built);
  if (stale.length)
    throw new Error(`dist/ is older than plugins/cli/${stale[0]}: run \`node build.mjs\` first (npm test does).`);
}

/** `forgekit ...args`, resolved when the process exits. */
export function forgekit(
  args: readonly string[],
  options: { env?: Record<string, string>; input?: string | Uint8Array; cwd?: string } = {},
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const env = { PATH: process.env.PATH ?? "", NO_COLOR: "1", ...options.env };
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: options.cwd ?? root,
      env,
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? "");
  });
}
