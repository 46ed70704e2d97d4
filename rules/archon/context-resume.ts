import { defineRule } from '@orchlint/core';
import { CAPABILITIES, isProvider, SESSION_KINDS, type WorkflowModel } from '@orchlint/archon';

export default defineRule<WorkflowModel>({
  id: 'archon/context-resume',
  dialect: 'archon',
  severity: 'error',
  clause: 'rejected',
  basis:
    'dag-node.ts and loader.ts: "\'context.resume\' is only supported on command and prompt nodes", "… inside a loop_group body", "… references unknown node", "… is not a session-producing …", "… is not an upstream dependency", provider and sessionFork checks',
  summary: 'context.resume must fork an upstream session the provider can fork',
  check(model, report) {
    for (const node of model.nodes) {
      const resume = node.blocks.get('context')?.byKey.get('resume');
      if (!resume?.node) continue;
      const at = resume.node;
      const source = resume.value;
      const fail = (message: string) =>
        report({ at, message: `${node.label}: ${message}; Archon refuses to load the workflow` });
      if (node.kind !== 'command' && node.kind !== 'prompt') {
        fail("'context.resume' is only supported on command and prompt nodes; use context: fresh or shared here");
        continue;
      }
      if (node.scope.owner) {
        fail(
          'context.resume inside a loop_group body is not supported; use fresh_context on the loop_group, or context: shared',
        );
        continue;
      }
      if (typeof source !== 'string') continue;
      const producer = node.scope.byId.get(source);
      if (!producer) {
        fail(`context.resume references unknown node '${source}'`);
        continue;
      }
      if (!producer.kind || !SESSION_KINDS.has(producer.kind)) {
        fail(`context.resume source '${source}' is not a session-producing command, prompt or loop node`);
        continue;
      }
      if (!model.analysis.upstream(node).has(producer)) {
        fail(`context.resume source '${source}' is not an upstream dependency; add it to depends_on`);
        continue;
      }
      const mine = node.provider?.value;
      const theirs = producer.provider?.value;
      if (mine && theirs && mine !== theirs)
        fail(`context.resume source '${source}' uses provider '${theirs}', but the consumer uses '${mine}'`);
      else if (isProvider(mine) && !CAPABILITIES[mine].has('sessionFork')) {
        fail(
          `context.resume requires immutable session forks, but provider '${mine}' does not support sessionFork (claude and pi do)`,
        );
      }
    }
  },
});
