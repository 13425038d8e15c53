import {
  defaultLog,
  lazy,
  ParameterError,
  type Client,
  type EndpointOptions,
  type Response,
} from "../../kernel/index.js";

/**
 * The record's code (plugins/log/record.ts), loaded with the first request a client logs or
 * the first response with a deprecation header.
 */
export const recordCode = lazy(() => import("./record.js"));

/** What the log receives per request: the readable line, the structured record, or nothing. */
export type LogRequests = "line" | "record" | false;

/**
 * The `logRequests` option, checked at construction: by default a line when the caller gave
 * `log.info` (`log: console`, a pino or winston logger), none otherwise.
 */
export function logRequestsOf(client: Client, value: unknown): LogRequests {
  if (value === undefined) return client.options.log.info === defaultLog.info ? false : "line";
  if (value === "line" || value === "record" || value === false) return value;
  throw new ParameterError(
    `logRequests must be "line", "record" or false, got ${JSON.stringify(value) ?? String(value)}.`,
  );
}

/** What receives one request's outcome: a line or a record for the log. */
export type RequestWriter = (
  options: EndpointOptions,
  response: Response<unknown> | undefined,
  error: unknown,
  ms: number,
) => void | Promise<void>;

/**
 * One `log.info` per request, around everything inside it (retries, waits): the line in
 * @octokit's form (`GET /path - 200 in 12ms`, @octokit/plugin-request-log's), or, with
 * `"record"`, one object (docs/observability.md) whose `msg` is that line: pino and winston
 * both print a lone object's fields as JSON. A failed call goes to `log.error`, as @octokit's
 * does; a 304 is an answer, not a failure.
 */
export function requestWriter(client: Client, mode: "line" | "record"): RequestWriter {
  const log = client.options.log;
  return async (options, response, error, ms) => {
    const record = (recordCode.value ?? (await recordCode())).requestRecord(options, response, error, ms);
    const failed = response === undefined && record.status !== 304;
    // The caller's method is looked up per call: a logger swapped in later is used.
    if (failed) mode === "record" ? log.error(record as never) : log.error(record.msg);
    else mode === "record" ? log.info(record as never) : log.info(record.msg);
  };
}
