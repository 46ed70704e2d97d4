import { json } from '@codemirror/lang-json';
import { yaml, yamlFrontmatter } from '@codemirror/lang-yaml';
import { StreamLanguage } from '@codemirror/language';
import { lintGutter, setDiagnostics, type Diagnostic as EditorDiagnostic } from '@codemirror/lint';
import { EditorState, type Extension, type Text } from '@codemirror/state';
import { EditorView, placeholder } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import type { Diagnostic } from '@orchlint/core';

/** A Markdown prompt's body is prose to orchlint: its front matter is the YAML it reads. */
const prose = StreamLanguage.define<null>({
  name: 'prose',
  startState: () => null,
  token(stream) {
    stream.skipToEnd();
    return null;
  },
});

function languageOf(path: string): Extension {
  if (/\.json$/i.test(path)) return json();
  if (/\.md$/i.test(path)) return yamlFrontmatter({ content: prose });
  return yaml();
}

export interface EditorsOptions {
  parent: HTMLElement;
  /** A file's text changed by typing, a fix or an undo. */
  changed(path: string): void;
  /** Greyed text shown in an empty file of this path. */
  placeholderOf(path: string): string | undefined;
}

/**
 * One CodeMirror view showing one file at a time, each file with a state of its own (text, undo
 * history, selection, findings), kept while another is shown. Texts are kept exactly: lines
 * break at '\n' only, so a '\r' stays in the text orchlint reads.
 */
export class Editors {
  private readonly states = new Map<string, EditorState>();
  private shown = '';
  readonly view: EditorView;

  constructor(private readonly options: EditorsOptions) {
    this.view = new EditorView({
      parent: options.parent,
      dispatchTransactions: (transactions, view) => {
        view.update(transactions);
        this.states.set(this.shown, view.state);
        if (transactions.some((t) => t.docChanged)) options.changed(this.shown);
      },
    });
  }

  get active(): string {
    return this.shown;
  }

  paths(): string[] {
    return [...this.states.keys()];
  }

  has(path: string): boolean {
    return this.states.has(path);
  }

  text(path: string): string {
    return this.states.get(path)?.doc.toString() ?? '';
  }

  /** Replaces every file (an example, a link): fresh states, no history carried over. */
  load(files: ReadonlyArray<{ path: string; text: string }>, active: string): void {
    this.states.clear();
    for (const f of files) this.add(f.path, f.text);
    this.show(this.states.has(active) ? active : (files[0]?.path ?? ''));
  }

  add(path: string, text: string): void {
    this.states.set(path, this.create(path, text));
  }

  remove(path: string): void {
    this.states.delete(path);
    if (this.shown === path) this.show(this.paths()[0] ?? '');
  }

  /** Gives a file a new path with its text, and a fresh state whose language follows the new name. */
  rename(from: string, to: string): void {
    const text = this.text(from);
    this.states.delete(from);
    this.add(to, text);
    if (this.shown === from) this.show(to);
  }

  show(path: string): void {
    const state = this.states.get(path);
    this.shown = path;
    if (state) this.view.setState(state);
  }

  /** Shows a file with a range selected and in view. */
  select(path: string, from: number, to: number): void {
    this.show(path);
    const length = this.view.state.doc.length;
    this.view.dispatch({
      selection: { anchor: Math.min(from, length), head: Math.min(to, length) },
      scrollIntoView: true,
    });
    this.view.focus();
  }

  /** Puts each file's findings on it: squiggles, gutter marks, hover text and the fix. */
  showFindings(byPath: ReadonlyMap<string, readonly Diagnostic[]>): void {
    for (const [path, state] of this.states) {
      const spec = setDiagnostics(
        state,
        (byPath.get(path) ?? []).map((d) => toEditor(d, state.doc)),
      );
      if (path === this.shown) this.view.dispatch(spec);
      else this.states.set(path, state.update(spec).state);
    }
  }

  private create(path: string, text: string): EditorState {
    const hint = this.options.placeholderOf(path);
    return EditorState.create({
      doc: text,
      extensions: [
        EditorState.lineSeparator.of('\n'),
        basicSetup,
        lintGutter(),
        languageOf(path),
        ...(hint ? [placeholder(hint)] : []),
      ],
    });
  }
}

/** An orchlint finding as CodeMirror shows it; its fix applies only to the text it was found in. */
function toEditor(d: Diagnostic, linted: Text): EditorDiagnostic {
  const end = linted.length;
  const fix = d.fix;
  return {
    from: Math.min(d.span.start, end),
    to: Math.min(Math.max(d.span.end, d.span.start), end),
    severity: d.severity,
    source: d.rule,
    message: d.message,
    ...(fix
      ? {
          actions: [
            {
              name: fix.title,
              apply(view: EditorView) {
                // Typed since the lint: the next lint offers the fix again, on the text it is for.
                if (view.state.doc !== linted) return;
                view.dispatch({
                  changes: fix.edits.map((e) => ({ from: e.span.start, to: e.span.end, insert: e.newText })),
                  userEvent: 'orchlint.fix',
                });
              },
            },
          ],
        }
      : {}),
  };
}
