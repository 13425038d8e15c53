import { STATUS_CODES } from "node:http";
import { redactHeaders } from "../../kernel/index.js";

/** Where the CLI writes, and what it reads: the process's streams and environment, or a test's. */
export interface Io {
  env: Record<string, string | undefined>;
  stdout: { write(chunk: string | Uint8Array): unknown };
  stderr: { write(chunk: string): unknown };
  readFile(path: string): Promise<Uint8Array>;
  readStdin(): Promise<Uint8Array>;
}

/**
 * `HTTP 200 OK` and one `name: value` line per header (sorted), then a blank line. Redacted
 * (kernel/redact.ts): a server may echo the credential in a header, even on a success.
 */
export function head(status: number, headers: Record<string, unknown>): string {
  const lines = [`HTTP ${status} ${STATUS_CODES[status] ?? ""}`.trimEnd()];
  const shown = redactHeaders(headers);
  for (const name of Object.keys(shown).sort()) lines.push(`${name}: ${shown[name]}`);
  return `${lines.join("\n")}\n\n`;
}

/** Response data: JSON pretty-printed, text as it came (newline-terminated), bytes as they came, nothing for no body. */
export function writeData(io: Io, data: unknown): void {
  if (data === undefined || data === "") return;
  // Text ends with a newline, so the shell prompt (or the next command's output) starts on its own line.
  if (typeof data === "string") io.stdout.write(data.endsWith("\n") ? data : `${data}\n`);
  else if (data instanceof ArrayBuffer) io.stdout.write(new Uint8Array(data));
  else if (ArrayBuffer.isView(data)) io.stdout.write(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
  else io.stdout.write(`${JSON.stringify(data, null, 2)}\n`);
}

/** One page of `--paginate`: each item as a line of JSON. */
export function writeItems(io: Io, items: unknown): number {
  const list = Array.isArray(items) ? items : [items];
  io.stdout.write(list.map((item) => `${JSON.stringify(item)}\n`).join(""));
  return list.length;
}
