import type { Client } from "./client.js";
import type { Hook, Send } from "./request.js";
import { send } from "./transport.js";
import type { EndpointOptions, RequestOptions, Response } from "./types.js";

/**
 * Per-request work a plugin does without a hook: cheaper than a before-after-hook callback
 * (no promise, no closure per request) and skipped entirely when a plugin has nothing to do.
 * The built-in plugins use these for work that needs no `wrap` (docs/how-it-works.md).
 */

/** Runs on each request's merged options before the hooks; may change them in place. */
export type Prepare = (options: EndpointOptions) => void | Promise<void>;
/** Called with each attempt's outcome, innermost: `response` when it succeeded, else `error`. */
export type Finish = (response: Response<any> | undefined, error: unknown, options: EndpointOptions) => void;
/** Runs right before each attempt is sent, after every hook; may return what to call with its outcome. */
export type Observe = (request: RequestOptions, options: EndpointOptions) => void | Finish | Promise<void | Finish>;

/** A `wrap` around the rest of the request, as a `"request"` wrap hook receives it. */
export type Wrap = (send: Send, options: EndpointOptions) => Response<any> | Promise<Response<any>>;

/**
 * A hook collection's steps and registered `"request"` hooks. The lists are replaced (by
 * `concat`, which sizes them exactly), never changed in place (a request iterating one is unaffected by a registration), and start as
 * one shared empty list: a client pays for a list only when something is registered on it.
 */
export interface Steps {
  prepare: readonly Prepare[];
  observe: readonly Observe[];
  /** The functions registered as `"request"` hooks: none means requests skip before-after-hook. */
  hooks: readonly unknown[];
  /**
   * Wraps registered with {@link onWrap} while no hook was: innermost, run by the kernel
   * itself. `undefined` where the steps are borrowed (a deferred plugin's private collection).
   */
  wraps: readonly Wrap[] | undefined;
}

/** The empty list every new client's steps start with. */
export const NONE: readonly never[] = Object.freeze([]);

/** Fresh steps for a new hook collection. */
export function newSteps(): Steps {
  return { prepare: NONE, observe: NONE, hooks: NONE, wraps: NONE };
}

/**
 * Where a hook collection keeps its steps: a registered symbol, so that a second copy of this
 * module (the CJS build bundles kernel/hook.ts on its own) finds the same steps.
 */
export const STEPS = Symbol.for("forgekit.steps");

/** The steps kept with `hook` (created by the kernel's `createHook`). */
export function stepsOf(hook: Hook): Steps {
  const own = (hook as unknown as { [STEPS]?: Steps })[STEPS];
  if (own) return own;
  const steps = newSteps();
  Object.defineProperty(hook, STEPS, { value: steps });
  return steps;
}

/**
 * Run `prepare` on every request of `client`, before its hooks and the check of the options
 * (a missing path parameter, an unsafe header), in the opposite order of registration as
 * `before` hooks run: a later plugin's step runs first. Throwing (or rejecting) fails the
 * request before anything is sent.
 *
 * @example
 * onPrepare(client, (options) => void (options.mediaType && applyMediaType(options)));
 */
export function onPrepare(client: Client, prepare: Prepare): void {
  const steps = stepsOf(client.hook);
  steps.prepare = [prepare].concat(steps.prepare);
}

/**
 * Run `observe` right before each attempt is sent (after every hook, so once per retry too);
 * what it returns, if a function, is called with the attempt's outcome. Observers run in the
 * order of registration; one that returns a promise delays the send until it settles.
 *
 * @example
 * onSend(client, () => (response, error, options) => response && count(options.url));
 */
export function onSend(client: Client, observe: Observe): void {
  const steps = stepsOf(client.hook);
  steps.observe = steps.observe.concat(observe);
}

/** Run the prepare steps from index `i` on; synchronous until one returns a promise. */
export function runPrepare(steps: readonly Prepare[], options: EndpointOptions, i = 0): void | Promise<void> {
  for (; i < steps.length; i++) {
    const pending = steps[i]!(options);
    if (pending) {
      const next = i + 1;
      return pending.then(() => runPrepare(steps, options, next));
    }
  }
}

/**
 * Send one attempt: the observers (plugins' per-attempt work without a hook), then the
 * transport. No `await` of its own while every observer answers synchronously (the usual case).
 */
export function transmit(steps: Steps, request: RequestOptions, options: EndpointOptions): Promise<Response<unknown>> {
  try {
    return observeFrom(steps.observe, 0, [], request, options);
  } catch (error) {
    return Promise.reject(error);
  }
}

/** Run the observers from index `i` on (waiting for one that returns a promise), then send. */
function observeFrom(
  observers: readonly Observe[],
  i: number,
  finish: Finish[],
  request: RequestOptions,
  options: EndpointOptions,
): Promise<Response<unknown>> {
  for (; i < observers.length; i++) {
    const done = observers[i]!(request, options);
    if (done && typeof (done as Promise<unknown>).then === "function") {
      const next = i + 1;
      return (done as Promise<void | Finish>).then((finished) => {
        if (finished) finish.push(finished);
        return observeFrom(observers, next, finish, request, options);
      });
    }
    if (done) finish.push(done as Finish);
  }
  if (!finish.length) return send(request);
  return send(request).then(
    (response) => {
      for (const done of finish) done(response, undefined, options);
      return response;
    },
    (error: unknown) => {
      for (const done of finish) done(undefined, error, options);
      throw error;
    },
  );
}
