import type { RuleInfo } from './formatters/index.js';

/** Where the rule docs are published: the repository's rules/ folder (the language server links the same place). */
const REPOSITORY = 'https://github.com/flowlint/flowlint/blob/main/';

/** The engine's own findings are documented in the README's sections. */
const coreDocAnchor: Record<string, string> = {
  'core/config': 'configuration',
  'core/unused-suppression': 'suppressions',
  'core/invalid-suppression': 'suppressions',
  'core/suppression-without-reason': 'suppressions',
  'core/stale-baseline': 'baseline',
};

/** Where each rule's doc lives in the repository (SARIF helpUri and `flowlint rules` point here). */
export function ruleDocPath(rule: Pick<RuleInfo, 'id'>): string {
  if (rule.id.startsWith('core/')) return `README.md#${coreDocAnchor[rule.id] ?? 'findings-of-the-engine'}`;
  return `rules/${rule.id}.md`;
}

export function ruleDocUrl(id: string): string {
  return `${REPOSITORY}${ruleDocPath({ id })}`;
}

/** Every rule, the engine's own findings (core/*) included, so each id can be configured. */
export function formatRules(rules: readonly RuleInfo[], format: 'text' | 'json'): string {
  const sorted = [...rules].sort((a, b) => (a.id < b.id ? -1 : 1));
  if (format === 'json') {
    return (
      JSON.stringify(
        sorted.map((r) => ({ id: r.id, dialect: r.id.split('/')[0], severity: r.severity, fixable: Boolean(r.fixable), summary: r.summary, basis: r.basis, doc: ruleDocPath(r) })),
        null,
        2,
      ) + '\n'
    );
  }
  const width = Math.max(...sorted.map((r) => r.id.length));
  return sorted.map((r) => `${r.id.padEnd(width)}  ${r.severity.padEnd(7)}  ${r.summary}\n${' '.repeat(width + 11)}basis: ${r.basis}`).join('\n') + '\n';
}
