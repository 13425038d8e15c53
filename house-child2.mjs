// child2.mjs preset|kernel: cold import + construct
const t0 = performance.now();
const c0 = process.cpuUsage();
if (process.argv[2] === "preset") {
  const m = await import("forgekit");
  m.default({});
} else if (process.argv[2] === "rest") {
  const { Octokit } = await import("@octokit/rest");
  new Octokit({});
} else if (process.argv[2] === "core") {
  const { Octokit } = await import("@octokit/core");
  new Octokit({});
} else {
  const m = await import("forgekit/core");
  const { auth } = await import("forgekit/plugins/auth");
  const { paginate } = await import("forgekit/plugins/paginate");
  new (m.Client.plugin([auth, paginate]))({ auth: "x" });
}
const ms = performance.now() - t0;
const { user, system } = process.cpuUsage(c0);
console.log(JSON.stringify({ ms, cpuMs: (user + system) / 1000 }));
