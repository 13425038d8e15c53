import type { Client, EndpointOptions, RequestOptions } from "../../kernel/index.js";
import type { ClassOptions, InstanceFor, OptionsFor, TypingOptions } from "../../kernel/option-typed.js";
import { asOctokitError } from "./octokit-errors.js";
import type { OctokitCoreMembers, OctokitRestMembers, RouteReturn, RouteTableOf } from "./octokit-types.js";

/**
 * The names @octokit/rest code imports, over a preset's `Client`: a package swap
 * (`"@octokit/rest": "npm:forgekit@…"`, docs/migrating.md) cannot change a single import, so
 * `Octokit` (v17 and later, and v16.43) and v16's module shape (a function that is called or
 * constructed and has `.plugin`) must both exist as they are.
 */

/** A preset's class, as `Client.plugin` returns it. */
type Preset = (new (...args: any[]) => Client) & Omit<typeof Client, "prototype">;

/** `I[K]`, for a member a preset may lack. */
type Member<I, K extends string> = I extends { [P in K]: infer T } ? T : unknown;

/** Options given to `Octokit.defaults`: an object merged under the caller's, or a function of them. */
export type OctokitDefaults<O> = O | ((options: O) => O);

/** The `Octokit` class over `Base`: `Base` (whose `VERSION` is forgekit's) with `defaults` as @octokit/core has it. */
export function octokitOf<C extends Preset>(Base: C) {
  const Octokit = class Octokit extends Base {
    // forgekit's members, with @octokit/core's shapes of them as further overloads (see OctokitCoreMembers).
    // …and last, @octokit's return type by route, for `ReturnType<typeof octokit.request>`.
    declare request: InstanceType<C>["request"] &
      OctokitCoreMembers["request"] &
      RouteReturn<RouteTableOf<InstanceType<C>["request"]>>;
    declare graphql: Member<InstanceType<C>, "graphql"> & OctokitCoreMembers["graphql"];
    declare hook: InstanceType<C>["hook"] & OctokitCoreMembers["hook"];
    declare auth: Member<InstanceType<C>, "auth"> & OctokitCoreMembers["auth"];
    /**
     * Like @octokit/rest, which retries nothing and paces nothing (those are separate plugins):
     * code written for it — its tests' HTTP mocks above all — counts on one request per call:
     * `retry` and `throttle` are off unless the options name them. And its `paginate` sends
     * the parameters it is given, no `per_page` of its own (a mock matches the query exactly).
     */
    constructor(...args: any[]) {
      const options = (args[0] ?? {}) as { retry?: unknown; throttle?: unknown; paginate?: unknown };
      const { retry = false, throttle = false, paginate = { perPage: false } } = options;
      super({ ...options, retry, throttle, paginate });
      // Inside every hook the caller adds: theirs see the error as @octokit's would be.
      this.hook.error("request", (error) => {
        throw asOctokitError(error);
      });
      // Innermost too: a path's leading slash goes out encoded, an empty `{name}` as nothing,
      // and the body typed, as @octokit/rest 22 sends them.
      this.hook.before("request", (request) => {
        request.url = slashesAsGiven(request);
        asOctokitSends(request);
      });
    }

    /**
     * A subclass whose constructor applies `defaults` under the caller's options; a
     * `userAgent` given to both is kept from both, the caller's first.
     */
    static defaults<S extends new (options?: any) => object>(
      this: S,
      defaults: OctokitDefaults<NonNullable<ConstructorParameters<S>[0]>>,
    ): S {
      const Self = this as unknown as new (options?: object) => object;
      return class extends Self {
        constructor(options: Record<string, unknown> = {}) {
          super(
            typeof defaults === "function"
              ? (defaults as (options: object) => object)(options)
              : merged(defaults as Record<string, unknown>, options),
          );
        }
      } as unknown as S;
    }
  };
  // An `agent` yields to a test's fetch-only mock, as @octokit/rest v22 never uses it
  // (AGENT_YIELDS in plugins/agent/transport-choice.ts); subclasses inherit it.
  Object.defineProperty(Octokit, Symbol.for("forgekit.agentYieldsToFetchMocks"), { value: true });
  // The caller's hooks see each call before the URL is built and checked, as @octokit's do
  // (a wrap may answer without sending); the checks still run before the transport
  // (kernel/request.ts).
  Object.defineProperty(Octokit, Symbol.for("forgekit.hooksBeforeChecks"), { value: true });
  // `request.endpoint()` returns the body as the object, as @octokit/endpoint does (kernel/request.ts).
  Object.defineProperty(Octokit, Symbol.for("forgekit.endpointView"), { value: octokitEndpointView });
  // v16's `const Octokit = require("@octokit/rest")`, called or constructed: what the CommonJS
  // entry exports when installed as @octokit/rest (build/per-file.mjs), so that v16 code gets
  // the drop-in's behaviour (no retries, pacing, checks or page size of its own), not forgekit()'s.
  Object.defineProperty(Octokit, Symbol.for("forgekit.v16Factory"), {
    get(this: Preset) {
      return factoryOf(this);
    },
  });
  return Octokit as unknown as WithRestMembers<typeof Octokit>;
}

/**
 * `K` whose instances carry {@link OctokitRestMembers} too (a class cannot declare members by a
 * mapped type): `K`'s statics (named by strings: symbol-keyed ones are internal) and one
 * construct signature, so that `new Octokit()` and `InstanceType<typeof Octokit>` are the same type.
 * The signature takes `K`'s options as `K`'s own does, so what they refuse stays refused (an
 * `apiVersion` whose types were not imported, test/definitions/api-version-types.test.mjs).
 */
export type WithRestMembers<K extends new (...args: any[]) => object> = Pick<K, Extract<keyof K, string>> &
  (new <T extends TypingOptions<InstanceType<K>, ClassOptions<K>> = TypingOptions<InstanceType<K>, ClassOptions<K>>>(
    options?: OptionsFor<InstanceType<K>, ClassOptions<K>, T>,
  ) => RestInstance<InstanceFor<InstanceType<K>, T>>);

/** `I` with @octokit/rest's looser shapes of its members as further overloads. */
export type RestInstance<I> = Omit<I, keyof OctokitRestMembers<I>> & OctokitRestMembers<I>;

/** `defaults` under `options`; two user agents are joined, the caller's first. */
function merged(defaults: Record<string, unknown>, options: Record<string, unknown>): object {
  const out = { ...defaults, ...options };
  if (options.userAgent && defaults.userAgent) out.userAgent = `${options.userAgent} ${defaults.userAgent}`;
  return out;
}

/**
 * v16's module shape: `factory(options)` and `new factory(options)` both make a client, and
 * `factory.plugin(a, [b])` is another such factory with the plugins applied.
 */
export interface OctokitFactory<I, O> {
  (options?: O): I;
  new (options?: O): I;
  /** Another such factory, with `plugins` applied too. */
  plugin(...plugins: unknown[]): OctokitFactory<I, O>;
}

/** A v16-style factory over `Class`. A function, not an arrow: v16 code also calls it with `new`. */
export function factoryOf<I, O>(Class: Preset): OctokitFactory<I, O> {
  const factory = function (options?: O) {
    return new Class(options);
  } as unknown as OctokitFactory<I, O>;
  factory.plugin = (...plugins: unknown[]) =>
    factoryOf(Class.plugin.call(Class as typeof Client, ...(plugins as never[])));
  return factory;
}

/** A `{+name}` expression ending a route's path (`contents/{+path}`, `git/ref/{+ref}`). */
const LAST_MULTI = /\{\+(\w+)\}(?=$|\{\?|\?)/;

/**
 * The route of `options` for the drop-in `Octokit`, where a value that starts with `/` goes
 * out encoded, as @octokit/rest 22 sends it (`getContent({ path: "/" })` → `contents/%2F`,
 * `"/docs/a"` → `contents/%2Fdocs%2Fa`): forgekit drops such slashes from a `{+name}` that
 * ends the path (kernel/url-template.ts), and the same value in a `{name}` keeps them. Any
 * other route is returned as it is. test/octokit/content-paths.test.ts compares with rest 22.
 */
export function slashesAsGiven(options: EndpointOptions): string {
  const { url } = options;
  if (!url?.includes("{+")) return url;
  return url.replace(LAST_MULTI, (whole, name: string) => {
    const value = options[name];
    return typeof value === "string" && value.startsWith("/") ? `{${name}}` : whole;
  });
}

/**
 * `request.endpoint()` and `endpoint.parse()` of the drop-in `Octokit`, in @octokit/endpoint's
 * shape (test/octokit/endpoint-shape.test.ts compares them with @octokit/core's): forgekit's
 * own parse runs first (its checks, its URL, with a path's leading slash kept as
 * `slashesAsGiven` above says), then the body is the object or `data` given,
 * not its JSON; a body without `content-type` gets JSON's; PATCH and PUT without one have
 * `""`; `mediaType.format` rewrites `accept`, and `mediaType.previews` does for GraphQL. Set
 * on the class under `Symbol.for("forgekit.endpointView")` (kernel/request.ts).
 */
export function octokitEndpointView(
  options: EndpointOptions,
  parse: (options: EndpointOptions) => RequestOptions,
): RequestOptions {
  const route = slashesAsGiven(options);
  const parsed = parse(route === options.url ? options : { ...options, url: route });
  const { method, url, request } = parsed;
  const headers = { ...parsed.headers };
  const { format, previews } = (options.mediaType ?? {}) as { format?: string; previews?: readonly string[] };
  if (headers.accept !== undefined && !/application\/octet-stream/i.test(headers.accept)) {
    if (format)
      headers.accept = headers.accept
        .split(",")
        .map((type) => withFormat(type, format))
        .join(",");
    if (previews?.length && /\/graphql$/.test(url.split("?")[0]!)) {
      const named = headers.accept.match(/(?<![\w-])[\w-]+(?=-preview)/g) ?? [];
      const suffix = format ? `.${format}` : "+json";
      headers.accept = [...named, ...previews]
        .map((name) => `application/vnd.github.${name}-preview${suffix}`)
        .join(",");
    }
  }
  let body: unknown;
  if (method !== "GET" && method !== "HEAD") {
    const rest = bodyParameters(options);
    body = "data" in rest ? rest.data : Object.keys(rest).length ? rest : undefined;
    if (body !== undefined) headers["content-type"] ??= "application/json; charset=utf-8";
    else if (method === "PATCH" || method === "PUT") body = "";
  }
  return Object.assign(
    { method, url, headers },
    body === undefined ? null : { body: body as RequestOptions["body"] },
    request ? { request } : null,
  ) as RequestOptions;
}

/** `application/vnd.github[.v3][.x][+json]` asking for `format` instead: `application/vnd.github.v3.diff`. */
function withFormat(type: string, format: string): string {
  const match = /^(.*application\/vnd\.\w+)(\.v3)?(\.\w+)?(\+json)?$/.exec(type);
  return match ? `${match[1]}${match[2] ?? ""}.${format}` : type;
}

/**
 * What the drop-in `Octokit` changes in a request's options before forgekit builds it, so
 * that it goes out as @octokit/endpoint sends it (test/octokit/request-shape.test.ts compares
 * with real @octokit/rest 22 on loopback). Run innermost, after the caller's hooks.
 */
function asOctokitSends(options: EndpointOptions): void {
  emptySegments(options);
  octokitBody(options);
}

/** Names that are the request itself, not parameters. */
const OPTION_NAMES = new Set(["method", "baseUrl", "url", "headers", "request", "mediaType"]);

/** The parameters a URL template does not use (`{owner}`, `{+path}`, `{?a,b}`, `:name`): the body's. */
function bodyParameters(options: EndpointOptions): Record<string, unknown> {
  const inUrl = new Set<string>();
  const template = String(options.url ?? "").replace(/:([a-z]\w+)/g, "{$1}");
  for (const [, expression] of template.matchAll(/\{([^{}]+)\}/g))
    for (const part of expression!.replace(/^[+#./;?&=,!@|]/, "").split(",")) inUrl.add(part.replace(/(\*|:\d+)$/, ""));
  const rest: Record<string, unknown> = {};
  for (const key of Object.keys(options))
    if (!OPTION_NAMES.has(key) && !inUrl.has(key) && options[key] !== undefined) rest[key] = options[key];
  return rest;
}

const JSON_TYPE = "application/json; charset=utf-8";
/** The type fetch gives a string body (forgekit's Node transport gives none). */
const FETCH_TEXT_TYPE = "text/plain;charset=UTF-8";

/**
 * The body as @octokit/endpoint sends it: any body (`data` of any kind — a string, bytes — or
 * parameters left over) without a `content-type` gets JSON's, and a PATCH or PUT without one
 * sends `""` with the type fetch gives it, as @octokit's requests have. forgekit itself types
 * only the JSON bodies it makes. A `content-type` the caller gives is kept.
 */
function octokitBody(options: EndpointOptions): void {
  const method = String(options.method ?? "GET").toUpperCase();
  if (method === "GET" || method === "HEAD") return;
  const headers = (options.headers ?? {}) as Record<string, string>;
  const typed = Object.keys(headers).some((name) => name.toLowerCase() === "content-type");
  const type = (value: string) => {
    if (!typed) options.headers = { ...headers, "content-type": value };
  };
  if ("data" in options ? options.data !== undefined : Object.keys(bodyParameters(options)).length) type(JSON_TYPE);
  else if (method === "PATCH" || method === "PUT") {
    options.data = "";
    type(FETCH_TEXT_TYPE);
  }
}

/**
 * An empty value of a `{name}` path parameter, as @octokit/endpoint expands it: nothing, and a
 * slash before it at the end of the path is dropped (`GET /repos/{owner}/{repo}/contents/{path}`
 * with `path: ""` → `…/contents`, `{ owner: "" }` → `/repos//r`). forgekit() refuses such a
 * value instead (docs/migrating.md).
 */
function emptySegments(options: EndpointOptions): void {
  const { url } = options;
  if (typeof url !== "string" || !url.includes("{")) return;
  let changed = url;
  for (const [, name] of url.matchAll(/\{(\w+)\}/g))
    if (options[name!] === "") {
      changed = changed.replace(new RegExp(`/\\{${name}\\}(?=$|\\{\\?|\\?)|\\{${name}\\}`), "");
      options[name!] = undefined;
    }
  if (changed !== url) options.url = changed;
}
