import { clauses, ruleDocPath } from '@orchlint/core';
import type { RuleInfo } from './formatters/index.js';

/** Every rule, the engine's own findings (core/*) included, so each id can be configured. */
export function formatRules(rules: readonly RuleInfo[], format: 'text' | 'json'): string {
  const sorted = [...rules].sort((a, b) => (a.id < b.id ? -1 : 1));
  if (format === 'json') {
    return (
      JSON.stringify(
        sorted.map((r) => ({
          id: r.id,
          dialect: r.id.split('/')[0],
          severity: r.severity,
          clause: r.clause,
          fixable: Boolean(r.fixable),
          category: r.category ?? 'correctness',
          ...(r.confidence ? { confidence: r.confidence } : {}),
          summary: r.summary,
          basis: r.basis,
          doc: ruleDocPath(r.id),
        })),
        null,
        2,
      ) + '\n'
    );
  }
  const width = Math.max(...sorted.map((r) => r.id.length));
  const indent = ' '.repeat(width + 11);
  return (
    sorted
      .map((r) => {
        const clause = r.clause ? `${clauses[r.clause].label} · ` : '';
        const audit =
          r.category === 'security' ? `security audit${r.confidence ? `, ${r.confidence} confidence` : ''} · ` : '';
        return `${r.id.padEnd(width)}  ${r.severity.padEnd(7)}  ${r.summary}\n${indent}${clause}${audit}basis: ${r.basis}`;
      })
      .join('\n') + '\n'
  );
}
