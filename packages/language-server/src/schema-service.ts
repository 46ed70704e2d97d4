import { SchemaNavigator } from './schema-walk.js';
import type { UnitState, Units } from './units.js';

const navigators = new WeakMap<object, SchemaNavigator>();

/**
 * The schema navigator for the YAML of `path`, from the units that read it (the one whose main file
 * it is first): the first whose dialect's `schema` service describes that file. One navigator per schema object.
 */
export function schemaAt(units: Units, path: string): SchemaNavigator | undefined {
  const readers = units.liveContaining(path).sort((a, b) => Number(b.main === path) - Number(a.main === path));
  for (const unit of readers) {
    const navigator = schemaOf(unit, path);
    if (navigator) return navigator;
  }
  return undefined;
}

function schemaOf(unit: UnitState, path: string): SchemaNavigator | undefined {
  if (unit.model === undefined || !unit.dialect.schema) return undefined;
  let schema: object | undefined;
  try {
    schema = unit.dialect.schema(unit.model, path);
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
