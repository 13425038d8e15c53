// Response bodies shaped like api.github.com's (field names and typical sizes), generated
// deterministically so every run serves the same bytes.
export const CONTRIBUTORS_BIG = 10_000;
export const CONTRIBUTORS_SMALL = 500;
export const BIG_REPO_ID = 1296269;
export const SMALL_REPO_ID = 1300192;
const API = "https://api.github.com";

function user(login, id) {
  return {
    login,
    id,
    node_id: `MDQ6VXNlcj${Buffer.from(String(id)).toString("base64")}`,
    avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`,
    gravatar_id: "",
    url: `${API}/users/${login}`,
    html_url: `https://github.com/${login}`,
    followers_url: `${API}/users/${login}/followers`,
    following_url: `${API}/users/${login}/following{/other_user}`,
    gists_url: `${API}/users/${login}/gists{/gist_id}`,
    starred_url: `${API}/users/${login}/starred{/owner}{/repo}`,
    subscriptions_url: `${API}/users/${login}/subscriptions`,
    organizations_url: `${API}/users/${login}/orgs`,
    repos_url: `${API}/users/${login}/repos`,
    events_url: `${API}/users/${login}/events{/privacy}`,
    received_events_url: `${API}/users/${login}/received_events`,
    type: "User",
    user_view_type: "public",
    site_admin: false,
  };
}

function repository(owner, name, id) {
  const full = `${owner.login}/${name}`;
  const base = `${API}/repos/${full}`;
  return {
    id,
    node_id: `MDEwOlJlcG9zaXRvcnk${id}`,
    name,
    full_name: full,
    private: false,
    owner,
    html_url: `https://github.com/${full}`,
    description: `Repository ${name}: a library used to exercise the benchmark with a realistic, moderately long description field that real repositories often have.`,
    fork: false,
    url: base,
    forks_url: `${base}/forks`,
    keys_url: `${base}/keys{/key_id}`,
    collaborators_url: `${base}/collaborators{/collaborator}`,
    teams_url: `${base}/teams`,
    hooks_url: `${base}/hooks`,
    issue_events_url: `${base}/issues/events{/number}`,
    events_url: `${base}/events`,
    assignees_url: `${base}/assignees{/user}`,
    branches_url: `${base}/branches{/branch}`,
    tags_url: `${base}/tags`,
    blobs_url: `${base}/git/blobs{/sha}`,
    git_tags_url: `${base}/git/tags{/sha}`,
    git_refs_url: `${base}/git/refs{/sha}`,
    trees_url: `${base}/git/trees{/sha}`,
    statuses_url: `${base}/statuses/{sha}`,
    languages_url: `${base}/languages`,
    stargazers_url: `${base}/stargazers`,
    contributors_url: `${base}/contributors`,
    subscribers_url: `${base}/subscribers`,
    subscription_url: `${base}/subscription`,
    commits_url: `${base}/commits{/sha}`,
    git_commits_url: `${base}/git/commits{/sha}`,
    comments_url: `${base}/comments{/number}`,
    issue_comment_url: `${base}/issues/comments{/number}`,
    contents_url: `${base}/contents/{+path}`,
    compare_url: `${base}/compare/{base}...{head}`,
    merges_url: `${base}/merges`,
    archive_url: `${base}/{archive_format}{/ref}`,
    downloads_url: `${base}/downloads`,
    issues_url: `${base}/issues{/number}`,
    pulls_url: `${base}/pulls{/number}`,
    milestones_url: `${base}/milestones{/number}`,
    notifications_url: `${base}/notifications{?since,all,participating}`,
    labels_url: `${base}/labels{/name}`,
    releases_url: `${base}/releases{/id}`,
    deployments_url: `${base}/deployments`,
    created_at: "2011-01-26T19:01:12Z",
    updated_at: "2025-06-01T12:00:00Z",
    pushed_at: "2025-06-01T11:58:41Z",
    git_url: `git://github.com/${full}.git`,
    ssh_url: `git@github.com:${full}.git`,
    clone_url: `https://github.com/${full}.git`,
    svn_url: `https://github.com/${full}`,
    homepage: "https://github.com",
    size: 108 + (id % 1000),
    stargazers_count: 80 + (id % 5000),
    watchers_count: 80 + (id % 5000),
    language: "TypeScript",
    has_issues: true,
    has_projects: true,
    has_downloads: true,
    has_wiki: true,
    has_pages: false,
    has_discussions: false,
    forks_count: 9 + (id % 300),
    mirror_url: null,
    archived: false,
    disabled: false,
    open_issues_count: id % 40,
    license: {
      key: "mit",
      name: "MIT License",
      spdx_id: "MIT",
      url: `${API}/licenses/mit`,
      node_id: "MDc6TGljZW5zZTEz",
    },
    allow_forking: true,
    is_template: false,
    web_commit_signoff_required: false,
    topics: ["api", "octocat", "github", "rest", "typescript"],
    visibility: "public",
    forks: 9 + (id % 300),
    open_issues: id % 40,
    watchers: 80 + (id % 5000),
    default_branch: "main",
    permissions: { admin: false, maintain: false, push: false, triage: false, pull: true },
    custom_properties: {},
  };
}

function pad(text, size) {
  return text.length >= size ? text : text + " ".repeat(size - text.length);
}

export const fixtures = {
  /** ~400 B: `GET /repos/{owner}/{repo}/tags` with one tag (GitHub's tag object). */
  tags() {
    const base = `${API}/repos/octo-org/octo-repo`;
    const sha = "c5b97d5ae6c19d5c5df71a34c7fbeeda2479ccbc";
    return [
      {
        name: "v1.0.0",
        zipball_url: `${base}/zipball/refs/tags/v1.0.0`,
        tarball_url: `${base}/tarball/refs/tags/v1.0.0`,
        commit: { sha, url: `${base}/commits/${sha}` },
        node_id: "MDM6UmVmMTI5NjI2OTp2MS4wLjA=",
      },
    ];
  },
  /** ~200 KB: `GET /orgs/{org}/repos` — 30 repositories, GitHub's default page size. */
  orgRepos() {
    const owner = { ...user("octo-org", 9919), type: "Organization" };
    return Array.from({ length: 30 }, (_, i) => {
      const repo = repository(owner, `repo-${i}`, 1296269 + i);
      repo.description = pad(repo.description, 1600);
      return repo;
    });
  },
  /** One repository (`GET /repos/{owner}/{repo}`). */
  repo() {
    return repository(user("octo-org", 9919), "octo-repo", BIG_REPO_ID);
  },
  /** `GET /repos/{owner}/{repo}/contributors` items: users with a `contributions` count. */
  contributors(count) {
    return Array.from({ length: count }, (_, i) => ({
      ...user(`contributor-${i}`, 100000 + i),
      contributions: count - i,
    }));
  },
};
