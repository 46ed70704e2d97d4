import { defineRule, scalarValue } from '@orchlint/core';
import type { PackModel } from '@orchlint/promptpack';

/** Autonomy levels (RFC 0013) under which no one approves an action before it happens. */
const UNAPPROVED: ReadonlyMap<string, string> = new Map([
  ['acts_autonomously', 'acts without a human in the loop'],
  ['acts_with_oversight', 'acts on its own, and a human can only reverse what it did afterwards'],
]);

export default defineRule<PackModel>({
  id: 'promptpack/irreversible-tool-without-approval',
  dialect: 'promptpack',
  severity: 'warning',
  clause: 'misbehaves',
  category: 'security',
  confidence: 'high',
  basis:
    'RFC 0013: ActionScope.reversibility \'irreversible\' — "nothing restores the state and nothing compensates"; Governance.autonomy_level \'acts_with_approval\' — "each consequential action is approved first"',
  summary: 'a prompt can call an irreversible tool and the pack declares no approval before it acts',
  check(pack, report) {
    const tree = pack.tree;
    const governance = tree.nodeAt(['metadata', 'governance', 'autonomy_level']).node;
    const autonomy = scalarValue(governance);
    if (autonomy === 'suggests' || autonomy === 'acts_with_approval') return;
    const used = new Set<string>();
    for (const p of pack.prompts.values()) for (const t of p.tools) if (typeof t.value === 'string') used.add(t.value);
    for (const c of pack.compositions.values())
      for (const s of c.steps) if (typeof s.tool?.value === 'string') used.add(s.tool.value);
    for (const [name, tool] of pack.tools) {
      const reversibility = tree.get(tree.get(tool.node, 'action_scope'), 'reversibility');
      if (scalarValue(reversibility) !== 'irreversible' || !reversibility || !used.has(name)) continue;
      const declared = typeof autonomy === 'string' ? UNAPPROVED.get(autonomy) : undefined;
      if (typeof autonomy === 'string' && !declared) continue;
      report({
        at: reversibility,
        confidence: declared ? 'high' : 'medium',
        message:
          `tool '${name}' is declared irreversible, and ${declared ? `metadata.governance.autonomy_level '${autonomy}' says the agent ${declared}` : 'the pack declares no metadata.governance.autonomy_level, so nothing says an action is approved first'}: ` +
          "one misled call cannot be undone. Declare autonomy_level: acts_with_approval and gate the call (a workflow state with control: user before it), or give the tool a compensating action ('compensable')",
        ...(governance ? { related: [{ at: governance, message: 'the autonomy the pack declares' }] } : {}),
      });
    }
  },
});
