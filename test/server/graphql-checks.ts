import type { MockReply } from "./types.js";

// GitHub's answers at /graphql before a query runs.

const DOCS = "https://docs.github.com/graphql/overview/rate-limits-and-node-limits-for-the-graphql-api";

/** `/graphql`, or GitHub Enterprise Server's `/api/graphql`. */
export const isGraphqlPath = (path: string) => path === "/graphql" || path === "/api/graphql";

/** GitHub's GraphQL API refuses anonymous calls. */
export function graphqlUnauthenticated(): MockReply {
  return {
    status: 401,
    body: {
      message: "This endpoint requires you to be authenticated.",
      documentation_url:
        "https://docs.github.com/graphql/guides/forming-calls-with-graphql#authenticating-with-graphql",
    },
  };
}

/** The exhausted `graphql` budget: status 200 with a `RATE_LIMITED` error (and `x-ratelimit-remaining: 0`). */
export function graphqlLimited(): MockReply {
  return {
    body: {
      errors: [
        {
          type: "RATE_LIMITED",
          message: "API rate limit already exceeded for user ID 583231.",
          documentation_url: DOCS,
        },
      ],
    },
  };
}
