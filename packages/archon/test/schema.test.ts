import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { schemaFor } from '../src/versions.js';

/** Every property a schema declares, with its path, walking $defs, items, combinators and maps. */
function properties(schema: unknown, path = '#'): Array<{ path: string; schema: Record<string, unknown> }> {
  if (!schema || typeof schema !== 'object') return [];
  const s = schema as Record<string, unknown>;
  const out: Array<{ path: string; schema: Record<string, unknown> }> = [];
  for (const [name, sub] of Object.entries((s.properties as Record<string, unknown>) ?? {})) {
    out.push(
      { path: `${path}/properties/${name}`, schema: sub as Record<string, unknown> },
      ...properties(sub, `${path}/properties/${name}`),
    );
  }
  for (const key of ['$defs'])
    for (const [name, sub] of Object.entries((s[key] as Record<string, unknown>) ?? {}))
      out.push(...properties(sub, `${path}/${key}/${name}`));
  for (const key of ['items', 'additionalProperties'])
    if (s[key] && typeof s[key] === 'object') out.push(...properties(s[key], `${path}/${key}`));
  for (const key of ['oneOf', 'anyOf', 'allOf'])
    ((s[key] as unknown[]) ?? []).forEach((sub, i) => out.push(...properties(sub, `${path}/${key}/${i}`)));
  return out;
}

describe('the published Archon schemas', () => {
  for (const version of ['0.9', '0.10'] as const) {
    const schema = schemaFor(version) as Record<string, unknown>;
    it(`${version}: is a valid JSON Schema 2020-12 that compiles in strict mode`, () => {
      const ajv = new Ajv2020({ strict: true, strictRequired: false, allowUnionTypes: true });
      expect(ajv.validateSchema(schema), JSON.stringify(ajv.errors)).toBe(true);
      expect(() => ajv.compile(schema)).not.toThrow();
    });
    it(`${version}: describes every field`, () => {
      const undocumented = properties(schema).filter(
        (p) => typeof p.schema.description !== 'string' && typeof p.schema.$ref !== 'string',
      );
      expect(undocumented.map((p) => p.path)).toEqual([]);
    });
  }

  it('0.10 differs from 0.9 exactly where §7 says', () => {
    const node = (v: '0.9' | '0.10') =>
      (schemaFor(v) as { $defs: { node: { properties: Record<string, { not?: unknown }> } } }).$defs.node.properties;
    expect(Object.keys(node('0.10')).filter((k) => !(k in node('0.9')))).toEqual([
      'wait',
      'on_timeout',
      'mutates_checkout',
    ]);
    expect(node('0.10').thinking?.not).toEqual({});
  });
});
