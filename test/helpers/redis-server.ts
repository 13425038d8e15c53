// Starts Debian's `redis-server` on 127.0.0.1 with a free port, no persistence, for the
// tests of the Redis store; stopped by the test's `after` hook (and killed when the test
// process exits, whatever happened: a SIGSTOPped server must never outlive its test). A
// missing binary is an error that says how to install it: these tests must fail, never
// skip, without Redis.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createServer, connect } from "node:net";

export interface RedisServer {
  url: string;
  port: number;
  /** Send `signal` to the server: `SIGKILL` (crash), `SIGSTOP` (frozen: sockets open, no answers), `SIGCONT`. */
  signal(signal: NodeJS.Signals): void;
  /** Resolves when the server process has exited (after `signal("SIGKILL")`, say). */
  exited: Promise<void>;
  /** Stop the server, even a frozen one (SIGCONT first); resolves once it exited. */
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) {
    child.kill("SIGCONT");
    child.kill("SIGKILL");
  }
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.setTimeout(500, () => socket.destroy());
    socket.on("connect", () => socket.write("PING\r\n"));
    socket.on("data", (data) => {
      resolve(data.toString().startsWith("+PONG"));
      socket.destroy();
    });
    socket.on("error", () => resolve(false));
    socket.on("close", () => resolve(false));
  });
}

/** Start `redis-server` on `port` (default: a free loopback port); resolves once it answers PING. */
export async function startRedis(port?: number): Promise<RedisServer> {
  const found = spawnSync("redis-server", ["--version"], { encoding: "utf8" });
  if (found.error) {
    throw new Error(
      "redis-server is not installed (needed by the Redis store tests): install Debian's package with `apt-get install -y --no-install-recommends redis-server`.",
    );
  }
  port ??= await freePort();
  const child: ChildProcess = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once("exit", () => (running.delete(child), resolve())));
  for (let i = 0; i < 250; i++) {
    if (child.exitCode !== null) break;
    if (await ping(port)) {
      return {
        url: `redis://127.0.0.1:${port}`,
        port,
        exited,
        signal: (signal) => void (child.exitCode === null && child.signalCode === null && child.kill(signal)),
        stop: async () => {
          if (child.exitCode === null && child.signalCode === null) {
            child.kill("SIGCONT");
            child.kill("SIGTERM");
            const late = setTimeout(() => child.kill("SIGKILL"), 2000);
            await exited;
            clearTimeout(late);
          }
          await exited;
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  if (child.exitCode === null) child.kill("SIGKILL");
  throw new Error(`redis-server did not start on 127.0.0.1:${port}:\n${output.trim()}`);
}
