// Test helper for the auth plugin: GitHub's App endpoints on a loopback TestServer.
// The token exchange verifies the JWT with node:crypto and GitHub's claim rules, counts
// exchanges per installation and issues `ghs_…` tokens; "GET <repoPath>" accepts only a
// live installation token. Clocks read Date.now(), so sinon fake timers move them too.
import type { Recorded, TestServer } from "./server.js";
import { verifyJwt, type VerifiedJwt } from "./auth-keys.js";

export interface FakeGitHub {
  /** Token exchanges per installation id. */
  exchanges: Record<string, number>;
  /** Every JWT the server accepted. */
  jwts: VerifiedJwt[];
  /** Installation tokens currently valid (revoke by deleting). */
  live: Set<string>;
  /** Lifetime of issued tokens, ms. */
  lifetime: number;
  /** How far the server's clock is ahead of the client's, ms. */
  skew: number;
  /** Delay before answering an exchange, ms (lets concurrent requests overlap). */
  exchangeDelay: number;
}

const unauthorized = (message: string, date?: number) => ({
  status: 401,
  headers: date === undefined ? {} : { date: new Date(date).toUTCString() },
  body: { message, documentation_url: "https://docs.github.com/rest" },
});

/** Check `authorization: bearer <jwt>` the way GitHub does; returns the claims or an error text. */
function checkJwt(req: Recorded, publicKey: string, appId: number, serverNow: number): VerifiedJwt | string {
  const match = /^bearer (.+)$/i.exec(String(req.headers.authorization ?? ""));
  if (!match?.[1]) return "A JSON web token could not be decoded";
  let jwt: VerifiedJwt;
  try {
    jwt = verifyJwt(match[1], publicKey);
  } catch {
    return "A JSON web token could not be decoded";
  }
  const now = Math.floor(serverNow / 1000);
  const { iat, exp, iss } = jwt.claims;
  if (jwt.header.alg !== "RS256" || iss !== appId) return "Integration not found";
  if (iat > now) return "'Issued at' claim ('iat') must be an Integer representing a time in the past";
  if (exp <= now || exp - now > 600) return "'Expiration time' claim ('exp') is too far in the future or in the past";
  return jwt;
}

/** Install the App routes for `installations` on `server`; `publicKey` verifies JWTs. */
export function fakeGitHubApp(
  server: TestServer,
  publicKey: string,
  appId: number,
  installations: string[],
  repoPath = "/repos/o/r",
): FakeGitHub {
  const state: FakeGitHub = {
    exchanges: {},
    jwts: [],
    live: new Set(),
    lifetime: 60 * 60_000,
    skew: 0,
    exchangeDelay: 0,
  };
  const asApp = (req: Recorded) => {
    const serverNow = Date.now() + state.skew;
    const jwt = checkJwt(req, publicKey, appId, serverNow);
    if (typeof jwt === "string") return unauthorized(jwt, serverNow);
    state.jwts.push(jwt);
    return undefined;
  };
  for (const id of installations) {
    server.route(`POST /app/installations/${id}/access_tokens`, async (req) => {
      const refused = asApp(req);
      if (refused) return refused;
      state.exchanges[id] = (state.exchanges[id] ?? 0) + 1;
      if (state.exchangeDelay) await new Promise((done) => setTimeout(done, state.exchangeDelay));
      const token = `ghs_${id}x${state.exchanges[id]}${"a".repeat(20)}`;
      state.live.add(token);
      const expires = new Date(Date.now() + state.skew + state.lifetime).toISOString().replace(/\.\d+Z$/, "Z");
      return {
        status: 201,
        body: { token, expires_at: expires, permissions: { contents: "read" }, repository_selection: "all" },
      };
    });
  }
  server.route("GET /app", (req) => asApp(req) ?? { body: { id: appId, slug: "forgekit-test" } });
  server.route(`GET ${repoPath}`, (req) => {
    const token = /^token (.+)$/.exec(String(req.headers.authorization ?? ""))?.[1];
    return token && state.live.has(token)
      ? { body: { full_name: repoPath.slice("/repos/".length) } }
      : unauthorized("Bad credentials");
  });
  return state;
}
