import { defineRule, isMap, spanOfNode, type ReportDescriptor } from '@orchlint/core';
import { migrateLegacyCommand, type Command, type Contract, type PromptRunnerModel } from '@orchlint/prompt-runner';

export const kind = 'legacy_shell_command';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/legacy-shell-command',
  dialect: 'prompt-runner',
  severity: 'warning',
  clause: 'misbehaves',
  basis:
    'Prompt Runner 0.12.1 packet lint `legacy_shell_command`; the fix follows `mix prompt_runner.migrate_contracts`',
  summary: 'verify commands should be structured (exec/args/timeout_ms), not shell strings',
  fixable: true,
  check(model, report) {
    if (model.kind !== 'packet') return;
    for (const c of model.contracts) {
      for (const command of c.commands) {
        if (!command.shell || command.program) continue;
        const fix = structuredFix(c, command);
        report({
          at: command.shell.node ?? command.shell.span,
          source: c.file.source,
          message: 'verify command uses the legacy shell compatibility path; use exec/program plus args/argv',
          ...(fix ? { fix } : {}),
        });
      }
    }
  },
});

/** `timeout N prog args…` rewritten in place as `exec`/`args`/`timeout_ms`, touching only that entry. */
function structuredFix(contract: Contract, command: Command): ReportDescriptor['fix'] {
  const migrated = migrateLegacyCommand(command.shell!.text);
  const node = command.entry.node;
  if ('refused' in migrated || !node) return undefined;
  const q = (s: string) => JSON.stringify(s);
  const parts = [
    `exec: ${q(migrated.exec)}`,
    `args: [${migrated.args.map(q).join(', ')}]`,
    `timeout_ms: ${migrated.timeoutMs}`,
  ];
  const title = `Convert to exec: ${q(migrated.exec)} with timeout_ms: ${migrated.timeoutMs}`;
  if (!command.keys.length) return { title, edits: [{ at: node, newText: `{ ${parts.join(', ')} }` }] };
  if (command.keys.some((k) => ['exec', 'program', 'args', 'argv', 'timeout_ms'].includes(k.key.value)))
    return undefined;
  const pair = command.keys.find((k) => k.node === command.shell!.node);
  if (!pair?.node) return undefined;
  const start = spanOfNode(pair.key.node).start;
  const text = contract.file.source.text;
  const column = start - text.lastIndexOf('\n', start - 1) - 1;
  const flow = isMap(node) && node.flow === true;
  return {
    title,
    edits: [
      { at: { start, end: spanOfNode(pair.node).end }, newText: parts.join(flow ? ', ' : `\n${' '.repeat(column)}`) },
    ],
  };
}
