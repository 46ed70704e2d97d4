import packet0_12 from '@flowlint/schemas/prompt-runner/packet-0.12.schema.json' with { type: 'json' };
import packet0_13 from '@flowlint/schemas/prompt-runner/packet-0.13.schema.json' with { type: 'json' };
import promptSchema from '@flowlint/schemas/prompt-runner/prompt.schema.json' with { type: 'json' };
import workspaceSchema from '@flowlint/schemas/prompt-runner/workspace-v1.schema.json' with { type: 'json' };
import type { PromptRunnerModel } from './model.js';
import { join } from './paths.js';
import { atLeast } from './versions.js';

/** The packet manifest's schema for a release: `execution` is read from 0.13.0 on, ignored before. */
export function packetSchema(version: string): object {
  return atLeast(version, '0.13.0') ? packet0_13 : packet0_12;
}

export { promptSchema, workspaceSchema };

/**
 * The JSON Schema describing the YAML of one file of a unit: the manifest's front matter (for the
 * release the packet is linted against), a prompt's front matter, or a workspace manifest. Other
 * files, those of other units included, get none.
 */
export function fileSchema(model: PromptRunnerModel, path: string): object | undefined {
  const file = join(path);
  if (model.kind === 'workspace') return join(model.source.path) === file ? workspaceSchema : undefined;
  if (model.manifest && join(model.manifest.file.source.path) === file) return packetSchema(model.version);
  return model.prompts.some((p) => join(p.file.source.path) === file) ? promptSchema : undefined;
}
