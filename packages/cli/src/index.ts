export { main, exitCodeFor, type Io } from './main.js';
export { lintTargets, type LintRun } from './lint.js';
export { discover } from './discover.js';
export { escapeData, escapeProperty } from './formatters/github.js';
export { renderMermaid } from './graph/mermaid.js';
export { renderDot } from './graph/dot.js';
export { LintCache, recordingHost, type ReadLog } from './cache.js';
export { fileHost } from './host.js';
export { startProgress, progressWanted, PROGRESS_DELAY_MS } from './progress.js';
