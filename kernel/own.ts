/**
 * Make `value` an own, writable, enumerable property of `self` and return it: how members made
 * on first access (on a shared prototype's getter) are kept on the object that asked for them.
 */
export function own<T>(self: object, key: PropertyKey, value: T): T {
  Object.defineProperty(self, key, { value, writable: true, enumerable: true, configurable: true });
  return value;
}

/**
 * Define `name` once per class, on `client`'s prototype: a getter that makes the member for an
 * instance on its first access with `make` and keeps it there as an own property (assigning
 * sets it too). A member most clients never use then costs them nothing.
 *
 * @example
 * const hello: Plugin<{ hello(): string }> = (client) =>
 *   memberOnFirstUse(client, "hello", (self) => () => `hello from ${self.options.baseUrl}`);
 */
export function memberOnFirstUse<C extends object>(client: C, name: string, make: (client: C) => unknown): void {
  const proto = Object.getPrototypeOf(client) as object;
  if (Object.prototype.hasOwnProperty.call(proto, name)) return;
  Object.defineProperty(proto, name, {
    configurable: true,
    get(this: C) {
      const value = make(this);
      // `make` may have set the member already (a plugin's additions are assigned on load).
      return Object.prototype.hasOwnProperty.call(this, name)
        ? (this as Record<string, unknown>)[name]
        : own(this, name, value);
    },
    set(this: object, value: unknown) {
      own(this, name, value);
    },
  });
}
