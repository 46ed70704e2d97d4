/** Set by build.mjs: the orchlint version of this build. */
declare const __ORCHLINT_VERSION__: string;
/** Set by build.mjs: the files of fixtures/demo by their path in that folder. */
declare const __ORCHLINT_DEMO__: Record<string, string>;
