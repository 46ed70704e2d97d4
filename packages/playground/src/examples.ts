import type { PlaygroundFile } from './state.js';

/** A case to start from: some of the demo files (fixtures/demo), with the one to show first. */
export interface Example {
  id: string;
  title: string;
  /** Path prefixes of the demo files it holds. */
  take: readonly string[];
  active: string;
}

export const examples: readonly Example[] = [
  {
    id: 'pack-yaml',
    title: 'PromptPack: a support pack (YAML)',
    take: ['support.promptpack.yaml'],
    active: 'support.promptpack.yaml',
  },
  {
    id: 'pack-json',
    title: 'PromptPack: a research pack (JSON)',
    take: ['research.pack.json'],
    active: 'research.pack.json',
  },
  {
    id: 'archon',
    title: 'Archon: an issue triage workflow',
    take: ['.archon/'],
    active: '.archon/workflows/triage-issue.yaml',
  },
  {
    id: 'packet',
    title: 'Prompt Runner: a packet and its prompts',
    take: ['packet/'],
    active: 'packet/prompt_runner_packet.md',
  },
  { id: 'demo', title: 'All the demo files (fixtures/demo)', take: [''], active: 'support.promptpack.yaml' },
];

/** An example's files, in path order. */
export function exampleFiles(example: Example): PlaygroundFile[] {
  return Object.keys(__ORCHLINT_DEMO__)
    .filter((path) => example.take.some((prefix) => path.startsWith(prefix)))
    .sort()
    .map((path) => ({ path, text: __ORCHLINT_DEMO__[path]! }));
}
