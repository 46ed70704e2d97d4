// Ahead-of-time schema validators (issue 12): ajv's standalone code for every schema the CLI checks
// files against, and for each of their oneOf/anyOf branches, compiled with the ajv instance and
// options SchemaChecker compiles with at run time (the functions come from the built sources, so
// there is one definition of them). Each schema's validators are one self-contained CommonJS file,
// bundled with the ajv runtime pieces and formats they use, named in index.json by the schema's key;
// the CLI requires a file when a checker for that schema is first made (packages/cli/src/compiled-schemas.ts).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Writes the validators of `sources.checkedSchemas()` into each of `outDirs` (a `schemas/` folder
 * beside the CLI's entry), through a scratch folder inside the repository (so the generated
 * requires of ajv resolve), bundled with rolldown.
 */
export async function writeCompiledSchemas(sources, root, outDirs, rolldown) {
  const scratch = path.join(root, 'node_modules/.orchlint-schemas');
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  const index = {};
  const input = {};
  try {
    sources.checkedSchemas().forEach((schema, n) => {
      const key = sources.schemaKey(schema);
      if (index[key]) return;
      const base = sources.schemaBase(schema);
      const ajv = sources.schemaAjv({ code: { source: true } });
      ajv.addSchema({ ...schema, $id: base });
      const exports = { validate: base };
      for (const branch of sources.branchSchemas(schema)) {
        const branchKey = sources.schemaKey(branch);
        const id = `orchlint-branch:${branchKey}`;
        if (exports[`b:${branchKey}`]) continue;
        ajv.addSchema(branch, id);
        exports[`b:${branchKey}`] = id;
      }
      const name = `schema-${n}`;
      writeFileSync(path.join(scratch, `${name}.cjs`), sources.standaloneCode(ajv, exports));
      input[name] = path.join(scratch, `${name}.cjs`);
      index[key] = `${name}.cjs`;
    });
    const bundle = await rolldown({ cwd: root, input, platform: 'node', logLevel: 'warn' });
    for (const dir of outDirs) {
      rmSync(dir, { recursive: true, force: true });
      await bundle.write({ dir, format: 'cjs', entryFileNames: '[name].cjs', chunkFileNames: 'shared-[hash].cjs' });
      writeFileSync(path.join(dir, 'index.json'), `${JSON.stringify(index, null, 1)}\n`);
    }
    await bundle.close();
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return Object.keys(index).length;
}
