// Webhook payload types (types/webhooks.ts, generated from x-webhooks): handlers are typed by
// event and action; names that no event has, and fields no payload has, are type errors.
import { Webhooks, type EmitterWebhookEvent } from "../../plugins/webhooks/index.js";
import { App } from "../../plugins/app/index.js";

const webhooks = new Webhooks({ secret: "s" });

webhooks.on("issues.opened", ({ id, name, payload }) => {
  const number: number = payload.issue.number;
  const action: "opened" = payload.action;
  const event: "issues" = name;
  const delivery: string = id;
  // @ts-expect-error an opened issue's action is "opened", never "closed"
  const closed: "closed" = payload.action;
  // @ts-expect-error no such field on an issue
  payload.issue.numbr;
  return [number, action, event, delivery, closed];
});

// An event without action: the union of its actions' payloads.
webhooks.on("issues", ({ payload }) => {
  const action: string = payload.action;
  // @ts-expect-error "bogus" is none of the issues actions
  if (payload.action === "bogus") return;
  return action;
});

webhooks.on(["push", "pull_request.opened"], ({ payload }) => payload.repository);
webhooks.on("push", ({ payload }) => {
  const ref: string = payload.ref;
  return ref;
});

// @ts-expect-error no such action
webhooks.on("issues.bogus", () => {});
// @ts-expect-error no such event
webhooks.on("issue", () => {});
// @ts-expect-error one wrong name in a list
webhooks.on(["issues.opened", "pull_request.bogus"], () => {});

const typed: EmitterWebhookEvent<"pull_request.closed"> = {} as never;
const merged: boolean | null = typed.payload.pull_request.merged;

// The App's webhooks: the same payloads, plus the installation's client.
const app = new App({ appId: 1, privateKey: "", webhooks: { secret: "s" } });
app.webhooks.on("issues.opened", async ({ octokit, payload }) => {
  await octokit.rest.issues.createComment({
    owner: payload.repository.owner.login,
    repo: payload.repository.name,
    issue_number: payload.issue.number,
    body: "Thanks!",
  });
  // @ts-expect-error createComment needs a body
  await octokit.rest.issues.createComment({ owner: "o", repo: "r", issue_number: 1 });
});
// @ts-expect-error no such action on the App's webhooks either
app.webhooks.on("issues.bogus", () => {});

export { merged };
