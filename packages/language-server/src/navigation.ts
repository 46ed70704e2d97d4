import { rangeOf, Source, type OutlineReference, type OutlineSymbol } from '@orchlint/core';
import { SymbolKind, type DocumentSymbol, type Location } from 'vscode-languageserver/node';
import { containsOffset, locationOf } from './convert.js';
import { unitOf, type FeatureContext } from './features.js';
import type { UnitState } from './units.js';

/** Outline kinds dialects use, as editors draw them; any other kind is an object. */
const symbolKinds: Record<string, SymbolKind> = {
  state: SymbolKind.Class,
  prompt: SymbolKind.String,
  tool: SymbolKind.Function,
  node: SymbolKind.Function,
  step: SymbolKind.Method,
  repo: SymbolKind.Package,
  repository: SymbolKind.Package,
  composition: SymbolKind.Module,
  agent: SymbolKind.Interface,
  member: SymbolKind.Interface,
  artifact: SymbolKind.File,
  event: SymbolKind.Event,
  provider: SymbolKind.Constant,
  workflow: SymbolKind.Namespace,
  include: SymbolKind.File,
};

export interface Target {
  unit: UnitState;
  name: string;
  kind: string;
  /** Set when the cursor is on a reference rather than on a definition. */
  reference?: OutlineReference;
}

export function flatten(symbols: readonly OutlineSymbol[]): OutlineSymbol[] {
  const out: OutlineSymbol[] = [];
  const visit = (list: readonly OutlineSymbol[], depth: number) => {
    if (depth > 50) return;
    for (const s of list) {
      out.push(s);
      if (s.children) visit(s.children, depth + 1);
    }
  };
  visit(symbols, 0);
  return out;
}

/** The named thing under the cursor: a reference to a symbol, or a symbol's own name. */
export function targetAt(ctx: FeatureContext, path: string, offset: number): Target | undefined {
  for (const unit of ctx.units.liveContaining(path)) {
    const outline = ctx.units.outline(unit);
    if (!outline) continue;
    const here = (p: string | undefined) => (p ?? unit.main) === path;
    const reference = outline.references.find((r) => here(r.path) && containsOffset(r.span, offset));
    if (reference) return { unit, name: reference.name, kind: reference.kind, reference };
    const symbol = flatten(outline.symbols).find((s) => here(s.path) && containsOffset(s.span, offset));
    if (symbol) return { unit, name: symbol.name, kind: symbol.kind };
  }
  return undefined;
}

export function definitionsOf(ctx: FeatureContext, target: Target): Array<{ symbol: OutlineSymbol; source: Source }> {
  const outline = ctx.units.outline(target.unit);
  const out: Array<{ symbol: OutlineSymbol; source: Source }> = [];
  for (const symbol of flatten(outline?.symbols ?? [])) {
    if (symbol.name !== target.name || symbol.kind !== target.kind) continue;
    const source = sourceIn(ctx, target.unit, symbol.path);
    if (source) out.push({ symbol, source });
  }
  return out;
}

export function definition(ctx: FeatureContext, path: string, offset: number): Location[] {
  const target = targetAt(ctx, path, offset);
  if (!target) return [];
  return definitionsOf(ctx, target).map(({ symbol, source }) => locationOf(source, symbol.span, ctx.uriOf));
}

export function references(ctx: FeatureContext, path: string, offset: number, includeDeclaration: boolean): Location[] {
  const target = targetAt(ctx, path, offset);
  if (!target) return [];
  const out: Location[] = [];
  if (includeDeclaration)
    out.push(...definitionsOf(ctx, target).map(({ symbol, source }) => locationOf(source, symbol.span, ctx.uriOf)));
  for (const r of ctx.units.outline(target.unit)?.references ?? []) {
    if (r.name !== target.name || r.kind !== target.kind) continue;
    const source = sourceIn(ctx, target.unit, r.path);
    if (source) out.push(locationOf(source, r.span, ctx.uriOf));
  }
  return out;
}

/** The outline of one file: the symbols its unit defines in it. */
export function documentSymbols(ctx: FeatureContext, path: string): DocumentSymbol[] {
  const unit = unitOf(ctx, path);
  if (!unit) return [];
  const source = unit.sources.get(path);
  const outline = ctx.units.outline(unit);
  if (!source || !outline) return [];
  const convert = (s: OutlineSymbol, depth: number): DocumentSymbol => {
    const full = s.fullSpan && s.fullSpan.start <= s.span.start && s.span.end <= s.fullSpan.end ? s.fullSpan : s.span;
    const children =
      depth < 50
        ? (s.children ?? []).filter((c) => (c.path ?? unit.main) === path).map((c) => convert(c, depth + 1))
        : [];
    return {
      name: s.name || '(unnamed)',
      kind: symbolKinds[s.kind] ?? SymbolKind.Object,
      detail: s.detail ?? s.kind,
      range: rangeOf(source, full),
      selectionRange: rangeOf(source, s.span),
      ...(children.length ? { children } : {}),
    };
  };
  return outline.symbols.filter((s) => (s.path ?? unit.main) === path).map((s) => convert(s, 0));
}

function sourceIn(ctx: FeatureContext, unit: UnitState, path: string | undefined): Source | undefined {
  const p = path ?? unit.main;
  const known = unit.sources.get(p);
  if (known) return known;
  const text = ctx.units.read(p);
  return text === undefined ? undefined : new Source(p, text);
}
