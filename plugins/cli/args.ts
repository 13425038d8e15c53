import { suggest } from "./suggest.js";

/** A mistake on the command line: printed with a hint, exit code 2, nothing sent. */
export class UsageError extends Error {
  override name = "UsageError";
  constructor(
    message: string,
    /** What to run for help, e.g. `forgekit repos.get --help`. */
    readonly hint = "forgekit --help",
  ) {
    super(message);
  }
}

/** The flags, after parsing. */
export interface Flags {
  paginate: boolean;
  include: boolean;
  dryRun: boolean;
  /** `--verbose`: one line per request on stderr (`GET /path - 200 in 12ms`). */
  verbose: boolean;
  /** `--log json`: one JSON record per request on stderr (`--log line` is `--verbose`). */
  log?: string;
  help: boolean;
  version: boolean;
  baseUrl?: string;
  deployment?: string;
  /** `--api-version <version>`: the REST API version to ask for (the apiVersion option). */
  apiVersion?: string;
  /** `--max-wait <seconds>`: the longest rate-limit wait to sit out (retry.maxWait). */
  maxWait?: string;
  /** `--output <file>`: stream the response body to this file instead of stdout. */
  output?: string;
  /** `--header name:value`, names lower-cased, in order. */
  headers: Record<string, string>;
  previews: string[];
  /** `forgekit graphql`: `-f key=value` (a string) and `-F key=value` (typed), in order. */
  fields: Array<[raw: boolean, assignment: string]>;
}

/** The command line: flags, then the positional words (command, route, `key=value`s) in order. */
export interface Args {
  flags: Flags;
  words: string[];
}

type Kind = "boolean" | "string" | "list";
const FLAGS: Record<string, [key: keyof Flags, kind: Kind]> = {
  "--paginate": ["paginate", "boolean"],
  "--include": ["include", "boolean"],
  "--dry-run": ["dryRun", "boolean"],
  "--verbose": ["verbose", "boolean"],
  "--log": ["log", "string"],
  "--help": ["help", "boolean"],
  "--version": ["version", "boolean"],
  "--base-url": ["baseUrl", "string"],
  "--deployment": ["deployment", "string"],
  "--api-version": ["apiVersion", "string"],
  "--max-wait": ["maxWait", "string"],
  "--output": ["output", "string"],
  "--header": ["headers", "list"],
  "--preview": ["previews", "list"],
  "--raw-field": ["fields", "list"],
  "--field": ["fields", "list"],
};
const SHORT: Record<string, string> = {
  "-i": "--include",
  "-o": "--output",
  "-h": "--help",
  "-V": "--version",
  "-H": "--header",
  "-f": "--raw-field",
  "-F": "--field",
};

/** `name:value` (or `name: value`) → [lower-cased name, value]. */
function header(text: string): [string, string] {
  const colon = text.indexOf(":");
  const name = text.slice(0, colon).trim().toLowerCase();
  if (colon < 1 || !/^[!#$%&'*+.^`|~\w-]+$/.test(name)) {
    throw new UsageError(
      `--header ${JSON.stringify(text)}: expected name:value, e.g. --header "x-github-api-version:2022-11-28".`,
    );
  }
  return [name, text.slice(colon + 1).trim()];
}

/**
 * Split `argv` into flags and positional words. Flags may come anywhere (`--name value` or
 * `--name=value`); `--` ends them. An unknown flag is a {@link UsageError} with a suggestion.
 */
export function parseArgv(argv: readonly string[]): Args {
  const flags: Flags = {
    paginate: false,
    include: false,
    dryRun: false,
    verbose: false,
    help: false,
    version: false,
    headers: {},
    previews: [],
    fields: [],
  };
  const words: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] as string;
    if (arg === "--") {
      words.push(...argv.slice(index + 1));
      break;
    }
    if (!arg.startsWith("-") || arg === "-") {
      words.push(arg);
      continue;
    }
    const equals = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const given = equals > 0 ? arg.slice(0, equals) : arg;
    const name = SHORT[given] ?? given;
    const spec = FLAGS[name];
    if (!spec) {
      const [best] = suggest(name, Object.keys(FLAGS));
      throw new UsageError(`unknown flag ${given}${best ? `: did you mean ${best}?` : "."}`);
    }
    const [key, kind] = spec;
    if (kind === "boolean") {
      if (equals > 0) throw new UsageError(`${name} takes no value; got ${JSON.stringify(arg)}.`);
      (flags[key] as boolean) = true;
      continue;
    }
    const value = equals > 0 ? arg.slice(equals + 1) : argv[++index];
    if (value === undefined)
      throw new UsageError(
        `${name} needs a value, e.g. ${name === "--header" ? '--header "name:value"' : `${name} <value>`}.`,
      );
    if (key === "headers") {
      const [headerName, headerValue] = header(value);
      flags.headers[headerName] = headerValue;
    } else if (key === "previews") flags.previews.push(value);
    else if (key === "fields") flags.fields.push([name === "--raw-field", value]);
    else (flags[key] as string) = value;
  }
  return { flags, words };
}
