import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PLAYGROUND_URL } from '@orchlint/playground';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { siteDir } from '../../packages/playground/build.mjs';
import { repoRoot } from '../support/paths.js';

const workflow = parse(readFileSync(path.join(repoRoot, '.github/workflows/playground.yml'), 'utf8'));
const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');

describe('the published playground', () => {
  it('is built and deployed to GitHub Pages on every release tag', () => {
    expect(workflow.on.push.tags).toEqual(['v*']);
    const steps = workflow.jobs.build.steps;
    const run = steps.map((s: { run?: string }) => s.run ?? '').join('\n');
    expect(run).toContain('pnpm install --frozen-lockfile');
    expect(run).toContain('pnpm --filter ./packages/playground run build');
    const upload = steps.find((s: { uses?: string }) => s.uses?.startsWith('actions/upload-pages-artifact'));
    expect(path.resolve(repoRoot, upload.with.path)).toBe(siteDir);
    expect(workflow.jobs.deploy.steps[0].uses).toMatch(/^actions\/deploy-pages@/);
  });

  it("is where the README and the rule docs' links point: the repository's Pages address", () => {
    expect(PLAYGROUND_URL).toBe('https://orchlint.github.io/orchlint/');
    expect(readme).toContain(`](${PLAYGROUND_URL})`);
  });
});
