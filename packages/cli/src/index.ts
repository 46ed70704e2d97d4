export { main, exitCodeFor, type Io } from './main.js';
export { lintTargets, type LintRun } from './lint.js';
export { discover } from './discover.js';
