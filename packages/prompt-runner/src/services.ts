import {
  cyclicComponents,
  spanOfNode,
  stringValue,
  type GraphView,
  type Outline,
  type OutlineReference,
  type OutlineSymbol,
} from '@orchlint/core';
import type { PacketModel, PromptModel, PromptRunnerModel } from './model.js';
import { repoReferences } from './references.js';

/** A packet drawn as its prompts in run order, `depends_on` edges, each prompt in its first target repo. */
export function promptRunnerGraph(model: PromptRunnerModel): GraphView | undefined {
  if (model.kind !== 'packet') return undefined;
  const cyclic = new Set(cyclicComponents(model.dependencies).flat());
  const nodeId = (p: PromptModel) => p.id ?? p.file.name;
  const known = new Set(model.repoNames);
  const nodes = model.prompts.map((p, i) => {
    const classes: string[] = [];
    if (i === 0) classes.push('entry');
    if (i === model.prompts.length - 1) classes.push('terminal');
    if (p.id !== undefined && cyclic.has(p.id)) classes.push('problem');
    const repo = p.targets?.find((t) => known.has(t.text))?.text;
    return {
      id: nodeId(p),
      label: `${p.id ?? '?'} ${promptName(p)}`,
      ...(repo ? { group: `repo:${repo}` } : {}),
      classes,
    };
  });
  const edges: GraphView['edges'] = [];
  for (let i = 1; i < model.prompts.length; i++) {
    edges.push({ from: nodeId(model.prompts[i - 1]!), to: nodeId(model.prompts[i]!), label: 'then', style: 'dotted' });
  }
  model.dependencies.forEachEdge((_e, _a, from, to) => {
    edges.push({
      from: to,
      to: from,
      label: 'depends_on',
      style: 'solid',
      ...(cyclic.has(from) && cyclic.has(to) ? { classes: ['problem'] } : {}),
    });
  });
  return {
    direction: 'TD',
    nodes,
    edges,
    groups: model.repoNames.map((name) => ({ id: `repo:${name}`, label: name })),
  };
}

/** The prompt's name as the runner takes it: front matter `name`, else the body's first `# ` heading; else its file name. */
function promptName(p: PromptModel): string {
  const declared = stringValue(p.file.tree?.get(p.file.attributes, 'name'))?.trim();
  return declared || /^#[ \t]+(.+?)[ \t#]*$/m.exec(p.file.body)?.[1] || p.file.name;
}

/** Prompts and repos as symbols; depends_on, targets, `repo:`, `@repo:` and `repo:path` as references. */
export function promptRunnerOutline(model: PromptRunnerModel): Outline {
  if (model.kind === 'workspace') {
    return {
      symbols: model.repositories.map((r) => ({ name: r.value, kind: 'repo', span: spanOfNode(r.node) })),
      references: [],
    };
  }
  return { symbols: [...repoSymbols(model), ...model.prompts.map(promptSymbol)], references: references(model) };
}

export const promptRunnerReferenceSlots = [
  { path: ['targets', '*'], kind: 'repo' },
  { path: ['depends_on', '*'], kind: 'prompt' },
  { path: ['verify', '*', '*', 'repo'], kind: 'repo' },
  { path: ['verify', '*', 'repo'], kind: 'repo' },
] as const;

function repoSymbols(model: PacketModel): OutlineSymbol[] {
  const path = model.manifest?.file.source.path;
  return model.repos.flatMap((r) =>
    r.name.value === undefined
      ? []
      : [
          {
            name: r.name.value,
            kind: 'repo',
            span: spanOfNode(r.name.node),
            ...(r.node ? { fullSpan: spanOfNode(r.node) } : {}),
            ...(path ? { path } : {}),
          },
        ],
  );
}

function promptSymbol(p: PromptModel): OutlineSymbol {
  const source = p.file.source;
  const span = p.idField?.node ? spanOfNode(p.idField.node) : { start: 0, end: source.lineEnd(0) };
  return {
    name: p.id ?? p.file.name,
    kind: 'prompt',
    span,
    fullSpan: { start: 0, end: source.text.length },
    path: source.path,
    detail: p.file.name,
  };
}

function references(model: PacketModel): OutlineReference[] {
  const out: OutlineReference[] = [];
  const known = new Set(model.repoNames);
  for (const p of model.prompts) {
    const path = p.file.source.path;
    for (const dep of p.dependsOn)
      out.push({ name: String(dep.term), kind: 'prompt', span: spanOfNode(dep.node), path });
    for (const t of p.targets ?? []) if (!t.inferred) out.push({ name: t.text, kind: 'repo', span: t.span, path });
  }
  for (const contract of model.contracts) {
    for (const ref of repoReferences(contract)) {
      if (ref.via === 'path-prefix' && !known.has(ref.name)) continue;
      out.push({ name: ref.name, kind: 'repo', span: ref.span, path: contract.file.source.path });
    }
  }
  return out;
}
