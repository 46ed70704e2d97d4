/**
 * Files whose every user-chosen name (ids, keys, states, repos, prompts) is one that an object
 * literal would find on Object.prototype. Linting them must change nothing a later file sees.
 */
export const PROTOTYPE_NAMES = [
  '__proto__',
  'constructor',
  'hasOwnProperty',
  'toString',
  'valueOf',
  'isPrototypeOf',
  '__defineGetter__',
] as const;

const quoted = (s: string) => JSON.stringify(s);

function hostilePack(): string {
  const prompts = PROTOTYPE_NAMES.map(
    (n) => `  ${quoted(n)}:
    id: ${quoted(n)}
    name: ${quoted(n)}
    version: 1.0.0
    system_template: "Hello {{${n}}}"
    variables:
      - name: ${quoted(n)}
        type: string
        required: true
    tools: [${quoted(n)}, missing]
    parameters:
      ${quoted(n)}: 1`,
  ).join('\n');
  const tools = PROTOTYPE_NAMES.map(
    (n) => `  ${quoted(n)}:\n    name: ${quoted(n)}\n    description: d\n    ${quoted(n)}: x`,
  ).join('\n');
  const states = PROTOTYPE_NAMES.map(
    (n, i) => `    ${quoted(n)}:
      prompt_task: ${quoted(n)}
      on_event:
        ${quoted(n)}: ${quoted(PROTOTYPE_NAMES[(i + 1) % PROTOTYPE_NAMES.length]!)}
        next: nowhere
      ${quoted(n)}: 1`,
  ).join('\n');
  return `$schema: https://promptpack.org/schema/v1.9.0/promptpack.schema.json
id: hostile
name: Hostile
version: 1.0.0
${quoted('__proto__')}: {polluted: true}
template_engine:
  version: v1
  syntax: "{{variable}}"
tools:
${tools}
prompts:
${prompts}
workflow:
  version: 1
  entry: __proto__
  states:
${states}
`;
}

function hostileWorkflow(): string {
  const nodes = PROTOTYPE_NAMES.map(
    (n, i) => `  - id: ${quoted(n)}
    prompt: "use $${n}.output and $${PROTOTYPE_NAMES[(i + 1) % PROTOTYPE_NAMES.length]}.output.${n}"
    depends_on: [${PROTOTYPE_NAMES.filter((_, j) => j !== i)
      .map(quoted)
      .join(', ')}]
    when: "$${n}.output == 'x'"
    ${quoted(n)}: unknown
    output_format:
      type: object
      properties:
        ${quoted(n)}: {type: string}`,
  ).join('\n');
  return `name: ${quoted('__proto__')}
description: hostile
${quoted('constructor')}: 1
inputs:
${PROTOTYPE_NAMES.map((n) => `  ${quoted(n)}: {required: true}`).join('\n')}
nodes:
${nodes}
  - id: again
    depends_on: [__proto__]
    command: ${quoted('toString')}
`;
}

function hostilePacket(): Record<string, string> {
  const repos = PROTOTYPE_NAMES.map((n) => `  ${quoted(n)}:\n    path: "./${n.replace(/_/g, 'u')}"`).join('\n');
  const keys = PROTOTYPE_NAMES.map((n) => `${quoted(n)}: ${quoted(n)}`).join('\n');
  const prompt = (id: string, deps: string[]) => `---
id: ${quoted(id)}
targets: [${PROTOTYPE_NAMES.map(quoted).join(', ')}]
depends_on: [${deps.map(quoted).join(', ')}]
${keys}
verify:
  files_exist: ["__proto__/x.md"]
  ${quoted('__proto__')}: 1
  commands:
    - exec: "test"
      repo: "constructor"
      args: ["-f", "x"]
      timeout_ms: 60000
      ${quoted('hasOwnProperty')}: 1
---
# Prompt
`;
  return {
    'prompt_runner_packet.md': `---\nname: "hostile"\nrepos:\n${repos}\n${keys}\n---\n# Packet\n`,
    'prompts/01_write.prompt.md': prompt('01', ['__proto__', 'constructor', '02']),
    'prompts/02_review.prompt.md': prompt('02', ['01', 'toString']),
    'prompts/03_dup.prompt.md': prompt('01', ['__proto__']),
  };
}

/** The hostile files of every dialect, as paths under one lint root. */
export function hostileTree(): Record<string, string> {
  const packet = hostilePacket();
  return {
    'packs/hostile.promptpack.yaml': hostilePack(),
    'packs/hostile.pack.json': JSON.stringify(
      {
        id: '__proto__',
        name: 'constructor',
        version: '1.0.0',
        template_engine: { version: 'v1', syntax: '{{x}}' },
        prompts: Object.fromEntries(
          PROTOTYPE_NAMES.map((n) => [n, { id: n, name: n, version: '1.0.0', system_template: n }]),
        ),
      },
      null,
      2,
    ).replace('"prompts": {', '"prompts": {\n    "__proto__": {"id": "__proto__"},'),
    '.archon/workflows/hostile.yaml': hostileWorkflow(),
    ...Object.fromEntries(Object.entries(packet).map(([p, t]) => [`packet/${p}`, t])),
  };
}

/** What each built-in prototype holds; linting must leave it exactly so. */
export function prototypeSnapshot(): Record<string, string[]> {
  const protos = {
    Object: Object.prototype,
    Array: Array.prototype,
    Function: Function.prototype,
    String: String.prototype,
    Map: Map.prototype,
    Set: Set.prototype,
    Number: Number.prototype,
    Boolean: Boolean.prototype,
    RegExp: RegExp.prototype,
  };
  return Object.fromEntries(
    Object.entries(protos).map(([name, proto]) => [name, Reflect.ownKeys(proto).map(String).sort()]),
  );
}
