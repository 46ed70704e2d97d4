// What Node code reads of the playground (the docs script's "try it" links, tests): no DOM here.
export { decodeState, encodeState, PLAYGROUND_URL, playgroundLink } from './permalink.js';
export { falseFindingUrl, FALSE_FINDING_FORM, type ReportedFinding } from './report-link.js';
export { CONFIG_FILE, isFilePath, type PlaygroundFile, type PlaygroundState } from './state.js';
export { graphOf, lintFixture, lintState, type FixtureCase, type SessionResult } from './session.js';
