// <muranopl-playground>: a live example. Its files are inline scripts,
//
//   <muranopl-playground view="yaql" flavor="plain">
//     <script type="text/x-yaql" filename="expression">$.where($ > 1)</script>
//     <script type="text/x-yaml" filename="data">[1, 2, 3]</script>
//   </muranopl-playground>
//
// (a file may be hidden or readonly), and its view says what it shows:
// a YAQL result (yaql), the result of a method (run: call-class, method,
// args, kwargs, props, static, object-id), a package's form (form) or the
// object model it makes (model), a class's JSON schema (schema:
// call-class, extensions), a deployment (deploy: seed, env-name), lint
// problems (lint) or test results (test). The docs' build renders the
// files and the output inside the element, so that the page reads
// without JavaScript; the element hydrates when it scrolls into view:
// the files become editors and an edit runs the example again in the
// page's one engine (started by the first edit). "Open in playground"
// opens the full page with the same state (a #share= link).

import { el } from '../dom';
import type { EngineState } from '../engine';
import { StoppedError } from '../engine';
import { encodeState, type SharedState } from '../state';
import { fileEditor, type FileEditor } from './editor';
import { forget, hydrateWhenVisible } from './hydrate';
import { type ExampleFile, type ExampleOptions, filesUnder, packageFiles, packageRoots, runExample, type View, answersFile, modelFile } from './runner';
import { pageEngine, watchEngine } from './shared';
import { liveForm, type LiveForm } from './form';

const debounceMs = 350;
const views: View[] = ['yaql', 'run', 'form', 'model', 'schema', 'deploy', 'lint', 'test'];
const labels: Record<View, string> = {
  yaql: 'Result',
  run: 'Result',
  form: 'Form',
  model: 'Object model',
  schema: 'JSON schema',
  deploy: 'Deployment',
  lint: 'muranopl lint',
  test: 'muranopl test',
};
/** The Packages view's tab that shows each view of a package. */
const tabs: Record<View, string> = { yaql: '', run: 'run', form: 'forms', model: 'forms', schema: 'schema', deploy: 'forms', lint: 'lint', test: 'tests' };

let counter = 0;

export class MuranoplPlayground extends HTMLElement {
  private hydrated = false;
  private files: ExampleFile[] = [];
  private original: ExampleFile[] = [];
  private editors = new Map<string, FileEditor>();
  private options!: ExampleOptions;
  private timer?: ReturnType<typeof setTimeout>;
  private seq = 0;
  private output!: HTMLPreElement;
  private outputBox!: HTMLElement;
  private status!: HTMLElement;
  private openLink!: HTMLAnchorElement;
  private form?: LiveForm;
  private unwatch?: () => void;

  connectedCallback(): void {
    if (!this.hydrated) hydrateWhenVisible(this);
  }

  disconnectedCallback(): void {
    forget(this);
    this.unwatch?.();
    this.form?.close();
  }

  /** The element's state as a link of the full playground carries it. */
  sharedState(): SharedState {
    const files = this.current();
    const text = (path: string) => files.find((f) => f.path === path)?.text;
    if (this.options.view === 'yaql') {
      return { v: 1, view: 'yaql', yaql: { expr: text('expression') ?? '', data: text('data') ?? '', dataFormat: 'auto', flavor: this.options.flavor ?? 'plain' } };
    }
    const all = packageFiles(files);
    const root = packageRoots(all)[0] ?? '';
    const pkgFiles = filesUnder(all, root);
    const first = files.find((f) => !f.hidden && f.path !== modelFile && f.path !== answersFile && (root === '' || f.path.startsWith(`${root}/`)));
    const file = first ? (root === '' ? first.path : first.path.slice(root.length + 1)) : undefined;
    return { v: 1, view: 'packages', package: { files: pkgFiles, tab: tabs[this.options.view], ...(file ? { file } : {}) } };
  }

  /** The files as they are now (edited or not). */
  private current(): ExampleFile[] {
    return this.files.map((f) => ({ ...f, text: this.editors.get(f.path)?.text() ?? f.text }));
  }

  private readOptions(): ExampleOptions {
    const a = (name: string) => this.getAttribute(name) ?? undefined;
    const view = (a('view') ?? 'yaql') as View;
    return {
      view: views.includes(view) ? view : 'yaql',
      flavor: a('flavor'),
      callClass: a('call-class'),
      method: a('method'),
      args: a('args'),
      kwargs: a('kwargs'),
      props: a('props'),
      objectId: a('object-id'),
      seed: a('seed'),
      envName: a('env-name'),
      static: this.hasAttribute('static'),
      extensions: this.hasAttribute('extensions'),
    };
  }

  /**
   * Turns the rendered example into a live one (hydrateWhenVisible calls
   * it): its files editable, Run, Reset and the link to the playground.
   */
  hydrate(): (() => void)[] {
    if (this.hydrated) return [];
    this.hydrated = true;
    if (performance.getEntriesByName('mpl-hydrate').length === 0) performance.mark('mpl-hydrate');
    const started = performance.now();
    this.options = this.readOptions();
    this.id ||= `mpl-${++counter}`;
    this.files = [...this.querySelectorAll<HTMLScriptElement>(':scope > script[filename]')].map((s) => ({
      path: s.getAttribute('filename')!,
      text: s.textContent ?? '',
      hidden: s.hasAttribute('hidden'),
      readonly: s.hasAttribute('readonly'),
    }));
    this.original = this.files.map((f) => ({ ...f }));
    this.classList.add('mpl');

    let filesBox = this.querySelector<HTMLElement>(':scope > .mpl-files');
    if (!filesBox) filesBox = this.appendChild(el('div', 'mpl-files'));
    for (const f of this.files) {
      if (f.hidden) continue;
      let figure = [...filesBox.querySelectorAll<HTMLElement>('.mpl-file')].find((x) => x.dataset.file === f.path);
      if (!figure) {
        figure = el('figure', 'mpl-file', el('figcaption', undefined, f.path));
        figure.append(el('pre', 'mpl-code', f.text));
        figure.dataset.file = f.path;
        filesBox.append(figure);
      }
      const pre = figure.querySelector('pre');
      if (pre && !f.readonly) this.editable(pre, f);
    }
    let out = this.querySelector<HTMLElement>(':scope > .mpl-output');
    if (!out) {
      out = this.appendChild(el('div', 'mpl-output', el('div', 'mpl-output-head', el('span', 'mpl-output-label', labels[this.options.view]))));
      out.dataset.state = 'ok';
    }
    this.outputBox = out;
    let pre = out.querySelector<HTMLPreElement>(':scope > pre.mpl-result');
    if (!pre) {
      pre = el('pre', 'mpl-code mpl-result', this.options.view === 'form' ? '' : 'Edit the example to run it.');
      if (this.options.view === 'form') pre.hidden = true;
      out.append(pre);
    }
    this.output = pre;
    this.status = el('span', 'mpl-status');
    this.status.setAttribute('role', 'status');
    this.status.setAttribute('aria-live', 'polite');
    out.querySelector('.mpl-output-head')!.append(this.status);

    let bar = this.querySelector<HTMLElement>(':scope > .mpl-bar');
    if (!bar) bar = this.appendChild(el('div', 'mpl-bar'));
    const runButton = el('button', 'button button-quiet mpl-run', this.options.view === 'form' ? 'Try the form' : 'Run');
    runButton.type = 'button';
    runButton.title = 'Run the example in your browser (Ctrl+Enter in an editor)';
    runButton.addEventListener('click', () => void this.run());
    const reset = el('button', 'button button-quiet mpl-reset', 'Reset');
    reset.type = 'button';
    reset.title = 'Put the files back as the page wrote them';
    reset.hidden = !this.files.some((f) => !f.hidden && !f.readonly);
    reset.addEventListener('click', () => this.reset());
    let link = bar.querySelector<HTMLAnchorElement>('a.mpl-open');
    if (!link) {
      link = el('a', 'mpl-open', 'Open in playground');
      link.href = '../';
      bar.append(link);
      void this.updateLink();
    }
    link.target = '_blank';
    link.rel = 'noopener';
    this.openLink = link;
    bar.prepend(runButton, reset);
    this.dataset.hydrated = String(Math.round((performance.now() - started) * 10) / 10);
    return [];
  }

  /**
   * Makes a file's code editable: it becomes an editor (CodeMirror) when
   * it is first focused or clicked, with the caret where it was clicked,
   * so that hydrating costs next to nothing and the editor's start-up
   * (its styles, its first view) is paid by the first interaction.
   */
  private editable(pre: HTMLPreElement, f: ExampleFile): void {
    pre.tabIndex = 0;
    pre.classList.add('mpl-editable');
    pre.setAttribute('role', 'textbox');
    pre.setAttribute('aria-multiline', 'true');
    pre.setAttribute('aria-label', `${f.path === 'expression' ? 'YAQL expression' : f.path} (press Enter to edit)`);
    pre.title = 'Click to edit';
    let offset = 0;
    pre.addEventListener('pointerdown', (event) => {
      offset = caretOffset(pre, event.clientX, event.clientY);
    });
    const upgrade = () => {
      if (this.editors.has(f.path)) return;
      const box = el('div', 'mpl-editor');
      const editor = fileEditor(box, f.path, f.text, false, { onChange: () => this.changed(), onRunNow: () => void this.run() });
      pre.replaceWith(box);
      this.editors.set(f.path, editor);
      const at = Math.min(offset, editor.view.state.doc.length);
      editor.view.dispatch({ selection: { anchor: at } });
      editor.view.focus();
    };
    pre.addEventListener('focus', upgrade);
    pre.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        void this.run();
      }
    });
  }

  private changed(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      void this.updateLink();
      void this.run();
    }, debounceMs);
  }

  private reset(): void {
    for (const f of this.original) this.editors.get(f.path)?.set(f.text);
  }

  private async updateLink(): Promise<void> {
    try {
      this.openLink.href = `../${await encodeState(this.sharedState())}`;
    } catch {
      // The link keeps the state the page was built with.
    }
  }

  private setStatus(state: 'running' | 'done' | 'error' | 'stopped', text: string): void {
    this.status.dataset.state = state;
    this.status.textContent = text;
  }

  /** Runs the example again with the files as they are. */
  async run(): Promise<void> {
    clearTimeout(this.timer);
    const seq = ++this.seq;
    const engine = pageEngine();
    this.unwatch ??= watchEngine((s: EngineState) => {
      if (this.status.dataset.state !== 'running') return;
      if (s.kind === 'loading' && s.total > 0) this.setStatus('running', `Loading the engine… ${Math.round((100 * s.loaded) / s.total)}%`);
      else if (s.kind === 'starting') this.setStatus('running', 'Starting the engine…');
      else if (s.kind === 'failed') this.setStatus('error', `The engine failed: ${s.message}`);
    });
    this.setStatus('running', 'Running…');
    this.outputBox.dataset.state = 'running';
    const files = this.current();
    if (this.options.view === 'form' || this.options.view === 'model') {
      try {
        this.form?.close();
        const box = this.outputBox.querySelector<HTMLElement>('.mpl-form') ?? this.outputBox.insertBefore(el('div', 'mpl-form'), this.output);
        this.form = await liveForm(engine, files, `${this.id}-w`, box, (text, raised) => this.show(seq, text, raised));
        if (seq !== this.seq) return;
        this.outputBox.dataset.state = 'ok';
        this.setStatus('done', this.options.view === 'form' ? 'Fill the form: Next validates a step, Create makes the object model.' : 'Fill the form and Create to see its object model.');
      } catch (err) {
        this.fail(seq, err as Error);
      }
      return;
    }
    const started = performance.now();
    try {
      await engine.whenReady();
      const outcome = await runExample(engine, this.options, files);
      if (seq !== this.seq) return;
      for (const [path, editor] of this.editors) editor.mark(outcome.at?.file === path ? outcome.at.pos : undefined, outcome.at?.message ?? '');
      this.show(seq, outcome.text, outcome.raised);
      this.setStatus('done', `Ran in ${Math.round(performance.now() - started)} ms`);
    } catch (err) {
      this.fail(seq, err as Error);
    }
  }

  private show(seq: number, text: string, raised: boolean): void {
    if (seq !== this.seq) return;
    this.output.hidden = false;
    this.output.textContent = text;
    this.outputBox.dataset.state = raised ? 'raised' : 'ok';
  }

  private fail(seq: number, err: Error): void {
    if (seq !== this.seq) return;
    if (err instanceof StoppedError) {
      this.setStatus('stopped', 'Stopped');
      return;
    }
    this.show(seq, err.message, true);
    this.setStatus('error', 'Could not run');
  }
}

/** The offset in pre's text of the point (x, y), where a click puts the caret. */
function caretOffset(pre: HTMLElement, x: number, y: number): number {
  const doc = document as Document & { caretRangeFromPoint?(x: number, y: number): Range | null };
  let node: Node | undefined;
  let offset = 0;
  if (typeof doc.caretPositionFromPoint === 'function') {
    const p = doc.caretPositionFromPoint(x, y);
    if (p) [node, offset] = [p.offsetNode, p.offset];
  } else if (doc.caretRangeFromPoint) {
    const r = doc.caretRangeFromPoint(x, y);
    if (r) [node, offset] = [r.startContainer, r.startOffset];
  }
  if (!node || !pre.contains(node)) return 0;
  const range = document.createRange();
  range.setStart(pre, 0);
  range.setEnd(node, offset);
  return range.toString().length;
}

/** Defines the element (once). */
export function definePlayground(): void {
  if (!customElements.get('muranopl-playground')) customElements.define('muranopl-playground', MuranoplPlayground);
}
