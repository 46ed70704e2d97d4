import { defineRule } from '@orchlint/core';
import {
  compareVersions,
  lowestRelease,
  parseRequirement,
  parseVersion,
  versionText,
  type PromptRunnerModel,
} from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/agent-control-workspace-requirement';

const SINCE = parseVersion('0.12.1')!;

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/agent-control-workspace-requirement',
  dialect: 'prompt-runner',
  severity: 'warning',
  clause: 'misbehaves',
  basis:
    'Prompt Runner guides/agent-control.md: "Require the feature in the workspace manifest" (capability agent_control.linear, prompt_runner >= 0.12.1); the installed escript must be 0.12.1 or newer',
  summary:
    'a packet using agent_control should run from a workspace that requires agent_control.linear and Prompt Runner >= 0.12.1',
  check(model, report) {
    if (model.kind !== 'packet' || !model.manifest || !model.agentControl || !model.workspace) return;
    const ws = model.workspace;
    const at = model.agentControl.field.key;
    const source = model.manifest.file.source;
    const related = [
      {
        at: ws.capabilitiesField?.key ?? ws.requiresField?.key ?? { start: 0, end: 0 },
        source: ws.source,
        message: 'the workspace manifest that runs this packet',
      },
    ];
    if (!ws.capabilities.some((c) => c.value === 'agent_control.linear')) {
      report({
        at,
        source,
        related,
        message: `agent_control needs the agent_control.linear capability, and ${ws.source.path} does not require it, so workspace doctor would accept a runner without agent control; add it under requires.capabilities`,
      });
    }
    const parsed = ws.requirement ? parseRequirement(ws.requirement.value) : undefined;
    if (parsed && 'error' in parsed) return;
    const lowest = parsed ? lowestRelease(parsed.requirement) : undefined;
    if (!parsed || (lowest && compareVersions(lowest, SINCE) < 0)) {
      const admits = parsed
        ? `admits ${versionText(lowest!)}`
        : 'sets no requires.prompt_runner, so it admits any release';
      report({
        at,
        source,
        related,
        message: `agent_control needs Prompt Runner 0.12.1 or newer, but ${ws.source.path} ${admits}; require prompt_runner: ">= 0.12.1"`,
      });
    }
  },
});
