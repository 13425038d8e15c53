#!/usr/bin/env node
// The `forgekit` command (package.json "bin"): runs the command line and exits with its code.
import { readFile } from "node:fs/promises";
import { run } from "./main.js";

/** All of stdin, for `key=@-`. */
async function readStdin(): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Uint8Array);
  return Buffer.concat(chunks);
}

// `forgekit … --paginate | head` closes the pipe early: stop quietly, as other tools do.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

// No top-level await: the same file is also built as CommonJS.
void run(process.argv.slice(2), {
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  readFile: (path) => readFile(path),
  readStdin,
}).then((code) => {
  process.exitCode = code;
});
