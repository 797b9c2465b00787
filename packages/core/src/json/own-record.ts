/**
 * Sets `record[key]` as an own, enumerable data property, whatever the key:
 * plain assignment of `__proto__` would replace the object's prototype (and
 * the entry would silently vanish from `Object.keys`).
 */
export function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}

