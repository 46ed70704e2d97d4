import { rangeOf } from '@orchlint/core';
import { CompletionItemKind, MarkupKind, type CompletionItem } from 'vscode-languageserver/node';
import { completionSite, isJsonPath, type CompletionSite, type DataPath } from './data-path.js';
import type { ParsedDocument } from './document-trees.js';
import { unitOf, type FeatureContext } from './features.js';
import { flatten } from './navigation.js';
import { schemaAt } from './schema-service.js';
import type { UnitState } from './units.js';

/** Keys and enum values from the schema at the cursor; symbol names where the dialect says a reference goes. */
export function completion(ctx: FeatureContext, path: string, doc: ParsedDocument, offset: number): CompletionItem[] {
  const unit = unitOf(ctx, path);
  if (!unit) return [];
  const { source, tree } = doc;
  const text = source.text;
  const site = completionSite(path, text, offset, tree);
  if (!site) return [];
  const json = isJsonPath(path);
  const after = text.slice(
    site.replace.end,
    text.indexOf('\n', site.replace.end) === -1 ? text.length : text.indexOf('\n', site.replace.end),
  );
  const range = rangeOf(source, site.replace);
  const schema = schemaAt(ctx.units, path);
  const items: CompletionItem[] = [];
  const seen = new Set<string>();
  const add = (item: CompletionItem, newText: string) => {
    if (seen.has(item.label)) return;
    seen.add(item.label);
    items.push({ ...item, filterText: newText, textEdit: { range, newText } });
  };

  const offerKeys = (parent: DataPath, existing: Set<string>) => {
    if (!schema) return;
    const needsColon = !/^\s*:/.test(after);
    for (const [name, subschemas] of schema.properties(schema.at(parent))) {
      if (existing.has(name)) continue;
      const key = json ? JSON.stringify(name) : name;
      const doc = schema.describe(subschemas);
      add(
        {
          label: name,
          kind: CompletionItemKind.Property,
          ...(doc ? { documentation: { kind: MarkupKind.Markdown, value: doc } } : {}),
        },
        key + (needsColon ? ': ' : ''),
      );
    }
  };

  if (site.kind === 'key') {
    offerKeys(site.path, site.existing);
    return items;
  }
  if (schema) {
    for (const value of schema.values(schema.at(site.path))) {
      add(
        { label: String(value), kind: CompletionItemKind.EnumMember, detail: 'allowed value' },
        formatValue(value, json || site.quoted),
      );
    }
  }
  for (const symbol of referenceCandidates(ctx, unit, site)) {
    add(
      { label: symbol.name, kind: CompletionItemKind.Reference, detail: symbol.detail ?? symbol.kind },
      formatValue(symbol.name, json || site.quoted),
    );
  }
  // A new list item may be an object: its keys are what one types next.
  if (typeof site.path[site.path.length - 1] === 'number' && !json) offerKeys(site.path, new Set());
  return items;
}

function referenceCandidates(ctx: FeatureContext, unit: UnitState, site: CompletionSite) {
  const slots = unit.dialect.referenceSlots ?? [];
  const kinds = new Set(slots.filter((slot) => slotMatches(slot.path, site.path)).map((slot) => slot.kind));
  if (!kinds.size) return [];
  return flatten(ctx.units.outline(unit)?.symbols ?? []).filter((s) => kinds.has(s.kind));
}

/** A slot path matches a data path step by step; '*' matches any one key or index. */
export function slotMatches(slot: readonly string[], path: DataPath): boolean {
  return slot.length === path.length && slot.every((step, i) => step === '*' || step === String(path[i]));
}

function formatValue(value: unknown, quoted: boolean): string {
  if (typeof value !== 'string') return JSON.stringify(value);
  if (quoted) return JSON.stringify(value);
  // Plain YAML only when it stays a string: no indicator characters, not a number, bool or null lookalike.
  const plain = /^[A-Za-z_][\w./-]*$/.test(value) && !/^(true|false|yes|no|on|off|null|y|n)$/i.test(value);
  return plain ? value : JSON.stringify(value);
}
