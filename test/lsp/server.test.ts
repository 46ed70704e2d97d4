import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LspClient, positionOf, uriOf, workspace } from '../support/lsp-client.js';

// A pack with two real findings: a terminal state with 'control: agent' (warning, with a fix) and
// a prompt naming a tool the pack does not define (error).
const pack = `id: support
name: Support
version: 1.0.0
template_engine: { version: v1, syntax: "{{variable}}" }
prompts:
  triage:
    id: triage
    name: Triage
    version: 1.0.0
    system_template: Route the request.
    tools: [lookup_order]
  done: { id: done, name: Done, version: 1.0.0, system_template: Wrap up. }
workflow:
  version: 1
  entry: triage
  states:
    triage:
      prompt_task: triage
      on_event: { Resolved: done }
    done:
      prompt_task: done
      terminal: true
      control: agent
`;

describe('language server over stdio (built bin)', () => {
  const ws = workspace({ 'packs/support.promptpack.yaml': pack, 'notes/readme.yaml': 'just: data\n' });
  const client = LspClient.spawn();
  let uri: string;

  beforeAll(async () => {
    await client.initialize(ws.root);
    uri = await client.open(ws.file('packs/support.promptpack.yaml'), pack);
  });
  afterAll(async () => {
    await client.dispose();
    ws.dispose();
  });

  it('publishes diagnostics with exact ranges, severities, rule codes, doc links and related information', async () => {
    const diagnostics = await client.diagnostics(uri, (d) => d.length > 0);
    const control = diagnostics.find((d) => d.code === 'promptpack/control-agent-on-terminal')!;
    expect(control).toBeDefined();
    expect(control.severity).toBe(2);
    expect(control.source).toBe('orchlint');
    expect(control.range).toEqual({
      start: positionOf(pack, 'control: agent'),
      end: positionOf(pack, 'control: agent', 'control'.length),
    });
    expect(control.codeDescription?.href).toMatch(/rules\/promptpack\/control-agent-on-terminal\.md$/);
    expect(control.relatedInformation?.[0]?.location.range.start).toEqual(positionOf(pack, 'terminal: true'));
    expect(control.relatedInformation?.[0]?.location.uri).toBe(uri);
    const tool = diagnostics.find((d) => d.code === 'promptpack/tool-ref')!;
    expect(tool.severity).toBe(1);
    expect(tool.range.start).toEqual(positionOf(pack, 'lookup_order'));
    expect(tool.message).toContain("'lookup_order'");
  });

  it('re-lints on change and publishes for the new version only', async () => {
    const before = client.publications(uri).length;
    const fixed = pack.replace('      control: agent\n', '').replace('    tools: [lookup_order]\n', '');
    const version = await client.change(uri, fixed);
    const diagnostics = await client.diagnostics(uri, (_d, p) => p.version === version, before);
    expect(diagnostics).toEqual([]);
    await client.change(uri, pack);
  });

  it('offers the rule fix and a disable comment as quick fixes', async () => {
    const diagnostics = await client.diagnostics(
      uri,
      (d) => d.some((x) => x.code === 'promptpack/control-agent-on-terminal'),
      client.publications(uri).length - 1,
    );
    const control = diagnostics.filter((d) => d.code === 'promptpack/control-agent-on-terminal');
    const actions = await client.codeActions(uri, control);
    const fix = actions.find((a) => a.title === "Remove 'control: agent'")!;
    expect(fix.kind).toBe('quickfix');
    const edits = fix.edit!.changes![uri]!;
    expect(edits).toHaveLength(1);
    expect(edits[0]!.newText).toBe('');
    expect(edits[0]!.range).toEqual({
      start: { line: positionOf(pack, 'control: agent').line, character: 0 },
      end: { line: positionOf(pack, 'control: agent').line + 1, character: 0 },
    });
    const disable = actions.find((a) => a.title === 'Disable promptpack/control-agent-on-terminal for this line')!;
    const insert = disable.edit!.changes![uri]![0]!;
    expect(insert.range.start).toEqual({ line: positionOf(pack, 'control: agent').line, character: 0 });
    expect(insert.newText).toBe('      # orchlint-disable-next-line promptpack/control-agent-on-terminal -- reason\n');
  });

  it('shows the rule summary and basis on hover over a finding', async () => {
    const hover = await client.hover(uri, positionOf(pack, 'lookup_order', 3));
    const text = (hover?.contents as { value: string }).value;
    expect(text).toContain('**promptpack/tool-ref** (error)');
    expect(text).toContain('Basis: Prompt.tools');
  });

  it('survives a document that does not parse, and keeps serving', async () => {
    const broken = '{{{ [ : : \n\t- "unterminated\n' + '['.repeat(5000);
    const bad = await client.open(ws.file('packs/broken.pack.json'), broken, 'json');
    const diagnostics = await client.diagnostics(bad, (d) => d.length > 0);
    expect(diagnostics.every((d) => typeof d.code === 'string' && String(d.code).startsWith('core/'))).toBe(true);
    expect(diagnostics[0]!.range.start.line).toBeGreaterThanOrEqual(0);
    const hover = await client.hover(bad, { line: 0, character: 2 });
    expect(hover === null || typeof hover === 'object').toBe(true);
    await client.completion(bad, { line: 1, character: 3 });
    // Still alive: the good pack answers as before.
    const again = await client.hover(uri, positionOf(pack, 'lookup_order', 3));
    expect((again?.contents as { value: string }).value).toContain('promptpack/tool-ref');
    expect(client.exited).toBe(false);
  });

  it('says nothing about files no dialect claims', async () => {
    const other = await client.open(ws.file('notes/readme.yaml'), 'just: data\n');
    // Opened documents are linted in the order they were opened: once a pack opened after it is
    // heard from, the unclaimed file has had its turn.
    const after = await client.open(ws.file('packs/after.promptpack.yaml'), pack);
    expect((await client.diagnostics(after)).length).toBeGreaterThan(0);
    expect(client.publications(other)).toEqual([]);
    expect(uriOf(ws.file('notes/readme.yaml'))).toBe(other);
  });
});
