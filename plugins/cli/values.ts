import type { ParamMeta } from "../../kernel/index.js";
import { UsageError } from "./args.js";
import { suggest } from "./suggest.js";
import { put } from "./fields.js";

/** Where `@file` and `@-` values come from, and where warnings go. */
export interface Sources {
  readFile(path: string): Promise<Uint8Array>;
  readStdin(): Promise<Uint8Array>;
  warn(message: string): void;
}

/** Request options of the kernel: a parameter with one of these names would change the request itself. */
const RESERVED: Record<string, string> = {
  baseUrl: "use --base-url",
  headers: 'use --header "name:value"',
  mediaType: "use --preview, or --header accept:…",
  request: "it holds transport options",
  method: "name the method in the route",
  url: "name the path in the route",
};

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

/** A value with no metadata: number, boolean, null, JSON object/array, else the string itself. */
function infer(raw: string): unknown {
  if (raw === "true" || raw === "false") return raw === "true";
  if (raw === "null") return null;
  if (NUMBER.test(raw) && Number.isSafeInteger(Math.trunc(Number(raw)))) return Number(raw);
  if (/^\s*[[{]/.test(raw)) {
    try {
      return JSON.parse(raw);
    } catch {}
  }
  return raw;
}

/** `raw` as the parameter's declared type; a value that fits none is a usage error. */
function coerce(raw: string, meta: ParamMeta, operation: string): unknown {
  const [name, flags, type] = meta;
  const types = new Set(type ? type.split("|") : []);
  if (raw === "null" && (flags.includes("?") || !types.has("string"))) return null;
  if (!types.size) return infer(raw);
  // A union such as "string|integer" (an issue's milestone) takes `3` as the number it was
  // made for; only a plain string parameter keeps "3" as text.
  if (types.has("integer") && /^-?\d+$/.test(raw)) return Number(raw);
  if (types.has("number") && NUMBER.test(raw)) return Number(raw);
  if (types.has("boolean") && (raw === "true" || raw === "false")) return raw === "true";
  if (types.has("string")) return raw;
  if (types.has("array") || types.has("object")) {
    try {
      const value: unknown = JSON.parse(raw);
      if (types.has(Array.isArray(value) ? "array" : typeof value)) return value;
    } catch {}
  }
  const example = types.has("array")
    ? `${name}='["…"]'`
    : types.has("object")
      ? `${name}='{"…": …}'`
      : `${name}=<${type.replaceAll("|", " or ")}>`;
  throw new UsageError(
    `${operation}: parameter "${name}" must be ${/^[aeiou]/.test(type) ? "an" : "a"} ${type.replaceAll("|", " or ")}; got ${JSON.stringify(raw)}. Pass it as ${example}.`,
    `forgekit ${operation} --help`,
  );
}

/** File bytes as text when they are UTF-8, else the bytes themselves. */
function decode(bytes: Uint8Array, binary: boolean): string | Uint8Array {
  if (binary) return bytes;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return bytes;
  }
}

/**
 * `key=value` / `key:=json` words → request parameters. `key=value` is typed by the
 * operation's parameter metadata when known (a string parameter keeps "123" a string),
 * else inferred; `key=@path` is the file's content (`@-`: stdin), `key:=@path` the file
 * parsed as JSON; `key=\@text` is the literal `@text`. A key nests as gh's fields do
 * (`labels[]=bug`, `a[b]=c`: plugins/cli/fields.ts); its values are inferred.
 */
export async function parseAssignments(
  words: readonly string[],
  metas: readonly ParamMeta[] | undefined,
  operation: string,
  sources: Sources,
): Promise<Record<string, unknown>> {
  const params: Record<string, unknown> = {};
  const byName = new Map((metas ?? []).map((meta) => [meta[0], meta]));
  const help = metas ? `forgekit ${operation} --help` : "forgekit request --help";
  let stdinTaken: string | undefined;
  for (const word of words) {
    const match = /^([^=:]+)(:=|=)([\s\S]*)$/.exec(word);
    if (!match) throw new UsageError(`expected key=value (or key:=json), got ${JSON.stringify(word)}.`, help);
    const [, key = "", operator, raw = ""] = match;
    // `labels[]`, `a[b]`: the parameter is the name before the brackets.
    const base = key.replace(/\[.*$/, "");
    const meta = key === base ? byName.get(key) : undefined;
    if (Object.prototype.hasOwnProperty.call(params, key))
      throw new UsageError(`parameter "${key}" is given twice.`, help);
    if (RESERVED[base] !== undefined) {
      const why = meta
        ? ` forgekit cannot send a parameter named "${key}" yet (it would replace the request's own ${key}); send the body yourself: forgekit request "<METHOD> <path>" data:='{"${key}": …}'.`
        : ` ${RESERVED[key]}.`;
      throw new UsageError(`parameter "${key}" is reserved:${why}`, help);
    }
    if (metas?.length && !byName.has(base) && key !== "data") {
      // Sent anyway: GitHub adds parameters before its description lists them. (`data` is always the raw body.)
      const [best] = suggest(base, byName.keys());
      sources.warn(
        `${operation} has no parameter "${base}"${best ? `: did you mean ${best}?` : ""} (sending it anyway).`,
      );
    }
    const file = raw.startsWith("@") ? raw.slice(1) : undefined;
    let bytes: Uint8Array | undefined;
    if (file !== undefined) {
      if (!file) throw new UsageError(`parameter "${key}": "@" needs a file path, or "@-" for stdin.`, help);
      if (file === "-" && stdinTaken)
        throw new UsageError(
          `parameter "${key}": stdin ("@-") is already the value of "${stdinTaken}"; read one of them from a file.`,
          help,
        );
      if (file === "-") stdinTaken = key;
      try {
        bytes = file === "-" ? await sources.readStdin() : await sources.readFile(file);
      } catch (error) {
        throw new UsageError(
          `parameter "${key}": cannot read ${file === "-" ? "stdin" : JSON.stringify(file)} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`,
          help,
        );
      }
    }
    const text = raw.startsWith("\\@") ? raw.slice(1) : raw;
    let value: unknown;
    if (operator === ":=") {
      const source = bytes ? new TextDecoder().decode(bytes) : text;
      try {
        value = JSON.parse(source);
      } catch (error) {
        throw new UsageError(
          `parameter "${key}": ${file ? JSON.stringify(file) + " is" : "the value after := is"} not valid JSON (${(error as Error).message}).`,
          help,
        );
      }
    } else if (bytes) value = decode(bytes, key === "data" && meta?.[2] === "string|object");
    else value = meta ? coerce(text, meta, operation) : infer(text);
    put(params, key, value, help);
  }
  return params;
}
