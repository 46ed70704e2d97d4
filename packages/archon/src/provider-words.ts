import type { ProviderResolution, WorkflowModel } from './model.js';

const USER_SETTINGS = "a user's ~/.archon/config.yaml";

/**
 * How a node's provider was chosen, said for a message when a file's own `provider:` did not choose
 * it: through which preset or default, and whether the user's own settings can change that. Empty for
 * a provider the file writes.
 */
export function providerChoice(model: WorkflowModel, r: ProviderResolution): string {
  const config = model.config?.shown ?? '.archon/config.yaml';
  if (r.source === 'model-ref' && r.preset) {
    const { ref, inProjectConfig } = r.preset;
    const kind = ref.startsWith('@') ? 'aliases' : 'tiers';
    const how = inProjectConfig
      ? `through ${kind}.${ref} of ${config}`
      : `through the default assistant's built-in '${ref}' tier, unless ${USER_SETTINGS} sets tiers.${ref}${model.config?.assistant ? '' : ' or another defaultAssistant'}`;
    return `model '${ref}' resolves to provider '${r.provider}' ${how}`;
  }
  if (r.source === 'assistant')
    return r.userDependent
      ? `it names no provider, and Claude is the default assistant unless ${USER_SETTINGS} picks another`
      : `it names no provider, and ${config} makes '${r.provider}' the assistant`;
  return '';
}
