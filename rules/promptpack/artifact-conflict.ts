import { defineRule } from '@orchlint/core';
import { stringOf, type ArtifactDef, type PackModel } from '@orchlint/promptpack';

export default defineRule<PackModel>({
  id: 'promptpack/artifact-conflict',
  dialect: 'promptpack',
  severity: 'warning',
  clause: 'misbehaves',
  basis:
    'derived from RFC 0009: artifact slots share one workflow-wide namespace (the same name in two states is the same artifact)',
  summary: 'one artifact declared with different type or mode in two states',
  check(pack, report) {
    const first = new Map<string, { state: string; def: ArtifactDef }>();
    for (const state of pack.workflow?.states.values() ?? []) {
      for (const def of state.artifacts) {
        const earlier = first.get(def.name);
        if (!earlier) {
          first.set(def.name, { state: state.name, def });
          continue;
        }
        for (const field of ['type', 'mode'] as const) {
          const mine = describe(def, field);
          const theirs = describe(earlier.def, field);
          if (mine === undefined || theirs === undefined || mine === theirs) continue;
          report({
            at: def[field]?.node ?? def.key.node,
            message:
              `artifact '${def.name}' has ${field} ${mine} in state '${state.name}' but ${theirs} in state '${earlier.state}'; ` +
              `artifacts are workflow-wide, so both declare the same slot: make the ${field}s agree, or rename one of them`,
            related: [
              { at: earlier.def[field]?.node ?? earlier.def.key.node, message: `'${earlier.state}' declares it here` },
            ],
          });
        }
      }
    }
  },
});

/** The field as written, with mode's default (replace) filled in; undefined when it is not a string. */
function describe(def: ArtifactDef, field: 'type' | 'mode'): string | undefined {
  const value = def[field] ? stringOf(def[field]) : field === 'mode' ? 'replace' : undefined;
  return value === undefined ? undefined : `'${value}'`;
}
