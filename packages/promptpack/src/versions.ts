import {
  caseless,
  SchemaChecker,
  targetPattern,
  type SchemaFinding,
  type TargetVersions,
  type Tree,
} from '@orchlint/core';
import v1_0 from '@orchlint/schemas/promptpack/1.0.schema.json' with { type: 'json' };
import v1_1_0 from '@orchlint/schemas/promptpack/1.1.0.schema.json' with { type: 'json' };
import v1_3_0 from '@orchlint/schemas/promptpack/1.3.0.schema.json' with { type: 'json' };
import v1_3_1 from '@orchlint/schemas/promptpack/1.3.1.schema.json' with { type: 'json' };
import v1_4_0 from '@orchlint/schemas/promptpack/1.4.0.schema.json' with { type: 'json' };
import v1_9_0 from '@orchlint/schemas/promptpack/1.9.0.schema.json' with { type: 'json' };
import promptkit1_5 from '@orchlint/schemas/promptpack/promptkit-1.5.schema.json' with { type: 'json' };

/** The spec schemas orchlint bundles, oldest first. */
const bundled: ReadonlyArray<readonly [string, object]> = [
  ['1.0.0', v1_0],
  ['1.1.0', v1_1_0],
  ['1.3.0', v1_3_0],
  ['1.3.1', v1_3_1],
  ['1.4.0', v1_4_0],
  ['1.9.0', v1_9_0],
];

export const newestSpecVersion = '1.9.0';
export const bundledSpecVersions = bundled.map(([v]) => v);

/**
 * Every published spec version (the spec's timeline). Each is checked against its own bundled schema
 * or the oldest bundled one after it, which holds the same fields (see resolveSpecVersion).
 */
export const publishedSpecVersions = [
  '1.0.0',
  '1.1.0',
  '1.2.0',
  '1.3.0',
  '1.3.1',
  '1.4.0',
  '1.4.1',
  '1.5.0',
  '1.5.1',
  '1.6.0',
  '1.7.0',
  '1.8.0',
  '1.8.1',
  '1.9.0',
];

/** Whether a version names a published spec version (`1.4`, `v1.4.0`), or is `latest` or `v1`. */
export function isPublishedSpecVersion(requested: string): boolean {
  const text = requested.trim();
  if (/^(latest|v1)$/i.test(text)) return true;
  const wanted = /^v?\d+\.\d+(\.\d+)?$/.test(text) ? parseVersion(text) : undefined;
  return wanted !== undefined && publishedSpecVersions.some((v) => compare(parseVersion(v)!, wanted) === 0);
}

/** The runtime targets orchlint has a profile for: PromptKit 1.5.x, whose embedded schema it bundles. */
export const PROMPTKIT_RUNTIME = /^promptkit(@v?1\.5(\.\d+)?)?$/i;

/** A number as parseVersion reads it: leading zeros allowed. */
const numeral = (n: string) => (Number(n) === 0 ? '0+' : `0*${Number(n)}`);

/** What isPublishedSpecVersion takes: `latest` or `v1` in any case, or a published version (`1.4` is 1.4.0). */
const specSpellings = targetPattern(
  [
    caseless('latest'),
    caseless('v1'),
    `v?(?:${publishedSpecVersions
      .map((v) => {
        const [major, minor, patch] = v.split('.') as [string, string, string];
        const head = `${numeral(major)}\\.${numeral(minor)}`;
        return Number(patch) === 0 ? `${head}(?:\\.0+)?` : `${head}\\.${numeral(patch)}`;
      })
      .join('|')})`,
  ].join('|'),
);

/** `targets.promptpack` and `targets.runtime`, as the config check and the editor settings read them. */
export const promptpackTargets: readonly TargetVersions[] = [
  { target: 'promptpack', versions: publishedSpecVersions, models: isPublishedSpecVersion, pattern: specSpellings },
  {
    target: 'runtime',
    versions: ['promptkit@1.5'],
    models: (v) => PROMPTKIT_RUNTIME.test(v.trim()),
    // PROMPTKIT_RUNTIME without its `i` flag.
    pattern: targetPattern(`${caseless('promptkit')}(?:@[Vv]?1\\.5(?:\\.\\d+)?)?`),
  },
];

const checkers = new Map<string, SchemaChecker>();

/** Compiled on first use, then shared by every file of the process. */
export function schemaChecker(version: string): SchemaChecker {
  let checker = checkers.get(version);
  if (!checker) {
    checker = new SchemaChecker(discriminateSteps(specSchema(version) as JsonSchema));
    checkers.set(version, checker);
  }
  return checker;
}

/** The bundled spec schema of a version (see resolveSpecVersion): what a pack is checked against. */
export function specSchema(version: string): object {
  return bundled.find(([v]) => v === version)?.[1] ?? v1_9_0;
}

const findings = new WeakMap<Tree, SchemaFinding[]>();

/** The spec schema's findings on a pack, computed once per parsed file and shared by the rules that need them. */
export function specSchemaFindings(tree: Tree, version: string): SchemaFinding[] {
  let found = findings.get(tree);
  if (!found) {
    found = schemaChecker(version).check(tree);
    findings.set(tree, found);
  }
  return found;
}

type JsonSchema = Record<string, unknown>;

/** RFC 0010's step kinds and the shape each selects; any other kind is a vendor ExtensionStep. */
const STEP_SHAPES: Record<string, string> = {
  prompt: 'PromptStep',
  agent: 'AgentStep',
  tool: 'ToolStep',
  branch: 'BranchStep',
  parallel: 'ParallelStep',
};

/**
 * The same schema with Step's `oneOf` over the kinds rewritten as "if kind is X then shape X".
 * Exactly one shape can match a given kind (each fixes `kind`, and an extension kind needs a dot),
 * so what validates is unchanged; but a failing step is now explained by the shape its kind
 * selects ("missing termination") rather than by whichever branch looked closest.
 */
function discriminateSteps(schema: JsonSchema): JsonSchema {
  const defs = schema.$defs as Record<string, JsonSchema> | undefined;
  const step = defs?.Step;
  const refs = Array.isArray(step?.oneOf) ? (step.oneOf as JsonSchema[]).map((b) => b.$ref) : [];
  const expected = [...Object.values(STEP_SHAPES), 'ExtensionStep'].map((d) => `#/$defs/${d}`);
  if (!step || refs.length !== expected.length || !expected.every((r) => refs.includes(r))) return schema;
  const { oneOf: _, ...rest } = step;
  const when = (kind: JsonSchema) => ({ required: ['kind'], properties: { kind } });
  const byKind = [
    ...Object.entries(STEP_SHAPES).map(([kind, shape]) => ({
      if: when({ const: kind }),
      then: { $ref: `#/$defs/${shape}` },
    })),
    { if: when({ not: { enum: Object.keys(STEP_SHAPES) } }), then: { $ref: '#/$defs/ExtensionStep' } },
  ];
  return { ...schema, $defs: { ...defs, Step: { ...rest, allOf: [...((rest.allOf as unknown[]) ?? []), ...byKind] } } };
}

let promptkitChecker: SchemaChecker | undefined;

/** The schema PromptKit 1.5 embeds and enforces at load time (the `promptkit@1.5` runtime target). */
export function promptkitSchemaChecker(): SchemaChecker {
  promptkitChecker ??= new SchemaChecker(discriminateSteps(promptkit1_5 as JsonSchema));
  return promptkitChecker;
}

/**
 * The bundled schema for a requested version: the same one, else the oldest bundled version
 * after it (versions only add fields within 1.x, so a newer schema never rejects an older pack's
 * fields), else the newest. `latest` and `v1` mean the newest.
 */
export function resolveSpecVersion(requested: string | undefined): string {
  const wanted = requested ? parseVersion(requested) : undefined;
  if (!wanted) return newestSpecVersion;
  for (const [v] of bundled) {
    if (compare(parseVersion(v)!, wanted) >= 0) return v;
  }
  return newestSpecVersion;
}

/** The version a `$schema` URL names: `…/schema/v1.4.0/…` → '1.4.0'; `latest` and `v1` → undefined. */
export function versionFromSchemaUrl(url: string): string | undefined {
  const m = /promptpack\.org\/schema\/v?(\d+\.\d+(?:\.\d+)?)\//.exec(url);
  return m?.[1];
}

function parseVersion(v: string): [number, number, number] | undefined {
  const m = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(v.trim());
  if (!m || m[2] === undefined) return undefined;
  return [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
}

function compare(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}
