// Drives test/helpers/redis-worker.mjs: a forgekit client in a child process of its own.
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

export interface WorkerConfig {
  redisUrl: string;
  prefix: string;
  baseUrl: string;
  token: string;
  plugins: Array<"cache" | "throttle">;
  throttle?: Record<string, unknown>;
}

export interface WorkerReply {
  id: number;
  ok: boolean;
  status?: number;
  headers?: Record<string, string>;
  data?: unknown;
  name?: string;
  message?: string;
}

/** A rate-limit callback the worker's throttle called. */
export interface WorkerEvent {
  event: "onRateLimit" | "onSecondaryRateLimit";
  info: { kind: string; sent: boolean; retryAt: number; waitMs: number; request: { method: string; url: string } };
}

export interface Worker {
  /** Rate-limit callbacks seen so far, in order. */
  events: WorkerEvent[];
  /** Send one request from the worker's client; resolves with what the worker saw. */
  request(route: string, params?: Record<string, unknown>): Promise<WorkerReply>;
  /** Close stdin; resolves when the process exited (non-zero exit rejects, with stderr). */
  stop(): Promise<void>;
  /** Kill the process (an `after` hook's cleanup when a test failed midway). */
  kill(): void;
  process: ChildProcess;
}

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Start a worker process with `config`. */
export function startWorker(config: WorkerConfig): Worker {
  const child = spawn(process.execPath, ["--import", "./test/helpers/register.mjs", "test/helpers/redis-worker.mjs"], {
    cwd: root,
    env: { ...process.env, FORGEKIT_WORKER: JSON.stringify(config) },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += d));
  const waiting = new Map<number, (reply: WorkerReply) => void>();
  const events: WorkerEvent[] = [];
  createInterface({ input: child.stdout! }).on("line", (line) => {
    const message = JSON.parse(line) as WorkerReply | WorkerEvent;
    if ("event" in message) return void events.push(message);
    const reply = message;
    waiting.get(reply.id)?.(reply);
    waiting.delete(reply.id);
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let next = 0;
  return {
    events,
    process: child,
    request(route, params = {}) {
      const id = ++next;
      return new Promise<WorkerReply>((resolve, reject) => {
        waiting.set(id, resolve);
        exited.then((code) => reject(new Error(`worker exited (code ${code}) before answering ${route}:\n${stderr}`)));
        child.stdin!.write(`${JSON.stringify({ id, route, params })}\n`);
      });
    },
    kill() {
      if (child.exitCode === null) child.kill("SIGKILL");
    },
    async stop() {
      child.stdin!.end();
      const code = await exited;
      if (code !== 0) throw new Error(`worker exited with code ${code}:\n${stderr}`);
    },
  };
}
