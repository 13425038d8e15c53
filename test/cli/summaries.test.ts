// plugins/cli/generated/summaries.ts (the text of `forgekit <method> --help`) covers every
// operation of every deployment's registry. (That it is up to date with @octokit/openapi is
// `node build.mjs generate --check`, test/definitions/generated.test.ts.)
import { suite } from "uvu";
import * as assert from "uvu/assert";
import type { ScopeRoutes } from "../../kernel/index.js";
import { deployments } from "../../definitions/deployments.js";
import { summaryOf } from "../../plugins/cli/help.js";
import { decodeScope } from "../../definitions/decode/trie.js";

const test = suite("cli: generated summaries");
const routesOf = async (deployment: string): Promise<Record<string, ScopeRoutes>> => {
  const packed: Record<string, string> = (await import(`../../definitions/${deployment}/all.js`)).routes;
  return Object.fromEntries(Object.entries(packed).map(([scope, routes]) => [scope, decodeScope(routes)]));
};

test("every operation of every deployment has a summary and a docs link", async () => {
  for (const deployment of deployments) {
    const scopes = await routesOf(deployment);
    let own = 0;
    let total = 0;
    for (const [scope, methods] of Object.entries(scopes)) {
      for (const name of Object.keys(methods)) {
        const about = await summaryOf(deployment, scope, name);
        assert.ok(about?.summary, `${deployment} ${scope}.${name}: no summary`);
        assert.match(about!.docs, /^https:\/\/docs\.github\.com\/\S+#\S+$/, `${deployment} ${scope}.${name}`);
        total++;
        if (
          deployment === "api.github.com"
            ? about!.docs.startsWith("https://docs.github.com/rest/")
            : about!.docs.includes(
                deployment === "ghec" ? "/enterprise-cloud@latest/" : `/enterprise-server@${deployment.slice(5)}/`,
              )
        )
          own++;
      }
    }
    // A handful of operations link another edition's page in the description itself.
    assert.ok(own / total > 0.98, `${deployment}: only ${own} of ${total} links point at its own docs`);
  }
});

test("spot checks against GitHub's docs", async () => {
  assert.equal(await summaryOf("api.github.com", "repos", "get"), {
    summary: "Get a repository",
    docs: "https://docs.github.com/rest/repos/repos#get-a-repository",
  });
  assert.equal(await summaryOf("ghec", "issues", "create"), {
    summary: "Create an issue",
    docs: "https://docs.github.com/enterprise-cloud@latest/rest/issues/issues#create-an-issue",
  });
  assert.is((await summaryOf("ghes-3.18", "enterpriseAdmin", "getAllStats"))?.summary, "Get all statistics");
  assert.is(await summaryOf("api.github.com", "enterpriseAdmin", "getAllStats"), undefined);
});

test.run();
