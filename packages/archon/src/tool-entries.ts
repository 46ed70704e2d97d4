import { scalarValue } from '@orchlint/core';
import type { Node } from 'yaml';
import { isAiNode, type ArchonNode, type ProviderResolution, type WorkflowModel } from './model.js';

/** One string entry of an AI node's `allowed_tools` or `denied_tools`, with the provider the node runs on. */
export interface ToolEntry {
  node: ArchonNode;
  field: 'allowed_tools' | 'denied_tools';
  item: Node;
  name: string;
  resolution: ProviderResolution;
}

export function* toolEntries(model: WorkflowModel): Generator<ToolEntry> {
  for (const node of model.nodes) {
    const resolution = isAiNode(node) ? model.analysis.provider(node) : undefined;
    if (!resolution) continue;
    for (const field of ['allowed_tools', 'denied_tools'] as const) {
      for (const item of model.tree.items(node.fields.get(field)?.node)) {
        const name = scalarValue(item);
        if (typeof name === 'string') yield { node, field, item, name, resolution };
      }
    }
  }
}
