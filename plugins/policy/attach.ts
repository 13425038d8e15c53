import { lazy, onFirstUse, type Client, type EndpointOptions, type Send } from "../../kernel/index.js";
import type { RetrySettings } from "../retry/retrier.js";
import type { ThrottleConfig } from "../throttle/options.js";
import type { Engine } from "./types.js";

/** The longest wait by default: longer than GitHub's secondary-limit waits, far shorter than an hour-long reset. */
export const DEFAULT_MAX_WAIT = 5 * 60_000;

/**
 * One client's request policy as `retry` and `throttle` configure it at construction; its
 * engine (queue, pauses, clock skew) is made from these on the first request.
 */
export interface Policy {
  maxWait: number;
  /** The plugin that set `maxWait`, when one did. */
  maxWaitFrom?: string;
  /** Longest total of one request's waits, when an option gave it (plugins/policy/hold.ts). */
  maxTotalWait?: number;
  /** The plugin that set `maxTotalWait`, when one did. */
  maxTotalWaitFrom?: string;
  retry?: RetrySettings;
  throttle?: ThrottleConfig;
  engine?: Engine;
}

/** Where a client keeps its policy: a non-enumerable property, so state stays per client. */
const POLICY = Symbol.for("forgekit.policy");

/** The engine's code (the loop, the retrier, the throttle), loaded before a client's first request. */
const code = lazy(() => import("./code.js"));
type Code = NonNullable<typeof code.value>;
/** Start loading the engine's code beside the transport's and the checks' (kernel `onFirstUse`). */
const loadCode = () => void code().catch(() => {});

/** Make `policy`'s engine from its settings, once. */
function engineOf(client: Client, policy: Policy, { createEngine, createRetrier, applyThrottle }: Code): Engine {
  const engine = createEngine();
  engine.maxWait = policy.maxWait;
  if (policy.maxWaitFrom) engine.maxWaitFrom = policy.maxWaitFrom;
  if (policy.maxTotalWait !== undefined) engine.maxTotalWait = policy.maxTotalWait;
  if (policy.retry) engine.retrier = createRetrier(policy.retry);
  if (policy.throttle) applyThrottle(client, engine, policy.throttle);
  return (policy.engine = engine);
}

/**
 * The client's policy, created on first use with ONE `wrap` hook, whichever of `retry` and
 * `throttle` asks first: every attempt of a request goes through one loop (plugins/policy/engine.ts),
 * so a request has one retry counter and waits in one queue. No timers, no I/O here.
 */
export function policyFor(client: Client): Policy {
  const host = client as unknown as Record<symbol, Policy | undefined>;
  const existing = host[POLICY];
  if (existing) return existing;
  const policy: Policy = { maxWait: DEFAULT_MAX_WAIT };
  Object.defineProperty(client, POLICY, { value: policy });
  if (!code.value) onFirstUse(loadCode);
  client.hook.wrap("request", (send: Send, options: EndpointOptions) => {
    const loaded = code.value;
    if (loaded) return loaded.run(policy.engine ?? engineOf(client, policy, loaded), send, options);
    return code().then((now) => now.run(policy.engine ?? engineOf(client, policy, now), send, options));
  });
  return policy;
}
