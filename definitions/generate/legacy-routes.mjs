// Old @octokit/rest v15/v16 names no current operation matches: either GitHub still serves
// their old route (sent as it was), or the endpoint is gone (the method rejects, naming the
// removal and the replacement). Decided from the description where it can; the two reviewed
// tables below cover what the description cannot tell.
import { compareBy } from "./util.mjs";

/**
 * Old routes GitHub serves although the description does not list them with that verb.
 * Reviewed by hand; each line says why. Routes use today's template syntax.
 */
const SERVED_ROUTES = {
  // The description has PATCH/DELETE on /git/refs/{ref}; GET still answers a ref, or the
  // array of refs under a prefix (what v15's getRef returned for a partial name).
  "gitdata.getRef": [
    "GET /repos/{owner}/{repo}/git/refs/{+ref}",
    "GET on /git/refs/{ref} is served beside PATCH/DELETE",
  ],
  // GET /git/refs/{namespace} lists the refs under refs/<namespace>/ ("heads", "tags"); the
  // description only has the singular /git/ref/{ref} and /git/matching-refs/{ref}.
  "git.listRefs": ["GET /repos/{owner}/{repo}/git/refs/{+namespace}", "GET on /git/refs/{namespace} lists a namespace"],
  "gitdata.listRefs": ["GET /repos/{owner}/{repo}/git/refs/{+namespace}", "as git.listRefs"],
  "gitdata.getTags": [
    "GET /repos/{owner}/{repo}/git/refs/tags",
    "GET /git/refs/tags: the tags namespace of git.listRefs",
  ],
  // GitHub's own 301 for a renamed repository points at /repositories/{id}: it is served.
  "repos.getById": ["GET /repositories/{id}", "GitHub redirects renamed repositories to /repositories/{id}"],
};

/**
 * Values of an old path parameter the tables do not list (v16's documentation did): the old
 * route is kept only when every value gives a route the description has (checked below).
 */
const PARAMETER_VALUES = {
  "repos.getArchiveLink": { archive_format: ["tarball", "zipball"] },
};

/**
 * Why a group of old names is gone and what replaces it, matched in order by name. Reviewed
 * by hand against GitHub's changelog; the generator lists every name each line caught.
 */
const REMOVALS = [
  [
    /^apps\.(checkAuthorization|resetAuthorization|revokeAuthorizationForApplication|revokeGrantForApplication)$/,
    "GitHub removed the OAuth application endpoints that take the token in the URL",
    "apps.checkToken(), apps.resetToken(), apps.deleteToken() or apps.deleteAuthorization() (token in the body)",
  ],
  [
    /^(authorization|oauthAuthorizations)\./,
    "GitHub removed the OAuth Authorizations API (tokens are no longer created with a password)",
    "the OAuth web or device flow, or a fine-grained personal access token; apps.checkToken() and friends for token checks",
  ],
  [/^apps\.createContentAttachment$/, "GitHub retired content attachments", "none (the feature is gone)"],
  [
    /^checks\.requestSuites$/,
    "the check-suite-requests preview ended",
    "checks.createSuite() or checks.rerequestSuite()",
  ],
  [
    /^(codesOfConduct\.getForRepo|misc\.getRepoCodeOfConduct)$/,
    "GitHub removed the repository code-of-conduct endpoint",
    "repos.getCommunityProfileMetrics() (its files.code_of_conduct) or repos.get()",
  ],
  [
    /^(enterprise\.|users\.(promote|demote|suspend|unsuspend)$)/,
    "this is a GitHub Enterprise Server administration endpoint, not served by this deployment",
    'the enterpriseAdmin methods of a GHES client (e.g. `new Client({ deployment: "ghes-3.19" })`)',
  ],
  [
    /^reactions\.\w*TeamDiscussion/,
    "GitHub removed team discussions from the REST API",
    "GitHub Discussions (client.graphql)",
  ],
  [/^teams\.\w*Discussion/, "GitHub removed team discussions from the REST API", "GitHub Discussions (client.graphql)"],
  [
    /^(projects\.|teams\.\w*Project)/,
    "GitHub sunset Projects (classic) and removed its REST endpoints",
    "Projects (today's projects.* methods for organization and user projects, or client.graphql)",
  ],
  [
    /^reactions\.delete$/,
    "GitHub removed DELETE /reactions/{reaction_id}",
    "the reactions.deleteFor…() method of the reaction's subject (deleteForIssue, deleteForIssueComment, deleteForCommitComment, deleteForPullRequestComment, deleteForRelease)",
  ],
  [
    /^repos\.\w*Downloads?$/,
    "GitHub removed the Downloads API",
    "releases: repos.createRelease() and repos.uploadReleaseAsset()",
  ],
];

const shapeOf = (verb, path) => `${verb.toUpperCase()} ${path.replace(/\{\+?[^}]+\}/g, "{}")}`;
const templateOf = (url) => url.replace(/^\{origin\}/, "").replace(/:(\w+)/g, "{$1}");

/**
 * A parameter whose allowed values each turn the old route into a described one (v16's
 * `getArchiveLink`: `{archive_format}` ∈ tarball, zipball): GitHub serves the old route.
 */
function fixedParameterRoute(key, entry, described) {
  const method = entry.method.toUpperCase();
  const template = templateOf(entry.url);
  for (const [name, about] of Object.entries(entry.params ?? {})) {
    const param = PARAMETER_VALUES[key]?.[name] ? { enum: PARAMETER_VALUES[key][name] } : about;
    if (!param.enum?.length || !template.includes(`{${name}}`)) continue;
    const served = param.enum.map((value) => described.get(shapeOf(method, template.replace(`{${name}}`, value))));
    if (served.every(Boolean)) {
      // Keep today's multi-segment markers: the described route of the first value, with the placeholder back.
      const route = served[0].route.replace(/\{origin\}/, "").replace(/\{\?[^}]*\}$/, "");
      const segments = template.split("/");
      const index = segments.indexOf(`{${name}}`);
      const path = route.slice(route.indexOf(" ") + 1).split("/");
      path[index] = `{${name}}`;
      return [
        `${method} ${path.join("/")}`,
        `every value of "${name}" (${param.enum.join(", ")}) is a described route`,
      ];
    }
  }
  return undefined;
}

/** The entry an old name stands for, following `alias` entries; `undefined` when none has a URL. */
function finalEntry(legacyTables, scope, name, seen = new Set()) {
  const key = `${scope}.${name}`;
  if (seen.has(key)) return undefined;
  seen.add(key);
  for (const { table } of legacyTables) {
    const entry = table[scope]?.[name];
    if (entry?.alias) return finalEntry(legacyTables, ...entry.alias.split("."), seen);
    if (entry?.url) {
      // An older table may state what a newer one left out (v15 lists `archive_format`'s values, v16 does not).
      const params = { ...entry.params };
      for (const { table: other } of legacyTables)
        for (const [param, about] of Object.entries(other[scope]?.[name]?.params ?? {}))
          if (about.enum && params[param] && !params[param].enum)
            params[param] = { ...params[param], enum: about.enum };
      return { key, entry: { ...entry, params } };
    }
  }
  return undefined;
}

/**
 * For each old name without a current operation: `oldRoutes` (name → `{ route, reason }`)
 * and `removed` (name → `{ was, why, instead }`: its old route, why it was removed, what to use), plus the REMOVALS lines that caught nothing (stale lines).
 */
export function legacyRoutes(operations, legacyTables, unmapped, deployment) {
  const described = new Map(operations.map((operation) => [shapeOf(operation.verb, operation.path), operation]));
  const oldRoutes = new Map();
  const removed = new Map();
  for (const oldName of [...unmapped].sort(compareBy((name) => name))) {
    const final = finalEntry(legacyTables, ...oldName.split("."));
    const reviewed = SERVED_ROUTES[oldName] ?? (final && SERVED_ROUTES[final.key]);
    const fixed = !reviewed && final && fixedParameterRoute(final.key, final.entry, described);
    if (reviewed || fixed) {
      const [route, reason] = reviewed ?? fixed;
      oldRoutes.set(oldName, { route, reason });
      continue;
    }
    const was = final ? `${final.entry.method} ${templateOf(final.entry.url)}` : "its route";
    const match = REMOVALS.find(([pattern]) => pattern.test(oldName) || (final && pattern.test(final.key)));
    const [why, instead] = match
      ? deployment.startsWith("ghes") && match[1].includes("Enterprise Server")
        ? [
            "GitHub Enterprise Server no longer serves this administration endpoint",
            "the enterpriseAdmin methods (`forgekit enterpriseAdmin --help` lists them)",
          ]
        : match.slice(1)
      : ["GitHub's REST API description no longer has it", "the method GitHub's REST API changelog names"];
    // The message is made from these by definitions/decode/aliases.ts (unpackRemoved).
    removed.set(oldName, { was, why, instead });
  }
  return { oldRoutes, removed };
}
