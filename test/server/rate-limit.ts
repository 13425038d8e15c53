import type { RateLimitResource } from "./types.js";

// Primary rate limits per credential and resource, GitHub's published budgets (what a client
// sees of them: docs/errors-retries-rate-limits.md#primary-rate-limits):
// core 5,000/hour authenticated, 60/hour anonymous (per IP); search 30/minute (10 anonymous);
// code search 10/minute. A window opens with a caller's first request and resets after it.

// GraphQL: 5,000 points/hour per user (every query costs 1 point here), anonymous calls are refused.
const WINDOW_SECONDS: Record<RateLimitResource, number> = { core: 3600, search: 60, code_search: 60, graphql: 3600 };
const AUTHENTICATED: Record<RateLimitResource, number> = { core: 5000, search: 30, code_search: 10, graphql: 5000 };
const ANONYMOUS: Record<RateLimitResource, number> = { core: 60, search: 10, code_search: 10, graphql: 0 };

/** What the `x-ratelimit-*` headers say. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  used: number;
  /** Epoch seconds at which the window resets. */
  reset: number;
  resource: RateLimitResource;
}

/** The bucket a path draws from. */
export function resourceOf(path: string): RateLimitResource {
  if (path === "/graphql" || path === "/api/graphql") return "graphql";
  if (path === "/search/code") return "code_search";
  return path.startsWith("/search/") ? "search" : "core";
}

/** Per-server counters; `caller` is the authorization header, or the client's address. */
export function createRateLimiter(now: () => number, overrides: Partial<Record<RateLimitResource, number>> = {}) {
  const windows = new Map<string, { used: number; reset: number }>();

  function current(caller: string, authenticated: boolean, resource: RateLimitResource) {
    const key = `${resource} ${caller}`;
    let window = windows.get(key);
    if (!window || now() >= window.reset * 1000) {
      window = { used: 0, reset: Math.ceil(now() / 1000) + WINDOW_SECONDS[resource] };
      windows.set(key, window);
    }
    const limit = overrides[resource] ?? (authenticated ? AUTHENTICATED : ANONYMOUS)[resource];
    return { window, limit };
  }

  function state(window: { used: number; reset: number }, limit: number, resource: RateLimitResource): RateLimitState {
    return { limit, used: window.used, remaining: Math.max(0, limit - window.used), reset: window.reset, resource };
  }

  return {
    /** The caller's state without counting a request. */
    peek(caller: string, authenticated: boolean, resource: RateLimitResource): RateLimitState {
      const { window, limit } = current(caller, authenticated, resource);
      return state(window, limit, resource);
    },
    /** Count one request and return the state after it. */
    take(caller: string, authenticated: boolean, resource: RateLimitResource): RateLimitState {
      const { window, limit } = current(caller, authenticated, resource);
      window.used++;
      return state(window, limit, resource);
    },
    /** Every resource of a caller, for `GET /rate_limit`. */
    all(caller: string, authenticated: boolean): Record<RateLimitResource, RateLimitState> {
      const resources = Object.keys(WINDOW_SECONDS) as RateLimitResource[];
      return Object.fromEntries(
        resources.map((resource) => [resource, this.peek(caller, authenticated, resource)]),
      ) as Record<RateLimitResource, RateLimitState>;
    },
    reset(): void {
      windows.clear();
    },
  };
}
