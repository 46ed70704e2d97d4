// Editor services for the PromptPack dialect, for the language-server tests: the dialect's own
// services are used where it has them; these stand in for the ones it does not have yet.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const schemaFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schemas/promptpack/1.9.0.schema.json');
const schema = JSON.parse(readFileSync(schemaFile, 'utf8'));

const span = (node) => ({ start: node.range[0], end: node.range[1] });
const whole = (key, value) => ({ start: key.range[0], end: (value ?? key).range[1] });

function outline(pack) {
  const symbols = [];
  const references = [];
  const ref = (located, kind) => {
    if (located && typeof located.value === 'string') references.push({ name: located.value, kind, span: span(located.node) });
  };
  for (const prompt of pack.prompts.values()) {
    symbols.push({ name: prompt.key, kind: 'prompt', span: span(prompt.keyNode), fullSpan: whole(prompt.keyNode, prompt.node) });
    for (const tool of prompt.tools) ref(tool, 'tool');
  }
  for (const tool of pack.tools.values()) {
    symbols.push({ name: tool.key, kind: 'tool', span: span(tool.keyNode), fullSpan: whole(tool.keyNode, tool.node) });
  }
  const workflow = pack.workflow;
  if (workflow) {
    ref(workflow.entry, 'state');
    const states = [...workflow.states.values()].map((state) => {
      ref(state.promptTask, 'prompt');
      for (const edge of state.onEvent) ref(edge.target, 'state');
      ref(state.onMaxVisits, 'state');
      return {
        name: state.name,
        kind: 'state',
        detail: typeof state.promptTask?.value === 'string' ? `prompt ${state.promptTask.value}` : undefined,
        span: span(state.keyNode),
        fullSpan: whole(state.keyNode, state.node),
      };
    });
    symbols.push({ name: 'workflow', kind: 'workflow', span: span(workflow.key), fullSpan: whole(workflow.key, workflow.node), children: states });
  }
  for (const member of pack.agents?.members.values() ?? []) ref(member.state, 'state');
  return { symbols, references };
}

const referenceSlots = [
  { path: ['workflow', 'entry'], kind: 'state' },
  { path: ['workflow', 'states', '*', 'on_event', '*'], kind: 'state' },
  { path: ['workflow', 'states', '*', 'on_max_visits'], kind: 'state' },
  { path: ['agents', 'members', '*', 'state'], kind: 'state' },
  { path: ['workflow', 'states', '*', 'prompt_task'], kind: 'prompt' },
  { path: ['prompts', '*', 'tools', '*'], kind: 'tool' },
];

/** The dialect with every editor service, its own first. */
export function withServices(dialect) {
  if (dialect.id !== 'promptpack') return dialect;
  return {
    ...dialect,
    detect: dialect.detect.bind(dialect),
    load: dialect.load.bind(dialect),
    outline: dialect.outline ?? outline,
    schema: dialect.schema ?? (() => schema),
    referenceSlots: dialect.referenceSlots ?? referenceSlots,
  };
}
