type JsonSchema = Record<string, unknown>;

/** Refs and combinators nest; honest schemas stay far below this. */
const MAX_EXPANSION_DEPTH = 24;

const isSchema = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Answers "what does the schema say about the value at this data path": follows local `$ref`s,
 * `properties`, `patternProperties`, `additionalProperties`, `items`/`prefixItems` and every branch of
 * `allOf`/`anyOf`/`oneOf`/`then`/`else`, the way yaml-language-server reads a schema for hover and completion.
 */
export class SchemaNavigator {
  private readonly base: string;

  constructor(private readonly root: JsonSchema) {
    this.base = typeof root.$id === 'string' ? root.$id.split('#')[0]! : '';
  }

  /** Every subschema that applies to the value at `path` (empty when the schema says nothing there). */
  at(path: ReadonlyArray<string | number>): JsonSchema[] {
    let current = this.expand(this.root);
    for (const step of path) {
      const next: JsonSchema[] = [];
      for (const schema of current) for (const child of this.children(schema, step)) next.push(...this.expand(child));
      current = [...new Set(next)];
      if (!current.length) break;
    }
    return current;
  }

  /** Property names with their subschemas, from every applicable branch (the first description wins). */
  properties(schemas: readonly JsonSchema[]): Map<string, JsonSchema[]> {
    const out = new Map<string, JsonSchema[]>();
    for (const schema of schemas) {
      if (!isSchema(schema.properties)) continue;
      for (const [name, sub] of Object.entries(schema.properties)) {
        if (!isSchema(sub)) continue;
        const list = out.get(name) ?? [];
        list.push(...this.expand(sub));
        out.set(name, list);
      }
    }
    return out;
  }

  /** The values a schema allows outright: enum members, consts, booleans. */
  values(schemas: readonly JsonSchema[]): unknown[] {
    const out: unknown[] = [];
    const add = (v: unknown) => {
      if (!out.some((o) => JSON.stringify(o) === JSON.stringify(v))) out.push(v);
    };
    for (const schema of schemas) {
      if (Array.isArray(schema.enum)) schema.enum.forEach(add);
      if ('const' in schema) add(schema.const);
      const types = Array.isArray(schema.type) ? schema.type : [schema.type];
      if (types.includes('boolean')) [true, false].forEach(add);
    }
    return out;
  }

  /** Markdown: titles and descriptions of the applicable branches, then the allowed values. */
  describe(schemas: readonly JsonSchema[]): string | undefined {
    const parts: string[] = [];
    for (const schema of schemas) {
      const text = [typeof schema.title === 'string' ? `**${schema.title}**` : '', describeText(schema)]
        .filter(Boolean)
        .join('\n\n');
      if (text && !parts.includes(text)) parts.push(text);
    }
    const allowed = this.values(schemas);
    if (allowed.length) parts.push(`Allowed: ${allowed.map((v) => '`' + JSON.stringify(v) + '`').join(', ')}`);
    return parts.length ? parts.join('\n\n') : undefined;
  }

  /** The schema and everything it stands for: its $ref target and the branches of its combinators. */
  expand(schema: JsonSchema, depth = 0, seen = new Set<JsonSchema>()): JsonSchema[] {
    if (depth > MAX_EXPANSION_DEPTH || seen.has(schema)) return [];
    seen.add(schema);
    const out = [schema];
    if (typeof schema.$ref === 'string') {
      const target = this.resolveRef(schema.$ref);
      if (target) out.push(...this.expand(target, depth + 1, seen));
    }
    for (const keyword of ['allOf', 'anyOf', 'oneOf'] as const) {
      const branches = schema[keyword];
      if (Array.isArray(branches))
        for (const b of branches) if (isSchema(b)) out.push(...this.expand(b, depth + 1, seen));
    }
    for (const keyword of ['then', 'else'] as const) {
      const branch = schema[keyword];
      if (isSchema(branch)) out.push(...this.expand(branch, depth + 1, seen));
    }
    return out;
  }

  private children(schema: JsonSchema, step: string | number): JsonSchema[] {
    if (typeof step === 'number') {
      const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems[step] : undefined;
      if (isSchema(prefix)) return [prefix];
      if (isSchema(schema.items)) return [schema.items];
      return [];
    }
    if (isSchema(schema.properties) && isSchema(schema.properties[step]))
      return [schema.properties[step] as JsonSchema];
    const out: JsonSchema[] = [];
    if (isSchema(schema.patternProperties)) {
      for (const [pattern, sub] of Object.entries(schema.patternProperties)) {
        if (isSchema(sub) && matches(pattern, step)) out.push(sub);
      }
    }
    if (!out.length && isSchema(schema.additionalProperties)) out.push(schema.additionalProperties);
    return out;
  }

  private resolveRef(ref: string): JsonSchema | undefined {
    const hash = ref.indexOf('#');
    const base = hash === -1 ? ref : ref.slice(0, hash);
    if (base && base !== this.base) return undefined; // only the schema's own definitions: no fetching
    const pointer = hash === -1 ? '' : ref.slice(hash + 1);
    let node: unknown = this.root;
    for (const raw of pointer.split('/').slice(1)) {
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      node = isSchema(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined;
    }
    return isSchema(node) ? node : undefined;
  }
}

function describeText(schema: JsonSchema): string {
  if (typeof schema.markdownDescription === 'string') return schema.markdownDescription;
  return typeof schema.description === 'string' ? schema.description : '';
}

function matches(pattern: string, key: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(key);
  } catch {
    return false;
  }
}
