import type { Diagnostic } from '@orchlint/core';
import type { EditorView } from '@codemirror/view';
import { lintFixture, type FixtureCase } from './session.js';
import { loadShellParser } from './shell-parser.js';

/**
 * What the page offers a script (the browser test, or anyone automating it) as
 * `window.orchlintPlayground`: lint cases in this page's engine, and find places in the editor.
 */
export interface PageApi {
  /** Lints each case as the CLI lints it (named files or a folder walk) and returns its findings. */
  lintFixtures(cases: readonly FixtureCase[]): Promise<Diagnostic[][]>;
  /** Lints the page's files now instead of after the typing pause. */
  lintNow(): void;
  /** True while an edit waits for the typing pause to be linted. */
  lintPending(): boolean;
  /** Shows a file with the cursor at an offset (or a range selected). */
  select(path: string, from: number, to?: number): void;
  /** The viewport point of an offset of the shown file (to hover a squiggle), or undefined when it is not in view. */
  pointAt(offset: number): { x: number; y: number } | undefined;
}

export function installPageApi(page: {
  view: EditorView;
  lintNow(): void;
  lintPending(): boolean;
  reveal(path: string, from: number, to: number): void;
}): void {
  const api: PageApi = {
    // The shell parser first: the cases hold shell bodies, and a lint without it is not the CLI's.
    lintFixtures: async (cases) => {
      await loadShellParser();
      return cases.map(lintFixture);
    },
    lintNow: page.lintNow,
    lintPending: page.lintPending,
    select: (path, from, to = from) => page.reveal(path, from, to),
    pointAt(offset) {
      const box = page.view.coordsAtPos(offset);
      return box ? { x: (box.left + box.right) / 2, y: (box.top + box.bottom) / 2 } : undefined;
    },
  };
  (globalThis as unknown as { orchlintPlayground: PageApi }).orchlintPlayground = api;
}
