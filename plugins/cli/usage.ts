import { VERSION } from "../../kernel/index.js";
import { deployments } from "../../definitions/deployments.js";

/** "api.github.com, ghec, … or ghes-3.19". */
const deploymentList = `${deployments.slice(0, -1).join(", ")} or ${deployments.at(-1)}`;

/** `forgekit --help`. */
export const GENERAL_HELP = `forgekit ${VERSION}: call GitHub's REST API from the command line.

Usage:
  forgekit <scope>.<method> [key=value …] [flags]     an operation, e.g. repos.get owner=octokit repo=rest.js
  forgekit request "<METHOD> <path>" [key=value …]    any route, e.g. request "GET /repos/{owner}/{repo}"
  forgekit graphql -f query=@q.graphql [-F k=v …]     a GraphQL query (see forgekit graphql --help)
  forgekit <scope> --help                             a scope's methods
  forgekit <scope>.<method> --help                    a method's parameters, summary and docs link

Values:
  key=value        typed by the method's parameters (a string parameter keeps "123" a string);
                   otherwise numbers, true/false, null and JSON objects/arrays are recognised
  key:=json        a JSON value, e.g. labels:='["bug"]'
  key=@file        the file's content (key=@- reads stdin); key:=@file.json parses it as JSON
  key=\\@text       the literal text "@text"

Flags:
  --paginate                 every page: one JSON item per line on stdout, progress on stderr
  --include, -i              print the status line and response headers before the body
  --output, -o <file>        stream the response body to <file> (archives, release assets, logs)
  --dry-run                  print the request as a curl command (credentials masked); send nothing
  --verbose                  one line per request on stderr: GET /path - 200 in 12ms
  --log json                 one JSON record per request on stderr (status, duration, request id,
                             rate limit, retries; see docs/observability.md)
  --base-url <url>           API root (default $GITHUB_API_URL, else https://api.github.com;
                             GHES: https://HOST/api/v3)
  --deployment <name>        ${deploymentList}
  --api-version <version>    the REST API version to ask for, e.g. 2026-03-10 (default 2022-11-28)
  --header, -H <name:value>  an extra request header (repeatable)
  --max-wait <seconds>       wait up to this long for a rate limit (default 300), else fail
  --preview <name>           an API preview, e.g. --preview mercy (repeatable)
  -f, -F <key=value>         forgekit graphql: a string / typed field (see forgekit graphql --help)
  --help, -h                 help; after a method, that method's help
  --version, -V              print the version

Environment:
  GITHUB_TOKEN, GH_TOKEN     the token to send (GITHUB_TOKEN wins); never printed
  GITHUB_API_URL             the API root when --base-url is not given (set by GitHub Actions)
  DEBUG=forgekit:rest*       debug lines on stderr (credentials masked)

Exit codes: 0 success, 1 HTTP or network error, 2 usage error (nothing was sent).
Guide: docs/cli.md
`;

/** `forgekit request --help`. */
export const REQUEST_HELP = `forgekit request "<METHOD> <path>" [key=value …] [flags]

Sends any route, as client.request() does: placeholders ({owner}, {+path}) are filled from
key=value parameters, the others go to the query string (GET, HEAD) or the JSON body.
data=… is a raw body (data=@file.bin for a file). When the route is a known operation, its
parameters are typed as that operation's (see forgekit <scope>.<method> --help).

Examples:
  forgekit request "GET /repos/{owner}/{repo}" owner=octokit repo=rest.js
  forgekit request "POST /repos/{owner}/{repo}/issues" owner=o repo=r title=Bug labels:='["bug"]'
  forgekit request "POST /markdown/raw" data=@README.md --header content-type:text/plain

Flags: see forgekit --help.
`;
