import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SchemaChecker, schemaKey, Source, Tree, useCompiledSchemas } from '@orchlint/core';
import { compiledSchema } from '../../packages/cli/dist/compiled-schemas.js';
import { checkedSchemas } from '../../packages/cli/dist/schema-sources.js';
import { repoRoot } from '../support/paths.js';

/** The fixtures a schema may be checked against: every YAML and JSON case of the dialects with schemas. */
function fixtureTrees(): Tree[] {
  const trees: Tree[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (/\.(ya?ml|json)$/.test(e.name) && !/\.(expect|settings)\.json$/.test(e.name))
        trees.push(new Tree(new Source(path.relative(repoRoot, full), readFileSync(full, 'utf8'))));
    }
  };
  for (const d of ['archon', 'promptpack', 'demo']) walk(path.join(repoRoot, 'fixtures', d));
  return trees;
}

function checker(schema: Record<string, unknown>, compiled: boolean): SchemaChecker {
  useCompiledSchemas(compiled ? compiledSchema : undefined);
  try {
    return new SchemaChecker(schema);
  } finally {
    useCompiledSchemas(undefined);
  }
}

describe('schemas compiled ahead of time', () => {
  const schemas = checkedSchemas();

  it('the build compiled every schema the CLI checks against, as it is now', () => {
    expect(schemas.length).toBeGreaterThanOrEqual(10);
    for (const schema of schemas) expect(compiledSchema(schemaKey(schema)), String(schema.$id)).toBeDefined();
  });

  it('find on every fixture exactly what the schema compiled at run time finds', () => {
    const trees = fixtureTrees();
    let findings = 0;
    for (const schema of schemas) {
      const [built, runtime] = [checker(schema, true), checker(schema, false)];
      for (const tree of trees) {
        const expected = runtime.check(tree);
        findings += expected.length;
        expect(built.check(tree), `${String(schema.$id)} on ${tree.source.path}`).toEqual(expected);
      }
      // Not a schema nor a branch was compiled at run time (the checker makes its ajv instance on first need).
      expect((built as unknown as { ajv?: unknown }).ajv, String(schema.$id)).toBeUndefined();
    }
    // Valid and invalid cases alike, with the oneOf/anyOf branches explained.
    expect(findings).toBeGreaterThan(1000);
  });
});
