/**
 * The value a table holds under `key`, never one inherited from Object.prototype: tables keyed by
 * a name the user wrote ('constructor', 'toString', '__proto__') must not find the built-ins.
 */
export function ownValue<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
