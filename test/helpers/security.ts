// Helpers for test/security, test/faults and test/regressions: both transports side by
// side, every place an error can show a secret, and a self-signed certificate for TLS.
import type { Agent } from "node:http";
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { inspect } from "node:util";
import { Client, type ClientOptions, type Transport } from "../../kernel/index.js";
import { agent as agentPlugin } from "../../plugins/agent/index.js";

/** The kernel with the Node transport (plugins/agent): node:http unless `request.fetch` is given. */
export const WithAgent = Client.plugin(agentPlugin);

export type TransportName = "fetch" | "node" | "agent" | "user";

/** The runtime's fetch, read when a request is sent (a test may replace it). */
const runtimeFetch: typeof fetch = (input, init) => globalThis.fetch(input, init);

/**
 * A transport as a user writes one from docs/transports-and-downloads.md: the runtime's
 * fetch, called by the user's own code, through the public `request.transport` contract.
 */
export const userTransport: Transport = async ({ method, url, headers, body, redirect, signal }) => {
  const init = { method, headers, body, redirect, signal, duplex: "half" } as RequestInit;
  const res = await globalThis.fetch(url, init);
  return {
    status: res.status,
    statusText: res.statusText,
    url: res.url,
    headers: Object.fromEntries(res.headers),
    body: res.body,
  };
};

/**
 * One factory per transport: `fetch` passes `request.fetch` (the runtime's fetch: what
 * browsers, Deno and Bun use), `node` is Node's default (node:http with Node's keep-alive
 * global agent), `agent` sends through node:http with `httpAgent`, `user` through
 * {@link userTransport} (`request.transport`).
 */
export function transports(httpAgent: Agent): Record<TransportName, (options: ClientOptions) => Client> {
  return {
    fetch: (options) => new WithAgent({ ...options, request: { fetch: runtimeFetch, ...options.request } }),
    node: (options) => new WithAgent(options),
    agent: (options) => new WithAgent({ agent: httpAgent, ...options }),
    user: (options) => new WithAgent({ ...options, request: { transport: userTransport, ...options.request } }),
  };
}

/**
 * Every text a user, a logger or a crash report can get from an error: message, stack,
 * `JSON.stringify`, `util.inspect` (deep, and with hidden properties such as `cause`),
 * `error.request`, `error.response`, and the cause chain's own message and stack.
 */
export function exposures(error: unknown): Record<string, string> {
  const e = error as Error & { request?: unknown; response?: unknown; headers?: unknown };
  const out: Record<string, string> = {
    message: String(e?.message),
    stack: String(e?.stack),
    json: JSON.stringify(e) ?? "",
    inspect: inspect(e, { depth: 10 }),
    inspectHidden: inspect(e, { depth: 10, showHidden: true }),
    request: JSON.stringify(e?.request) ?? "",
    response: inspect(e?.response, { depth: 10 }),
    headers: JSON.stringify(e?.headers) ?? "",
  };
  let cause = e?.cause as Error | undefined;
  for (let depth = 0; cause && depth < 5; depth++, cause = cause.cause as Error | undefined) {
    out[`cause${depth}`] =
      `${String(cause.message)}\n${String(cause.stack)}\n${inspect(cause, { depth: 10, showHidden: true })}`;
  }
  return out;
}

/** The names of `texts` that contain any of `secrets`, with the secret found: `[]` when clean. */
export function leaks(texts: Record<string, string>, secrets: readonly string[]): string[] {
  const found: string[] = [];
  for (const [where, text] of Object.entries(texts)) {
    for (const secret of secrets)
      if (text.includes(secret)) found.push(`${where} shows ${JSON.stringify(secret)}: …${snippet(text, secret)}…`);
  }
  return found;
}

function snippet(text: string, secret: string): string {
  const at = text.indexOf(secret);
  return text.slice(Math.max(0, at - 60), at + secret.length + 20);
}

export interface Certificate {
  cert: Buffer;
  key: Buffer;
  /** Path of the PEM certificate (for NODE_EXTRA_CA_CERTS). */
  certFile: string;
  remove(): void;
}

/**
 * A fresh self-signed certificate for 127.0.0.1 made with Debian's `openssl` (EC P-256, one
 * day), or `undefined` when no `openssl` binary is installed.
 */
export function selfSignedCertificate(): Certificate | undefined {
  const dir = mkdtempSync(join(tmpdir(), "forgekit-tls-"));
  const certFile = join(dir, "cert.pem");
  const keyFile = join(dir, "key.pem");
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:P-256",
        "-nodes",
        "-keyout",
        keyFile,
        "-out",
        certFile,
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
      ],
      { stdio: "ignore" },
    );
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  return {
    cert: readFileSync(certFile),
    key: readFileSync(keyFile),
    certFile,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface DualRequest {
  scheme: "http" | "https";
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface DualServer {
  /** The one port that speaks both TLS and plain HTTP. */
  port: number;
  requests: DualRequest[];
  close(): Promise<void>;
}

/**
 * http and https on ONE port of 127.0.0.1 (a TLS ClientHello starts with byte 0x16), so
 * that https://127.0.0.1:P and http://127.0.0.1:P differ by scheme alone. `handler`
 * answers with a status and headers; every request is recorded with its scheme.
 */
export async function startDualServer(
  certificate: Certificate,
  handler: (request: DualRequest) => { status: number; headers?: Record<string, string>; body?: string },
): Promise<DualServer> {
  const { createServer: createNet } = await import("node:net");
  const { createServer: createHttp } = await import("node:http");
  const { createServer: createHttps } = await import("node:https");
  const requests: DualRequest[] = [];
  const answer = (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => {
    const recorded: DualRequest = {
      scheme: (req.socket as { encrypted?: boolean }).encrypted ? "https" : "http",
      method: req.method ?? "GET",
      url: req.url ?? "/",
      headers: req.headers,
    };
    requests.push(recorded);
    req.resume();
    req.on("end", () => {
      const { status, headers = {}, body = "" } = handler(recorded);
      res.writeHead(status, { "content-type": "text/plain", ...headers });
      res.end(body);
    });
  };
  const plain = createHttp(answer);
  const tls = createHttps({ cert: certificate.cert, key: certificate.key }, answer);
  const sockets = new Set<import("node:net").Socket>();
  const dual = createNet({ pauseOnConnect: true }, (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.once("readable", () => {
      const first = socket.read(1) as Buffer | null;
      if (!first) return void socket.destroy();
      socket.unshift(first);
      (first[0] === 0x16 ? tls : plain).emit("connection", socket);
    });
  });
  await new Promise<void>((done) => dual.listen(0, "127.0.0.1", done));
  return {
    port: (dual.address() as import("node:net").AddressInfo).port,
    requests,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((done) => dual.close(() => done()));
    },
  };
}

/** One request of {@link runTlsClient}: `path` is a route path or an absolute URL. */
export interface TlsCase {
  transport: TransportName;
  base: "http" | "https";
  path: string;
}

/** What the child printed for a {@link TlsCase}: the response's status and url, or the error. */
export interface TlsResult extends TlsCase {
  status?: number;
  url?: string;
  error?: string;
}

/**
 * Send `cases` to `127.0.0.1:port` from a child process (test/security/fixtures/tls-client.ts)
 * that trusts `certificate` through NODE_EXTRA_CA_CERTS, read at start-up by fetch and node:https
 * alike: TLS is verified, never switched off.
 */
export function runTlsClient(certificate: Certificate, port: number, cases: TlsCase[]): Promise<TlsResult[]> {
  const child = fileURLToPath(new URL("../security/fixtures/tls-client.ts", import.meta.url));
  const register = fileURLToPath(new URL("./register.mjs", import.meta.url));
  const env = { ...process.env, NODE_EXTRA_CA_CERTS: certificate.certFile };
  return new Promise((resolve, reject) =>
    execFile(
      process.execPath,
      ["--import", register, child, String(port), JSON.stringify(cases)],
      { env, timeout: 20_000 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`${error.message}\n${stderr}`));
        resolve(
          stdout
            .trim()
            .split("\n")
            .map((line) => JSON.parse(line) as TlsResult),
        );
      },
    ),
  );
}
