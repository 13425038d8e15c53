import { UsageError } from "./args.js";

/**
 * `--jq <filter>` (gh api's flag): the response data through jq. jq itself comes from the
 * optional peer dependency `jq-wasm` (jq compiled to WebAssembly: no native build, no download
 * at install), loaded only when the flag is given. Output as gh prints it when piped: strings
 * raw, everything else compact JSON, one result per line.
 */

/** Apply the filter to one response's data; resolves to the lines to print. */
export type JqFilter = (data: unknown) => Promise<string>;

type JqWasm = Pick<typeof import("jq-wasm"), "raw">;

const FLAGS = ["-r", "-c"];

/** Load jq and compile-check `filter` before anything is sent; a missing package or a bad filter is a usage error. */
export async function loadJq(filter: string, help: string): Promise<JqFilter> {
  let jq: JqWasm;
  try {
    jq = (await import("jq-wasm")) as JqWasm;
  } catch {
    throw new UsageError(
      `--jq needs the optional package jq-wasm (jq as WebAssembly): npm install jq-wasm. Or pipe the output to jq: forgekit … | jq ${JSON.stringify(filter)}.`,
      help,
    );
  }
  try {
    await jq.raw("null", filter, FLAGS);
  } catch (error) {
    // Only a compile error is the caller's mistake here; a filter that fails on null may work on the data.
    const message = (error as Error).message ?? String(error);
    if (/compile error/.test(message))
      throw new UsageError(`--jq ${JSON.stringify(filter)} is not a valid jq filter: ${message.split("\n")[0]}`, help);
  }
  return async (data) => {
    try {
      const out = await jq.raw(JSON.stringify(data ?? null), filter, FLAGS);
      return out === "" || out.endsWith("\n") ? out : `${out}\n`;
    } catch (error) {
      throw new Error(`--jq ${JSON.stringify(filter)}: ${((error as Error).message ?? String(error)).trim()}`);
    }
  };
}
