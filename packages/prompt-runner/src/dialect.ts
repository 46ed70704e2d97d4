import { coreFinding, Source, type Dialect, type Host, type LoadResult } from '@orchlint/core';
import type { PromptRunnerModel } from './model.js';
import { loadLonePrompt, loadPacket, MANIFEST, type LoadedPacket } from './packet.js';
import { basename, dirname, join } from './paths.js';
import { fileSchema } from './schemas.js';
import { promptRunnerGraph, promptRunnerOutline, promptRunnerReferenceSlots } from './services.js';
import { DEFAULT_VERSION, explicitVersion, promptRunnerTarget } from './versions.js';
import { WORKSPACE_MARK } from './workspace-link.js';
import { buildWorkspace } from './workspace.js';

const YAML_FILE = /\.ya?ml$/i;

export const promptRunner: Dialect<PromptRunnerModel> = {
  id: 'prompt-runner',
  defaultTarget: DEFAULT_VERSION,
  targets: [promptRunnerTarget],

  detect(path, text) {
    const name = basename(path);
    if (name === MANIFEST) return 'unit';
    if (YAML_FILE.test(name) && WORKSPACE_MARK.test(text.length > 200_000 ? text.slice(0, 200_000) : text))
      return 'unit';
    return name.endsWith('.prompt.md') ? 'member' : false;
  },

  load(source, host, targets): LoadResult<PromptRunnerModel> {
    const version = explicitVersion(targets);
    const own = join(source.path);
    const read = (path: string): Source | undefined => {
      if (join(path) === own) return source;
      const text = host.readFile(path);
      return text === undefined ? undefined : new Source(path, text);
    };
    const name = basename(source.path);
    if (name === MANIFEST) return mainFirst(source, loadPacket(dirname(source.path), host, read, version));
    if (YAML_FILE.test(name) && WORKSPACE_MARK.test(source.text)) {
      const model = buildWorkspace(source, version);
      return { model, diagnostics: model.tree.diagnostics, sources: [source] };
    }
    if (name.endsWith('.md')) {
      const packet = owningPacket(source, host, read, version);
      if (packet)
        return packet.model.prompts.some((p) => p.file.source === source) ? mainFirst(source, packet) : nothing(source);
      if (name.endsWith('.prompt.md')) return mainFirst(source, loadLonePrompt(source, version));
    }
    return {
      model: undefined,
      diagnostics: [
        coreFinding(
          source,
          { start: 0, end: 0 },
          'core/unknown-format',
          `not a Prompt Runner file: expected ${MANIFEST}, a prompt (*.prompt.md) in a packet, or a workspace manifest (schema: prompt_runner.workspace/v1)`,
        ),
      ],
      sources: [source],
    };
  },

  graph: promptRunnerGraph,
  outline: promptRunnerOutline,
  schema: fileSchema,
  referenceSlots: promptRunnerReferenceSlots,
};

/** The packet whose manifest is nearest above the file (a prompt, checklist, template or doc of it). */
function owningPacket(
  source: Source,
  host: Host,
  read: (p: string) => Source | undefined,
  version: string | undefined,
): LoadedPacket | undefined {
  for (let dir = dirname(source.path); ; dir = dirname(dir)) {
    if (host.readFile(join(dir, MANIFEST)) !== undefined) return loadPacket(dir, host, read, version);
    if (dirname(dir) === dir || host.readDir(dirname(dir)) === undefined) return undefined;
  }
}

function mainFirst(source: Source, loaded: LoadedPacket | undefined): LoadResult<PromptRunnerModel> {
  if (!loaded) return nothing(source);
  return {
    model: loaded.model,
    diagnostics: loaded.diagnostics,
    sources: [source, ...loaded.sources.filter((s) => s !== source)],
  };
}

function nothing(source: Source): LoadResult<PromptRunnerModel> {
  return { model: undefined, diagnostics: [], sources: [source] };
}
