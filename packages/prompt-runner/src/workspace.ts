import {
  didYouMean,
  fieldOf,
  isMap,
  isSeq,
  spanOfNode,
  Tree,
  type Entry,
  type Located,
  type Source,
  type Span,
  type TreeNode,
} from '@orchlint/core';
import { atom, termOf, tuple, type Term } from './elixir.js';
import type { WorkspaceModel, WorkspaceProblem } from './model.js';
import { DEFAULT_VERSION, lowestRelease, parseRequirement, versionText } from './versions.js';

export const WORKSPACE_SCHEMA = 'prompt_runner.workspace/v1';

const ROOT_KEYS = [
  'schema',
  'id',
  'requires',
  'repositories',
  'packet',
  'operator',
  'commits',
  'failure_policy',
  'contracts',
];
const SECTION_KEYS: Record<string, string[]> = {
  requires: ['prompt_runner', 'capabilities'],
  operator: ['workspace_root', 'runtime_root', 'containment'],
  commits: ['mode', 'push'],
  contracts: ['modules', 'artifacts'],
};
const REPO_KEYS = ['remote', 'ref', 'source'];
const PACKET_KEYS = ['repo', 'path'];
const ARTIFACT_KEYS = ['id', 'repo', 'project', 'type'];
const ID = /^[a-zA-Z0-9][a-zA-Z0-9_.-]*$/;

/**
 * A workspace manifest checked the way `Workspace.Manifest.load/1` loads it, except that orchlint
 * goes on past the first error so every one is reported at its own key or value.
 */
export function buildWorkspace(source: Source, explicit: string | undefined): WorkspaceModel {
  const tree = new Tree(source);
  const root = tree.resolve(tree.root);
  const problems: WorkspaceProblem[] = [];
  const model: WorkspaceModel = {
    kind: 'workspace',
    source,
    tree,
    problems,
    repositories: [],
    capabilities: [],
    artifactIds: [],
    version: explicit ?? DEFAULT_VERSION,
    versionFrom: explicit ? 'target' : 'default',
  };
  const add = (reason: Term | undefined, at: TreeNode | Span, message: string) =>
    problems.push({
      reason: reason ?? null,
      at: 'start' in at ? at : spanOfNode(at),
      message,
      ...(reason === undefined ? { silent: true } : {}),
    });
  const whole: Span = { start: 0, end: source.lineEnd(0) };
  if (!tree.usable) return model;
  if (!isMap(root)) {
    add(
      atom('workspace_manifest_not_a_map'),
      root ?? whole,
      'a workspace manifest must be a mapping with schema, id and repositories',
    );
    return model;
  }
  const entries = tree.entries(root);
  const get = (name: string, from: Entry[] = entries) => from.find((e) => e.key === name);
  const term = (e: Entry | undefined): Term => (e ? termOf(tree, e.value) : null);

  const unknownKeys = (list: Entry[], allowed: string[], path: string[]) => {
    const unknown = list.filter((e) => !allowed.includes(e.key));
    const names = [...new Set(unknown.map((e) => e.key))].sort();
    for (const e of unknown) {
      add(
        tuple(atom('unknown_workspace_keys'), path, names),
        e.keyNode,
        `unknown key '${e.key}' in ${path.length ? `'${path.join('.')}'` : 'the workspace manifest'}${didYouMean(e.key, allowed)}; the manifest is strict, so the runner refuses to load it (known: ${allowed.join(', ')})`,
      );
    }
  };
  const requiredString = (list: Entry[], key: string, path: string[], holder: TreeNode | Span): string | undefined => {
    const e = get(key, list);
    const v = term(e);
    if (typeof v === 'string' && v !== '') return v;
    const dotted = [...path, key].join('.');
    if (v === null)
      add(
        tuple(atom('missing_workspace_key'), dotted),
        e?.keyNode ?? holder,
        `'${dotted}' is required: give it a non-empty string`,
      );
    else
      add(
        tuple(atom('invalid_workspace_value'), [...path, key], v),
        e!.value ?? e!.keyNode,
        `'${dotted}' must be a non-empty string`,
      );
    return undefined;
  };
  const optionalString = (list: Entry[], key: string, path: string[]) => {
    const e = get(key, list);
    const v = term(e);
    if (v !== null && (typeof v !== 'string' || v === '')) {
      add(
        tuple(atom('invalid_workspace_value'), [...path, key], v),
        e!.value ?? e!.keyNode,
        `'${[...path, key].join('.')}' must be a non-empty string when given`,
      );
    }
  };
  const validId = (value: string, at: TreeNode, what: string) => {
    if (!ID.test(value)) {
      add(
        tuple(atom('invalid_workspace_id'), value),
        at,
        `${what} '${value}' must start with a letter or digit and hold only letters, digits, '_', '.' and '-'`,
      );
    }
  };
  /** `stringify_keys/1` turns anything but a mapping into `%{}`: such a section is silently empty. */
  const section = (e: Entry | undefined, what: string): Entry[] => {
    if (!e?.value || term(e) === null || term(e) === false) return [];
    if (isMap(tree.resolve(e.value))) return tree.entries(e.value);
    add(
      undefined,
      e.value,
      `${what} must be a mapping; the runner reads anything else as an empty one and silently ignores it`,
    );
    return [];
  };

  unknownKeys(entries, ROOT_KEYS, []);
  const schema = get('schema');
  if (!schema)
    add(tuple(atom('missing_workspace_key'), 'schema'), whole, `the manifest needs 'schema: ${WORKSPACE_SCHEMA}'`);
  else if (term(schema) !== WORKSPACE_SCHEMA) {
    add(
      tuple(atom('unsupported_workspace_schema'), term(schema)),
      schema.value ?? schema.keyNode,
      `the only workspace schema is '${WORKSPACE_SCHEMA}'`,
    );
  }
  const idEntry = get('id');
  const id = requiredString(entries, 'id', [], whole);
  if (id !== undefined) validId(id, idEntry!.value!, 'the workspace id');

  const reposEntry = get('repositories');
  const reposNode = tree.resolve(reposEntry?.value);
  if (!isMap(reposNode)) {
    add(
      atom('workspace_repositories_invalid'),
      reposEntry?.value ?? reposEntry?.keyNode ?? whole,
      "'repositories' must be a mapping of repository name to {remote, ref, source}",
    );
  } else {
    const repos = tree.entries(reposNode);
    if (!repos.length)
      add(
        atom('workspace_repositories_empty'),
        reposEntry!.keyNode,
        "'repositories' must name at least one repository",
      );
    for (const repo of repos) {
      model.repositories.push({ value: repo.key, node: repo.keyNode });
      validId(repo.key, repo.keyNode, 'repository name');
      const path = ['repositories', repo.key];
      const attrs = section(repo, `repository '${repo.key}'`);
      unknownKeys(attrs, REPO_KEYS, path);
      requiredString(attrs, 'remote', path, repo.keyNode);
      optionalString(attrs, 'ref', path);
      const src = get('source', attrs);
      const srcTerm = term(src);
      if (src && srcTerm !== null && typeof srcTerm !== 'string') {
        add(
          tuple(atom('invalid_source_path'), srcTerm),
          src.value!,
          `'${path.join('.')}.source' must be a path string`,
        );
      }
    }
  }
  const declared = new Set(model.repositories.map((r) => r.value));

  const packetEntry = get('packet');
  if (packetEntry) model.packetField = fieldOf(packetEntry);
  const failurePolicy = get('failure_policy');
  if (failurePolicy) model.failurePolicyField = fieldOf(failurePolicy);
  if (packetEntry && term(packetEntry) !== null) {
    if (!isMap(tree.resolve(packetEntry.value))) {
      add(
        tuple(atom('invalid_workspace_packet'), term(packetEntry)),
        packetEntry.value!,
        "'packet' must be a mapping {repo, path}",
      );
    } else {
      const attrs = tree.entries(packetEntry.value);
      unknownKeys(attrs, PACKET_KEYS, ['packet']);
      const repo = requiredString(attrs, 'repo', ['packet'], packetEntry.keyNode);
      if (repo !== undefined && isMap(reposNode) && !declared.has(repo)) {
        add(
          tuple(atom('unknown_packet_repo'), repo),
          get('repo', attrs)!.value!,
          `packet.repo '${repo}' is not a declared repository${didYouMean(repo, [...declared])}`,
        );
      }
      const path = requiredString(attrs, 'path', ['packet'], packetEntry.keyNode);
      if (path !== undefined) model.packetPath = path;
      if (path !== undefined && escapes(path)) {
        add(
          tuple(atom('workspace_packet_path_escape'), path),
          get('path', attrs)!.value!,
          `packet.path '${path}' must be relative to the repository and stay inside it`,
        );
      }
    }
  }

  const sections: Record<string, Entry[]> = {};
  for (const name of Object.keys(SECTION_KEYS)) {
    sections[name] = section(get(name), `'${name}'`);
    unknownKeys(sections[name]!, SECTION_KEYS[name]!, [name]);
  }
  const requires = get('requires');
  if (requires) model.requiresField = fieldOf(requires);
  const requirement = get('prompt_runner', sections.requires);
  const requirementText = term(requirement);
  if (requirement) model.requirementField = fieldOf(requirement);
  if (requirement?.value && typeof requirementText === 'string') {
    model.requirement = { value: requirementText, node: requirement.value };
    const required = requiredVersion(requirementText);
    if (required) model.oldestAdmitted = required;
    if (!explicit && required) {
      model.version = required;
      model.versionFrom = 'requirement';
    }
  }
  const capabilities = stringList(get('capabilities', sections.requires), 'requires.capabilities');
  model.capabilities = capabilities;
  const capabilitiesEntry = get('capabilities', sections.requires);
  if (capabilitiesEntry) model.capabilitiesField = fieldOf(capabilitiesEntry);
  stringList(get('modules', sections.contracts), 'contracts.modules');

  const artifactsEntry = get('artifacts', sections.contracts);
  const artifactsNode = tree.resolve(artifactsEntry?.value);
  if (artifactsEntry && term(artifactsEntry) !== null && !isSeq(artifactsNode)) {
    add(
      tuple(atom('invalid_contract_artifacts'), term(artifactsEntry)),
      artifactsEntry.value!,
      "'contracts.artifacts' must be a list of {id, repo, project, type}",
    );
  }
  const seen = new Map<string, TreeNode>();
  tree.items(isSeq(artifactsNode) ? artifactsNode : undefined).forEach((item, index) => {
    const path = ['contracts', 'artifacts', String(index)];
    const attrs = isMap(item) ? tree.entries(item) : [];
    if (!isMap(item))
      add(
        undefined,
        item,
        `artifact ${index} must be a mapping {id, repo, project, type}; the runner reads it as an empty one`,
      );
    unknownKeys(attrs, ARTIFACT_KEYS, path);
    const artifactId = requiredString(attrs, 'id', path, item);
    if (artifactId !== undefined) {
      validId(artifactId, get('id', attrs)!.value!, 'artifact id');
      if (seen.has(artifactId))
        add(
          atom('duplicate_artifact_ids'),
          get('id', attrs)!.value!,
          `artifact id '${artifactId}' is used twice; artifact ids must be unique`,
        );
      seen.set(artifactId, item);
      model.artifactIds.push(artifactId);
    }
    const repo = requiredString(attrs, 'repo', path, item);
    if (repo !== undefined && isMap(reposNode) && !declared.has(repo)) {
      add(
        tuple(atom('unknown_artifact_repo'), artifactId ?? null, repo),
        get('repo', attrs)!.value!,
        `artifact repo '${repo}' is not a declared repository${didYouMean(repo, [...declared])}`,
      );
    }
    requiredString(attrs, 'project', path, item);
    const type = get('type', attrs);
    const typeTerm = term(type);
    if (type && typeTerm !== null && typeTerm !== false && typeTerm !== 'escript') {
      add(
        tuple(atom('unsupported_artifact_type'), artifactId ?? null, typeTerm),
        type.value!,
        "the only artifact type is 'escript'",
      );
    }
  });

  for (const [key, kind] of [
    ['workspace_root', 'data'],
    ['runtime_root', 'state'],
  ] as const) {
    const e = get(key, sections.operator);
    const v = term(e);
    if (v === null || v === 'auto') continue;
    if (typeof v !== 'string')
      add(
        tuple(atom('invalid_workspace_root'), atom(kind), v),
        e!.value!,
        `operator.${key} must be "auto" or an absolute path`,
      );
    else if (!v.startsWith('/'))
      add(
        tuple(atom('workspace_root_not_absolute'), v),
        e!.value!,
        `operator.${key} must be "auto" or an absolute path, not a relative one`,
      );
  }
  return model;

  function stringList(e: Entry | undefined, what: string): Located<string>[] {
    const v = term(e);
    if (v === null) return [];
    const node = tree.resolve(e!.value);
    if (!isSeq(node) || !tree.items(node).every((n) => typeof termOf(tree, n) === 'string')) {
      add(tuple(atom('invalid_string_list'), v), e!.value!, `'${what}' must be a list of strings`);
      return [];
    }
    return tree.items(node).map((n) => ({ value: termOf(tree, n) as string, node: n }));
  }
}

/** `validate_relative_packet_path/1`: relative, and still inside the repository once `..` is resolved. */
function escapes(path: string): boolean {
  if (path.startsWith('/')) return true;
  let depth = 0;
  for (const segment of path.split('/')) {
    if (segment === '..') depth--;
    else if (segment !== '' && segment !== '.') depth++;
    if (depth < 0) return true;
  }
  return false;
}

/** The oldest release a `requires.prompt_runner` string admits: the release the workspace is linted as. */
function requiredVersion(text: string): string | undefined {
  const parsed = parseRequirement(text);
  const lowest = 'requirement' in parsed ? lowestRelease(parsed.requirement) : undefined;
  return lowest ? versionText(lowest) : undefined;
}
