/**
 * `record[key]` when the record has `key` as its own property: never what every object inherits under
 * that name (`constructor`, `toString`, `hasOwnProperty`, `__proto__`), which a manifest, a setting or
 * a file name can spell as well as any other key.
 */
export function own<T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}
