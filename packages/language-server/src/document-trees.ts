import { Source, Tree, type Region } from '@orchlint/core';
import { yamlRegion } from './data-path.js';

/** A document's text at one version, with the tree of its YAML region (none for Markdown without front matter). */
export interface ParsedDocument {
  version: number;
  source: Source;
  region: Region | undefined;
  tree: Tree | undefined;
}

/**
 * The parsed tree of each open document's current version, built on the first request that needs
 * it and shared by every later one (hover, completion, code actions) until the next edit, so a
 * burst of requests on one version parses it once.
 */
export class DocumentTrees {
  private readonly parsed = new Map<string, ParsedDocument>();
  /** How many trees were built (the tests read it). */
  builds = 0;

  get(path: string, version: number, text: string): ParsedDocument {
    const cached = this.parsed.get(path);
    if (cached && cached.version === version) return cached;
    const source = new Source(path, text);
    const region = yamlRegion(path, text);
    this.builds++;
    const doc = { version, source, region, tree: region ? new Tree(source, region) : undefined };
    this.parsed.set(path, doc);
    return doc;
  }

  forget(path: string): void {
    this.parsed.delete(path);
  }
}
