import type { Client, Plugin } from "../../kernel/index.js";

/**
 * The browser preset leaves retry, throttle, cache and debug out; an application adds them with
 * `Client.plugin([...])`. Hooks registered later run first, so appended after the preset's
 * `auth` they would see requests before their credentials (the cache and the throttle key on
 * them) and `log` would see each retry as a request of its own. Each of those plugins carries
 * its index in the Node preset's order (plugins/presets/builtins.ts) under this symbol, and
 * {@link keepPlaces} puts it there; any other plugin is appended, as `Client.plugin` does.
 */
const PLACE = Symbol.for("forgekit.presetPlace");

type Placed = Plugin<any, any> & { [PLACE]?: number };
type Preset = typeof Client;

/**
 * `Preset` whose `plugin(...)` keeps every placed plugin at its place: when a plugin given has
 * one, a new class from `Kernel` with the combined list ordered by place (`places` gives the
 * preset's own; plugins without one come last, in their order); `Client.plugin` otherwise.
 */
export function keepPlaces<C extends Preset>(Kernel: Preset, Preset: C, places: Map<Plugin<any, any>, number>): C {
  const plugin = Preset.plugin;
  const placeOf = (p: Placed) => p[PLACE] ?? places.get(p) ?? Infinity;
  Object.defineProperty(Preset, "plugin", {
    configurable: true,
    writable: true,
    value: function (this: Preset, ...given: (Placed | readonly Placed[])[]) {
      const added = (given.flat() as Placed[]).filter((p) => typeof p === "function" && !this.plugins.includes(p));
      if (!added.some((p) => p[PLACE] !== undefined)) return plugin.apply(this, given as never);
      const keyed = [...(this.plugins as Placed[]), ...added].map((p, index) => ({ p, place: placeOf(p), index }));
      keyed.sort((a, b) => a.place - b.place || a.index - b.index);
      return keepPlaces(Kernel, Kernel.plugin(keyed.map(({ p }) => p)), places);
    },
  });
  return Preset;
}
