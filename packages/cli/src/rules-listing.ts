import { ruleDocPath } from '@orchlint/core';
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
  return (
    sorted
      .map(
        (r) =>
          `${r.id.padEnd(width)}  ${r.severity.padEnd(7)}  ${r.summary}${r.category === 'security' ? ` [security, confidence: ${r.confidence}]` : ''}\n${' '.repeat(width + 11)}basis: ${r.basis}`,
      )
      .join('\n') + '\n'
  );
}
