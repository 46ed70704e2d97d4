import { Source, type Host, type Span } from '@orchlint/core';
import { parseYaml } from '@orchlint/core/yaml-parse';
import { isMap, isScalar } from 'yaml';
import type { DiscoveredName, Discovery, WorkflowModel } from './model.js';

const WORKFLOWS = '.archon/workflows/';
const YAML_FILE = /\.ya?ml$/i;

/** `.archon/commands` beside the `.archon/workflows` folder the file is in, as far as the host can see it. */
export function commandsFolder(path: string, host: Host): WorkflowModel['commands'] {
  const at = path.lastIndexOf(WORKFLOWS);
  if (at === -1) return undefined;
  const folder = `${path.slice(0, at)}.archon/commands`;
  const entries = host.readDir(folder);
  if (!entries) return undefined;
  return { folder, names: new Set(entries.filter((e) => e.endsWith('.md')).map((e) => e.slice(0, -3))) };
}

/** How deep under `.archon/workflows/` the file is and, in a package folder, what else that folder holds. */
export function discoveryOf(path: string, host: Host): Discovery | undefined {
  const at = path.lastIndexOf(WORKFLOWS);
  if (at === -1) return undefined;
  const folders = path.slice(at + WORKFLOWS.length).split('/').slice(0, -1);
  if (folders.length !== 1) return { depth: folders.length };
  const entries = host.readDir(path.slice(0, path.lastIndexOf('/'))) ?? [];
  return { depth: 1, packageFiles: entries.filter((e) => YAML_FILE.test(e)).sort() };
}

/**
 * The other workflow files of the file's `.archon/workflows/` folder, and the names they declare: its own YAML
 * files and the one file of each package folder (a package with more or fewer is not loaded, so its
 * name takes no part). Each file's name is read from its top-level `name:` line alone, not a full
 * parse (a project may hold hundreds): a name the line cannot settle on its own (a block scalar, a
 * plain scalar continued on the next line, a flow-style file) is left out rather than guessed.
 * `consulted` lists the files and folders read: a workflow added to one of those folders, or a
 * change to one of those files, can change the answer.
 */
export function discoveredNames(path: string, host: Host): { consulted: string[]; names: DiscoveredName[] } {
  const at = path.lastIndexOf(WORKFLOWS);
  if (at === -1) return { consulted: [], names: [] };
  const root = path.slice(0, at + WORKFLOWS.length - 1);
  const files: string[] = [];
  const folders = [root];
  for (const entry of host.readDir(root) ?? []) {
    if (YAML_FILE.test(entry)) {
      files.push(`${root}/${entry}`);
      continue;
    }
    const workflows = host.readDir(`${root}/${entry}`)?.filter((e) => YAML_FILE.test(e));
    if (workflows) folders.push(`${root}/${entry}`);
    if (workflows?.length === 1) files.push(`${root}/${entry}/${workflows[0]}`);
  }
  const others = files.filter((f) => f !== path).sort();
  const names: DiscoveredName[] = [];
  for (const file of others) {
    const text = host.readFile(file);
    const declared = text === undefined ? undefined : nameLine(text);
    if (declared) names.push({ source: new Source(file, text!), ...declared });
  }
  return { consulted: [...others, ...folders], names };
}

/** A top-level `name` key, at the start of a line (or of the file, after a byte order mark). */
const NAME_KEY = /^\uFEFF?name[ \t]*:/m;
/**
 * The first line with content (past blank and comment lines, directives and a bare `---`) opening a
 * flow collection or a scalar: such a root has no name key, whatever its lines look like. (A first
 * key in quotes is taken for such a scalar too: its name is then left out.)
 */
const NOT_A_BLOCK_MAPPING = /^\uFEFF?(?:(?:[ \t]*(?:#.*)?|%.*|---[ \t]*(?:#.*)?)(?:\r?\n))*(?:---[ \t]+)?[[{|>"']/;

function nameLine(text: string): { name: string; span: Span } | undefined {
  const key = NAME_KEY.exec(text);
  if (!key || NOT_A_BLOCK_MAPPING.test(text.slice(0, key.index))) return undefined;
  const start = key.index + (text.charCodeAt(key.index) === 0xfeff ? 1 : 0);
  const lineEnd = text.indexOf('\n', start);
  const line = text.slice(start, lineEnd < 0 ? text.length : lineEnd).replace(/\r$/, '');
  // An indented line after it (past blank ones) may continue a plain scalar or hold a block
  // scalar's text; a lone CR ends a line too, so what follows it cannot be told from here.
  if (lineEnd >= 0 && /^(?:[ \t]*\r?\n)*[ \t]+[^\s#]/.test(text.slice(lineEnd + 1))) return undefined;
  if (line.includes('\r')) return undefined;
  const parsed = parsedNameLine(line);
  return parsed && { name: parsed.name, span: { start: start + parsed.start, end: start + parsed.end } };
}

/**
 * Every workflow of a folder reads every other one's name line: each distinct line is parsed once.
 * (Bounded: the map starts over past a size no real project reaches.)
 */
const parsedLines = new Map<string, { name: string; start: number; end: number } | undefined>();

function parsedNameLine(line: string): { name: string; start: number; end: number } | undefined {
  if (parsedLines.has(line)) return parsedLines.get(line);
  const doc = parseYaml(line);
  const value = isMap(doc.contents) ? doc.contents.items[0]?.value : undefined;
  const parsed =
    doc.errors.length || !isScalar(value) || typeof value.value !== 'string' || !value.range
      ? undefined
      : { name: value.value, start: value.range[0], end: value.range[1] };
  if (parsedLines.size >= 10_000) parsedLines.clear();
  parsedLines.set(line, parsed);
  return parsed;
}
