/**
 * Where GitHub takes release-asset uploads for an API root: api.github.com →
 * uploads.github.com (its OpenAPI description's server for `repos/upload-release-asset`),
 * GHE.com's `api.<sub>.ghe.com` → `uploads.<sub>.ghe.com`, GHES and anything else → the
 * same host under `/api/uploads`. Used where routes start with `{origin}` and to decide
 * which origins may receive credentials. Throws a TypeError for a `baseUrl` that is not a URL.
 */
export function uploadsOrigin(baseUrl: string): string {
  const { origin } = new URL(baseUrl);
  const cloud = /^https:\/\/api\.((?:[\w-]+\.)?ghe\.com|github\.com)$/.exec(origin);
  return cloud ? `https://uploads.${cloud[1]}` : `${origin}/api/uploads`;
}
