// Run by webhooks.test.ts under Bun and Deno: `<runtime> webhooks.mjs <specifier> <body> <signature>`.
// Imports forgekit/webhooks (Web Crypto only), checks the signature Node made, signs the body,
// and hands standard Request objects to createWebMiddleware; prints one JSON line of results.
const [specifier, body, signature] = globalThis.Deno ? Deno.args : process.argv.slice(2);
const { Webhooks, createWebMiddleware, verify } = await import(specifier);
const webhooks = new Webhooks({ secret: "runtime secret" });
const handled = [];
webhooks.on("issues.opened", ({ id, payload }) => void handled.push(`${id} #${payload.issue.number}`));
const handle = createWebMiddleware(webhooks, { path: "/hooks" });
const deliver = async (sig) => {
  const response = await handle(
    new Request("http://runtime.test/hooks", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-github-event": "issues",
        "x-github-delivery": "d-1",
        "x-hub-signature-256": sig,
      },
      body,
    }),
  );
  return { status: response.status, text: await response.text() };
};
console.log(
  JSON.stringify({
    runtime: globalThis.Bun ? `bun ${Bun.version}` : globalThis.Deno ? `deno ${Deno.version.deno}` : "node",
    verified: await verify("runtime secret", body, signature),
    signed: await webhooks.sign(body),
    good: await deliver(signature),
    bad: await deliver("sha256=" + "0".repeat(64)),
    handled,
  }),
);
