// Issue 35: a forgekit `Octokit` passes where a library asks for @octokit/rest 20 or 22's whole
// `Octokit` type (release-please's @google-automations/git-file-utils asks for rest 20's): each
// endpoint method and `paginate` carry @octokit's loose shapes as further overloads
// (plugins/presets/octokit-types.ts), including the operations GitHub removed and the
// deprecated names (definitions/api.github.com/octokit-removed.ts, from @octokit/openapi
// 18.2.0). Left out of the target type: the methods forgekit does not have, listed below
// (two operations @octokit/rest 22 has that came after 18.2.0 and were gone by 23.0.2);
// test/octokit/rest-members.test.ts checks at run time that every other method exists and
// names the same route.
// test/types/octokit-core.test.ts compiles this (tsconfig.octokit.json) with TypeScript 4.9 and the pinned compiler.
import { Octokit } from "forgekit";
import type { Octokit as Rest20 } from "octokit-rest-20";
import type { Octokit as Rest22 } from "@octokit/rest";

/** Per scope, the @octokit/rest 20 method names forgekit's `Octokit` lacks: none. */
type Missing20 = {};

/** Per scope, the @octokit/rest 22 method names forgekit's `Octokit` lacks. */
type Missing22 = {
  orgs: "customPropertiesForOrgsCreateOrUpdateOrganizationValues" | "customPropertiesForOrgsGetOrganizationValues";
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
  // `ReturnType<typeof octokit.request>` is a response, as @octokit's (not `Promise<any>`)…
  type Sent = Awaited<ReturnType<typeof octokit.request>>;
  const status: number = (null as unknown as Sent).status;
  // @ts-expect-error a response has no such field
  void (null as unknown as Sent).nope;
  // …and by route, that route's response.
  type RepoData = Awaited<ReturnType<typeof octokit.request<"GET /repos/{owner}/{repo}">>>["data"];
  const fullName: string = (null as unknown as RepoData).full_name;
  // @ts-expect-error a repository has no such field
  void (null as unknown as RepoData).nope;
  void status, fullName;
  // A removed operation and a deprecated name are callable, as on @octokit/rest 20…
  const { data: columns } = await octokit.rest.projects.listColumns({ project_id: 1 });
  void columns;
  await octokit.users.addEmailForAuthenticated({ emails: ["a@b.c"] });
  // …but not a name no description had.
  // @ts-expect-error no such method
  void octokit.rest.projects.listColumnz;
  return Promise.all([takes20(octokit), takes22(octokit), takes20(derived), takes22(instance)]);
}
