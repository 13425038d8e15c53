import type { ScopeParams, ScopeRoutes } from "../../kernel/index.js";
import type { AliasDecoder } from "./aliases.js";

// The shape of a route registry: what definitions/ generates and the endpoints plugin
// (plugins/endpoints) reads. Types only.

/**
 * A route registry as `definitions/` generates it (or as a user writes one): method names
 * per scope, and routes either statically (`routes`) or through per-scope `loaders`.
 */
export interface Registry<D extends string = string> {
  /** Label for messages, e.g. `"api.github.com"`, `"ghes-3.17"`; a generated one's name also selects its types. */
  deployment?: D;
  /** Method names per scope: comma-joined, or front-coded as definitions/ generates them (`|…`); by default the names in `routes`. */
  names?: Record<string, string>;
  /**
   * Scopes whose method names come with their routes from `load` (a packed scope holds them):
   * the entry of a split build then carries no method name. Until a scope loads, any name of
   * it is a method that loads the scope on its first call (and rejects if the scope has no such
   * method, naming the closest one); `Object.keys` lists the scope's names once it has loaded.
   */
  scopes?: readonly string[];
  /**
   * Every scope's routes, loaded already: a `{ name: [route, defaults?, extra?] }` table, or the
   * packed string definitions/ generates (decoded on the scope's first use; the format is described in
   * definitions/generate/pack.mjs).
   */
  routes?: Record<string, ScopeRoutes | string>;
  /**
   * Load one scope's routes (browsers: one chunk per scope): a table or packed string (names
   * included), or `paths`, packed route lines without names, decoded against the scope's `names`
   * (GHEC's and GHES's definitions/ load these).
   */
  load?: (scope: string) => Promise<{ routes: ScopeRoutes | string } | { paths: string }>;
  /** Load one scope's parameter metadata: endpoint methods check their parameters against it. */
  loadParams?: (scope: string) => Promise<{ params: ScopeParams | string }>;
  /**
   * `false`: endpoint methods send parameters unchecked though `loadParams` is given (the
   * drop-in `Octokit`, as @octokit/rest does); the metadata still serves paginate's page size.
   * Default true.
   */
  checks?: boolean;
  /**
   * Deprecated names: old scope → old name → `"scope.method"`, or per old scope a decoder of the
   * packed form definitions/ generates (it refers to this registry's names by index; see
   * definitions/decode/aliases.ts), called on the scope's first unknown name.
   * The Node preset includes them; in browsers, `await loadAliases()` from the definitions and
   * pass `aliases` (and `legacyParams`) in.
   */
  aliases?: Record<string, Record<string, string> | AliasDecoder>;
  /** @octokit/rest v15/v16 names sent to their old route: old scope → old name → route (`legacyRoutes` of aliases.ts). */
  legacyRoutes?: Record<string, Record<string, string>>;
  /** @octokit/rest v15/v16 names of removed endpoints: old scope → old name → error message (`removed` of aliases.ts). */
  removed?: Record<string, Record<string, string>>;
  /**
   * @octokit/rest v15/v16 parameter names of today's operations: scope → method → old name → new
   * (`legacyParams` of aliases.ts; `number` → `issue_number`). A method maps and warns about them;
   * an operation's table here replaces its route's `renamed` (aliases.ts's include those).
   */
  legacyParams?: Record<string, Record<string, Record<string, string>>>;
}
