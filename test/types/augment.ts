// A plugin's own `request` option: TransportOptions is closed (a misspelt key is an error,
// test/types/endpoints.ts), and a plugin declares its keys by merging into the interface, as
// docs/hooks-and-plugins.md shows (there through "forgekit/core", here through the kernel's source).
import forgekit from "../../plugins/presets/full.js";
declare module "../../kernel/index.js" {
  interface TransportOptions {
    /** A plugin's own per-request option. */
    myPluginFlag?: boolean;
  }
}
export function declaredByAPlugin(): void {
  forgekit({ request: { myPluginFlag: true } });
  // @ts-expect-error the declared key has its declared type
  forgekit({ request: { myPluginFlag: "yes" } });
}
