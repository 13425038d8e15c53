import {
  defaultLog,
  ParameterError,
  requestRecord,
  type Client,
  type EndpointOptions,
  type Response,
  type Send,
} from "../../kernel/index.js";

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

/**
 * One `log.info` per request, around everything inside it (retries, waits): the line in
 * @octokit's form (`GET /path - 200 in 12ms`, @octokit/plugin-request-log's), or, with
 * `"record"`, one object (docs/observability.md) whose `msg` is that line: pino and winston
 * both print a lone object's fields as JSON. A failed call goes to `log.error`, as @octokit's
 * does; a 304 is an answer, not a failure.
 */
export function logRequests(client: Client, mode: "line" | "record"): void {
  const log = client.options.log;
  const write = (options: EndpointOptions, response: Response<unknown> | undefined, error: unknown, ms: number) => {
    const record = requestRecord(options, response, error, ms);
    const failed = response === undefined && record.status !== 304;
    // The caller's method is looked up per call: a logger swapped in later is used.
    if (failed) mode === "record" ? log.error(record as never) : log.error(record.msg);
    else mode === "record" ? log.info(record as never) : log.info(record.msg);
  };
  client.hook.wrap("request", async (request: Send, options: EndpointOptions) => {
    const started = performance.now();
    let response: Response<unknown>;
    try {
      response = await request(options);
    } catch (error) {
      write(options, undefined, error, performance.now() - started);
      throw error;
    }
    write(options, response, undefined, performance.now() - started);
    return response;
  });
}
