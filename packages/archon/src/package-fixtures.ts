import { Source, type Host, type Targets } from '@orchlint/core';
import { archon } from './dialect.js';
import { isStubFixture, type StubFixtureModel, type WorkflowModel } from './model.js';

const STUBS_FILE = /\.stubs\.ya?ml$/;

/** The stub files in a packaged workflow's `fixtures/` folder, in name order, each loaded as the dialect loads it. */
export function packageFixtures(workflow: WorkflowModel, host: Host, targets: Targets): StubFixtureModel[] {
  if (workflow.discovery?.role.kind !== 'packaged') return [];
  const path = workflow.source.path;
  const folder = `${path.slice(0, path.lastIndexOf('/') + 1)}fixtures`;
  const out: StubFixtureModel[] = [];
  for (const name of (host.readDir(folder) ?? []).filter((n) => STUBS_FILE.test(n)).sort()) {
    const file = `${folder}/${name}`;
    const text = host.readFile(file);
    if (text === undefined) continue;
    const model = archon.load(new Source(file, text), host, targets).model;
    if (model && isStubFixture(model)) out.push(model);
  }
  return out;
}
