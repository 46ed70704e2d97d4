import { defineRule } from '@orchlint/core';
import { atLeast, type PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/workspace-packet-binding';

/** The release whose manifest schema added `packet:`. */
const SINCE = '0.12.1';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/workspace-packet-binding',
  dialect: 'prompt-runner',
  severity: 'warning',
  clause: 'misbehaves',
  basis:
    'Prompt Runner 0.12.1 Workspace.Manifest: `packet` joined the strict root keys; releases before it reject the manifest with {:unknown_workspace_keys, [], ["packet"]}',
  summary: 'a workspace with a packet: binding must not admit Prompt Runner releases older than 0.12.1',
  check(model, report) {
    if (model.kind !== 'workspace') return;
    const packet = model.packetField;
    const oldest = model.oldestAdmitted;
    if (!packet || !oldest || atLeast(oldest, SINCE) || !model.requirement) return;
    report({
      at: packet.key.node,
      message: `requires.prompt_runner ${JSON.stringify(model.requirement.value)} admits ${oldest}, but the 'packet:' binding exists only from ${SINCE}: an older runner rejects this manifest as having an unknown key 'packet'. Raise the requirement to ">= ${SINCE}"`,
      related: [{ at: model.requirement.node, message: `admits ${oldest}` }],
    });
  },
});
