import {
  isHttpError,
  parse,
  redact,
  type Client,
  type EndpointOptions,
  type Response,
  type Send,
} from "../../kernel/index.js";
import { budgetedStore } from "../store/budgeted-store.js";
import { all, then, type MaybePromise } from "../store/maybe-promise.js";
import type { CacheSettings } from "./apply.js";
import { createFlights } from "./inflight.js";
import { createHasher, PREFIX, recordKey, target, type Target } from "./key.js";
import {
  answer,
  decode,
  encode,
  entryOf,
  lookup,
  refreshed,
  validators,
  type CacheRecord,
  type Entry,
} from "./record.js";

/** Per-request state, from the wrap (which sent validators) to the error hook (which gets the 304). */
interface Pass {
  target: Target;
  record: CacheRecord | undefined;
  entry: Entry | undefined;
  added: string[];
}

/** A caller's own conditional or range request is theirs to handle: the cache stays out of it. */
const CALLER_CONDITIONS = ["if-none-match", "if-modified-since", "if-match", "if-unmodified-since", "range"];
const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

function bypass({ headers, request, data }: EndpointOptions): boolean {
  if (data !== undefined || request.redirect === "manual") return true;
  if (/no-cache|no-store/i.test(headers["cache-control"] ?? "")) return true;
  return CALLER_CONDITIONS.some((name) => headers[name] !== undefined);
}

/**
 * The cache's two hooks over one client's state: `onError` answers 304s, `wrap` does the
 * rest. Every store call runs under the time budget of {@link budgetedStore}: a store that
 * fails, hangs or is slow reads as empty, and the request goes on without the cache.
 */
export function createCache(client: Client, { store: given, ttl, storeTimeout }: CacheSettings) {
  const pending = new WeakMap<EndpointOptions, Pass>();
  const answered = new WeakSet<Response<unknown>>();
  const hash = createHasher();
  const flights = createFlights();
  const store = budgetedStore(given, { name: "cache", timeout: storeTimeout, owner: client.options });
  const debug = (message: string) => client.options.log.debug(message, { namespace: "cache" });
  const write = (key: string, text: string) => store.set(key, text, ttl);
  const drop = (key: string) => store.delete(key);
  const read = (key: string) =>
    then(store.get(key), (text) => {
      const record = decode(text);
      // A value that does not parse (corrupt, foreign, a half-written record) is a miss, and goes.
      if (record === undefined && text !== undefined && text !== null) {
        debug(`cache: dropped an unreadable record at ${key.slice(PREFIX.length)}`);
        void drop(key);
      }
      return record;
    });

  function remember(
    { target: { key, variant }, record, entry }: Pass,
    response: Response<unknown>,
  ): MaybePromise<unknown> {
    if (answered.has(response)) {
      const changed = response.headers.etag !== entry?.e || response.headers["last-modified"] !== entry?.m;
      return entry && (changed || ttl !== undefined)
        ? write(key, encode(record, variant, refreshed(entry, response.headers)))
        : undefined;
    }
    const next = entryOf(response);
    if (!next || redact(next.u) !== next.u) return undefined;
    debug(`cache: stored ${key.slice(PREFIX.length)}`);
    return write(key, encode(record, variant, next));
  }

  function revalidate(request: Send, options: EndpointOptions, target: Target): MaybePromise<Response<unknown>> {
    return then(read(target.key), (record) => {
      const entry = lookup(record, target.variant);
      const pass: Pass = { target, record, entry, added: [] };
      pending.set(options, pass);
      if (entry)
        for (const [name, value] of Object.entries(validators(entry)))
          (pass.added.push(name), (options.headers[name] = value));
      return Promise.resolve(request(options)).then((response) => then(remember(pass, response), () => response));
    });
  }

  /** A request that may change the resource drops what is cached for its URL (all variants), once it is answered. */
  function invalidate(request: Send, options: EndpointOptions): Promise<Response<unknown>> {
    const { url } = parse(options);
    const settle = () => {
      if (redact(url) !== url) return undefined;
      debug(`cache: ${options.method} ${url} drops its cached GET/HEAD`);
      return all([drop(recordKey("GET", url)), drop(recordKey("HEAD", url))]);
    };
    return Promise.resolve(request(options)).then(
      (response) => then(settle(), () => response),
      (error: unknown) => then(settle(), () => Promise.reject(error)),
    );
  }

  return {
    onError(error: unknown, options: EndpointOptions): Response<unknown> {
      const pass = pending.get(options);
      if (!pass?.entry || !isHttpError(error) || error.status !== 304) throw error;
      const response = answer(pass.entry, error.headers);
      answered.add(response);
      // Read by outer hooks (the log and otel plugins): the 200 the caller gets was a 304.
      options.request.cached = true;
      debug(`cache: 304 for ${options.method} ${redact(pass.entry.u)}, answered from the cache`);
      return response;
    },
    async wrap(request: Send, options: EndpointOptions): Promise<Response<unknown>> {
      // Re-entry (an outer plugin retrying): validators added last time are ours, not the caller's.
      for (const name of pending.get(options)?.added ?? []) delete options.headers[name];
      pending.delete(options);
      if (!SAFE.has(options.method)) return invalidate(request, options);
      if (options.method === "OPTIONS" || bypass(options)) return request(options);
      return then(target(options, hash), (found) =>
        found ? flights(found.flight, options, () => revalidate(request, options, found)) : request(options),
      );
    },
  };
}
