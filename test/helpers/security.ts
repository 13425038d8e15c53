// Helpers for test/security, test/faults and test/regressions: both transports side by
// side, every place an error can show a secret, and a self-signed certificate for TLS.
import { Agent } from "node:http";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inspect } from "node:util";
import { Client, type ClientOptions } from "../../kernel/index.js";
import { agent as agentPlugin } from "../../plugins/agent/index.js";

/** The kernel with the agent transport available (inert unless an `agent` is given). */
export const WithAgent = Client.plugin(agentPlugin);

export type TransportName = "fetch" | "agent";

/**
 * One factory per transport: `fetch` is the kernel's default (`globalThis.fetch`), `agent`
 * sends through `plugins/agent` (node-fetch) with `httpAgent`.
 */
export function transports(httpAgent: Agent): Record<TransportName, (options: ClientOptions) => Client> {
  return {
    fetch: (options) => new WithAgent(options),
    agent: (options) => new WithAgent({ agent: httpAgent, ...options }),
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
    out[`cause${depth}`] = `${String(cause.message)}\n${String(cause.stack)}\n${inspect(cause, { depth: 10, showHidden: true })}`;
  }
  return out;
}

/** The names of `texts` that contain any of `secrets`, with the secret found: `[]` when clean. */
export function leaks(texts: Record<string, string>, secrets: readonly string[]): string[] {
  const found: string[] = [];
  for (const [where, text] of Object.entries(texts)) {
    for (const secret of secrets) if (text.includes(secret)) found.push(`${where} shows ${JSON.stringify(secret)}: …${snippet(text, secret)}…`);
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
    execFileSync("openssl", [
      "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
      "-keyout", keyFile, "-out", certFile, "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
    ], { stdio: "ignore" });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  return { cert: readFileSync(certFile), key: readFileSync(keyFile), certFile, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
