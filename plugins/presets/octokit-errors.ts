import { createRequire } from "node:module";
import { HttpError, NetworkError } from "../../kernel/index.js";

/**
 * The errors of the drop-in `Octokit` as code written for @octokit sees them (issue 35): a
 * request that got no response carries `status: 500`, as @octokit/request's does (v16 and
 * v22 alike), and, where the project has `@octokit/request-error`, `error instanceof
 * RequestError` holds with that package's class. They stay forgekit's own errors:
 * `instanceof HttpError` / `NetworkError` / `TimeoutError` answer by brand (kernel/brand.ts).
 */

/** @octokit/request-error's class as the project resolves it, `null` when it has none. */
let requestError: Function | null | undefined;

/**
 * The project's @octokit/request-error, found from where forgekit is installed (after the
 * swap, the project's node_modules/@octokit/rest). Under Jest, the CommonJS bundle's own
 * `require` is Jest's, so the class is the one the tests import (build/require-fallback.mjs).
 */
function projectRequestError(): Function | null {
  if (requestError === undefined) {
    try {
      // (`module` first: an ES module build turns a bare `require` into a shim that throws.)
      const load =
        typeof module === "object" && typeof require === "function" ? require : createRequire(import.meta.url);
      const found = (load("@octokit/request-error") as { RequestError?: unknown }).RequestError;
      requestError = typeof found === "function" && typeof found.prototype === "object" ? found : null;
    } catch {
      requestError = null;
    }
  }
  return requestError;
}

/** Per forgekit prototype: its members over `RequestError.prototype` (one class found per process). */
const prototypes = new WeakMap<object, object>();

/** `proto`'s own members and those of the classes it extends (up to `Error`), over `base`. */
function prototypeOver(base: Function, proto: object): object {
  let made = prototypes.get(proto);
  if (made === undefined) {
    const chain: object[] = [];
    for (let p: object | null = proto; p && p !== Error.prototype; p = Object.getPrototypeOf(p)) chain.unshift(p);
    const members: PropertyDescriptorMap = {};
    for (const p of chain) Object.assign(members, Object.getOwnPropertyDescriptors(p));
    made = Object.create(base.prototype as object, members) as object;
    prototypes.set(proto, made);
  }
  return made;
}

/** `error` as the drop-in throws it; anything but forgekit's HTTP and network errors as it is. */
export function asOctokitError(error: unknown): unknown {
  const network = error instanceof NetworkError;
  if (!network && !(error instanceof HttpError)) return error;
  if (network && error.status === undefined) error.status = 500;
  const RequestError = projectRequestError();
  if (RequestError && !(error instanceof RequestError))
    Object.setPrototypeOf(error, prototypeOver(RequestError, Object.getPrototypeOf(error) as object));
  return error;
}
