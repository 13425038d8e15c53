// Starts Debian's `redis-server` on 127.0.0.1 with a free port, no persistence, for the
// tests of the Redis store; stopped by the test's `after` hook. A missing binary is an error
// that says how to install it: these tests must fail, never skip, without Redis.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createServer, connect } from "node:net";

export interface RedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

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

/** Start `redis-server` on a free loopback port; resolves once it answers PING. */
export async function startRedis(): Promise<RedisServer> {
  const found = spawnSync("redis-server", ["--version"], { encoding: "utf8" });
  if (found.error) {
    throw new Error(
      "redis-server is not installed (needed by the Redis store tests): install Debian's package with `apt-get install -y --no-install-recommends redis-server`.",
    );
  }
  const port = await freePort();
  const child: ChildProcess = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  for (let i = 0; i < 250; i++) {
    if (child.exitCode !== null) break;
    if (await ping(port)) {
      return {
        url: `redis://127.0.0.1:${port}`,
        port,
        stop: async () => {
          if (child.exitCode === null) child.kill("SIGTERM");
          await exited;
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  if (child.exitCode === null) child.kill("SIGKILL");
  throw new Error(`redis-server did not start on 127.0.0.1:${port}:\n${output.trim()}`);
}
