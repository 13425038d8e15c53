import { ERROR_BRAND, ForgeError, redact, redactHeaders, type ResponseHeaders } from "../../kernel/index.js";

/** One entry of a GraphQL response's `errors` (GitHub adds `type`, e.g. `NOT_FOUND`, `RATE_LIMITED`). */
export interface GraphqlError {
  message: string;
  type?: string;
  path?: ReadonlyArray<string | number>;
  locations?: ReadonlyArray<{ line: number; column: number }>;
  extensions?: Record<string, unknown>;
  [key: string]: unknown;
}

/** Names of variables whose values are kept out of errors: they look like credentials. */
const SECRET_NAME = /token|secret|password|passwd|credential|private|auth|key/i;

/** Replace the values of secret-looking `variables` (and token shapes) wherever they occur in `value`. */
export function scrub<T>(value: T, variables: Record<string, unknown> | undefined): T {
  let text = JSON.stringify(value);
  if (text === undefined) return value;
  text = JSON.stringify(JSON.parse(text, (_key, v: unknown) => (typeof v === "string" ? redact(v) : v)));
  for (const [name, given] of Object.entries(variables ?? {})) {
    if (typeof given !== "string" || given.length < 4 || !SECRET_NAME.test(name)) continue;
    const quoted = JSON.stringify(given).slice(1, -1);
    text = text.split(quoted).join("[REDACTED]");
  }
  return JSON.parse(text) as T;
}

/**
 * A GraphQL response carried `errors` (GitHub answers them with status 200). `data` holds
 * whatever part of the result GitHub could resolve (`undefined` when none). Token shapes and
 * the values of secret-looking variables (`token`, `secret`, `password`, `key`…) are
 * redacted from the message, `errors` and `data`; the variables themselves are not kept.
 *
 * @example
 * try { await client.graphql(query, { owner, repo }) }
 * catch (error) { if (isGraphqlResponseError(error)) console.log(error.errors[0]?.type, error.data) }
 */
export class GraphqlResponseError<T = unknown> extends ForgeError {
  static override readonly [ERROR_BRAND]: string = "GraphqlResponseError";
  override name = "GraphqlResponseError";
  /** The response's `errors`. */
  declare errors: GraphqlError[];
  /** The partial result, when GitHub resolved some fields. */
  declare data?: T;
  /** The operation's name (`query Name { … }` or `operationName`), when it has one. */
  declare operationName?: string;
  /** GitHub's `x-github-request-id`, for support requests. */
  declare requestId?: string;
  /** The HTTP status (200 for GraphQL errors) and the response headers, credentials redacted. */
  declare status: number;
  declare headers: ResponseHeaders;
  constructor(
    response: { status: number; url: string; headers: ResponseHeaders; data: { errors: GraphqlError[]; data?: T } },
    sent: { method: string; url: string; headers: Record<string, string> },
    operationName: string | undefined,
    variables: Record<string, unknown> | undefined,
  ) {
    const errors = scrub(response.data.errors, variables);
    const list = errors.map((e) => ` - ${e.type ? `${e.type}: ` : ""}${e.message}`).join("\n");
    const operation = operationName ? `GraphQL operation "${operationName}"` : "GraphQL request";
    super(`${operation} failed with ${errors.length} error(s):\n${list}`, { ...sent, request: {} });
    this.errors = errors;
    if (response.data.data != null) this.data = scrub(response.data.data, variables);
    if (operationName) this.operationName = operationName;
    const id = response.headers["x-github-request-id"];
    if (id) this.requestId = redact(id);
    this.status = response.status;
    this.headers = redactHeaders(response.headers);
  }
}

/** Whether `e` is a {@link GraphqlResponseError}, from this copy of forgekit or another (its brand, as the kernel's guards). */
export const isGraphqlResponseError = (e: unknown): e is GraphqlResponseError => e instanceof GraphqlResponseError;
