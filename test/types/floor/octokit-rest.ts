// Issue 35: a forgekit `Octokit` passes where a library asks for @octokit/rest 20 or 22's whole
// `Octokit` type (release-please's @google-automations/git-file-utils asks for rest 20's): each
// endpoint method and `paginate` carry @octokit's loose shapes as further overloads
// (plugins/presets/octokit-types.ts). Left out of the target type: the methods forgekit does
// not have, listed below (GitHub removed their operations, or they are deprecated aliases
// that resolve on first use but are not own names); test/octokit/rest-members.test.ts
// checks at run time that every other method exists and names the same route.
// test/types/octokit-core.test.ts compiles this (tsconfig.octokit.json) with TypeScript 4.9 and the pinned compiler.
import { Octokit } from "forgekit";
import type { Octokit as Rest20 } from "octokit-rest-20";
import type { Octokit as Rest22 } from "@octokit/rest";

/** Per scope, the @octokit/rest 20 method names forgekit's `Octokit` lacks. */
type Missing20 = {
  actions: "getRepoPermissions";
  apps: "addRepoToInstallation" | "removeRepoFromInstallation";
  billing: "getGithubActionsBillingOrg" | "getGithubActionsBillingUser" | "getGithubPackagesBillingOrg" | "getGithubPackagesBillingUser" | "getSharedStorageBillingOrg" | "getSharedStorageBillingUser";
  codeScanning: "listAlertsInstances";
  copilot: "copilotMetricsForOrganization" | "copilotMetricsForTeam" | "usageMetricsForOrg" | "usageMetricsForTeam";
  interactions: "getRestrictionsForYourPublicRepos" | "removeRestrictionsForYourPublicRepos" | "setRestrictionsForYourPublicRepos";
  migrations: "listReposForUser";
  orgs: "createOrUpdateCustomProperties" | "createOrUpdateCustomPropertiesValuesForRepos" | "createOrUpdateCustomProperty" | "getAllCustomProperties" | "getCustomProperty" | "listCustomPropertiesValuesForRepos" | "removeCustomProperty";
  packages: "getAllPackageVersionsForAPackageOwnedByAnOrg" | "getAllPackageVersionsForAPackageOwnedByTheAuthenticatedUser";
  projects: "addCollaborator" | "createCard" | "createColumn" | "createForAuthenticatedUser" | "createForOrg" | "createForRepo" | "delete" | "deleteCard" | "deleteColumn" | "get" | "getCard" | "getColumn" | "getPermissionForUser" | "listCards" | "listCollaborators" | "listColumns" | "listForRepo" | "moveCard" | "moveColumn" | "removeCollaborator" | "update" | "updateCard" | "updateColumn";
  reactions: "createForTeamDiscussionCommentInOrg" | "createForTeamDiscussionInOrg" | "deleteForTeamDiscussion" | "deleteForTeamDiscussionComment" | "listForTeamDiscussionCommentInOrg" | "listForTeamDiscussionInOrg";
  repos: "acceptInvitation" | "createOrUpdateCustomPropertiesValues" | "declineInvitation" | "downloadArchive" | "getCustomPropertiesValues" | "updateStatusCheckPotection";
  secretScanning: "listAlertsForEnterprise";
  teams: "addOrUpdateProjectPermissionsInOrg" | "checkPermissionsForProjectInOrg" | "createDiscussionCommentInOrg" | "createDiscussionInOrg" | "deleteDiscussionCommentInOrg" | "deleteDiscussionInOrg" | "getDiscussionCommentInOrg" | "getDiscussionInOrg" | "listDiscussionCommentsInOrg" | "listDiscussionsInOrg" | "listProjectsInOrg" | "removeProjectInOrg" | "updateDiscussionCommentInOrg" | "updateDiscussionInOrg";
  users: "addEmailForAuthenticated" | "createGpgKeyForAuthenticated" | "createPublicSshKeyForAuthenticated" | "deleteEmailForAuthenticated" | "deleteGpgKeyForAuthenticated" | "deletePublicSshKeyForAuthenticated" | "getGpgKeyForAuthenticated" | "getPublicSshKeyForAuthenticated" | "listBlockedByAuthenticated" | "listEmailsForAuthenticated" | "listFollowedByAuthenticated" | "listGpgKeysForAuthenticated" | "listPublicEmailsForAuthenticated" | "listPublicSshKeysForAuthenticated" | "setPrimaryEmailVisibilityForAuthenticated";
};

/** Per scope, the @octokit/rest 22 method names forgekit's `Octokit` lacks. */
type Missing22 = {
  actions: "getRepoPermissions";
  apps: "addRepoToInstallation" | "removeRepoFromInstallation";
  billing: "getGithubActionsBillingOrg" | "getGithubActionsBillingUser" | "getGithubPackagesBillingOrg" | "getGithubPackagesBillingUser" | "getSharedStorageBillingOrg" | "getSharedStorageBillingUser";
  codeScanning: "listAlertsInstances";
  copilot: "copilotMetricsForOrganization" | "copilotMetricsForTeam";
  interactions: "getRestrictionsForYourPublicRepos" | "removeRestrictionsForYourPublicRepos" | "setRestrictionsForYourPublicRepos";
  migrations: "listReposForUser";
  orgs: "customPropertiesForOrgsCreateOrUpdateOrganizationValues" | "customPropertiesForOrgsGetOrganizationValues";
  packages: "getAllPackageVersionsForAPackageOwnedByAnOrg" | "getAllPackageVersionsForAPackageOwnedByTheAuthenticatedUser";
  reactions: "createForTeamDiscussionCommentInOrg" | "createForTeamDiscussionInOrg" | "deleteForTeamDiscussion" | "deleteForTeamDiscussionComment" | "listForTeamDiscussionCommentInOrg" | "listForTeamDiscussionInOrg";
  repos: "acceptInvitation" | "declineInvitation" | "downloadArchive" | "updateStatusCheckPotection";
  teams: "createDiscussionCommentInOrg" | "createDiscussionInOrg" | "deleteDiscussionCommentInOrg" | "deleteDiscussionInOrg" | "getDiscussionCommentInOrg" | "getDiscussionInOrg" | "listDiscussionCommentsInOrg" | "listDiscussionsInOrg" | "updateDiscussionCommentInOrg" | "updateDiscussionInOrg";
  users: "addEmailForAuthenticated" | "createGpgKeyForAuthenticated" | "createPublicSshKeyForAuthenticated" | "deleteEmailForAuthenticated" | "deleteGpgKeyForAuthenticated" | "deletePublicSshKeyForAuthenticated" | "getGpgKeyForAuthenticated" | "getPublicSshKeyForAuthenticated" | "listBlockedByAuthenticated" | "listEmailsForAuthenticated" | "listFollowedByAuthenticated" | "listGpgKeysForAuthenticated" | "listPublicEmailsForAuthenticated" | "listPublicSshKeysForAuthenticated" | "setPrimaryEmailVisibilityForAuthenticated";
};

/** The scopes of `O` without the names `M` lists. */
type Without<O, M> = { [S in keyof O]: S extends keyof M ? Omit<O[S], M[S] & string> : O[S] };
/** @octokit/rest's `Octokit` type without the methods forgekit lacks, top-level and under `rest`. */
type Checked<R extends { rest: object }, M> = Omit<R, keyof M | "rest"> & Without<Pick<R, keyof M & keyof R>, M> & { rest: Without<R["rest"], M> };

/** What such a library does with the client: paginate a method, call one, hook, request. */
async function takes20(octokit: Checked<Rest20, Missing20>): Promise<unknown> {
  for await (const page of octokit.paginate.iterator(octokit.rest.repos.listForOrg, { org: "o" })) void page;
  await octokit.rest.git.createTree({ owner: "o", repo: "r", tree: [] });
  return octokit.paginate(octokit.repos.listTags, { owner: "o", repo: "r" });
}
async function takes22(octokit: Checked<Rest22, Missing22>): Promise<unknown> {
  octokit.hook.before("request", (options) => void options.url);
  return octokit.paginate("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" });
}

export async function swaps(): Promise<unknown[]> {
  const octokit = new Octokit({ auth: "token" });
  const derived = new (Octokit.defaults({ userAgent: "x" }))();
  const instance: InstanceType<typeof Octokit> = octokit;
  // forgekit's own signatures still type a caller's code: a misspelt method is an error…
  // @ts-expect-error no such method
  void octokit.rest.repos.gett;
  // …a missing parameter too (@octokit's loose shapes are never picked by a call)…
  // @ts-expect-error repo is required
  void octokit.rest.repos.get({ owner: "o" });
  // …and a method's return type is forgekit's (release-please: `ReturnType<…>["data"]`).
  type Branch = Awaited<ReturnType<typeof octokit.rest.repos.getBranch>>;
  const sha: string = (null as unknown as Branch).data.commit.sha;
  // @ts-expect-error a branch has no such field
  void (null as unknown as Branch).data.nope;
  void sha;
  return Promise.all([takes20(octokit), takes22(octokit), takes20(derived), takes22(instance)]);
}
