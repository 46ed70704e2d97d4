import { ruleDocUrl } from '@orchlint/core';
import { MarkupKind, type Hover } from 'vscode-languageserver/node';
import { containsOffset } from './convert.js';
import { dataPathAt } from './data-path.js';
import type { ParsedDocument } from './document-trees.js';
import type { FeatureContext } from './features.js';
import { definitionsOf, targetAt } from './navigation.js';
import { schemaAt } from './schema-service.js';

/** What the cursor is on: a finding (the rule's summary and basis), a reference (what it names), a field (its schema doc). */
export function hover(ctx: FeatureContext, path: string, doc: ParsedDocument, offset: number): Hover | null {
  const parts = [
    ...findingsAt(ctx, path, offset),
    ...referenceAt(ctx, path, offset),
    ...fieldAt(ctx, path, doc, offset),
  ];
  return parts.length ? { contents: { kind: MarkupKind.Markdown, value: parts.join('\n\n---\n\n') } } : null;
}

function findingsAt(ctx: FeatureContext, path: string, offset: number): string[] {
  const out: string[] = [];
  for (const unit of ctx.units.containing(path)) {
    for (const d of unit.diagnostics) {
      if (d.path !== path || !containsOffset(d.span, offset)) continue;
      const rule = ctx.rules.get(d.rule);
      const text = rule
        ? `**${rule.id}** (${d.severity}): ${rule.summary}\n\nBasis: ${rule.basis}\n\n[Rule documentation](${ruleDocUrl(rule.id)})`
        : `**${d.rule}** (${d.severity})`;
      if (!out.includes(text)) out.push(text);
    }
  }
  return out;
}

function referenceAt(ctx: FeatureContext, path: string, offset: number): string[] {
  const target = targetAt(ctx, path, offset);
  if (!target?.reference) return [];
  const definitions = definitionsOf(ctx, target);
  if (!definitions.length)
    return [`${target.kind} \`${target.name}\`: not defined in this ${target.unit.dialect.id} unit`];
  return definitions.map(({ symbol, source }) => {
    const line = source.positionAt(symbol.span.start).line;
    const where = source.path === path ? `line ${line + 1}` : `${source.path}:${line + 1}`;
    const detail = symbol.detail ? `: ${symbol.detail}` : '';
    return `${symbol.kind} **${symbol.name}**${detail}\n\nDefined at ${where}:\n\n\`\`\`\n${source.lineText(line).trim()}\n\`\`\``;
  });
}

function fieldAt(ctx: FeatureContext, path: string, doc: ParsedDocument, offset: number): string[] {
  const { region, tree } = doc;
  if (!region || !tree || offset < region.start || offset > region.end) return [];
  const schema = schemaAt(ctx.units, path);
  if (!schema) return [];
  const at = dataPathAt(tree, offset);
  if (!at.path.length) return [];
  const described = schema.describe(schema.at(at.path));
  return described ? [`\`${at.path.join('.')}\`\n\n${described}`] : [];
}
