/**
 * Make `value` an own, writable, enumerable property of `self` and return it: how members made
 * on first access (on a shared prototype's getter) are kept on the object that asked for them.
 */
export function own<T>(self: object, key: PropertyKey, value: T): T {
  Object.defineProperty(self, key, { value, writable: true, enumerable: true, configurable: true });
  return value;
}
