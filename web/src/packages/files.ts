// The Files sub-view: the package's files as a tree and the open ones in
// tabs of an editor (CodeMirror 6: YAML with the YAQL of MuranoPL
// expressions and ui.yaml values marked, brackets, search, undo), with the
// problems of the package underlined and listed below, a click on one
// opening its file there. Files are made, renamed and deleted, and binary
// files (logos, images) shown and replaced; every change goes to the
// workspace, which reloads the package in the engine.

import './files.css';
import { yaml } from '@codemirror/lang-yaml';
import { type Diagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import { Compartment, EditorSelection, EditorState, type Extension, Prec } from '@codemirror/state';
import { Decoration, EditorView, keymap, MatchDecorator, ViewPlugin, type ViewUpdate } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { errorRange } from '../editors';
import type { FileEntry, OpenedPackage, Problem } from '../api/packages';
import { el } from '../dom';
import { base64, fromBase64 } from './input';
import { registerSubView } from './subview';
import { type FileTree, fileTree } from './tree';
import { isShown, registerCommand, runCommand } from '../commands';
import { formatEditor, isFormattable } from '../format';

function isYaml(path: string): boolean {
  return /\.(ya?ml|template|lst|bundle)$/i.test(path);
}

const mimes: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', svg: 'image/svg+xml', ico: 'image/x-icon', webp: 'image/webp' };

/** F8 and Shift+F8 walk the problems of the whole package (lint.ts), not only the diagnostics of the file open. */
const problemKeys = Prec.highest(
  keymap.of([
    { key: 'F8', run: () => runCommand('next-problem') },
    { key: 'Shift-F8', run: () => runCommand('previous-problem') },
  ]),
);

function mimeOf(path: string): string {
  return mimes[path.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}

/**
 * YAQL inside YAML: variables ($, $name), function and method names
 * before their parenthesis, and namespaced class names (res:Instance).
 */
const yaqlMarks = new MatchDecorator({
  regexp: /(\$[A-Za-z_]\w*|\$)|\b([A-Za-z_]\w*)(?=\()|\b([a-z]\w*:[A-Z]\w*)/g,
  decoration: (m) => Decoration.mark({ class: m[1] ? 'cm-yaql-var' : m[2] ? 'cm-yaql-fn' : 'cm-yaql-class' }),
});
const yaqlHighlight = ViewPlugin.fromClass(class {
  decorations;
  constructor(view: EditorView) {
    this.decorations = yaqlMarks.createDeco(view);
  }
  update(u: ViewUpdate) {
    this.decorations = yaqlMarks.updateDeco(u, this.decorations);
  }
}, { decorations: (v) => v.decorations });

function button(text: string, cls: string, label: string): HTMLButtonElement {
  const b = el('button', cls, text);
  b.type = 'button';
  b.setAttribute('aria-label', label);
  b.title = label;
  return b;
}

registerSubView({
  id: 'files',
  label: 'Files',
  badge(pkg) {
    return { text: String(pkg.files.length), tone: 'muted' };
  },
  mount(panel, ctx) {
    panel.classList.add('files');
    const treePane = el('nav', 'tree');
    treePane.setAttribute('aria-label', 'Files');
    const newFile = button('New file', 'button button-quiet', 'Make a new file');
    newFile.id = 'files-new';
    const rename = button('Rename', 'button button-quiet', 'Rename the open file');
    rename.id = 'files-rename';
    const remove = button('Delete', 'button button-quiet', 'Delete the open file');
    remove.id = 'files-delete';
    const pathForm = el('form', 'files-path-form');
    pathForm.hidden = true;
    const pathInput = Object.assign(el('input', 'input'), { id: 'files-path', spellcheck: false });
    pathInput.setAttribute('aria-label', 'The file’s path in the package');
    const pathOk = el('button', 'button', 'OK');
    pathOk.type = 'submit';
    const pathCancel = button('Cancel', 'button button-quiet', 'Cancel');
    const pathError = el('p', 'field-errors files-path-error');
    pathForm.append(pathInput, pathOk, pathCancel, pathError);
    const tools = el('div', 'files-tools', newFile, rename, remove);
    const tabs = el('div', 'files-tabs');
    tabs.setAttribute('role', 'tablist');
    tabs.setAttribute('aria-label', 'Open files');
    const editorBox = el('div', 'editor file-editor');
    editorBox.id = 'pkg-viewer';
    const other = el('div', 'file-other');
    other.hidden = true;
    const problemsHead = el('button', 'files-problems-head', '');
    problemsHead.type = 'button';
    problemsHead.setAttribute('aria-expanded', 'true');
    const problemsList = el('ul', 'problems files-problems');
    problemsList.setAttribute('aria-label', 'Problems');
    const problemsBox = el('section', 'files-problems-box', problemsHead, problemsList);
    problemsBox.id = 'pkg-problems';
    panel.append(el('div', 'files-side', tools, pathForm, treePane), el('div', 'file-pane', tabs, el('div', 'file-body', editorBox, other), problemsBox));

    const language = new Compartment();
    const editable = new Compartment();
    let pkg: OpenedPackage | undefined;
    let tree: FileTree | undefined;
    let open: string[] = [];
    let active: string | undefined;
    /** Each open text file's editor state, kept so that its undo history and selection survive a switch. */
    const states = new Map<string, EditorState>();
    let applying = false;

    const problems = (): Problem[] => (pkg ? [...pkg.errors, ...pkg.lint] : []);
    const problemsIn = (path: string): Problem[] => problems().filter((p) => p.file === path);

    const listener = EditorView.updateListener.of((u) => {
      if (!u.docChanged || applying || !active) return;
      const w = ctx.workspace();
      if (w && w.text(active) !== undefined) w.set(active, u.state.doc.toString());
    });
    function extensions(path: string, readOnly: boolean): Extension[] {
      return [
        problemKeys,
        basicSetup,
        EditorView.lineWrapping,
        lintGutter(),
        listener,
        editable.of([EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)]),
        language.of(isYaml(path) ? [yaml(), yaqlHighlight] : []),
        EditorView.contentAttributes.of({ 'aria-label': `${path}${readOnly ? ' (read-only)' : ''}` }),
      ];
    }
    const view = new EditorView({ parent: editorBox, state: EditorState.create({ extensions: extensions('', true) }) });

    function stateOf(path: string, text: string): EditorState {
      const kept = states.get(path);
      if (kept && kept.doc.toString() === text) return kept;
      const s = EditorState.create({ doc: text, extensions: extensions(path, false) });
      states.set(path, s);
      return s;
    }

    function diagnose(): void {
      if (!active || editorBox.hidden) return;
      const text = view.state.doc.toString();
      const diagnostics: Diagnostic[] = [];
      for (const p of problemsIn(active)) {
        const range = p.line > 0 ? errorRange(text, { line: p.line, col: Math.max(1, p.col) }) : undefined;
        if (range) diagnostics.push({ ...range, severity: p.severity, message: `${p.code ? p.code + ' ' : ''}${p.message}` });
      }
      view.dispatch(setDiagnostics(view.state, diagnostics));
    }

    function renderTabs(): void {
      tabs.replaceChildren(...open.map((path) => {
        const tab = button(path.split('/').pop()!, 'files-tab', path);
        tab.setAttribute('role', 'tab');
        tab.setAttribute('aria-selected', String(path === active));
        tab.dataset.path = path;
        tab.addEventListener('click', () => show(path));
        const close = button('×', 'files-tab-close', `Close ${path}`);
        close.addEventListener('click', (e) => {
          e.stopPropagation();
          closeTab(path);
        });
        return el('span', `files-tab-box${path === active ? ' active' : ''}`, tab, close);
      }));
    }

    function closeTab(path: string): void {
      const i = open.indexOf(path);
      if (i < 0) return;
      open.splice(i, 1);
      if (active === path) {
        active = undefined;
        const next = open[Math.min(i, open.length - 1)];
        if (next) show(next);
        else showNothing();
      }
      renderTabs();
    }

    function showNothing(): void {
      active = undefined;
      editorBox.hidden = true;
      other.hidden = false;
      other.replaceChildren(el('p', 'muted', 'Open a file of the tree.'));
      renderTabs();
    }

    /** Shows a file in the editor (opening a tab), optionally at a 1-based line and column. */
    function show(path: string, line?: number, col?: number): void {
      const w = ctx.workspace();
      const content = w?.get(path);
      if (content === undefined) return;
      if (active && view.state.doc.length >= 0 && w?.text(active) !== undefined) states.set(active, view.state);
      if (!open.includes(path)) open.push(path);
      active = path;
      tree?.select(path);
      renderTabs();
      if (typeof content === 'string') {
        editorBox.hidden = false;
        other.hidden = true;
        applying = true;
        view.setState(stateOf(path, content));
        applying = false;
        diagnose();
        if (line && line > 0) reveal(line, col ?? 1);
      } else {
        editorBox.hidden = true;
        other.hidden = false;
        showBinary(path, content.base64);
      }
      panel.dataset.file = path;
    }

    function reveal(line: number, col: number): void {
      const doc = view.state.doc;
      const target = doc.line(Math.min(Math.max(1, line), doc.lines));
      const pos = Math.min(target.from + Math.max(0, col - 1), target.to);
      view.dispatch({ selection: EditorSelection.cursor(pos), effects: EditorView.scrollIntoView(pos, { y: 'center' }) });
      view.focus();
    }

    function showBinary(path: string, data: string): void {
      const bytes = fromBase64(data);
      const note = el('p', 'muted', `Binary file, ${bytes.length} bytes (${mimeOf(path)}).`);
      const replace = Object.assign(el('input'), { type: 'file', id: 'files-replace' });
      replace.setAttribute('aria-label', `Replace ${path}`);
      replace.addEventListener('change', async () => {
        const f = replace.files?.[0];
        if (!f) return;
        ctx.workspace()?.set(path, { base64: base64(new Uint8Array(await f.arrayBuffer())) });
        show(path);
      });
      const parts: HTMLElement[] = [];
      if (mimeOf(path).startsWith('image/')) parts.push(Object.assign(el('img', 'file-image'), { src: `data:${mimeOf(path)};base64,${data}`, alt: path }));
      other.replaceChildren(...parts, note, el('label', 'field small', 'Replace with a file: ', replace));
    }

    function renderProblems(): void {
      const all = problems();
      const errors = all.filter((p) => p.severity === 'error').length;
      problemsHead.textContent = all.length ? `Problems: ${errors} error${errors === 1 ? '' : 's'}, ${all.length - errors} warning${all.length - errors === 1 ? '' : 's'}` : 'No problems';
      problemsBox.dataset.count = String(all.length);
      problemsList.replaceChildren(...all.map((p) => {
        const where = p.file ? `${p.file}${p.line ? `:${p.line}:${p.col}` : ''}` : '(the package)';
        const go = button(where, 'button-link problem-where', `Open ${where}`);
        go.addEventListener('click', () => {
          if (p.file && ctx.workspace()?.has(p.file)) show(p.file, p.line, p.col);
        });
        return el('li', `problem problem-${p.severity}`, el('span', `severity severity-${p.severity}`, p.severity), go, el('span', 'problem-message', `${p.code ? p.code + ' ' : ''}${p.message}`));
      }));
    }
    problemsHead.addEventListener('click', () => {
      const shown = problemsList.hidden;
      problemsList.hidden = !shown;
      problemsHead.setAttribute('aria-expanded', String(shown));
    });

    function renderTree(): void {
      const w = ctx.workspace();
      const entries: FileEntry[] = (w?.paths() ?? pkg?.files.map((f) => f.path) ?? []).map((path) => {
        const c = w?.get(path);
        return { path, size: typeof c === 'string' ? c.length : c ? Math.floor((c.base64.length * 3) / 4) : 0, text: typeof c === 'string' };
      });
      tree = fileTree(treePane, entries, problems(), (path) => show(path));
      if (active) tree.select(active);
    }

    // Making, renaming and deleting files.
    let pathAction: ((path: string) => void) | undefined;
    function askPath(value: string, action: (path: string) => void): void {
      pathAction = action;
      pathForm.hidden = false;
      pathInput.value = value;
      pathError.textContent = '';
      pathInput.focus();
    }
    pathForm.addEventListener('submit', (e) => {
      e.preventDefault();
      try {
        pathAction?.(pathInput.value.trim());
        pathForm.hidden = true;
      } catch (err) {
        pathError.textContent = (err as Error).message;
      }
    });
    pathCancel.addEventListener('click', () => (pathForm.hidden = true));
    newFile.addEventListener('click', () => askPath(active?.includes('/') ? active.slice(0, active.lastIndexOf('/') + 1) : 'Classes/', (path) => {
      const w = ctx.workspace();
      if (!w) return;
      if (w.has(path)) throw new Error(`${path} already exists`);
      w.set(path, '');
      renderTree();
      show(path);
    }));
    rename.addEventListener('click', () => {
      const from = active;
      if (!from) return;
      askPath(from, (to) => {
        if (to === from) return;
        ctx.workspace()?.rename(from, to);
        const kept = states.get(from);
        states.delete(from);
        if (kept) states.set(to, kept);
        open = open.map((p) => (p === from ? to : p));
        active = to;
        renderTree();
        show(to);
      });
    });
    let confirming: string | undefined;
    remove.addEventListener('click', () => {
      if (!active) return;
      if (confirming !== active) {
        confirming = active;
        remove.textContent = `Delete ${active.split('/').pop()}?`;
        remove.classList.add('button-danger');
        setTimeout(() => {
          confirming = undefined;
          remove.textContent = 'Delete';
          remove.classList.remove('button-danger');
        }, 4000);
        return;
      }
      const path = active;
      confirming = undefined;
      remove.textContent = 'Delete';
      remove.classList.remove('button-danger');
      ctx.workspace()?.remove(path);
      states.delete(path);
      closeTab(path);
      renderTree();
    });

    const formatButton = button('Format', 'button button-quiet', 'Format the YAML file (Shift+Alt+F)');
    formatButton.id = 'files-format';
    tools.append(formatButton);
    const canFormat = () => !!active && isFormattable(active) && !editorBox.hidden && isShown(editorBox);
    const format = () => (active ? formatEditor(ctx.engine, view, active) : undefined);
    formatButton.addEventListener('click', () => void format());
    registerCommand({ id: 'format', label: 'Format the YAML file open in the Files tab', when: canFormat, run: format });

    function openFirst(): void {
      const w = ctx.workspace();
      const paths = w?.paths() ?? [];
      const first = paths.find((p) => p === 'manifest.yaml') ?? paths[0];
      if (first) show(first);
      else showNothing();
    }

    return {
      show(next) {
        pkg = next;
        open = [];
        active = undefined;
        states.clear();
        renderTree();
        renderProblems();
        openFirst();
      },
      update(next) {
        pkg = next;
        const w = ctx.workspace();
        open = open.filter((p) => w?.has(p));
        renderTree();
        renderProblems();
        if (active && !w?.has(active)) active = undefined;
        if (!active) openFirst();
        else diagnose();
      },
      reveal(path, line, col) {
        show(path, line, col);
      },
    };
  },
});
