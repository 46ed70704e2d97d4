import { SchemaChecker, useCompiledSchemas, type CompiledSchema } from '@orchlint/core';
import { archon, schemaChecker as archonChecker, type ArchonVersion } from '@orchlint/archon';
import { bundledSpecVersions, promptkitSchemaChecker, schemaChecker as packChecker } from '@orchlint/promptpack';
import configSchema from '@orchlint/schemas/orchlint-config.schema.json' with { type: 'json' };

export { branchSchemas, schemaAjv, schemaBase, schemaKey } from '@orchlint/core';
// The code generator of the same ajv that compiles (its code objects are known by their class).
export { default as standaloneCode } from 'ajv/dist/standalone/index.js';

/**
 * Every schema the CLI checks files against, as each checker is made from it (a dialect may
 * rewrite the file's schema first): what scripts/bundle-cli.mjs compiles ahead of time. Read by
 * making each checker with a source of compiled schemas that notes what it is asked for.
 */
export function checkedSchemas(): Array<Record<string, unknown>> {
  const asked: Array<Record<string, unknown>> = [];
  const nothing: CompiledSchema = { validate: Object.assign(() => true, { errors: null }) as never, branches: {} };
  useCompiledSchemas((_key, schema) => {
    asked.push(schema);
    return nothing;
  });
  try {
    for (const v of archon.targets?.flatMap((t) => t.versions) ?? []) archonChecker(v as ArchonVersion);
    for (const v of bundledSpecVersions) packChecker(v);
    promptkitSchemaChecker();
    new SchemaChecker(configSchema as Record<string, unknown>);
  } finally {
    useCompiledSchemas(undefined);
  }
  return asked;
}
