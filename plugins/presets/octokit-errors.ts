import { HttpError, NetworkError } from "../../kernel/index.js";

/**
 * The errors of the drop-in `Octokit` as code written for @octokit sees them (issue 35): a
 * request that got no response carries `status: 500`, as @octokit/request's does (v16 and
 * v22 alike), and, where the project has `@octokit/request-error`, `error instanceof
 * RequestError` holds with that package's class. They stay forgekit's own errors:
 * `instanceof HttpError` / `NetworkError` / `TimeoutError` answer by brand (kernel/errors.ts).
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
      const found = (loader()("@octokit/request-error") as { RequestError?: unknown }).RequestError;
      requestError = typeof found === "function" && typeof found.prototype === "object" ? found : null;
    } catch {
      requestError = null;
    }
  }
  return requestError;
}

/**
 * A CommonJS build's own `module.require` (Jest's under Jest), else a `require` made from this
 * module's URL. Read on the first error only: neither `require` (an ES module build would add a
 * shared shim module for it) nor `node:module` is named where the preset loads
 * (test/package/node-bundle.test.mjs counts the files).
 */
function loader(): (id: string) => unknown {
  const own = typeof module === "object" ? (module as { require?: unknown } | undefined)?.require : undefined;
  if (typeof own === "function") return own.bind(module) as (id: string) => unknown;
  const { process } = globalThis as { process?: { getBuiltinModule?(id: string): unknown } };
  const nodeModule = process?.getBuiltinModule?.("node:module") as typeof import("node:module") | undefined;
  if (!nodeModule) throw new Error("no require() here");
  return nodeModule.createRequire(import.meta.url);
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
