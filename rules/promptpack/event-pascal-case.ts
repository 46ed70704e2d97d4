import { defineRule } from '@orchlint/core';
import type { PackModel } from '@orchlint/promptpack';

const PASCAL_CASE = /^[A-Z][a-zA-Z0-9]*$/;

export default defineRule<PackModel>({
  id: 'promptpack/event-pascal-case',
  dialect: 'promptpack',
  severity: 'info',
  clause: 'note',
  basis: 'RFC 0005: "Event names in on_event should follow PascalCase convention (e.g., GoalDefined, PlanApproved)"',
  summary: 'event names should be PascalCase',
  check(pack, report) {
    for (const state of pack.workflow?.states.values() ?? []) {
      for (const { event, key } of state.onEvent) {
        if (PASCAL_CASE.test(event)) continue;
        const pascal = toPascalCase(event);
        const hint = pascal && pascal !== event ? ` such as '${pascal}'` : '';
        report({
          at: key,
          message:
            `event '${event}' of state '${state.name}' is not PascalCase; RFC 0005 names events like 'PlanApproved' ` +
            `(PromptKit warns too): rename it${hint}, here and wherever prompts or tools emit it`,
        });
      }
    }
  },
});

function toPascalCase(name: string): string {
  return name
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('')
    .replace(/^[^A-Z]+/, '');
}
