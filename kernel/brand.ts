/**
 * Error identity that survives two copies of forgekit. A bundler's copy (dist/esm) and Node's
 * (dist/node) are different files, and an application can hold two installed versions: each copy defines its own `HttpError`, so the prototype chain
 * alone makes `instanceof` false across them. Every error therefore carries the names of its
 * classes under a registered symbol (one per agent, shared by every copy and realm), and
 * `instanceof` on a branded class also accepts a value branded with that class's name.
 */

/** The registered key: `Symbol.for` returns the same symbol in every copy and realm. */
export const BRAND: unique symbol = Symbol.for("forgekit.error");

type Branded = { [BRAND]?: unknown };

/** The brand names of `target` and the classes it extends (each class's own static brand). */
export function brandsOf(target: Function): string[] {
  const names: string[] = [];
  for (let c: unknown = target; typeof c === "function"; c = Object.getPrototypeOf(c))
    if (Object.hasOwn(c, BRAND) && typeof (c as Branded)[BRAND] === "string")
      names.push((c as Branded)[BRAND] as string);
  return names;
}

/**
 * `value instanceof cls`: the prototype chain, or the brand for a class that declares one of
 * its own. A user's subclass without a brand keeps plain `instanceof`, so it never matches
 * errors it did not make.
 */
export function isInstance(cls: Function, value: unknown): boolean {
  if (Function.prototype[Symbol.hasInstance].call(cls, value)) return true;
  if (typeof value !== "object" || value === null || !Object.hasOwn(cls, BRAND)) return false;
  const brands = (value as Branded)[BRAND];
  return Array.isArray(brands) && brands.includes((cls as Branded)[BRAND]);
}
