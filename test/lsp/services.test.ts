import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LspClient, positionOf, workspace } from '../support/lsp-client.js';

const pack = `id: support
name: Support
version: 1.0.0
template_engine: { version: v1, syntax: "{{variable}}" }
prompts:
  triage: { id: triage, name: Triage, version: 1.0.0, system_template: Route the request. }
  done: { id: done, name: Done, version: 1.0.0, system_template: Wrap up. }
workflow:
  version: 1
  entry: triage
  states:
    triage:
      prompt_task: triage
      control: agent
      on_event: { Resolved: done, Escalate: triage }
    done:
      prompt_task: done
      terminal: true
`;

const jsonPackWith = (start: Record<string, unknown>) =>
  JSON.stringify(
    {
      id: 'j',
      name: 'J',
      version: '1.0.0',
      template_engine: { version: 'v1', syntax: '{{variable}}' },
      prompts: { only: { id: 'only', name: 'Only', version: '1.0.0', system_template: 'Hi.' } },
      workflow: { version: 1, entry: 'start', states: { start: { prompt_task: 'only', ...start } } },
    },
    null,
    2,
  );
const jsonPack = jsonPackWith({ control: 'user', terminal: true });

describe('language server features through the dialect services (built server over stdio)', () => {
  const ws = workspace({ 'support.promptpack.yaml': pack, 'j.pack.json': jsonPack });
  const client = LspClient.spawn();
  let uri: string;
  let jsonUri: string;

  beforeAll(async () => {
    await client.initialize(ws.root);
    uri = await client.open(ws.file('support.promptpack.yaml'), pack);
    jsonUri = await client.open(ws.file('j.pack.json'), jsonPack, 'json');
    await client.diagnostics(uri);
    await client.diagnostics(jsonUri);
  });
  afterAll(async () => {
    await client.dispose();
    ws.dispose();
  });

  it('hovers a field with its JSON Schema description, following $ref and properties', async () => {
    const hover = await client.hover(uri, positionOf(pack, 'control: agent', 2));
    const text = (hover?.contents as { value: string }).value;
    expect(text).toContain('workflow.states.triage.control');
    expect(text).toContain('Who holds the next turn after entering this state (RFC 0014)');
    expect(text).toContain('Allowed: `"user"`, `"agent"`');
  });

  it('hovers a reference with what it points to', async () => {
    const hover = await client.hover(uri, positionOf(pack, 'Resolved: done', 'Resolved: '.length + 1));
    const text = (hover?.contents as { value: string }).value;
    expect(text).toContain('state **done**');
    expect(text).toContain(`Defined at line ${positionOf(pack, '    done:\n').line + 1}`);
  });

  it('goes to the definition of a state and finds its references', async () => {
    const at = positionOf(pack, 'Resolved: done', 'Resolved: '.length);
    const [definition] = await client.definition(uri, at);
    expect(definition?.uri).toBe(uri);
    expect(definition?.range.start).toEqual(positionOf(pack, 'done:\n      prompt_task: done'));
    const refs = await client.references(uri, positionOf(pack, 'entry: triage', 'entry: '.length));
    const lines = refs.map((r) => r.range.start.line).sort((a, b) => a - b);
    // The definition, `entry`, and the `Escalate` edge.
    expect(lines).toEqual(
      [
        positionOf(pack, 'entry: triage').line,
        positionOf(pack, '    triage:\n').line,
        positionOf(pack, 'Escalate: triage').line,
      ].sort((a, b) => a - b),
    );
  });

  it('lists the outline as document symbols', async () => {
    const symbols = await client.symbols(uri);
    const workflow = symbols.find((s) => s.name === 'workflow')!;
    expect(workflow.children?.map((c) => c.name)).toEqual(['triage', 'done']);
    expect(symbols.filter((s) => s.detail === 'prompt').map((s) => s.name)).toEqual(['triage', 'done']);
    const triage = workflow.children![0]!;
    expect(triage.selectionRange.start).toEqual(positionOf(pack, '    triage:\n', 4));
  });

  it('completes enum values and state names from the schema and the outline', async () => {
    const edited = pack.replace('control: agent', 'control: ');
    await client.change(uri, edited);
    const values = await client.completion(uri, positionOf(edited, 'control: ', 'control: '.length));
    expect(values.map((i) => i.label).sort()).toEqual(['agent', 'user']);
    const withTarget = pack.replace('Escalate: triage', 'Escalate: ');
    await client.change(uri, withTarget);
    const targets = await client.completion(uri, positionOf(withTarget, 'Escalate: ', 'Escalate: '.length));
    expect(targets.map((i) => i.label).sort()).toEqual(['done', 'triage']);
    await client.change(uri, pack);
  });

  it('completes the keys a state may still have, on a new line', async () => {
    const edited = pack.replace('      terminal: true\n', '      terminal: true\n      \n');
    await client.change(uri, edited);
    const at = { line: positionOf(edited, '      terminal: true').line + 1, character: 6 };
    const keys = (await client.completion(uri, at)).map((i) => i.label);
    expect(keys).toContain('max_visits');
    expect(keys).toContain('on_event');
    expect(keys).not.toContain('terminal'); // already there
    expect(keys).not.toContain('prompt_task');
    const item = (await client.completion(uri, at)).find((i) => i.label === 'max_visits')!;
    expect(item.textEdit).toMatchObject({ newText: 'max_visits: ' });
    await client.change(uri, pack);
  });

  it('completes in JSON with quotes', async () => {
    const edited = jsonPack.replace('"control": "user"', '"control": ""');
    await client.change(jsonUri, edited);
    const items = await client.completion(jsonUri, positionOf(edited, '"control": ""', '"control": "'.length));
    const agent = items.find((i) => i.label === 'agent')!;
    expect(agent.textEdit).toMatchObject({ newText: '"agent"' });
    await client.change(jsonUri, jsonPack);
  });

  it('offers no disable comment in JSON, where comments do not exist', async () => {
    const bad = jsonPackWith({ terminal: true, control: 'agent' });
    await client.change(jsonUri, bad);
    const diagnostics = await client.diagnostics(jsonUri, (d) =>
      d.some((x) => x.code === 'promptpack/control-agent-on-terminal'),
    );
    const actions = await client.codeActions(
      jsonUri,
      diagnostics.filter((d) => d.code === 'promptpack/control-agent-on-terminal'),
    );
    expect(actions.map((a) => a.title)).toEqual(["Remove 'control: agent'"]);
  });
});
