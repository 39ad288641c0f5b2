/** Like JSON.parse: the last duplicate wins, and `__proto__` is an own property, not the prototype. */
export function assignProperty(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}
