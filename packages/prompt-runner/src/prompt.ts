import { fieldOf, isSeq, spanOfNode, type Entry, type Span } from '@orchlint/core';
import { buildContract } from './contract.js';
import { EMap, isInteger, termOf, toElixirString, type Term } from './elixir.js';
import type { MarkdownFile } from './front-matter.js';
import type { ContractEntry, PromptModel, Target } from './model.js';

const INERT_KEYS = ['references', 'required_reading', 'context_files'] as const;

/** Builds one prompt as `DirectorySource.build_prompt/1` does, keeping where each value came from. */
export function buildPrompt(file: MarkdownFile): PromptModel {
  const tree = file.tree;
  const attrs = file.attributes;
  const entry = (key: string): Entry | undefined => (tree && attrs ? tree.entry(attrs, key) : undefined);
  const term = (e: Entry | undefined): Term => (tree && e ? termOf(tree, e.value) : null);

  const filenameDigits = /^(\d+)/.exec(file.name)?.[1];
  const idEntry = [entry('id'), entry('num')].find((e) => e && truthy(term(e)));
  const idTerm: Term = idEntry ? term(idEntry) : (filenameDigits ?? '01');
  const id = normalizeId(idTerm);

  const validation = validationCommands(file, entry, term);
  const verifyEntry = entry('verify');
  const contract = buildContract({
    file,
    tree,
    keyNode: verifyEntry?.keyNode,
    node: verifyEntry?.value,
    promptId: id,
    derivedCommands: validation.derived,
  });

  const targetsEntry = entry('targets');
  let targets: Target[] | undefined;
  if (tree && isSeq(tree.resolve(targetsEntry?.value))) {
    targets = tree.items(targetsEntry!.value).flatMap((n) => {
      const text = toElixirString(termOf(tree, n));
      return text === undefined ? [] : [{ text, node: n, span: spanOfNode(n), inferred: false }];
    });
  } else {
    const roots = bodyBullets(file, 'Repository Root');
    if (roots.length) targets = roots.map((r) => ({ text: repoNameForRoot(r.text), span: r.span, inferred: true }));
  }

  const dependsOnEntry = entry('depends_on');
  const dependsOnNode = tree?.resolve(dependsOnEntry?.value);
  return {
    file,
    id,
    idField: idEntry && fieldOf(idEntry),
    idTerm,
    filenamePrefix: filenameDigits === undefined ? undefined : normalizeId(filenameDigits),
    targets,
    contract,
    validationCommandCount: validation.count,
    dependsOnField: dependsOnEntry && fieldOf(dependsOnEntry),
    dependsOn:
      tree && isSeq(dependsOnNode) ? tree.items(dependsOnNode).map((n) => ({ node: n, term: termOf(tree, n) })) : [],
    inertKeys: INERT_KEYS.map((k) => entry(k))
      .filter((e): e is Entry => e !== undefined)
      .map(fieldOf),
  };
}

/**
 * `normalize_num/1`: an integer, or a string that trims to an integer, padded to two digits. Anything
 * else (`"intro"`, `1.5`, `true`) makes the runner raise while loading the packet: undefined here.
 */
export function normalizeId(term: Term): string | undefined {
  let n: number | undefined;
  if (isInteger(term)) n = term;
  else if (typeof term === 'string' && /^[+-]?\d+$/.test(term.trim())) n = Number.parseInt(term.trim(), 10);
  if (n === undefined) return undefined;
  return String(n).padStart(2, '0');
}

const truthy = (t: Term): boolean => t !== null && t !== false;

/**
 * `validation_commands/2`: a non-empty `validation:` (else `verify.commands`) list, each item's
 * `run`/`command` or its text; otherwise the bullets of a `## Validation Commands` body section. They
 * become the contract's commands only when `verify` has no `commands` key.
 */
function validationCommands(
  file: MarkdownFile,
  entry: (key: string) => Entry | undefined,
  term: (e: Entry | undefined) => Term,
): { derived: ContractEntry[]; count: number } {
  const tree = file.tree;
  const validationEntry = entry('validation');
  const validation = term(validationEntry);
  const verify = term(entry('verify'));
  const fromVerify = verify instanceof EMap ? verify.get('commands') : undefined;
  const listed = truthy(validation) ? validation : (fromVerify ?? null);
  if (Array.isArray(listed) && listed.length > 0) {
    if (!truthy(validation) || !tree || !validationEntry) return { derived: [], count: listed.length };
    const derived = tree.items(validationEntry.value).map((n): ContractEntry => {
      const t = termOf(tree, n);
      const inner = t instanceof EMap ? (t.has('run') ? 'run' : t.has('command') ? 'command' : undefined) : undefined;
      const node = inner ? (tree.get(n, inner) ?? n) : n;
      const value = inner && t instanceof EMap ? t.get(inner)! : t;
      const text = typeof value === 'string' ? value : (toElixirString(value) ?? '');
      return { node, span: spanOfNode(node), term: text };
    });
    return { derived, count: listed.length };
  }
  const bullets = bodyBullets(file, 'Validation Commands');
  return { derived: bullets.map((b) => ({ span: b.span, term: b.text })), count: bullets.length };
}

/**
 * The `- item` lines of a `## Heading` body section, trimmed of `-`, spaces and backticks as the
 * runner trims them, each with the span of its text.
 */
export function bodyBullets(file: MarkdownFile, heading: string): Array<{ text: string; span: Span }> {
  const section = new RegExp(`^##\\s+${heading}\\s*\\n+([\\s\\S]+?)(?:\\n##\\s|$(?![\\s\\S]))`, 'md').exec(file.body);
  if (!section) return [];
  let offset = file.bodyStart + section.indices![1]![0];
  const out: Array<{ text: string; span: Span }> = [];
  for (const line of section[1]!.split('\n')) {
    const trimmed = line.trim();
    if (trimmed.startsWith('-')) {
      const text = trimmed.replace(/^-+/, '').trim().replace(/^`+/, '').replace(/`+$/, '');
      const start = offset + line.indexOf(trimmed);
      out.push({ text, span: { start, end: start + trimmed.length } });
    }
    offset += line.length + 1;
  }
  return out;
}

/** `repo_name_for_root/1`: the root's basename with anything but letters, digits and `_` as `_`. */
function repoNameForRoot(root: string): string {
  const base = root.replace(/\/+$/, '');
  return base.slice(base.lastIndexOf('/') + 1).replace(/[^a-zA-Z0-9_]/g, '_');
}
