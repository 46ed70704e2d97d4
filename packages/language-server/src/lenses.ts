import { rangeOf } from '@orchlint/core';
import type { CodeLens } from 'vscode-languageserver/node';
import { unitOf, type FeatureContext } from './features.js';

/**
 * The code lenses of one file: what its unit's dialect says above each node or state (how the
 * fixtures exercise it). A lens only shows text, so its command is empty.
 */
export function codeLenses(ctx: FeatureContext, path: string): CodeLens[] {
  const unit = unitOf(ctx, path);
  const source = unit?.sources.get(path);
  if (!unit || !source) return [];
  return ctx.units
    .lenses(unit)
    .filter((lens) => (lens.path ?? unit.main) === path)
    .map((lens) => ({ range: rangeOf(source, lens.span), command: { title: lens.title, command: '' } }));
}

/**
 * Whether a file feeds other files' lenses: a workflow package's stub fixtures, a pack's event
 * fixtures. A change to one is a change to the lenses of files the client may not re-ask about.
 */
export function feedsLenses(path: string): boolean {
  return /\/fixtures\/[^/]+\.(?:stubs|events)\.ya?ml$/i.test(path);
}
