import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  capabilitiesOf,
  isTimeoutWrapped,
  lowestRelease,
  migrateLegacyCommand,
  parseRequirement,
  regexProblem,
  versionText,
} from '@orchlint/prompt-runner';
import { sharedDir } from '../../../test/support/paths.js';
import { needsCorpus } from '../../../test/support/needs.js';

const corpus = path.join(sharedDir, 'corpus/prompt_runner');
const readCapabilities = (release: string) =>
  readFileSync(path.join(corpus, release, 'priv/capabilities'), 'utf8')
    .split('\n')
    .map((l) => l.replace(/#.*/, '').trim())
    .filter(Boolean);

describe('Elixir version requirements', () => {
  it.each([
    ['>= 0.12.1 and < 0.13.0', '0.12.1'],
    ['~> 0.12', '0.12.0'],
    ['~> 0.12.1 or == 0.11.0', '0.11.0'],
    ['> 0.12.0', '0.12.1'],
    ['>= 0.11.0 and != 0.11.0', '0.11.1'],
    ['0.13.0', '0.13.0'],
    ['>0.12.1', '0.12.2'],
    ['< 0.1.0 and > 0.2.0', undefined],
  ])('%s admits %s first', (text, lowest) => {
    const parsed = parseRequirement(text);
    expect('requirement' in parsed).toBe(true);
    if ('requirement' in parsed) {
      const v = lowestRelease(parsed.requirement);
      expect(v ? versionText(v) : undefined).toBe(lowest);
    }
  });
  it.each(['>= 0.12', '>= 0.12.1 &&', '>= 0.12.1 and', '== 01.0.0', '', 'latest'])('rejects %j', (text) => {
    expect('error' in parseRequirement(text)).toBe(true);
  });
});

describe('capability lists', needsCorpus, () => {
  it.each([
    ['nshkrdotcom__prompt_runner_sdk@v0.12.1', '0.12.1'],
    ['nshkrdotcom__prompt_runner_sdk@v0.13.0-d8a62e0', '0.13.0'],
  ])('match the corpus priv/capabilities of %s', (dir, release) => {
    expect([...capabilitiesOf(release).capabilities]).toEqual(readCapabilities(dir));
  });
});

describe('legacy commands', () => {
  it('finds a timeout wrapper in any segment', () => {
    expect(isTimeoutWrapped('cd app && timeout 60 mix test')).toBe(true);
    expect(isTimeoutWrapped('/usr/bin/timeout 5 make')).toBe(true);
    expect(isTimeoutWrapped('mix test --timeout 60')).toBe(false);
  });
  it('migrates only what migrate_contracts migrates', () => {
    expect(migrateLegacyCommand('timeout 60 mix test --cover "a b"')).toEqual({
      exec: 'mix',
      args: ['test', '--cover', 'a b'],
      timeoutMs: 60000,
    });
    expect(migrateLegacyCommand('mix test')).toEqual({ refused: 'missing_explicit_timeout' });
    expect(migrateLegacyCommand('timeout 60 ./scripts/check.sh')).toEqual({ refused: 'legacy_script' });
    expect(migrateLegacyCommand('timeout 60 bash -lc "mix test"')).toEqual({ refused: 'shell_interpreter' });
    expect(migrateLegacyCommand('timeout 60 mix test | tee out')).toEqual({ refused: 'shell_syntax' });
    expect(migrateLegacyCommand('timeout 60 ls *.md')).toEqual({ refused: 'expansion' });
  });
});

describe('regexes checked as PCRE would compile them', () => {
  it.each([
    ['[0-9]+ tests?, 0 failures', 'iu'],
    ['\\A# Title\\z', ''],
    ['a++b(?>c|d)', ''],
    ['(?P<x>a)(?P=x)', ''],
    ['[[:alpha:]_]+\\-\\#', 'u'],
    ['(?i)done', 'u'],
    ['(?<=ab|c)d', ''],
    ['{not a quantifier}', 'u'],
    ['(?R)', ''],
  ] as const)('accepts %j', (pattern, flags) => {
    expect(regexProblem(pattern, flags)).toBeUndefined();
  });
  it.each([
    ['(unclosed', ''],
    ['[a-', 'u'],
    ['(?<=a+)b', ''],
    ['*start', ''],
  ] as const)('rejects %j', (pattern, flags) => {
    expect(regexProblem(pattern, flags)).toBeTypeOf('string');
  });
});
