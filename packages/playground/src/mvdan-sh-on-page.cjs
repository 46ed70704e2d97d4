// What the page's bundle takes for `require('mvdan-sh')` (build.mjs aliases it here). mvdan-sh is
// half the page's script, and only shell bodies (Archon bash nodes, Prompt Runner commands) need it,
// so the page loads it by a script of its own (assets/mvdan-sh.js, see shell-parser.ts) the first time
// a lint asks for it. Until then the parser is missing: the ask is noted and the lint is done again.
'use strict';

module.exports = {
  get syntax() {
    const loaded = globalThis.orchlintMvdanSh;
    if (loaded) return loaded.syntax;
    globalThis.orchlintMvdanShWanted = true;
    throw new Error('the shell parser is not loaded yet');
  },
};
