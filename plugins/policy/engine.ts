import { HttpError, type EndpointOptions, type Response, type Send } from "../../kernel/index.js";
import { hold } from "./hold.js";
import { inspect } from "./inspect.js";
import { describeRequest } from "./wait.js";
import { DEFAULT_MAX_WAIT } from "./attach.js";
import type { Attempt, Engine, Outcome } from "./types.js";

/**
 * The request-policy engine: every attempt of a request goes through the same loop: the
 * throttle's gate (slot + known pauses) → send → read the outcome → the throttle records
 * pauses → the retrier decides → wait → again. One loop means one retry counter and one
 * queue, so the two plugins can never both retry the same failure. The `wrap` that runs it
 * is plugins/policy/attach.ts's.
 */

const MUTATING = new Set(["POST", "PATCH", "PUT", "DELETE"]);

/** A new engine with neither retrier nor throttler. */
export function createEngine(): Engine {
  return { maxWait: DEFAULT_MAX_WAIT, skew: 0 };
}

/** One request through `engine`: every attempt, its waits and retries (the body of the wrap). */
export async function run(engine: Engine, request: Send, options: EndpointOptions): Promise<Response<any>> {
  const { method } = options;
  // `request.idempotent` (set by the graphql plugin for queries): a POST GitHub does not act on.
  const mutating = MUTATING.has(method) && options.request.idempotent !== true;
  const attempt: Attempt = { options, method, mutating, retryCount: 0, secondaryHits: 0, waited: 0 };
  for (;;) {
    options.request.retryCount = attempt.retryCount;
    const { throttler, retrier } = engine;
    if (throttler) {
      const entered = throttler.enter(attempt);
      if (entered) await entered;
    }
    let result: unknown;
    let failed = false;
    try {
      result = await request(options);
    } catch (error) {
      ((result = error), (failed = true));
    }
    let outcome: Outcome = {};
    try {
      outcome = inspect(engine, attempt, result, failed);
    } finally {
      // Free the slot even if reading the outcome threw.
      const left = throttler?.leave(attempt, outcome);
      if (left) await left;
    }
    // GitHub's GraphQL API answers an exhausted budget with 200 and a RATE_LIMITED error:
    // held like a REST rate limit; when not retried, the response goes back as it came.
    const limited = !failed && outcome.limit ? (result as Response<any>) : undefined;
    if (limited)
      ((result = new HttpError("GraphQL rate limit exceeded", describeRequest(options), limited)), (failed = true));
    if (!failed) return result as Response<any>;
    const wait = retrier?.decide(attempt, result, outcome);
    if (wait === undefined) {
      if (limited) return limited;
      throw result;
    }
    await hold(engine, attempt, result, outcome, wait);
    if (outcome.limit?.kind === "secondary") attempt.secondaryHits++;
    attempt.retryCount++;
  }
}
