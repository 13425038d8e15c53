import { writeFile } from "node:fs/promises";
import { VERSION, addAuthorization, isHttpError, isNetworkError, isParameterError } from "../../kernel/index.js";
import { isGraphqlResponseError } from "../graphql/errors.js";
import { Client, type Deployment, type Options } from "../presets/full.js";
import { UsageError, parseArgv, type Flags } from "./args.js";
import { scrub, toCurl, type Captured } from "./curl.js";
import { methodHelp, scopeHelp } from "./help.js";
import { findOperation, isScope, operationForRoute, registryFor, unknownMethod, type Operation } from "./operations.js";
import { GRAPHQL_HELP, runGraphql } from "./graphql.js";
import { head, writeData, type Io } from "./output.js";
import { writePages } from "./pages.js";
import { GENERAL_HELP, REQUEST_HELP } from "./usage.js";
import { suggest } from "./suggest.js";
import { parseAssignments } from "./values.js";
import { fieldParams } from "./fields.js";
import { apiRoute, hostnameUrl } from "./gh.js";
import { loadJq } from "./jq.js";

type Call = (
  params: Record<string, unknown>,
) => Promise<{ status: number; headers: Record<string, unknown>; data: unknown }>;

/** What a failure needs to be reported well. */
interface Context {
  flags?: Flags;
  hint: string;
  say(message: string): void;
}

/** The client for these flags; with `--dry-run` its transport only records what it would send. */
function createClient(
  flags: Flags,
  env: Io["env"],
  token: string | undefined,
  say: (message: string) => void,
  captured: Captured[],
) {
  // GitHub Actions sets GITHUB_API_URL to the API of the instance a workflow runs on (GHES too).
  if (flags.hostname !== undefined && flags.baseUrl !== undefined)
    throw new UsageError("--hostname and --base-url both name the API: give one.");
  const hostUrl = flags.hostname === undefined ? undefined : hostnameUrl(flags.hostname);
  const baseUrl = hostUrl ?? flags.baseUrl ?? (env.GITHUB_API_URL || undefined);
  const from = flags.baseUrl !== undefined ? "--base-url" : "GITHUB_API_URL";
  if (baseUrl !== undefined && !/^https?:\/\/[^/]/i.test(baseUrl))
    throw new UsageError(
      `${from} ${JSON.stringify(baseUrl)}: expected an http(s) URL, e.g. https://github.example.com/api/v3.`,
    );
  const capture = async (url: string | URL | Request, init?: RequestInit) => {
    captured.push({
      method: init?.method ?? "GET",
      url: String(url),
      headers: { ...(init?.headers as Record<string, string>) },
      body: init?.body ?? undefined,
    });
    return new Response(null, { status: 204 });
  };
  let maxWait: number | undefined;
  if (flags.maxWait !== undefined) {
    maxWait = Number(flags.maxWait) * 1000;
    if (!/^\d+(\.\d+)?$/.test(flags.maxWait) || maxWait > 2147483647)
      throw new UsageError(
        `--max-wait ${JSON.stringify(flags.maxWait)}: expected seconds, e.g. --max-wait 3600 (at most 2147483).`,
      );
  }
  if (flags.log !== undefined && flags.log !== "json" && flags.log !== "line")
    throw new UsageError(`--log ${JSON.stringify(flags.log)}: expected --log json or --log line.`);
  // `--verbose`/`--log`: the log plugin's line or record per request (docs/observability.md).
  const requests = flags.log === "json" ? "record" : flags.verbose || flags.log === "line" ? "line" : false;
  const print = (value: unknown) => say(typeof value === "string" ? value : JSON.stringify(value));
  // A credential given with -H is known by value from the start (kernel/redact.ts), as a token
  // is: a server echoing it on a success reaches --include and debug lines, where no error adds it.
  addAuthorization(flags.headers.authorization);
  addAuthorization(flags.headers["proxy-authorization"]);
  const options: Options = {
    userAgent: `forgekit-cli/${VERSION}`,
    log: { warn: say, error: print, ...(requests && { info: print }) },
    logRequests: requests,
    ...(baseUrl !== undefined && { baseUrl }),
    ...(token && { auth: token }),
    // Checked against the generated list by registryFor() before the client is made.
    ...(flags.deployment !== undefined && { deployment: flags.deployment as Deployment }),
    // Checked by the apiVersion plugin at construction: an unknown version is a usage error.
    ...(flags.apiVersion !== undefined && { apiVersion: flags.apiVersion as NonNullable<Options["apiVersion"]> }),
    ...(flags.previews.length > 0 && { previews: flags.previews }),
    ...(Object.keys(flags.headers).length > 0 && { headers: flags.headers }),
    ...(flags.dryRun && { request: { fetch: capture as typeof fetch } }),
    ...(maxWait !== undefined && { retry: { maxWait } }),
  };
  return new Client(options);
}

async function execute(argv: readonly string[], io: Io, token: string | undefined, context: Context): Promise<number> {
  const { flags, words } = parseArgv(argv);
  context.flags = flags;
  // `forgekit help <anything>` is `forgekit <anything> --help`.
  if (words[0] === "help") flags.help = Boolean(words.shift());
  const [command, ...rest] = words;
  if (flags.version) return (io.stdout.write(`forgekit ${VERSION}\n`), 0);
  if (command === undefined) {
    if (flags.help) return (io.stdout.write(GENERAL_HELP), 0);
    throw new UsageError("name a method, e.g. forgekit repos.get owner=octokit repo=rest.js");
  }
  // `gh api graphql -f query=…` is `forgekit graphql`.
  if (command === "api" && rest[0] === "graphql" && flags.method === undefined) {
    const at = argv.indexOf("api");
    return execute([...argv.slice(0, at), ...argv.slice(at + 1)], io, token, context);
  }
  if (flags.method !== undefined && command !== "request" && command !== "api")
    throw new UsageError(
      `-X/--method applies to forgekit api and forgekit request; ${command} has its own method.`,
      `forgekit ${command} --help`,
    );
  if (command === "graphql") {
    if (flags.help) return (io.stdout.write(GRAPHQL_HELP), 0);
    context.hint = "forgekit graphql --help";
    const captured: Captured[] = [];
    const client = createClient(flags, io.env, token, context.say, captured);
    const sources = { readFile: io.readFile, readStdin: io.readStdin, warn: context.say };
    const jq = flags.jq === undefined ? undefined : await loadJq(flags.jq, context.hint);
    const code = await runGraphql(client, flags, rest, io, sources, jq);
    if (flags.dryRun) io.stdout.write(captured.map((request) => toCurl(request, token ? [token] : [])).join("\n"));
    return code;
  }
  const registry = registryFor(flags.deployment);
  let op: Operation | undefined;
  let assignments = rest;
  let route: string | undefined;
  if (command === "request" || command === "api") {
    if (flags.help) return (io.stdout.write(REQUEST_HELP), 0);
    context.hint = "forgekit request --help";
    // `request GET /path` works too: a bare method word joins the path after it.
    route =
      rest[0] !== undefined && /^[A-Z]+$/i.test(rest[0]) && rest[1]?.startsWith("/")
        ? `${rest[0]} ${rest[1]}`
        : rest[0];
    assignments = rest.slice(route === rest[0] ? 1 : 2);
    if (!route || route.includes("="))
      throw new UsageError('name the route, e.g. forgekit request "GET /repos/{owner}/{repo}" owner=o repo=r');
    route = apiRoute(route, flags);
    checkMethod(route);
    op = await operationForRoute(registry, route);
  } else if (!command.includes(".") && isScope(registry, command)) {
    if (flags.help) return (io.stdout.write(await scopeHelp(registry, command)), 0);
    throw new UsageError(
      `${command} is a scope: name one of its methods, e.g. forgekit ${command}.<method>.`,
      `forgekit ${command} --help`,
    );
  } else {
    op = await findOperation(registry, command);
    if (!op) throw unknownMethod(registry, command);
    context.hint = `forgekit ${command} --help`;
    if (flags.help) return (io.stdout.write(await methodHelp(registry, op)), 0);
  }
  const name = op ? (op.alias ?? `${op.scope}.${op.name}`) : "request";
  const sources = { readFile: io.readFile, readStdin: io.readStdin, warn: context.say };
  const params = await parseAssignments(assignments, op?.params, name, sources);
  // -f/-F fields are parameters too: never dropped (gh api's flags; plugins/cli/fields.ts).
  for (const [key, value] of Object.entries(await fieldParams(flags.fields, sources, context.hint))) {
    if (Object.hasOwn(params, key))
      throw new UsageError(`parameter "${key}" is given twice (as key=value and as -f/-F).`, context.hint);
    params[key] = value;
  }
  const jq = flags.jq === undefined ? undefined : await loadJq(flags.jq, context.hint);
  const captured: Captured[] = [];
  const client = createClient(flags, io.env, token, context.say, captured);
  // The endpoint method by the name it was called (an alias warns, then behaves as its target).
  const [scope = "", method = ""] = name.split(".");
  const endpoint = route ? undefined : (client as unknown as Record<string, Record<string, Call>>)[scope]![method]!;
  if (flags.output !== undefined) {
    if (flags.paginate) throw new UsageError("--output writes one response: drop --paginate, or redirect stdout.");
    if (jq) throw new UsageError("--output writes the body as it comes: drop --jq, or redirect stdout.");
    // The body is not read into memory: request.parseSuccessResponseBody false makes it a stream.
    params.request = { ...(params.request as object), parseSuccessResponseBody: false };
  }
  if (flags.paginate) {
    await writePages(client, endpoint ?? (route as string), params, io, flags.include, context.say, flags.dryRun, jq);
  } else {
    const response = endpoint ? await endpoint(params) : await client.request(route as string, params);
    if (!flags.dryRun) {
      if (flags.include) io.stdout.write(head(response.status, response.headers));
      if (flags.output !== undefined)
        await writeFile(flags.output, (response.data ?? "") as ReadableStream<Uint8Array>);
      else if (jq) io.stdout.write(await jq(response.data));
      else writeData(io, response.data);
    }
  }
  if (flags.dryRun) io.stdout.write(captured.map((request) => toCurl(request, token ? [token] : [])).join("\n"));
  return 0;
}

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** `GTE /zen` would be sent as is (and fail obscurely): refuse a method HTTP does not have. */
function checkMethod(route: string): void {
  const method = /^(\S+)\s+\S/.exec(route)?.[1];
  if (method === undefined || METHODS.includes(method.toUpperCase())) return;
  const [best] = suggest(method.toUpperCase(), METHODS);
  throw new UsageError(
    `unknown HTTP method ${JSON.stringify(method)}${best ? `: did you mean ${best}?` : "."} Use one of ${METHODS.join(", ")}.`,
    "forgekit request --help",
  );
}

/** Report `error` on stderr (and, with --include, an HTTP error's response on stdout); the exit code. */
function fail(error: unknown, io: Io, context: Context): number {
  if (error instanceof UsageError || isParameterError(error)) {
    const hint = error instanceof UsageError ? error.hint : context.hint;
    context.say(`forgekit: ${error.message}\nRun \`${hint}\` for help.`);
    return 2;
  }
  if (isGraphqlResponseError(error)) {
    if (error.data !== undefined) writeData(io, error.data);
    context.say(`forgekit: ${error.message}`);
    return 1;
  }
  if (isHttpError(error)) {
    if (context.flags?.include) {
      io.stdout.write(head(error.status, error.response.headers));
      writeData(io, error.response.data);
    }
    context.say(`forgekit: ${error.message}`);
    return 1;
  }
  if ((error as Error)?.name === "RateLimitError") {
    // The engine's advice names the library option; on the command line it is a flag.
    context.say(
      `forgekit: ${(error as Error).message.replace(/raise retry\.maxWait \(or throttle\.maxWait\)/, "pass --max-wait <seconds>")}`,
    );
    return 1;
  }
  context.say(
    `forgekit: ${isNetworkError(error) ? "" : "unexpected error: "}${(error as Error)?.message ?? String(error)}`,
  );
  return 1;
}

/**
 * Run the command line `argv` (without `node` and the script) against `io`; resolves to
 * the exit code: 0 success, 1 HTTP or network error, 2 usage error (nothing sent).
 */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  const token = io.env.GITHUB_TOKEN?.trim() || io.env.GH_TOKEN?.trim() || undefined;
  const secrets = token ? [token] : [];
  const context: Context = {
    hint: "forgekit --help",
    say: (message) => io.stderr.write(`${scrub(message, secrets)}\n`),
  };
  try {
    return await execute(argv, io, token, context);
  } catch (error) {
    return fail(error, io, context);
  }
}
