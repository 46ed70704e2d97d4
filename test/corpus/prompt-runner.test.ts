import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '@orchlint/cli';
import { hasShared, sharedDir } from '../support/paths.js';
import { needsCorpus } from '../support/needs.js';

const corpus = path.join(sharedDir, 'corpus/prompt_runner');

interface Expected {
  packet: string;
  findings: Record<string, number>;
  pass: boolean;
}

interface Report {
  findings: Array<{ kind: string; severity: string; file: string | null; prompt_id: string | null }>;
  errors: number;
  warnings: number;
  'pass?': boolean;
  'strict?': boolean;
}

/** `orchlint packet lint DIR --json [--strict]` (the CLI's own entry point, in process): report and exit code. */
async function packetLint(dir: string, strict: boolean): Promise<{ report: Report; status: number }> {
  let out = '';
  const io = { stdout: (s: string) => void (out += s), stderr: () => {}, color: false };
  const status = await main(['packet', 'lint', dir, '--json', ...(strict ? ['--strict'] : [])], io);
  return { report: JSON.parse(out), status };
}

const countKinds = (report: Report) => {
  const counts: Record<string, number> = {};
  for (const f of report.findings) counts[f.kind] = (counts[f.kind] ?? 0) + 1;
  return counts;
};

describe('Prompt Runner corpus: packet lint on the example packets (EXPECTED.json)', needsCorpus, () => {
  const packets: Expected[] = hasShared
    ? JSON.parse(readFileSync(path.join(corpus, 'EXPECTED.json'), 'utf8')).packets
    : [];
  for (const expected of packets) {
    const dir = path.join(corpus, expected.packet);
    it(`${expected.packet}: exact finding counts per kind, pass? ${expected.pass}`, async () => {
      const { report, status } = await packetLint(dir, false);
      expect(countKinds(report)).toEqual(expected.findings);
      expect(report['pass?']).toBe(expected.pass);
      expect(status).toBe(expected.pass ? 0 : 1);
      expect(report.warnings + report.errors).toBe(report.findings.length);
    });
    it(`${expected.packet} --strict: every finding an error, pass? false, exit 1`, async () => {
      const { report, status } = await packetLint(dir, true);
      expect(countKinds(report)).toEqual(expected.findings);
      expect(report['strict?']).toBe(true);
      expect(report.findings.every((f) => f.severity === 'error')).toBe(true);
      expect(report.errors).toBe(Object.values(expected.findings).reduce((a, b) => a + b, 0));
      expect(report.warnings).toBe(0);
      expect(report['pass?']).toBe(false);
      expect(status).toBe(1);
    });
  }
});
