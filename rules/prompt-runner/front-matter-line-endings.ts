import { defineRule } from '@orchlint/core';
import { packetFiles, type PromptRunnerModel, LOADS_BUT } from '@orchlint/prompt-runner';

export const kind = 'prompt-runner/front-matter-line-endings';

export default defineRule<PromptRunnerModel>({
  id: 'prompt-runner/front-matter-line-endings',
  dialect: 'prompt-runner',
  severity: 'error',
  clause: 'never-works',
  basis:
    'Prompt Runner FrontMatter.split/1 (\\A---\\n(.*?)\\n---): with CRLF line endings or a byte order mark the file has no front matter at all',
  summary: 'packet Markdown files must start with ---\\n: no CRLF line endings, no byte order mark',
  fixable: true,
  check(model, report) {
    if (model.kind !== 'packet') return;
    for (const file of packetFiles(model)) {
      if (!file.unread) continue;
      const text = file.source.text;
      const loses =
        file === model.manifest?.file
          ? 'the packet loses its name, repos and every option'
          : 'the prompt loses its id, targets and verify contract';
      const what = file.unread === 'bom' ? 'starts with a UTF-8 byte order mark' : 'uses CRLF line endings';
      const remedy =
        file.unread === 'bom'
          ? 'save it without the byte order mark'
          : 'save it with LF line endings (a .gitattributes line such as "*.md text eol=lf" keeps them)';
      // Saved so, the file shows the runner a front matter that is read for the first time: no fix
      // when that one does not parse cleanly, since the fix would trade this finding for others.
      const exposes = file.unreadClean
        ? ''
        : ' (and fix the YAML of its front matter: it does not parse cleanly once it is read)';
      report({
        at: { start: 0, end: file.source.lineEnd(0) },
        source: file.source,
        message: `${LOADS_BUT}this file ${what}, so Prompt Runner does not see its front matter (the file must start with "---" and a LF) and ${loses} without a word; ${remedy}${exposes}`,
        ...(!file.unreadClean
          ? {}
          : file.unread === 'bom'
            ? { fix: { title: 'Remove the byte order mark', edits: [{ at: { start: 0, end: 1 }, newText: '' }] } }
            : {
                fix: {
                  title: 'Convert line endings to LF',
                  edits: [{ at: { start: 0, end: text.length }, newText: text.replace(/\r\n/g, '\n') }],
                },
              }),
      });
    }
  },
});
