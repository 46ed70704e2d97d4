import { isMap, Source, Tree, type Diagnostic, type Span, type TreeNode } from '@orchlint/core';
import { inspect } from './elixir.js';
import { basename } from './paths.js';

/** A packet Markdown file (manifest or prompt) split exactly as `PromptRunner.FrontMatter.split/1` does. */
export interface MarkdownFile {
  source: Source;
  /** The file's basename, as the runner's findings name it. */
  name: string;
  /** The YAML between the fences, when the runner sees front matter at all. */
  tree?: Tree;
  /** The front matter mapping the runner reads; undefined when it reads none. */
  attributes?: TreeNode;
  /** Why the runner reads no front matter from a file that starts like it has some. */
  unread?: 'crlf' | 'bom';
  /**
   * The file starts with an empty block (`---` straight after `---`) and no later line closes one: the
   * split needs a line break before the closing fence, so the runner reads no front matter and the
   * two fence lines are part of the body.
   */
  emptyBlock?: true;
  /**
   * For an unread file: whether the front matter the runner would read once the file has LF line
   * endings and no byte order mark is clean YAML (it parses, to a mapping, with no key twice), so
   * that saving the file so exposes nothing broken.
   */
  unreadClean?: boolean;
  /** Front matter the runner cannot use (a YAML error, or a root that is not a mapping). */
  unusable?: Array<{ span: Span; message: string; notAMap?: true }>;
  /** Offset where the body (everything after the closing fence line) starts. */
  bodyStart: number;
  body: string;
  /** Findings of the YAML parser other than syntax errors (duplicate keys), for the unit's diagnostics. */
  parserFindings: Diagnostic[];
}

/** `\A---\n(.*?)\n---\n?(.*)\z`, dotall and non-greedy: LF only, at byte 0, closed by the first `\n---`. */
const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/;

export function readMarkdown(source: Source): MarkdownFile {
  const text = source.text;
  const file: MarkdownFile = { source, name: basename(source.path), bodyStart: 0, body: text, parserFindings: [] };
  const match = FRONT_MATTER.exec(text);
  if (!match) {
    if (text.startsWith('\uFEFF---')) file.unread = 'bom';
    else if (text.startsWith('---\r\n')) file.unread = 'crlf';
    else if (/^---\n---(\n|$)/.test(text)) file.emptyBlock = true;
    if (file.unread) {
      const exposed = readMarkdown(new Source(source.path, withoutHiding(text)));
      file.unreadClean = !exposed.unusable && exposed.parserFindings.length === 0;
    }
    return file;
  }
  const yaml = match[1]!;
  file.bodyStart = text.length - match[2]!.length;
  file.body = match[2]!;
  const region = { start: 4, end: 4 + yaml.length };
  const tree = new Tree(source, region);
  file.tree = tree;
  file.parserFindings = tree.diagnostics.filter((d) => d.rule !== 'core/yaml-syntax');
  const syntax = tree.diagnostics.filter((d) => d.rule === 'core/yaml-syntax');
  if (syntax.length || !tree.usable) {
    file.unusable = syntax.map((d) => ({ span: d.span, message: d.message }));
    return file;
  }
  const root = tree.resolve(tree.root);
  // An empty block (or one holding only comments) reads as no attributes at all.
  if (root === undefined) return file;
  if (!isMap(root)) {
    const r = root.range;
    file.unusable = [
      {
        span: { start: r?.[0] ?? region.start, end: r?.[1] ?? region.end },
        message: 'the front matter is not a mapping',
        notAMap: true,
      },
    ];
    return file;
  }
  file.attributes = root;
  return file;
}

/** A text as the runner would read it with no byte order mark and LF line endings. */
export function withoutHiding(text: string): string {
  return (text.startsWith('\uFEFF') ? text.slice(1) : text).replace(/\r\n/g, '\n');
}

/**
 * What `prompt_runner packet lint` prints when the manifest's front matter cannot be loaded: the
 * CLI's `ERROR: <inspect(reason)>`. A root that is not a mapping is `:front_matter_not_a_map`; a
 * YAML error is yaml_elixir's `%YamlElixir.ParsingError{}`, whose line and column count from the
 * block's first line, as yamerl's do. Its type and message are this parser's, not yamerl's own.
 */
export function manifestLoadError(file: MarkdownFile): string | undefined {
  const problem = file.unusable?.[0];
  if (!problem) return undefined;
  if (problem.notAMap) return 'ERROR: :front_matter_not_a_map';
  const { line, character } = file.source.positionAt(problem.span.start);
  return `ERROR: %YamlElixir.ParsingError{line: ${line}, column: ${character + 1}, type: nil, message: ${inspect(problem.message)}}`;
}
