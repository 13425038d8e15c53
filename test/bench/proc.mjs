// Spawning measured child processes.
import { spawn } from "node:child_process";

const CPU_REPORT = new URL("./fixtures/cpu-report.mjs", import.meta.url).href;

/**
 * Run `node <args>` and resolve to { ms (wall time seen by the parent), code, stdout, stderr }
 * and, with `cpu`, cpuMs: the child's own CPU time, reported by fixtures/cpu-report.mjs.
 * Rejects when the process exits non-zero, with its stderr in the message.
 */
export function runNode(args, { env, cwd, allowFailure = false, cpu = false } = {}) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, cpu ? ["--import", CPU_REPORT, ...args] : args, {
      cwd,
      env: env ? { ...process.env, ...env } : process.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      const ms = performance.now() - started;
      if (code !== 0 && !allowFailure)
        reject(
          new Error(
            `node ${args.join(" ")} exited with ${code}:\n${(stderr || stdout).trim().split("\n").slice(-12).join("\n")}`,
          ),
        );
      else resolve({ ms, code, stdout, stderr, cpuMs: Number(/BENCH_CPU_MS ([\d.]+)/.exec(stderr)?.[1] ?? NaN) });
    });
  });
}

/** The last line of stdout parsed as JSON. */
export function lastJson(stdout) {
  const line = stdout.trim().split("\n").at(-1);
  return JSON.parse(line);
}

/** Start the GitHub-like server (or `script` with `args`) in its own process; resolves to { url, stop }. */
export function startServer(script, args = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], { stdio: ["pipe", "pipe", "inherit"] });
    let buffer = "";
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`bench server exited early (${code})`)));
    child.stdout.on("data", (chunk) => {
      buffer += chunk;
      const newline = buffer.indexOf("\n");
      if (newline === -1) return;
      const { url } = JSON.parse(buffer.slice(0, newline));
      child.removeAllListeners("exit");
      resolve({
        url,
        pid: child.pid,
        stop: () => new Promise((done) => (child.once("exit", done), child.stdin.end())),
      });
    });
  });
}
