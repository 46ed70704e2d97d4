import { memoized, type Field, type Located } from '@orchlint/core';
import type { ArchonNode, ProviderResolution, WorkflowModel } from './model.js';

const TIERS: ReadonlySet<string> = new Set(['small', 'medium', 'large']);

/** Node kinds that run a provider session (a loop_group's provider is its body's default). */
const SESSION_KINDS: ReadonlySet<string> = new Set(['command', 'prompt', 'loop', 'loop_group']);

/**
 * The provider each session node of a workflow runs on, found as the engine finds it:
 * - the workflow's `provider:` and `model:` are written onto each node that lacks its own, the model
 *   only onto nodes on the workflow's provider (include-expander.ts collapseWorkflowScope);
 * - a `loop:` node keeps neither of its own (dag-node.ts), a loop_group body node without a provider
 *   runs on its group's (dag-executor.ts executeLoopGroupNode);
 * - then resolveNodeModel (node-model-resolution.ts): a tier keyword or `@alias` in `model:` resolves
 *   through the presets of `.archon/config.yaml`, over the user's `~/.archon/config.yaml`, over the
 *   built-in tiers of the default assistant, and the preset's provider wins over a written one.
 * A workflow outside a project (no `.archon/workflows/` above it) has no config orchlint can read, so
 * its tiers and aliases are left unresolved.
 */
export function providerResolver(model: WorkflowModel): ProviderResolver {
  const workflowProvider = trimmed(located(model.fields.get('provider')));
  const workflowModel = located(model.fields.get('model'));
  const assistant: ProviderResolution = model.config?.assistant
    ? { provider: model.config.assistant, source: 'assistant', userDependent: false }
    : { provider: 'claude', source: 'assistant', userDependent: true };

  const resolve = memoized((node: ArchonNode): ProviderResolution | undefined => {
    if (!node.kind || !SESSION_KINDS.has(node.kind)) return undefined;
    const ownProvider = node.kind === 'loop' ? undefined : trimmed(located(node.fields.get('provider')));
    const ownModel = node.kind === 'loop' ? undefined : located(node.fields.get('model'));
    const written = ownProvider ?? workflowProvider;
    const ref =
      ownModel ??
      (ownProvider === undefined || ownProvider.value === workflowProvider?.value ? workflowModel : undefined);
    const group = node.scope.owner && resolve(node.scope.owner);
    const base: ProviderResolution = written
      ? named(written)
      : group
        ? { provider: group.provider, source: group.source, userDependent: group.userDependent, ...inherited(group) }
        : assistant;
    return throughModelRef(ref, base, written);
  });

  const throughModelRef = (
    ref: Located<string> | undefined,
    base: ProviderResolution,
    written: Located<string> | undefined,
  ): ProviderResolution => {
    const name = ref?.value;
    if (!ref || !name || !(TIERS.has(name) || name.startsWith('@'))) return base;
    // Outside a project the `.archon/config.yaml` a tier or alias resolves through is out of sight: no answer.
    if (!model.discovery) return base;
    const tier = TIERS.has(name);
    const preset = tier ? model.config?.tiers.get(name) : model.config?.aliases.get(name);
    if (!preset && !tier) return { ...base, unknownAlias: ref, userDependent: true };
    // A tier the project leaves unset is the user's to set, else the default assistant's built-in one.
    const provider = preset?.provider ?? assistant.provider;
    const resolved: ProviderResolution = {
      provider,
      source: 'model-ref',
      at: ref,
      preset: { ref: name, inProjectConfig: preset !== undefined },
      userDependent: preset === undefined,
    };
    if (written && written.value !== provider) resolved.overridden = written;
    return resolved;
  };

  return {
    ofNode: resolve,
    // resolveWorkflowModelScope: the workflow's own provider, or a tier or alias its model names.
    ofWorkflow: () =>
      throughModelRef(workflowModel, workflowProvider ? named(workflowProvider) : assistant, workflowProvider),
  };
}

export interface ProviderResolver {
  /** A command, prompt, loop or loop_group node's provider; undefined for other kinds. */
  ofNode(node: ArchonNode): ProviderResolution | undefined;
  /** The provider the workflow's own settings choose (what its workflow-level fields meet). */
  ofWorkflow(): ProviderResolution;
}

function named(provider: Located<string>): ProviderResolution {
  return { provider: provider.value, source: 'provider', at: provider, userDependent: false };
}

/** What a body node takes from its group's resolution: how the provider was chosen, not the group's own findings. */
function inherited(group: ProviderResolution): Partial<ProviderResolution> {
  return {
    ...(group.at ? { at: group.at } : {}),
    ...(group.preset ? { preset: group.preset } : {}),
  };
}

function located(field: Field | undefined): Located<string> | undefined {
  return typeof field?.value === 'string' && field.node
    ? { value: field.value, node: field.node, key: field.key }
    : undefined;
}

/** The engine trims a provider (`z.string().trim().min(1)`); a model it takes as written. */
function trimmed(value: Located<string> | undefined): Located<string> | undefined {
  return value && value.value.trim() !== '' ? { ...value, value: value.value.trim() } : undefined;
}
