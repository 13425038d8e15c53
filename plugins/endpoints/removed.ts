import { ParameterError, warnOnce, type Client, type RouteExtra } from "../../kernel/index.js";

const HEADER = "x-github-api-version";

/** The REST API version a call asks for: its own header, the client's header or `apiVersion` option, or `undefined` (GitHub's default). */
function versionOf(client: Client, params: Record<string, unknown>): string | undefined {
  const headers = params.headers as Record<string, string> | undefined;
  const own = headers && Object.keys(headers).find((name) => name.toLowerCase() === HEADER);
  return own
    ? headers[own]
    : (client.options.headers[HEADER] ?? (client.options as { apiVersion?: string }).apiVersion);
}

/**
 * A parameter a later REST API version removes (route extra `removed`, generated from the
 * description's x-github-breaking-changes): from that version on it is a `ParameterError`
 * before anything is sent; before it (the default, 2022-11-28) the call goes out as always and
 * the first use of each changeset warns once, so a program learns what to change before it moves.
 */
export function checkRemoved(
  client: Client,
  operation: string,
  removed: NonNullable<RouteExtra["removed"]>,
  params: Record<string, unknown>,
): void {
  for (const [name, version, changeset, instead] of removed) {
    if (params[name] === undefined) continue;
    const asked = versionOf(client, params);
    const fix = instead ? `use ${instead} instead` : "leave it out";
    if (asked !== undefined && asked >= version)
      throw new ParameterError(
        `${operation}(): "${name}" is not a parameter in REST API version ${asked} (removed in ${version}, changeset ${changeset}): ${fix}. Nothing was sent.`,
      );
    warnOnce(
      client.options.log,
      `apiVersion:${changeset}`,
      `${operation}(): "${name}" is removed in REST API version ${version} (changeset ${changeset}): ${fix}. Sent now as version ${asked ?? "2022-11-28"}; see forgekit's docs/api-versions.md.`,
    );
  }
}
