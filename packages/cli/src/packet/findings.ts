import {
  defaultSettings,
  lintUnit,
  type Diagnostic,
  type Dialect,
  type IgnoreEntries,
  type Source,
  type Span,
} from '@orchlint/core';
import {
  compareBytes,
  FINISH_PROMPT_ID,
  inspect,
  MANIFEST,
  promptRunner,
  type PacketModel,
  type PromptModel,
  type PromptRunnerModel,
} from '@orchlint/prompt-runner';
import { promptRunnerKinds, rules } from '@orchlint/rules';

/** One finding in Prompt Runner's `packet lint` shape. */
export interface PacketFinding {
  file: string | null;
  key?: string;
  kind: string;
  message: string;
  prompt_id: string | null;
  severity: 'error' | 'warning';
}

export interface PacketReport {
  packet: string;
  root: string;
  'strict?': boolean;
  findings: PacketFinding[];
  errors: number;
  warnings: number;
  'pass?': boolean;
}

export interface PacketLintOptions {
  strict: boolean;
  /** `targets['prompt-runner']`: the release to lint against. */
  version?: string;
  /** The config file's entries that silence rules at paths (orchlint's own; the runner has none). */
  ignores?: IgnoreEntries;
}

/** Upstream reports this kind once per id, for no file in particular. */
const FILELESS = new Set(['duplicate_prompt_id']);

/**
 * Lints one packet with every prompt-runner rule and reshapes the diagnostics as Prompt Runner's
 * report: upstream kinds under their own names, orchlint's under their rule ids; info findings are
 * orchlint-only notes and stay out of the drop-in report.
 */
export function lintPacket(
  manifest: Source,
  host: Parameters<Dialect['load']>[1],
  absoluteRoot: string,
  options: PacketLintOptions,
): PacketReport {
  const targets: Record<string, string> = options.version ? { 'prompt-runner': options.version } : {};
  const settings = { ...defaultSettings, targets, ...(options.ignores ? { ignores: options.ignores } : {}) };
  const result = lintUnit(manifest, promptRunner, rules, host, settings);
  const model = result.model as PromptRunnerModel | undefined;
  const packet = model?.kind === 'packet' ? model : undefined;
  const prompts = new Map(packet?.prompts.map((p) => [p.file.source.path, p]));
  const findings = result.diagnostics
    .filter((d) => d.severity !== 'info')
    .map((d) => toFinding(d, packet, prompts.get(d.path), manifest.path, options.strict))
    .sort(
      (a, b) =>
        compareBytes(a.file ?? '', b.file ?? '') || compareBytes(a.kind, b.kind) || compareBytes(a.message, b.message),
    );
  const errors = findings.filter((f) => f.severity === 'error').length;
  return {
    packet: packet?.declaredName ?? basename(absoluteRoot),
    root: absoluteRoot,
    'strict?': options.strict,
    findings,
    errors,
    warnings: findings.length - errors,
    'pass?': errors === 0,
  };
}

function toFinding(
  d: Diagnostic,
  packet: PacketModel | undefined,
  prompt: PromptModel | undefined,
  manifestPath: string,
  strict: boolean,
): PacketFinding {
  const kind = promptRunnerKinds.get(d.rule) ?? d.rule;
  let file: string | null = d.path === manifestPath ? MANIFEST : (prompt?.file.name ?? d.path);
  let promptId: string | null = prompt?.id ?? null;
  if (
    d.path === manifestPath &&
    kind !== 'invalid_agent_control' &&
    inside(d.span, packet?.agentControl?.field.node?.range)
  ) {
    promptId = FINISH_PROMPT_ID;
  }
  if (FILELESS.has(kind)) file = null;
  const key = kind === 'inert_front_matter_key' && typeof d.data?.key === 'string' ? d.data.key : undefined;
  // Keys in the order Jason prints an Elixir map's: sorted.
  return {
    file,
    ...(key ? { key } : {}),
    kind,
    message:
      upstreamMessage(kind, packet) ??
      (typeof d.data?.upstreamMessage === 'string' ? d.data.upstreamMessage : d.message),
    prompt_id: promptId,
    severity: strict ? 'error' : (d.severity as 'error' | 'warning'),
  };
}

/** `orchlint lint` says these in YAML terms; the drop-in keeps the runner's own wording, inspect and all. */
function upstreamMessage(kind: string, packet: PacketModel | undefined): string | undefined {
  const agentControl = packet?.agentControl?.problem;
  if (kind === 'invalid_agent_control' && agentControl)
    return `agent_control is invalid: ${inspect(agentControl.reason)}`;
  const execution = packet?.execution?.problem;
  if (kind === 'invalid_execution_policy' && execution)
    return `execution policy is invalid: ${inspect(execution.reason)}`;
  return undefined;
}

function inside(span: Span, range: readonly number[] | null | undefined): boolean {
  return !!range && span.start >= range[0]! && span.end <= range[1]!;
}

function basename(p: string): string {
  const trimmed = p.replace(/\/+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}
