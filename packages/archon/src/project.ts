import { rangeOf, Source, type Host, type Range, type Span } from '@orchlint/core';
import { nameLine } from './discovery.js';
import type { ArchonNode, ProjectConfig, ProjectRole, WorkflowModel } from './model.js';
import { CONFIG_PATH, readProjectConfig } from './project-config.js';

/**
 * An Archon project as 0.9's discovery (`workflow-discovery.ts`) sees it, built once per run:
 * - `.archon/workflows/*.y{a,}ml` and one folder below (a grouping folder) are loaded, keyed by file name;
 * - every folder `<group>/<workflow>/` below a folder directly under `.archon/workflows/` is a package
 *   that must hold exactly one `.yaml`/`.yml` file (its commands/, scripts/ and fixtures/ beside it);
 * - both folder names must be valid segments (no leading dot, no `..`, `:`, `/`, `\`), else the folder is rejected;
 * - a file name shared by two packages, or by a package and a loaded file, drops them all; one shared by
 *   files of the folder and its groups leaves whichever the directory listing gives last, silently;
 * - anything deeper is never read, and extensions are matched as written (`.YAML` is not a workflow);
 * - a package's `fixtures/` folder holds dry-run stub files (`*.stubs.yaml`) and is never read, but
 *   `.archon/workflows/fixtures/` is a grouping folder and `<group>/fixtures/` a package folder like any other.
 */
export interface ArchonProject {
  /** The folder holding `.archon/`, as the host reads it ('' for relative paths that start there). */
  root: string;
  workflowsDir: string;
  /** Workflow files discovery keeps, with the names their `name:` lines declare. */
  loaded: ProjectWorkflow[];
  byPath: ReadonlyMap<string, ProjectWorkflow>;
  /** Loaded files by declared name: a name with two files is a clash the engine rejects. */
  byName: ReadonlyMap<string, ProjectWorkflow[]>;
  /** Package folders (relative to `.archon/workflows/`) that do not hold exactly one workflow file. */
  badPackages: ReadonlyMap<string, string[]>;
  /** Folders the engine rejects for their name, relative to `.archon/workflows/`. */
  badFolders: ReadonlySet<string>;
  /** Files dropped for a file name another one shares, with the files sharing it. */
  filenameClashes: ReadonlyMap<string, string[]>;
  /** Loaded files of the folder and its groups that share a file name, with the others sharing it: one survives. */
  flatOverrides: ReadonlyMap<string, string[]>;
  /** Every folder listed and file read: a change to one can change a unit's findings. */
  consulted: string[];
  /** Include targets built this run (see includes.ts), by path, version and include chain. */
  built: Map<string, unknown>;
  /** The project's `.archon/config.yaml`, when it has one (a plain folder has none). */
  config?: ProjectConfig;
}

/**
 * A workflow file discovery keeps: where it is and the name it declares, not its text (a run over
 * 10,000 files would hold them all; a unit that includes one reads it through the host).
 */
export interface ProjectWorkflow {
  path: string;
  /** Relative to `.archon/workflows/`. */
  rel: string;
  declared?: DeclaredName;
}

/** A `name:` line's value, with its span and range in its file (for related locations, without the file's text). */
export interface DeclaredName {
  name: string;
  span: Span;
  range: Range;
}

const ARCHON = '.archon/';
export const WORKFLOWS = '.archon/workflows';
/** A file name discovery reads as a workflow: the extension is matched as written, in lower case. */
export const isWorkflowFile = (name: string): boolean => name.endsWith('.yaml') || name.endsWith('.yml');
const WORKFLOW_FILE = isWorkflowFile;
const PACKAGE_RESOURCES = new Set(['commands', 'scripts']);
const FIXTURES = 'fixtures';
const STUB_FILE = /\.stubs\.ya?ml$/;

/** The folder holding `.archon/` for a path inside one, else undefined ('' when the path starts at it). */
export function archonProjectRoot(path: string): string | undefined {
  if (path.startsWith(ARCHON)) return '';
  const at = path.lastIndexOf(`/${ARCHON}`);
  if (at === -1) return undefined;
  return at === 0 ? '/' : path.slice(0, at);
}

export function join(folder: string, rel: string): string {
  const parts = (
    folder === '' || folder === '.' ? rel : folder.endsWith('/') ? folder + rel : `${folder}/${rel}`
  ).split('/');
  const out: string[] = [];
  for (const part of parts) {
    if (part === '..' && out.length && out[out.length - 1] !== '..' && out[out.length - 1] !== '') out.pop();
    else if (part !== '.') out.push(part);
  }
  return out.join('/');
}

/** `.archon/workflows/`-relative path of a project file, when it is under that folder. */
export function workflowsRelative(path: string, root: string): string | undefined {
  const base = `${join(root, WORKFLOWS)}/`;
  return path.startsWith(base) ? path.slice(base.length) : undefined;
}

/** A folder name discovery accepts (packaged-workflow.ts, isValidWorkflowFolderSegment). */
export function validSegment(name: string): boolean {
  return name !== '' && !name.startsWith('.') && !/[/\\:]|\.\./.test(name);
}

export function roleOf(rel: string): ProjectRole {
  const parts = rel.split('/');
  const depth = parts.length - 1;
  const fixtures = parts.lastIndexOf(FIXTURES);
  if (fixtures !== -1 && fixtures < depth) {
    // A stub file is one wherever its fixtures/ folder is (placement.ts says how 0.9 reads one that is not a package's).
    if (fixtures === depth - 1 && STUB_FILE.test(parts[depth]!))
      return { kind: 'stub-fixture', folder: parts.slice(0, fixtures).join('/') };
    // A package's fixtures/ is data; the root's and a group's are read like any other folder.
    if (fixtures >= 2) return { kind: 'resource' };
  }
  if (depth <= 2 && !WORKFLOW_FILE(parts[depth]!)) return { kind: 'unmatched-extension', depth };
  if (depth <= 1) return { kind: 'flat' };
  if (depth === 2) return { kind: 'packaged', folder: parts.slice(0, 2).join('/') };
  if (PACKAGE_RESOURCES.has(parts[2]!)) return { kind: 'resource' };
  return { kind: 'too-deep', depth };
}

/** The project a run's units share: built on the first unit's request, then handed out. */
export function projectAt(root: string, host: Host): ArchonProject {
  const key = `archon-project\0${root}`;
  const known = host.shared?.get(key) as ArchonProject | undefined;
  if (known) return known;
  const project = buildProject(root, host);
  host.shared?.set(key, project);
  return project;
}

function buildProject(root: string, host: Host): ArchonProject {
  const dir = join(root, WORKFLOWS);
  const consulted = [dir];
  const flat = new Map<string, string[]>();
  const packaged = new Map<string, string[]>();
  const badPackages = new Map<string, string[]>();
  const badFolders = new Set<string>();
  const add = (into: Map<string, string[]>, filename: string, rel: string): void => {
    const list = into.get(filename);
    if (list) list.push(rel);
    else into.set(filename, [rel]);
  };
  const entries = (host.readDir(dir) ?? []).sort();
  for (const entry of entries) {
    if (WORKFLOW_FILE(entry)) {
      add(flat, entry, entry);
      continue;
    }
    const inner = host.readDir(join(dir, entry));
    if (!inner) continue;
    consulted.push(join(dir, entry));
    if (!validSegment(entry)) badFolders.add(entry);
    for (const name of inner.sort()) {
      if (WORKFLOW_FILE(name)) {
        add(flat, name, `${entry}/${name}`);
        continue;
      }
      const pkg = host.readDir(join(dir, `${entry}/${name}`));
      if (!pkg || !validSegment(entry)) continue;
      const folder = `${entry}/${name}`;
      consulted.push(join(dir, folder));
      if (!validSegment(name)) {
        badFolders.add(folder);
        continue;
      }
      const files = pkg.filter(WORKFLOW_FILE).sort();
      if (files.length === 1) add(packaged, files[0]!, `${folder}/${files[0]}`);
      else badPackages.set(folder, files);
    }
  }
  // A file name two packages share, or a package and a loaded file, is dropped everywhere.
  const filenameClashes = new Map<string, string[]>();
  const flatOverrides = new Map<string, string[]>();
  const kept: string[] = [];
  for (const [filename, rels] of flat) {
    const clash = packaged.get(filename);
    if (clash) for (const rel of rels) filenameClashes.set(rel, [...rels.filter((r) => r !== rel), ...clash]);
    else {
      // Same-named files of the folder and its groups override each other silently; each may be the survivor.
      kept.push(...rels);
      if (rels.length > 1)
        for (const rel of rels)
          flatOverrides.set(
            rel,
            rels.filter((r) => r !== rel),
          );
    }
  }
  for (const [filename, rels] of packaged) {
    const clash = [...(flat.get(filename) ?? []), ...rels];
    if (clash.length > 1)
      for (const rel of rels)
        filenameClashes.set(
          rel,
          clash.filter((r) => r !== rel),
        );
    else kept.push(...rels);
  }
  const loaded: ProjectWorkflow[] = [];
  const byPath = new Map<string, ProjectWorkflow>();
  const byName = new Map<string, ProjectWorkflow[]>();
  for (const rel of kept.sort()) {
    const path = join(dir, rel);
    const text = host.readFile(path);
    if (text === undefined) continue;
    consulted.push(path);
    const workflow = projectWorkflow(path, rel, text);
    loaded.push(workflow);
    byPath.set(path, workflow);
    if (!workflow.declared) continue;
    const named = byName.get(workflow.declared.name);
    if (named) named.push(workflow);
    else byName.set(workflow.declared.name, [workflow]);
  }
  // Its tiers, aliases and assistant decide which provider a node runs on.
  const configPath = join(root, CONFIG_PATH);
  consulted.push(configPath);
  const config = readProjectConfig(configPath, host);
  return {
    root,
    workflowsDir: dir,
    loaded,
    byPath,
    byName,
    badPackages,
    badFolders,
    filenameClashes,
    flatOverrides,
    consulted,
    built: new Map(),
    ...(config ? { config } : {}),
  };
}

/**
 * Workflows outside any project (a folder of examples, say): the YAML files of the file's own
 * folder, by name, so an include between neighbours still resolves.
 */
export function folderAt(folder: string, host: Host): ArchonProject {
  const key = `archon-folder\0${folder}`;
  const known = host.shared?.get(key) as ArchonProject | undefined;
  if (known) return known;
  const loaded: ProjectWorkflow[] = [];
  const byPath = new Map<string, ProjectWorkflow>();
  const byName = new Map<string, ProjectWorkflow[]>();
  const consulted = [folder];
  for (const entry of (host.readDir(folder) ?? []).filter((e) => /\.ya?ml$/i.test(e)).sort()) {
    const path = join(folder, entry);
    const text = host.readFile(path);
    if (text === undefined) continue;
    consulted.push(path);
    const workflow = projectWorkflow(path, entry, text);
    loaded.push(workflow);
    byPath.set(path, workflow);
    const declared = workflow.declared;
    if (!declared) continue;
    const named = byName.get(declared.name);
    if (named) named.push(workflow);
    else byName.set(declared.name, [workflow]);
  }
  const project: ArchonProject = {
    root: folder,
    workflowsDir: folder,
    loaded,
    byPath,
    byName,
    badPackages: new Map(),
    badFolders: new Set(),
    filenameClashes: new Map(),
    flatOverrides: new Map(),
    consulted,
    built: new Map(),
  };
  host.shared?.set(key, project);
  return project;
}

/**
 * Paths of other files as the linted file's path is written: relative to the same folder when it
 * was given relative, absolute when absolute, so findings read the same from any working directory.
 */
export function pathWriter(given: string, located: string | undefined): (path: string) => string {
  if (located === undefined || located === given) return (p) => p;
  const givenDir = given.includes('/') ? given.slice(0, given.lastIndexOf('/')) : '';
  const locatedDir = located.slice(0, located.lastIndexOf('/'));
  return (p) => {
    const from = locatedDir.split('/').filter(Boolean);
    const to = p.split('/').filter(Boolean);
    let common = 0;
    while (common < from.length && common < to.length && from[common] === to[common]) common++;
    const rel = [...from.slice(common).map(() => '..'), ...to.slice(common)].join('/');
    return join(givenDir, rel);
  };
}

/** A workflow file as the project keeps it: the name line's position is found in the lines before it. */
function projectWorkflow(path: string, rel: string, text: string): ProjectWorkflow {
  const declared = nameLine(text);
  if (!declared) return { path, rel };
  const range = rangeOf(new Source(path, text.slice(0, declared.span.end)), declared.span);
  return { path, rel, declared: { ...declared, range } };
}

/** A project file's text as a Source named the way the linted file's path is written. */
export function sourceOf(path: string, text: string, write: (path: string) => string): Source {
  return new Source(write(path), text);
}

/**
 * The command files a workflow's `command:` names resolve to: a packaged workflow's own `commands/`
 * folder (discovery qualifies its commands to the package, so nothing else is searched, and a package
 * without one has none), else the project's `.archon/commands` and the `commands.folder` of
 * `.archon/config.yaml`, each read one subfolder deep by file name (validator.ts resolveCommandInDir),
 * as far as the host sees them.
 */
export function commandsFolder(
  project: ArchonProject,
  role: ProjectRole | undefined,
  rel: string,
  host: Host,
): WorkflowModel['commands'] {
  if (role?.kind === 'packaged') {
    const folder = `${WORKFLOWS}/${rel.slice(0, rel.lastIndexOf('/'))}/commands`;
    const dir = join(project.root, folder);
    const files = new Map<string, string>();
    for (const entry of host.readDir(dir) ?? []) if (isMarkdown(entry)) files.set(commandName(entry), join(dir, entry));
    return { folder, files, packaged: true, bundled: false };
  }
  const folder = '.archon/commands';
  const files = commandFiles(join(project.root, folder), host);
  if (!files) return undefined;
  const configured = project.config?.commandFolder;
  if (configured && configured !== folder)
    for (const [name, path] of commandFiles(join(project.root, configured), host) ?? [])
      if (!files.has(name)) files.set(name, path);
  return { folder, files, packaged: false, bundled: project.config?.loadDefaultCommands !== false };
}

const isMarkdown = (entry: string): boolean => entry.endsWith('.md');
const commandName = (entry: string): string => entry.slice(0, -3);

/** The command files of a folder and its subfolders (not deeper; dot entries and node_modules skipped), by name. */
function commandFiles(dir: string, host: Host): Map<string, string> | undefined {
  const entries = host.readDir(dir);
  if (!entries) return undefined;
  const files = new Map<string, string>();
  const add = (name: string, path: string) => {
    if (!files.has(name)) files.set(name, path);
  };
  for (const entry of entries) {
    if (entry.startsWith('.') || entry === 'node_modules') continue;
    const inner = host.readDir(join(dir, entry));
    if (inner) {
      for (const file of inner)
        if (!file.startsWith('.') && isMarkdown(file)) add(commandName(file), join(dir, `${entry}/${file}`));
    } else if (isMarkdown(entry)) add(commandName(entry), join(dir, entry));
  }
  return files;
}

/** The command names a node runs: its `command:` and its `loop.command`. */
function commandsOf(node: ArchonNode): string[] {
  return [node.fields.get('command')?.value, node.blocks.get('loop')?.byKey.get('command')?.value].filter(
    (v): v is string => typeof v === 'string',
  );
}

/** The command nodes of a workflow whose project command file holds only whitespace, with the file. */
export function emptyCommands(
  model: WorkflowModel,
  files: ReadonlyMap<string, string>,
  host: Host,
): Array<{ node: ArchonNode; name: string; path: string }> {
  const found: Array<{ node: ArchonNode; name: string; path: string }> = [];
  for (const node of model.nodes)
    for (const name of commandsOf(node)) {
      const path = files.get(name);
      if (path !== undefined && host.readFile(path)?.trim() === '') found.push({ node, name, path });
    }
  return found;
}
