import { ruleDocUrl, type Diagnostic } from '@orchlint/core';

export interface FindingsListOptions {
  /** Shows a finding's range in the editor. */
  reveal(path: string, from: number, to: number): void;
  /** The issue form's URL for a finding, prefilled with the link to the case. */
  reportUrl(d: Diagnostic): string;
}

/**
 * The findings of every file, in the CLI's order: where (1-based line and column, as every report
 * prints them), severity, message, the rule linked to its doc, and a link to report it as false.
 */
export function renderFindings(list: HTMLElement, diagnostics: readonly Diagnostic[], options: FindingsListOptions) {
  list.replaceChildren(...diagnostics.map((d) => item(d, options)));
}

function item(d: Diagnostic, options: FindingsListOptions): HTMLElement {
  const li = element('li', `finding ${d.severity}`);
  const line = d.range.start.line + 1;
  const column = d.range.start.character + 1;
  Object.assign(li.dataset, { path: d.path, line: String(line), column: String(column), rule: d.rule });
  const where = element('button', 'where', `${d.path}:${line}:${column}`);
  where.type = 'button';
  where.title = 'show it in the editor';
  where.addEventListener('click', () => options.reveal(d.path, d.span.start, d.span.end));
  const rule = element('a', 'rule', d.rule);
  rule.href = ruleDocUrl(d.rule);
  rule.target = '_blank';
  rule.rel = 'noopener';
  rule.title = 'the rule’s doc: why it matters, a bad and a good example';
  const report = element('a', 'report', 'report a false finding');
  report.target = '_blank';
  report.rel = 'noopener';
  report.href = options.reportUrl(d);
  li.append(where, element('span', 'severity', d.severity), element('span', 'message', d.message), rule, report);
  if (d.related?.length) {
    const related = element('ul', 'related');
    for (const r of d.related) {
      const at = element('button', 'where', `${r.path}:${r.range.start.line + 1}:${r.range.start.character + 1}`);
      at.type = 'button';
      at.addEventListener('click', () => options.reveal(r.path, r.span.start, r.span.end));
      const entry = element('li');
      entry.append(at, element('span', 'message', r.message));
      related.append(entry);
    }
    li.append(related);
  }
  return li;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}
