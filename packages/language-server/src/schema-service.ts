import { SchemaNavigator } from './schema-walk.js';
import type { UnitState } from './units.js';

const navigators = new WeakMap<object, SchemaNavigator>();

/** The schema navigator for a unit's main file, from its dialect's `schema` service (one per schema object). */
export function schemaOf(unit: UnitState): SchemaNavigator | undefined {
  if (unit.model === undefined || !unit.dialect.schema) return undefined;
  let schema: object | undefined;
  try {
    schema = unit.dialect.schema(unit.model);
  } catch {
    return undefined;
  }
  if (!schema || typeof schema !== 'object') return undefined;
  let navigator = navigators.get(schema);
  if (!navigator) {
    navigator = new SchemaNavigator(schema as Record<string, unknown>);
    navigators.set(schema, navigator);
  }
  return navigator;
}
