import { loadScript } from './load-script.js';

interface Mermaid {
  initialize(config: Record<string, unknown>): void;
  render(id: string, text: string): Promise<{ svg: string }>;
}

/** Mermaid is large and only drawing needs it: it is loaded the first time there is a graph to draw. */
const MERMAID_SCRIPT = 'assets/mermaid.min.js';

/**
 * The graph of the shown file's unit, as `orchlint graph` writes it: the Mermaid text (always) and
 * its drawing. A drawing still under way when another is asked for is dropped.
 */
export class GraphPane {
  private asked = 0;
  private mermaid: Promise<Mermaid> | undefined;

  constructor(
    private readonly drawing: HTMLElement,
    private readonly source: HTMLElement,
  ) {}

  async show(text: string | undefined, why: string): Promise<void> {
    const ticket = ++this.asked;
    this.source.textContent = text ?? '';
    if (text === undefined) {
      this.drawing.replaceChildren(note(why));
      this.drawing.dataset.state = 'none';
      return;
    }
    this.drawing.dataset.state = 'drawing';
    try {
      const mermaid = await this.load();
      const { svg } = await mermaid.render(`orchlint-graph-${ticket}`, text);
      if (ticket !== this.asked) return;
      // Mermaid's own output, sanitized by it (securityLevel: strict); labels were escaped when the text was written.
      this.drawing.innerHTML = svg;
      this.drawing.dataset.state = 'drawn';
    } catch (error) {
      if (ticket !== this.asked) return;
      this.drawing.replaceChildren(note(`the graph could not be drawn: ${(error as Error).message}`));
      this.drawing.dataset.state = 'failed';
    }
  }

  private load(): Promise<Mermaid> {
    this.mermaid ??= pageLoaded()
      .then(() => loadScript(MERMAID_SCRIPT))
      .then(() => {
        const mermaid = (globalThis as unknown as { mermaid: Mermaid }).mermaid;
        mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'default' });
        return mermaid;
      });
    return this.mermaid;
  }
}

/** Mermaid is fetched only once the page itself has loaded, so its size never holds up the editor. */
function pageLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => addEventListener('load', () => resolve(), { once: true }));
}

function note(text: string): HTMLElement {
  const p = document.createElement('p');
  p.className = 'note';
  p.textContent = text;
  return p;
}
