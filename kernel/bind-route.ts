import { own } from "./own.js";
import { createRequest, DEFAULTS, HOOK, start, type Own, type Request } from "./request.js";
import { merge, mergeOver } from "./merge.js";
import type { RequestParameters } from "./types.js";

/**
 * What a {@link bindRoute} function answers when called with it: its request and base. They
 * live only in its closure (a property would cost every method a property store of its own).
 */
const PEEK = Symbol("forgekit.route");
type Bound = (peek: typeof PEEK) => [Own, RequestParameters];

/** `request.defaults(base)` of a bound route, made when its `.endpoint` or `.defaults` is first read. */
function materialize(self: Bound): Request {
  const [parent, base] = self(PEEK);
  return createRequest(parent[HOOK], merge(parent[DEFAULTS], base));
}

/** `.endpoint` and `.defaults` of every {@link bindRoute} function, shared; each made on first access. */
const boundProto: object = Object.create(Function.prototype);
for (const key of ["endpoint", "defaults"] as const)
  Object.defineProperty(boundProto, key, {
    configurable: true,
    get(this: Bound) {
      return own(this, key, materialize(this)[key]);
    },
    set(this: object, value: unknown) {
      own(this, key, value);
    },
  });

/**
 * What `request.defaults(base)` returns, for a `base` shared by many clients and never changed
 * (an endpoint method's route and defaults): it holds only `request` and `base`, and merges
 * `base` over `request`'s defaults per call, as that would have merged them once.
 *
 * @example
 * const ROUTE = Object.freeze({ method: "GET", url: "/repos/{owner}/{repo}" });
 * const get = bindRoute(client.request, ROUTE);
 * await get({ owner: "octokit", repo: "rest.js" });
 */
export function bindRoute(request: Request, base: RequestParameters): Request {
  const parent = request as unknown as Own;
  const bound = (route?: string | RequestParameters | typeof PEEK, params?: RequestParameters) => {
    if (typeof route === "object" || route === undefined)
      return start(parent[HOOK], mergeOver, parent[DEFAULTS], base, route, params);
    if (route === PEEK) return [parent, base];
    // A route string is not what endpoint methods take: the general path handles it.
    return materialize(bound as unknown as Bound)(route, params);
  };
  Object.setPrototypeOf(bound, boundProto);
  return bound as unknown as Request;
}
