import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { useCompiledSchemas, type CompiledSchema } from '@orchlint/core';

/**
 * The schema validators the build compiled ahead of time (scripts/compile-schemas.mjs), in
 * `schemas/` beside this module (packages/cli/dist, or bundle/ where the bundle inlines it): the
 * index names each schema's file by its key, and a file is loaded when a checker for it is first
 * made. Without the folder (a build that skipped it) SchemaChecker compiles at run time.
 */
const require = createRequire(import.meta.url);
let index: Record<string, string> | null | undefined;

export function compiledSchema(key: string): CompiledSchema | undefined {
  if (index === undefined) {
    try {
      index = Object.assign(
        Object.create(null),
        JSON.parse(readFileSync(new URL('./schemas/index.json', import.meta.url), 'utf8')),
      );
    } catch {
      index = null;
    }
  }
  const file = index?.[key];
  if (file === undefined) return undefined;
  const { validate, ...rest } = require(`./schemas/${file}`) as Record<string, CompiledSchema['validate']>;
  const branches: Record<string, CompiledSchema['validate']> = Object.create(null);
  for (const [name, v] of Object.entries(rest)) if (name.startsWith('b:')) branches[name.slice(2)] = v;
  return { validate: validate!, branches };
}

useCompiledSchemas(compiledSchema);
