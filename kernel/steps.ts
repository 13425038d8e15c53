import type { Client } from "./client.js";
import type { Hook, Send } from "./request.js";
import { parse, withHeaders } from "./route.js";
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

/**
 * Run `wrap(send, options)` around each request exactly where a `wrap` hook registered now
 * would run, with the same semantics (later registrations are outside earlier ones; `send`
 * sends the options object the dispatch started with). While no hook is registered on the
 * client, and wraps come only from here, the kernel runs them itself, without a hook
 * dispatch: they are inside every hook registered later, as they would be as hooks. Once a
 * hook is registered, this registers `wrap` as one.
 *
 * @example
 * onWrap(client, (send, options) => (options.headers["x-trace"] = "1", send(options)));
 */
export function onWrap(client: Client, wrap: Wrap): void {
  const steps = stepsOf(client.hook);
  if (steps.wraps && !steps.hooks.length) steps.wraps = steps.wraps.concat(wrap);
  else client.hook.wrap("request", wrap as never);
}

/**
 * Run the kernel's wraps around `send`, the last registered outermost. As with
 * before-after-hook's wraps, each `send` a wrap receives sends the options object the
 * dispatch started with, whatever it is given; only the innermost wrap's reaches `send`.
 */
export function runWraps(wraps: readonly Wrap[], send: Send, options: EndpointOptions): Promise<Response<unknown>> {
  let next: Send = send;
  for (const wrap of wraps) {
    const inner = next;
    next = () => wrap(inner, options);
  }
  try {
    return Promise.resolve(next(options));
  } catch (error) {
    return Promise.reject(error);
  }
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

/** Send one attempt: the observers (plugins' per-attempt work without a hook), then the transport. */
export async function transmit(
  steps: Steps,
  request: RequestOptions,
  options: EndpointOptions,
): Promise<Response<unknown>> {
  const finish: Finish[] = [];
  for (const observe of steps.observe) {
    let done = observe(request, options);
    if (done && typeof (done as Promise<unknown>).then === "function") done = await done;
    if (done) finish.push(done as Finish);
  }
  if (!finish.length) return send(request);
  let response: Response<unknown>;
  try {
    response = await send(request);
  } catch (error) {
    for (const done of finish) done(undefined, error, options);
    throw error;
  }
  for (const done of finish) done(response, undefined, options);
  return response;
}

/**
 * What the early check parsed, reused when the hooks changed nothing `parse` reads: every
 * value is compared by identity and the headers by content, so only options whose parameters
 * are all primitives qualify (an object body could have been changed inside). When only
 * headers changed (auth's `authorization`), only the headers are checked and copied again.
 * Returns what to send for the options as they are then.
 */
export function reusable(options: EndpointOptions): ((parsed: RequestOptions) => RequestOptions) | undefined {
  let keys = 0;
  for (const key in options) {
    const value = options[key];
    keys++;
    if (key !== "headers" && key !== "request" && value !== null && typeof value === "object") return undefined;
  }
  const values = { ...options };
  const headers = { ...options.headers };
  let headerCount = 0;
  for (const _ in headers) headerCount++;
  return (parsed) => {
    let seen = 0;
    for (const key in options) if ((seen++, key !== "headers" && options[key] !== values[key])) return parse(options);
    if (seen !== keys || options.headers !== values.headers) return parse(options);
    seen = 0;
    for (const name in options.headers)
      if ((seen++, options.headers[name] !== headers[name])) return withHeaders(parsed, options);
    return seen === headerCount ? parsed : withHeaders(parsed, options);
  };
}
