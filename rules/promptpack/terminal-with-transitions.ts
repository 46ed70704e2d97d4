import { defineRule, entryRemovalSpan } from '@orchlint/core';
import { isTerminal, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/terminal-with-transitions',
  dialect: 'promptpack',
  severity: 'warning',
  clause: 'dropped',
  basis:
    'RFC 0009: "If terminal is true, on_event should be empty or omitted. Validators should warn if a terminal state declares transitions (they would never fire)"',
  summary: 'a terminal state’s on_event transitions never fire',
  fixable: true,
  check(pack, report) {
    for (const state of pack.workflow?.states.values() ?? []) {
      if (!isTerminal(state) || state.onEvent.length === 0) continue;
      const onEvent = state.onEventNode!;
      const events = state.onEvent.map((e) => e.event).join(', ');
      const span = entryRemovalSpan(pack.tree, onEvent);
      report({
        at: onEvent.key ?? onEvent.node,
        message:
          `state '${state.name}' is terminal, so the workflow ends after its prompt and its transitions (${events}) never fire; ` +
          `remove on_event, or drop 'terminal: true' if the workflow should go on from here`,
        related: [{ at: state.terminal!.key ?? state.terminal!.node, message: 'the workflow completes here' }],
        ...(span && { fix: { title: "Remove the terminal state's on_event", edits: [{ at: span, newText: '' }] } }),
      });
    }
  },
});
