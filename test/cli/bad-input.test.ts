import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orchlintInProcess } from '../support/cli-in-process.js';
import { columnOf, lineOf, makeTempDir, removeDir, runCli, writeTree, type CliResult } from '../support/cli.js';
import { cleanPack, cleanPackJson, errorPack } from '../support/packs.js';

/**
 * Hostile and broken input through the CLI: every case ends in bounded time with positioned
 * findings (or one clear line), the right exit code, and never a stack trace. The cases run the
 * CLI's main in-process; what the terminal shows and a run under a heap limit spawn the built binary.
 */

interface Finding {
  rule: string;
  severity: string;
  message: string;
  range: { start: { line: number; column: number }; end: { line: number; column: number } };
  related?: Array<{ message: string; range: { start: { line: number; column: number } } }>;
}
interface Report {
  files: Array<{ path: string; dialect: string }>;
  diagnostics: Finding[];
}

let dir: string;
beforeAll(() => {
  dir = makeTempDir();
});
afterAll(() => removeDir(dir));

/** Writes one file and lints it, named explicitly, with the JSON report; stderr must stay empty. */
async function lint(
  file: string,
  content: string | Uint8Array,
  extra: string[] = [],
): Promise<{ result: CliResult; findings: Finding[] }> {
  writeTree(dir, { [file]: content });
  const result = await orchlintInProcess(['--format', 'json', ...extra, file], { cwd: dir });
  expect(result.stderr).toBe('');
  const report = JSON.parse(result.stdout) as Report;
  return { result, findings: report.diagnostics };
}

const at = (f: Finding) => [f.range.start.line, f.range.start.column] as const;
const withRule = (findings: Finding[], rule: string) => findings.filter((f) => f.rule === rule);
const crlf = (text: string) => text.replace(/\n/g, '\r\n');
const bom = (text: string) => '\uFEFF' + text;

describe('YAML and JSON syntax errors point at the line to fix', () => {
  const cases: Array<[name: string, file: string, text: string, line: number, column: number]> = [
    (() => {
      const text = cleanPack.replace('tools: [lookup_order]', 'tools: [lookup_order');
      return [
        'an unclosed [ (at the [)',
        'unclosed-flow.promptpack.yaml',
        text,
        lineOf(text, 'tools: ['),
        columnOf(text, '[lookup_order'),
      ] as const;
    })(),
    (() => {
      const text = cleanPack.replace(
        'system_template: Ask for the order number.',
        'system_template: "Ask for the order number.',
      );
      return [
        'an unclosed " (at the ")',
        'unclosed-quote.promptpack.yaml',
        text,
        lineOf(text, '"Ask'),
        columnOf(text, '"Ask'),
      ] as const;
    })(),
    (() => {
      const text = cleanPack.replace('    name: Answer\n', '   name: Answer\n');
      return [
        'a key indented one space too little',
        'bad-indent.promptpack.yaml',
        text,
        lineOf(text, '   name: Answer'),
        4,
      ] as const;
    })(),
    (() => {
      const text = cleanPack.replace(
        '    version: 1.0.0\n    system_template: Ask',
        '\tversion: 1.0.0\n    system_template: Ask',
      );
      return ['a tab used as indentation', 'tab-indent.promptpack.yaml', text, lineOf(text, '\tversion'), 1] as const;
    })(),
    (() => {
      const text = cleanPackJson.replace('"name": "Order help",', '"name": "Order help"');
      return [
        'a missing comma in JSON (where the next member starts)',
        'missing-comma.pack.json',
        text,
        lineOf(text, '"Order help"') + 1,
        3,
      ] as const;
    })(),
    (() => {
      const text = cleanPackJson.trimEnd().replace(/\}$/, '');
      return ['an unclosed { in JSON (at the {)', 'unclosed.pack.json', text, 1, 1] as const;
    })(),
    (() => {
      const text = crlf(cleanPack.replace('tools: [lookup_order]', 'tools: [lookup_order'));
      return [
        'an unclosed [ in a CRLF file',
        'unclosed-crlf.promptpack.yaml',
        text,
        lineOf(text, 'tools: ['),
        columnOf(text, '[lookup_order'),
      ] as const;
    })(),
  ];

  it.concurrent.each(cases)('%s', async (_name, file, text, line, column) => {
    const { result, findings } = await lint(`syntax/${file}`, text);
    const syntax = withRule(findings, file.endsWith('.json') ? 'core/json-syntax' : 'core/yaml-syntax');
    expect(at(syntax[0]!)).toEqual([line, column]);
    expect(syntax.every((f) => f.severity === 'error')).toBe(true);
    expect(result.code).toBe(1);
  });

  it('an unclosed bracket also points at where the parser gave up', async () => {
    const text = cleanPack.replace('tools: [lookup_order]', 'tools: [lookup_order');
    const { findings } = await lint('syntax/unclosed-related.promptpack.yaml', text);
    const [finding] = withRule(findings, 'core/yaml-syntax');
    expect(finding!.message).toContain("add the matching ']'");
    expect(finding!.related?.[0]?.range.start.line).toBeGreaterThan(lineOf(text, 'tools: ['));
  });
});

describe('documents that are not a mapping', () => {
  it.concurrent.each([
    ['a list', 'list.promptpack.yaml', '- id: one\n- id: two\n', 'promptpack/not-a-mapping'],
    ['a scalar', 'scalar.promptpack.yaml', 'just some words\n', 'promptpack/not-a-mapping'],
    ['a JSON array', 'array.pack.json', '[1, 2, 3]\n', 'promptpack/not-a-mapping'],
    ['an empty file', 'empty.promptpack.yaml', '', 'promptpack/empty-file'],
    ['an empty JSON file', 'empty.pack.json', '', 'promptpack/empty-file'],
    [
      'a file with only comments',
      'comments.promptpack.yaml',
      '# a pack will go here\n# later\n',
      'promptpack/empty-file',
    ],
    ['only whitespace', 'blank.promptpack.yaml', '\n   \n\n', 'promptpack/empty-file'],
  ])('%s: one error at 1:1', async (_name, file, text, rule) => {
    const { result, findings } = await lint(`root/${file}`, text);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ rule, severity: 'error' });
    expect(at(findings[0]!)).toEqual([1, 1]);
    expect(result.code).toBe(1);
  });
});

describe('encodings and line endings', () => {
  const toolRef = (findings: Finding[]) => withRule(findings, 'promptpack/tool-ref').map((f) => f.range);
  const expected = {
    start: { line: lineOf(errorPack, 'lookup_orders'), column: columnOf(errorPack, 'lookup_orders') },
    end: {
      line: lineOf(errorPack, 'lookup_orders'),
      column: columnOf(errorPack, 'lookup_orders') + 'lookup_orders'.length,
    },
  };

  it.concurrent.each([
    ['LF', 'lf.promptpack.yaml', errorPack],
    ['CRLF', 'crlf.promptpack.yaml', crlf(errorPack)],
    ['lone CR', 'cr.promptpack.yaml', errorPack.replace(/\n/g, '\r')],
    ['a byte order mark', 'bom.promptpack.yaml', bom(errorPack)],
    ['a byte order mark and CRLF', 'bom-crlf.promptpack.yaml', bom(crlf(errorPack))],
  ])('%s: the finding has the same line and column', async (_name, file, text) => {
    const { result, findings } = await lint(`encoding/${file}`, text);
    expect(toolRef(findings)).toEqual([expected]);
    expect(findings.filter((f) => f.rule.startsWith('core/'))).toEqual([]);
    expect(result.code).toBe(1);
  });

  it('a JSON pack with a byte order mark is clean', async () => {
    const { result, findings } = await lint('encoding/bom.pack.json', bom(cleanPackJson));
    expect(findings).toEqual([]);
    expect(result.code).toBe(0);
  });

  it('a tab inside a line is fine, and columns count it as one', async () => {
    const text = errorPack.replace('tools: [lookup_orders]', 'tools:\t[lookup_orders]');
    const { findings } = await lint('encoding/tab-inside.promptpack.yaml', text);
    expect(withRule(findings, 'promptpack/tool-ref').map(at)).toEqual([
      [lineOf(text, 'lookup_orders'), columnOf(text, 'lookup_orders')],
    ]);
    expect(findings.filter((f) => f.rule.startsWith('core/'))).toEqual([]);
    const stylish = await runCli(['encoding/tab-inside.promptpack.yaml'], { cwd: dir });
    const lines = stylish.stdout.split('\n');
    const excerpt = lines.findIndex((l) => l.includes('| ') && l.includes('[lookup_orders]'));
    const source = lines[excerpt]!.slice(lines[excerpt]!.indexOf('| ') + 2);
    const underline = lines[excerpt + 1]!.slice(lines[excerpt + 1]!.indexOf('| ') + 2);
    expect(source).not.toContain('\t');
    expect(underline.indexOf('^')).toBe(source.indexOf('lookup_orders'));
  });

  it('invalid UTF-8: an error on the first bad byte, and the rest is still linted', async () => {
    const head = Buffer.from(cleanPack.slice(0, cleanPack.indexOf('Order help') + 'Order '.length), 'utf8');
    const tail = Buffer.from(cleanPack.slice(cleanPack.indexOf('Order help') + 'Order '.length), 'utf8');
    const { result, findings } = await lint(
      'encoding/latin1.promptpack.yaml',
      Buffer.concat([head, Buffer.from([0xe9, 0x28]), tail]),
    );
    const encoding = withRule(findings, 'core/encoding');
    expect(encoding).toHaveLength(1);
    expect(at(encoding[0]!)).toEqual([
      lineOf(cleanPack, 'Order help'),
      columnOf(cleanPack, 'Order help') + 'Order '.length,
    ]);
    expect(encoding[0]!.message).toContain('UTF-8');
    expect(findings.filter((f) => f.rule !== 'core/encoding')).toEqual([]);
    expect(result.code).toBe(1);
  });

  it('a U+FFFD that the file really holds is not an encoding error', async () => {
    const { findings } = await lint(
      'encoding/replacement-char.promptpack.yaml',
      cleanPack.replace('Order help', 'Order \uFFFD help'),
    );
    expect(withRule(findings, 'core/encoding')).toEqual([]);
  });
});

describe('hostile documents end fast with one finding', () => {
  const billionLaughs = [
    'lol0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]',
    ...Array.from({ length: 9 }, (_, i) => `lol${i + 1}: &a${i + 1} [${Array(9).fill(`*a${i}`).join(', ')}]`),
  ].join('\n');

  it.concurrent.each([
    ['an alias bomb (billion laughs)', 'alias-bomb.promptpack.yaml', billionLaughs + '\n', /alias/],
    ['100k nested [', 'deep-flow.promptpack.yaml', '['.repeat(100_000) + '\n', /nested too deeply/],
    [
      '100k nested JSON objects',
      'deep.pack.json',
      '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000) + '\n',
      /nested too deeply/,
    ],
    ['100k nested block sequences', 'deep-dash.promptpack.yaml', '- '.repeat(100_000) + 'x\n', /nested too deeply/],
  ])('%s', async (_name, file, text, message) => {
    const { result, findings } = await lint(`hostile/${file}`, text);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ rule: 'core/yaml-syntax', severity: 'error' });
    expect(findings[0]!.message).toMatch(message);
    expect(result.code).toBe(1);
  });

  it('duplicate keys: core/duplicate-key on the whole second key, the first as related', async () => {
    const text = cleanPack.replace('version: 1.0.0\n', 'version: 1.0.0\nname: Order help, again\n');
    const { result, findings } = await lint('hostile/duplicate.promptpack.yaml', text);
    const dup = withRule(findings, 'core/duplicate-key');
    expect(dup).toHaveLength(1);
    expect(dup[0]!.range).toEqual({
      start: { line: lineOf(text, 'again'), column: 1 },
      end: { line: lineOf(text, 'again'), column: 5 },
    });
    expect(dup[0]!.message).toContain("'name'");
    expect(dup[0]!.related?.[0]?.range.start).toEqual({ line: lineOf(text, 'name: Order help'), column: 1 });
    expect(result.code).toBe(1);
  });

  it('duplicate keys in JSON, nested: at the second key', async () => {
    const text = cleanPackJson.replace('"Asked": "answer"', '"Asked": "answer",\n          "Asked": "ask"');
    const { findings } = await lint('hostile/duplicate.pack.json', text);
    const dup = withRule(findings, 'core/duplicate-key');
    expect(dup.map(at)).toEqual([[lineOf(text, '"Asked": "ask"'), columnOf(text, '"Asked": "ask"')]]);
  });
});

describe('binary files', () => {
  const binary = Buffer.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x1b, 0x5b, 0x33, 0x31, 0x6d,
  ]);

  it('named explicitly: one warning, exit 0, and no control character reaches the terminal', async () => {
    const { result, findings } = await lint('binary/logo.pack.json', binary);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ rule: 'core/unknown-format', severity: 'warning' });
    expect(result.code).toBe(0);
    const stylish = await runCli(['binary/logo.pack.json'], { cwd: dir });
    expect(stylish.stdout).toContain('[core/unknown-format]');
    expect(stylish.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f]/);
  });

  it('inside a walked folder: skipped silently', async () => {
    writeTree(dir, {
      'walked/clean.pack.json': cleanPackJson,
      'walked/logo.pack.json': binary,
      'walked/data.yaml': binary,
    });
    const result = await runCli(['--format', 'json', 'walked'], { cwd: dir });
    const report = JSON.parse(result.stdout) as Report;
    expect(report.files).toEqual([{ path: 'walked/clean.pack.json', dialect: 'promptpack' }]);
    expect(report.diagnostics).toEqual([]);
    expect(result.code).toBe(0);
  });
});

describe('a 10 MB pack', () => {
  /** About 2,000 prompts with 5 KB templates: the size of the largest real packs, many times over. */
  function bigPack(bytes: number): string {
    const paragraph =
      '      You are a careful assistant. Read the {{topic}} request, check each fact against the sources, and answer plainly.\n';
    const parts = [cleanPack.slice(0, cleanPack.indexOf('prompts:\n') + 'prompts:\n'.length)];
    let size = parts[0]!.length;
    for (let i = 0; size < bytes; i++) {
      const prompt = `  p${i}:\n    id: p${i}\n    name: Prompt ${i}\n    version: 1.0.0\n    system_template: |\n${paragraph.repeat(40)}`;
      parts.push(prompt);
      size += prompt.length;
    }
    parts.push(cleanPack.slice(cleanPack.indexOf('  ask:\n')));
    return parts.join('');
  }

  it('is over the default size limit: one core/file-too-large, and nothing parsed', async () => {
    writeTree(dir, { 'big/huge.promptpack.yaml': bigPack(10 * 1024 * 1024) });
    const result = await runCli(['--format', 'json', 'big/huge.promptpack.yaml'], {
      cwd: dir,
      nodeOptions: ['--max-old-space-size=64'],
    });
    const report = JSON.parse(result.stdout) as Report;
    expect(report.diagnostics.map((d) => [d.rule, d.severity])).toEqual([['core/file-too-large', 'error']]);
    expect(result.code).toBe(1);
  });

  it('with the limit raised, is linted within the test timeout and a 512 MB heap', { timeout: 120_000 }, async () => {
    const text = bigPack(10 * 1024 * 1024);
    expect(text.length).toBeGreaterThanOrEqual(10 * 1024 * 1024);
    writeTree(dir, { 'big/huge.promptpack.yaml': text });
    const result = await runCli(['--format', 'json', '--max-file-size', '11MiB', 'big/huge.promptpack.yaml'], {
      cwd: dir,
      nodeOptions: ['--max-old-space-size=512'],
      killAfterMs: 115_000,
    });
    expect(result.stderr).toBe('');
    const report = JSON.parse(result.stdout) as Report;
    expect(report.files).toEqual([{ path: 'big/huge.promptpack.yaml', dialect: 'promptpack' }]);
    expect(report.diagnostics).toEqual([]);
    expect(result.code).toBe(0);
  });
});
