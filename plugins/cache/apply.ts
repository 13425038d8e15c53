import type { Client } from "../../kernel/index.js";
import { createCache } from "./flow.js";
import { settingsOf, type CacheOptions } from "./options.js";

/**
 * Register the cache's hooks on `client` for an option `checkCacheOption` accepted (the
 * presets load this module on the first request; the option was checked at construction).
 */
export function applyCache(client: Client, option: true | CacheOptions): void {
  const { onError, wrap } = createCache(client, settingsOf(option));
  // The error hook first, the wrap second: the later hook is the outer one, so the wrap
  // sees a 304 already answered, and can store what the inner hooks return.
  client.hook.error("request", onError);
  client.hook.wrap("request", wrap);
}
