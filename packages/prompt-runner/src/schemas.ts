import definitions from '@orchlint/schemas/prompt-runner/definitions.schema.json' with { type: 'json' };
import packet from '@orchlint/schemas/prompt-runner/packet.schema.json' with { type: 'json' };
import prompt from '@orchlint/schemas/prompt-runner/prompt.schema.json' with { type: 'json' };
import workspaceSchema from '@orchlint/schemas/prompt-runner/workspace-v1.schema.json' with { type: 'json' };
import type { PromptRunnerModel } from './model.js';
import { join } from './paths.js';
import { atLeast } from './versions.js';

const ID = 'https://orchlint.dev/schemas/prompt-runner/';

/** A schema file with the shared definitions its `$ref`s point at (one copy of them, in definitions.schema.json). */
function assembled<S extends { $defs: object }>(schema: S, own: Record<string, unknown>): object {
  return { ...schema, ...own, $defs: { ...definitions.$defs, ...schema.$defs } };
}

const packet0_12 = assembled(packet, {
  $id: `${ID}packet-0.12.schema.json`,
  title: 'Prompt Runner packet manifest (0.12)',
});
// From 0.13.0 the runner reads `execution` (agent-owned completion); 0.12 ignores it.
const packet0_13 = assembled(packet, {
  $id: `${ID}packet-0.13.schema.json`,
  title: 'Prompt Runner packet manifest (0.13)',
  properties: { ...packet.properties, execution: packet.$defs['execution-0.13'] },
});
export const promptSchema = assembled(prompt, {});
export { workspaceSchema };

/** The packet manifest's schema for a release. */
export function packetSchema(version: string): object {
  return atLeast(version, '0.13.0') ? packet0_13 : packet0_12;
}

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
