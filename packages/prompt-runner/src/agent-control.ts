import { fieldOf, isMap, spanOfNode, type Entry, type Span, type Tree } from '@orchlint/core';
import { buildContract } from './contract.js';
import { atom, EMap, isInteger, termOf, tuple, type Term } from './elixir.js';
import type { MarkdownFile } from './front-matter.js';
import { FINISH_PROMPT_ID, type AgentControlModel } from './model.js';

const OPTION_KEYS = ['enabled', 'default_action', 'max_iterations', 'completion_verify'];

/**
 * `AgentControl.config/1`, check by check in its order: not a map, unknown keys, `enabled`,
 * `default_action`, `max_iterations` (those two even when disabled), then, when enabled, a
 * `completion_verify` mapping with at least one evaluable item. Each failure keeps the runner's reason.
 */
export function buildAgentControl(tree: Tree, file: MarkdownFile, entry: Entry): AgentControlModel | undefined {
  const value = termOf(tree, entry.value);
  if (value === null) return undefined;
  const at = (e: Entry | undefined): Span => spanOfNode(e?.value ?? e?.keyNode ?? entry.keyNode);
  const field = fieldOf(entry);
  const fail = (reason: Term, where: Span): AgentControlModel => ({
    field,
    enabled: false,
    problem: { reason, at: where },
  });
  if (!(value instanceof EMap) || !isMap(tree.resolve(entry.value)))
    return fail(tuple(atom('invalid_agent_control'), value), at(entry));
  const entries = tree.entries(entry.value);
  const key = (name: string) => entries.find((e) => e.key === name);
  const unknown = entries.filter((e) => !OPTION_KEYS.includes(e.key));
  if (unknown.length) {
    const names = [...new Set(unknown.map((e) => e.key))].sort();
    return fail(tuple(atom('unknown_agent_control_options'), names), spanOfNode(unknown[0]!.keyNode));
  }
  const enabled = value.has('enabled') ? value.get('enabled')! : true;
  if (typeof enabled !== 'boolean')
    return fail(tuple(atom('invalid_agent_control_enabled'), enabled), at(key('enabled')));
  if (value.has('default_action') && !validDefaultAction(value.get('default_action')!)) {
    return fail(
      tuple(atom('invalid_agent_control_default_action'), value.get('default_action')!),
      at(key('default_action')),
    );
  }
  const max = value.has('max_iterations') ? value.get('max_iterations')! : 20;
  if (!(isInteger(max) && max > 0))
    return fail(tuple(atom('invalid_agent_control_max_iterations'), max), at(key('max_iterations')));
  if (!enabled) return { field, enabled: false };
  const verifyEntry = key('completion_verify');
  const verify = verifyEntry ? termOf(tree, verifyEntry.value) : new EMap([]);
  if (!(verify instanceof EMap)) {
    return fail(tuple(atom('invalid_agent_control_completion_verify'), verify), spanOfNode(verifyEntry!.keyNode));
  }
  const contract = buildContract({
    file,
    tree,
    keyNode: verifyEntry?.keyNode ?? entry.keyNode,
    node: verifyEntry?.value,
    promptId: FINISH_PROMPT_ID,
    derivedCommands: [],
  });
  if (contract.evaluable === 0) {
    return fail(atom('agent_control_completion_verify_required'), spanOfNode(verifyEntry?.keyNode ?? entry.keyNode));
  }
  return { field, enabled: true, contract };
}

/** `normalize_action/1` restricted to the two default actions: trimmed, lower-cased, `_` read as `-`. */
function validDefaultAction(term: Term): boolean {
  const text = term === null || typeof term === 'boolean' ? String(term === null ? 'nil' : term) : term;
  if (typeof text !== 'string') return false;
  const action = text.trim().toLowerCase().replaceAll('_', '-');
  return action === 'continue' || action === 'repeat';
}
