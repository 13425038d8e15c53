import type { Client } from "./client.js";
import type { Send } from "./request.js";
import { parse, withHeaders } from "./route.js";
import { stepsOf, type Wrap } from "./steps.js";
import type { EndpointOptions, RequestOptions, Response } from "./types.js";

/**
 * The kernel's own wraps (plugins' `wrap`s run without a hook dispatch while no hook is
 * registered) and the reuse of the early check's parse once hooks or wraps have run.
 */

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
