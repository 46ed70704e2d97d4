import {
  fieldsOf,
  isMap,
  isSeq,
  isScalar,
  keyOf,
  spanOfNode,
  type Span,
  type Tree,
  type TreeNode,
} from '@orchlint/core';
import { EMap, termOf, type Term } from './elixir.js';
import type { MarkdownFile } from './front-matter.js';
import { CONTRACT_CLAUSES, type Clause, type Command, type Contract, type ContractEntry } from './model.js';

const KNOWN = new Set<string>(CONTRACT_CLAUSES);

export interface ContractInput {
  file: MarkdownFile;
  tree: Tree | undefined;
  keyNode?: TreeNode;
  node?: TreeNode;
  promptId: string | undefined;
  /** Commands the runner puts under `commands` when the contract has no such key (`Map.put_new`). */
  derivedCommands: ContractEntry[];
}

/** The contract as the runner normalizes it: every clause value wrapped into a list, `null` as empty. */
export function buildContract(input: ContractInput): Contract {
  const { file, tree } = input;
  const node = tree?.resolve(input.node);
  const clauses: Clause[] = [];
  if (tree && isMap(node)) {
    for (const e of tree.entries(node)) {
      clauses.push({
        key: keyOf(e),
        value: e.value,
        known: KNOWN.has(e.key),
        entries: wrapEntries(tree, e.value),
      });
    }
  }
  const commandsClause = lastClause(clauses, 'commands');
  const commandEntries = commandsClause ? commandsClause.entries : input.derivedCommands;
  const evaluable =
    knownClauses(clauses).reduce((n, c) => n + c.entries.length, 0) +
    (commandsClause ? 0 : input.derivedCommands.length);
  const anchor = input.keyNode ? spanOfNode(input.keyNode) : firstLine(file);
  return {
    promptId: input.promptId,
    file,
    anchor,
    clauses,
    commands: commandEntries.map((entry) => classifyCommand(tree, entry)),
    evaluable,
  };
}

/** The clauses the runner keeps: known keys, the last of any repeated key (a map keeps one value per key). */
export function knownClauses(clauses: readonly Clause[]): Clause[] {
  return CONTRACT_CLAUSES.map((name) => lastClause(clauses, name)).filter((c): c is Clause => c !== undefined);
}

export function lastClause(clauses: readonly Clause[], name: string): Clause | undefined {
  for (let i = clauses.length - 1; i >= 0; i--) if (clauses[i]!.key.value === name) return clauses[i];
  return undefined;
}

/** `List.wrap/1` over a clause value: nothing for `null`, the items of a list, else the value alone. */
function wrapEntries(tree: Tree, value: TreeNode | undefined): ContractEntry[] {
  const n = tree.resolve(value);
  if (!n || (isScalar(n) && n.value === null)) return [];
  const items = isSeq(n) ? tree.items(n) : [n];
  return items.map((item) => ({ node: item, span: spanOfNode(item), term: termOf(tree, item) }));
}

const truthy = (t: Term | undefined): boolean => t !== undefined && t !== null && t !== false;

/**
 * Structured when `exec || program` is a non-empty string (lint's `structured_command/1`); the legacy
 * shell text is `run`, else `command`, when a string, or the bare string entry (`command_string/1`).
 */
export function classifyCommand(tree: Tree | undefined, entry: ContractEntry): Command {
  const command: Command = { entry, keys: [], args: [] };
  const term = entry.term;
  if (typeof term === 'string') {
    command.shell = { text: term, node: entry.node, span: entry.span };
    return command;
  }
  if (!(term instanceof EMap) || !tree || !entry.node) return command;
  command.keys = fieldsOf(tree, entry.node);
  const key = (name: string) => command.keys.find((k) => k.key.value === name);
  const programKey = truthy(term.get('exec')) ? key('exec') : key('program');
  const program = programKey ? term.get(programKey.key.value) : undefined;
  if (programKey?.node && typeof program === 'string' && program !== '') {
    command.program = { value: program, node: programKey.node, key: programKey.key };
  }
  for (const name of ['run', 'command']) {
    const k = key(name);
    const text = term.get(name);
    if (k?.node && typeof text === 'string') {
      command.shell = { text, node: k.node, span: spanOfNode(k.node) };
      break;
    }
  }
  const argsNode = tree.resolve((key('args') ?? key('argv'))?.node);
  if (isSeq(argsNode)) command.args = tree.items(argsNode).map((n) => ({ node: n, term: termOf(tree, n) }));
  else if (argsNode && !(isScalar(argsNode) && argsNode.value === null))
    command.args = [{ node: argsNode, term: termOf(tree, argsNode) }];
  command.timeoutField = key('timeout_ms');
  command.timeout = term.get('timeout_ms');
  return command;
}

function firstLine(file: MarkdownFile): Span {
  return { start: 0, end: file.source.lineEnd(0) };
}
