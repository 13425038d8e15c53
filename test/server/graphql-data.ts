// The seeded data the GraphQL endpoint of forgekit/testing answers from: a user `octocat`
// with `hello-world` (42 issues), and an organisation `octo-org` with three repositories
// (`alpha`, `beta`, `gamma`) of 250 issues each — enough for nested pagination. Objects carry
// `__typename`; list-valued properties back connections (paginated by the engine). Fields the
// data does not hold are mocked from the schema.

/** A seeded object: its GraphQL type and fields. */
export type Seeded = { __typename: string; id: string; [field: string]: unknown };

const CREATED = "2011-01-26T19:01:12Z";

function repository(owner: Seeded, name: string, issueCount: number): Seeded {
  const repo: Seeded = {
    __typename: "Repository",
    id: `R_${owner.login}_${name}`,
    databaseId: 1296269,
    name,
    nameWithOwner: `${owner.login}/${name}`,
    owner,
    description: `${name}, a repository of forgekit/testing`,
    url: `https://github.com/${owner.login}/${name}`,
    stargazerCount: 80,
    forkCount: 9,
    isPrivate: false,
    createdAt: CREATED,
  };
  repo.issues = Array.from({ length: issueCount }, (_, i) => ({
    __typename: "Issue",
    id: `I_${owner.login}_${name}_${i + 1}`,
    number: i + 1,
    title: `${name} issue ${i + 1}`,
    body: `Issue ${i + 1} of ${owner.login}/${name}.`,
    state: "OPEN",
    url: `https://github.com/${owner.login}/${name}/issues/${i + 1}`,
    createdAt: CREATED,
    repository: repo,
  }));
  return repo;
}

/** Every seeded object by id, and the owners by login. */
export function seed(): { nodes: Map<string, Seeded>; owners: Map<string, Seeded> } {
  const octocat: Seeded = {
    __typename: "User",
    id: "U_octocat",
    databaseId: 583231,
    login: "octocat",
    name: "The Octocat",
    url: "https://github.com/octocat",
    createdAt: CREATED,
  };
  const org: Seeded = {
    __typename: "Organization",
    id: "O_octo-org",
    databaseId: 1,
    login: "octo-org",
    name: "Octo Org",
    url: "https://github.com/octo-org",
    createdAt: CREATED,
  };
  octocat.repositories = [repository(octocat, "hello-world", 42)];
  org.repositories = ["alpha", "beta", "gamma"].map((name) => repository(org, name, 250));
  const nodes = new Map<string, Seeded>();
  for (const owner of [octocat, org]) {
    nodes.set(owner.id, owner);
    for (const repo of owner.repositories as Seeded[]) {
      nodes.set(repo.id, repo);
      for (const issue of repo.issues as Seeded[]) nodes.set(issue.id, issue);
    }
  }
  return { nodes, owners: new Map([octocat, org].map((owner) => [owner.login as string, owner])) };
}
