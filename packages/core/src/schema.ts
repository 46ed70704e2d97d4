import { Ajv2020, type ErrorObject, type Options, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { closest, distance } from 'fastest-levenshtein';
import type { Span } from './source.js';
import { spanOfNode, type Tree } from './tree.js';

/**
 * One schema violation as data, placed on the exact key or value it concerns: ajv's keyword,
 * instancePath and params travel as they are, so a dialect words or classifies a finding from its
 * fields and never from the sentence. `message` is core's default wording (see schemaMessage).
 */
export interface SchemaFinding {
  span: Span;
  /** ajv's keyword: 'required', 'additionalProperties', 'enum', 'type', 'pattern', … */
  keyword: string;
  /** ajv's instancePath: the JSON pointer of the value the keyword failed on ('' for the document). */
  instancePath: string;
  /** ajv's params for the keyword (missingProperty, additionalProperty, allowedValues, pattern, type, …). */
  params: Readonly<Record<string, unknown>>;
  /** The offending value. */
  data: unknown;
  /**
   * Data path of the offending value, e.g. ['workflow', 'states', 'triage', 'control']: for an
   * unknown property, the property itself (instancePath plus its name).
   */
  path: Array<string | number>;
  /** A near miss the document most likely meant: an allowed property or value close to the one written. */
  suggestion?: string;
  /** ajv's own wording, for keywords core does not word itself. */
  detail?: string;
  /** Set when the check failed on a key of the mapping at `path` (propertyNames): the key's name. */
  key?: string;
  message: string;
}

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: Ajv2020,
) => void;

type JsonSchema = Record<string, unknown>;

/**
 * The validators of one schema compiled ahead of time (ajv's standalone code, generated at build
 * time from the same schema, ajv instance and options as at run time): the whole schema's, and each
 * oneOf/anyOf branch's by its schemaKey (see branchSchemas).
 */
export interface CompiledSchema {
  validate: ValidateFunction;
  branches: Readonly<Record<string, ValidateFunction>>;
}

/** Hands out the validators compiled ahead of time for a schema (by its schemaKey), where there are any. */
export type CompiledSchemas = (key: string, schema: JsonSchema) => CompiledSchema | undefined;

let compiledSchemas: CompiledSchemas | undefined;

/** Where SchemaChecker finds validators compiled ahead of time (the CLI's build holds them); without, it compiles. */
export function useCompiledSchemas(source: CompiledSchemas | undefined): void {
  compiledSchemas = source;
}

/** The ajv instance a schema is compiled with, at run time and ahead of it (`extra`: the code generation options). */
export function schemaAjv(extra: Options = {}): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: false,
    verbose: true,
    validateSchema: false,
    logger: false,
    ...extra,
  });
  addFormats(ajv);
  return ajv;
}

/** The base URI a schema is compiled under, which its branches' local $refs are made absolute against. */
export function schemaBase(schema: JsonSchema): string {
  return (typeof schema.$id === 'string' ? schema.$id : 'orchlint:schema').split('#')[0]!;
}

/**
 * A schema's identity by content, the same in the build that compiled it and in the run that looks
 * it up: its JSON text's length and a 53-bit hash of it (cyrb53).
 */
export function schemaKey(schema: unknown): string {
  const text = JSON.stringify(schema);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${text.length}-${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)}`;
}

/**
 * Every oneOf/anyOf branch a SchemaChecker may check a value against, as it compiles it (local
 * $refs made absolute): the ones of the schema, and of those branches, at any depth.
 */
export function branchSchemas(schema: JsonSchema): JsonSchema[] {
  const base = schemaBase(schema);
  const out: JsonSchema[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) for (const n of node) walk(n);
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return;
    for (const [k, v] of Object.entries(node)) {
      if ((k === 'oneOf' || k === 'anyOf') && Array.isArray(v))
        for (const branch of v)
          if (branch !== null && typeof branch === 'object') out.push(absoluteRefs(branch, base) as JsonSchema);
      walk(v);
    }
  };
  walk(schema);
  return out;
}

/**
 * A JSON Schema (2020-12) compiled once and reused for every file (compiled ahead of time where the
 * build did, see useCompiledSchemas). Its findings point at the key (unknown property) or value
 * (wrong type, enum, pattern) they concern, suggest near misses, and for oneOf/anyOf keep only the
 * branch the document most nearly matches.
 */
export class SchemaChecker {
  /** Compiles what was not compiled ahead of time: made on first need. */
  private ajv: Ajv2020 | undefined;
  private readonly validate: ValidateFunction;
  private readonly base: string;
  private readonly compiledBranches: CompiledSchema['branches'];
  private readonly branchValidators = new WeakMap<object, ValidateFunction>();

  constructor(private readonly schema: JsonSchema) {
    this.base = schemaBase(schema);
    const compiled = compiledSchemas?.(schemaKey(schema), schema);
    this.compiledBranches = compiled?.branches ?? {};
    this.validate = compiled?.validate ?? this.compiler().getSchema(this.base)!;
  }

  /** The ajv instance holding the whole schema, under its base, as the ahead-of-time build compiles it. */
  private compiler(): Ajv2020 {
    if (!this.ajv) {
      this.ajv = schemaAjv();
      this.ajv.addSchema({ ...this.schema, $id: this.base });
    }
    return this.ajv;
  }

  check(tree: Tree): SchemaFinding[] {
    if (!tree.clean || tree.value === undefined) return [];
    if (this.validate(tree.value)) return [];
    const errors = this.explain(this.validate.errors ?? [], tree.value);
    const findings: SchemaFinding[] = [];
    const seen = new Set<string>();
    for (const error of errors) {
      // "property name must be valid" wraps what the key's own check (below) says, at the key.
      if (error.keyword === 'propertyNames') continue;
      const finding = this.describe(error, tree);
      if (!finding) continue;
      const key = `${finding.span.start}:${finding.span.end}:${finding.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      findings.push(finding);
    }
    return findings;
  }

  /** Replaces every failed oneOf/anyOf (and the noise of all its branches) by its best branch's errors. */
  private explain(errors: ErrorObject[], root: unknown, prefix = ''): ErrorObject[] {
    const out: ErrorObject[] = [];
    for (const error of errors) {
      if (error.keyword === 'if') continue;
      if ((error.keyword === 'oneOf' || error.keyword === 'anyOf') && !passedSeveral(error)) {
        const at = error.instancePath;
        // Branch errors came just before the combinator's own; drop those under the same value.
        while (
          out.length &&
          isUnder(out[out.length - 1]!.instancePath, at) &&
          out[out.length - 1]!.schemaPath !== error.schemaPath
        ) {
          out.pop();
        }
        out.push(...this.bestBranch(error, valueAt(root, at.slice(prefix.length)), at));
        continue;
      }
      out.push(error);
    }
    return out;
  }

  private bestBranch(error: ErrorObject, value: unknown, at: string): ErrorObject[] {
    const subschemas: unknown[] = Array.isArray(error.schema) ? error.schema : [];
    const branches = subschemas.length;
    let best: ErrorObject[] | undefined;
    let bestScore = Infinity;
    const rootTypes: string[] = [];
    for (let i = 0; i < branches; i++) {
      const validate = this.branch(subschemas[i]);
      if (!validate || validate(value)) return [];
      const raw = (validate.errors ?? []).map((e) => ({ ...e, instancePath: at + e.instancePath }));
      const explained = this.explain(raw, value, at);
      const rootType = explained.find((e) => e.keyword === 'type' && e.instancePath === at);
      if (rootType) rootTypes.push(String(rootType.params.type));
      const score = branchScore(explained, at);
      if (score < bestScore) {
        bestScore = score;
        best = explained;
      }
    }
    if (best && rootTypes.length === branches && branches > 0) {
      return [{ ...error, keyword: 'type', params: { type: [...new Set(rootTypes)].join(' or ') }, message: '' }];
    }
    return best ?? [error];
  }

  /** Each branch of a combinator, compiled once, with its local $refs pointing into the whole schema. */
  private branch(subschema: unknown): ValidateFunction | undefined {
    if (subschema === null || typeof subschema !== 'object') return undefined;
    let v = this.branchValidators.get(subschema);
    if (!v) {
      const branch = absoluteRefs(subschema, this.base) as JsonSchema;
      v = this.compiledBranches[schemaKey(branch)] ?? this.compiler().compile(branch);
      this.branchValidators.set(subschema, v);
    }
    return v;
  }

  private describe(error: ErrorObject, tree: Tree): SchemaFinding | undefined {
    const path = pointerToPath(error.instancePath);
    const located = tree.nodeAt(path);
    // A check of a key (propertyNames) is about that key of the mapping, not the whole mapping.
    const keyName = error.propertyName;
    const keyNode = keyName === undefined ? undefined : tree.entry(located.node, keyName)?.keyNode;
    const valueNode = keyNode ?? located.node;
    const holder = keyNode ?? located.keyNode ?? valueNode;
    const span = (n: typeof valueNode): Span => (n ? spanOfNode(n) : { start: 0, end: 0 });
    const params = error.params as Record<string, unknown>;
    const base = {
      keyword: error.keyword,
      instancePath: error.instancePath,
      params,
      data: error.data,
      path,
      ...(keyName === undefined ? {} : { key: keyName }),
    };
    let finding: Omit<SchemaFinding, 'message'>;
    switch (error.keyword) {
      case 'additionalProperties':
      case 'unevaluatedProperties': {
        const name = String(params.additionalProperty ?? params.unevaluatedProperty);
        const entry = tree.entry(valueNode, name);
        const allowed = Object.keys((error.parentSchema?.properties as object | undefined) ?? {});
        finding = {
          ...base,
          span: span(entry?.keyNode ?? holder),
          path: [...path, name],
          suggestion: nearMiss(name, allowed),
        };
        break;
      }
      case 'required':
        finding = { ...base, span: span(holder) };
        break;
      case 'enum':
        finding = {
          ...base,
          span: span(valueNode ?? holder),
          suggestion: nearMiss(String(error.data), ((params.allowedValues as unknown[]) ?? []).map(String)),
        };
        break;
      case 'const':
      case 'type':
      case 'pattern':
      case 'oneOf':
        finding = { ...base, span: span(valueNode ?? holder) };
        break;
      default:
        finding = { ...base, span: span(valueNode ?? holder), detail: error.message ?? 'is invalid' };
    }
    return { ...finding, message: schemaMessage(finding) };
  }
}

/** 'workflow.states.triage' in quotes, or 'the document': what a schema finding is about. */
export function schemaSubject(path: ReadonlyArray<string | number>): string {
  return path.length ? `'${displayPath(path)}'` : 'the document';
}

/** Core's wording of a schema finding, from its fields. */
export function schemaMessage(f: Omit<SchemaFinding, 'message'>): string {
  const params = f.params;
  const mean = f.suggestion === undefined ? '' : ` (did you mean '${f.suggestion}'?)`;
  switch (f.keyword) {
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return `unknown property '${String(f.path[f.path.length - 1])}' in ${schemaSubject(f.path.slice(0, -1))}${mean}`;
    case 'required':
      return `${schemaSubject(f.path)} is missing the required property '${String(params.missingProperty)}'`;
    case 'enum': {
      const allowed = ((params.allowedValues as unknown[]) ?? []).map(String);
      return `${JSON.stringify(f.data)} is not a valid value for ${schemaSubject(f.path)}; expected one of: ${allowed.join(', ')}${mean}`;
    }
    case 'const':
      return `${schemaSubject(f.path)} must be ${JSON.stringify(params.allowedValue)}, not ${JSON.stringify(f.data)}`;
    case 'type':
      return `${schemaSubject(f.path)} must be ${article(String(params.type))}, not ${typeName(f.data)}`;
    case 'pattern':
      return `${JSON.stringify(f.data)} does not match the pattern ${String(params.pattern)} required for ${schemaSubject(f.path)}`;
    case 'oneOf':
      return `${schemaSubject(f.path)} matches more than one of the allowed shapes; make it match exactly one`;
    default:
      return `${schemaSubject(f.path)} ${f.detail ?? 'is invalid'}`;
  }
}

function absoluteRefs(schema: unknown, base: string): unknown {
  if (Array.isArray(schema)) return schema.map((s) => absoluteRefs(s, base));
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#') ? base + v : absoluteRefs(v, base);
  }
  return out;
}

function passedSeveral(error: ErrorObject): boolean {
  return Array.isArray((error.params as { passingSchemas?: unknown }).passingSchemas);
}

function isUnder(path: string, at: string): boolean {
  return path === at || path.startsWith(at + '/');
}

/** Lower is closer: a branch of the wrong type or kind is far; otherwise fewer errors is closer. */
function branchScore(errors: ErrorObject[], at: string): number {
  let score = errors.length;
  for (const e of errors) {
    if (e.keyword === 'type' && e.instancePath === at) score += 1000;
    else if (
      (e.keyword === 'const' || e.keyword === 'enum') &&
      e.instancePath.split('/').length === at.split('/').length + 1
    )
      score += 100;
  }
  return score;
}

/** workflow.states.triage.on_event, steps[2].provider: how people write data paths. */
export function displayPath(path: ReadonlyArray<string | number>): string {
  let out = '';
  for (const step of path) {
    const s = String(step);
    if (/^\d+$/.test(s)) out += `[${s}]`;
    else if (/^[A-Za-z_$][\w$-]*$/.test(s)) out += out ? `.${s}` : s;
    else out += `[${JSON.stringify(s)}]`;
  }
  return out;
}

function pointerToPath(pointer: string): string[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function valueAt(root: unknown, pointer: string): unknown {
  let v = root;
  for (const step of pointerToPath(pointer)) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[step];
  }
  return v;
}

/** The candidate close enough to `name` to be what was meant, if any. */
export function nearMiss(name: string, candidates: readonly string[]): string | undefined {
  if (!candidates.length) return undefined;
  const best = closest(name, candidates as string[]);
  const limit = Math.max(2, Math.floor(name.length / 3));
  return distance(name, best) <= limit && best !== name ? best : undefined;
}

export function didYouMean(name: string, candidates: readonly string[]): string {
  const best = nearMiss(name, candidates);
  // A parenthesis, so a clause may follow it without a '?;'.
  return best === undefined ? '' : ` (did you mean '${best}'?)`;
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'a mapping';
  return `${article(typeof value)} (${JSON.stringify(value)})`;
}

function article(type: string): string {
  const names: Record<string, string> = { object: 'a mapping', array: 'an array', integer: 'an integer', null: 'null' };
  return type
    .split(/ or |,/)
    .map((t) => names[t] ?? `a ${t}`)
    .join(' or ');
}
