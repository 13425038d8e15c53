import { ParameterError } from "../../kernel/index.js";
import type { Tracer } from "@opentelemetry/api";

/** Options of the `otel` plugin (`otel: {…}`); every one is optional. See docs/observability.md. */
export interface OtelOptions {
  /** Where spans go. Default: `trace.getTracer("forgekit", VERSION)` of the global tracer provider. */
  tracer?: Tracer;
  /**
   * Send the trace context (the global propagator's headers, W3C `traceparent` by default) with
   * requests to the API's own origins, never elsewhere. Default `true`, except in browsers, where
   * a header outside the CORS safelist makes every request need a preflight the API may refuse.
   */
  propagate?: boolean;
}

/** Options the `otel` plugin adds to the client. */
export interface OtelPluginOptions {
  /** Spans per request; `false` turns the plugin off (no hook at all). */
  otel?: OtelOptions | boolean;
}

const KEYS = ["tracer", "propagate"];

/** The `otel` option, checked at construction: `undefined` when off. */
export function otelConfig(value: unknown): { tracer?: Tracer; propagate: boolean } | undefined {
  if (value === false) return undefined;
  const given = value === undefined || value === true ? {} : value;
  if (typeof given !== "object" || given === null || Array.isArray(given))
    throw new ParameterError(`The otel option must be an object, true or false, got ${typeof given}.`);
  for (const key of Object.keys(given))
    if (!KEYS.includes(key))
      throw new ParameterError(`otel.${key} is not an option; known options: ${KEYS.join(", ")}.`);
  const { tracer, propagate } = given as OtelOptions;
  if (tracer !== undefined && typeof (tracer as Partial<Tracer>).startSpan !== "function")
    throw new ParameterError("otel.tracer must be an OpenTelemetry Tracer (with startSpan), or left out.");
  if (propagate !== undefined && typeof propagate !== "boolean")
    throw new ParameterError(`otel.propagate must be true or false, got ${JSON.stringify(propagate)}.`);
  const browser = typeof (globalThis as { document?: unknown }).document !== "undefined";
  return { ...(tracer && { tracer }), propagate: propagate ?? !browser };
}
