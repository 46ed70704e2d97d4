import type { PacketFinding, PacketReport } from './findings.js';

const ansi = (code: string) => (color: boolean, text: string) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);
const bold = ansi('1');
const cyan = ansi('36');
const red = ansi('31');
const yellow = ansi('33');
const green = ansi('32');

/** Prompt Runner's human report, line for line. */
export function formatHuman(report: PacketReport, color: boolean): string {
  const lines = ['', bold(color, `Packet lint: ${report.packet}`), cyan(color, report.root), ''];
  if (!report.findings.length) lines.push('  no authoring hazards found');
  for (const f of report.findings) {
    lines.push(`  ${label(f, color)} ${f.file ?? '(packet)'}  ${f.kind}`, `          ${f.message}`);
  }
  const summary = `${plural(report.errors, 'error')}, ${plural(report.warnings, 'warning')}`;
  lines.push('', report['pass?'] ? green(color, summary) : red(color, summary));
  return lines.join('\n') + '\n';
}

/** `Jason.encode!(report, pretty: true)`: keys in the order Erlang keeps a small map's keys (sorted). */
export function formatJson(report: PacketReport): string {
  const sorted = {
    errors: report.errors,
    findings: report.findings,
    packet: report.packet,
    'pass?': report['pass?'],
    root: report.root,
    'strict?': report['strict?'],
    warnings: report.warnings,
  };
  return JSON.stringify(sorted, null, 2) + '\n';
}

function label(f: PacketFinding, color: boolean): string {
  return f.severity === 'error' ? red(color, 'ERROR  ') : yellow(color, 'WARNING');
}

function plural(n: number, noun: string): string {
  return n === 1 ? `1 ${noun}` : `${n} ${noun}s`;
}
