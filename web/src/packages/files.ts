// The Files sub-view: the package's files as a tree and the selected one
// in a read-only viewer, with its problems underlined.

import { readFile } from '../api/packages';
import type { OpenedPackage, Problem } from '../api/packages';
import { fromBase64 } from './input';
import { el } from '../dom';
import { registerSubView } from './subview';
import { type FileTree, fileTree } from './tree';
import { fileViewer } from './viewer';

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
    const head = el('div', 'file-head');
    head.id = 'pkg-file-path';
    const body = el('div', 'file-body');
    const editor = el('div', 'editor file-editor');
    editor.id = 'pkg-viewer';
    const other = el('div', 'file-other');
    other.hidden = true;
    body.append(editor, other);
    panel.append(treePane, el('div', 'file-pane', head, body));
    const viewer = fileViewer(editor);

    let pkg: OpenedPackage | undefined;
    let tree: FileTree | undefined;
    let shown: string | undefined;
    let seq = 0;

    const problemsIn = (path: string): Problem[] =>
      pkg ? [...pkg.errors, ...pkg.lint].filter((p) => p.file === path) : [];

    async function open(path: string, line?: number, col?: number): Promise<void> {
      if (!pkg) return;
      const handle = pkg.handle;
      tree?.select(path);
      const mine = ++seq;
      if (shown !== path) {
        head.textContent = path;
        const file = await readFile(ctx.engine, handle, path);
        if (mine !== seq || pkg?.handle !== handle) return;
        if (!file.ok) {
          editor.hidden = true;
          other.hidden = false;
          other.replaceChildren(el('p', 'error-title', file.error.message));
          return;
        }
        shown = path;
        if ('text' in file) {
          editor.hidden = false;
          other.hidden = true;
          viewer.show(path, file.text, problemsIn(path));
        } else {
          editor.hidden = true;
          other.hidden = false;
          const note = el('p', 'muted', `Binary file, ${file.size} bytes (${file.mime}).`);
          if (file.mime.startsWith('image/')) {
            const url = URL.createObjectURL(new Blob([fromBase64(file.base64) as BlobPart], { type: file.mime }));
            const img = Object.assign(el('img', 'file-image'), { src: url, alt: path });
            img.addEventListener('load', () => URL.revokeObjectURL(url));
            other.replaceChildren(img, note);
          } else {
            other.replaceChildren(note);
          }
        }
      }
      if (line && line > 0 && !editor.hidden) viewer.reveal(line, col ?? 1);
    }

    return {
      show(next) {
        pkg = next;
        shown = undefined;
        tree = fileTree(treePane, next.files, [...next.errors, ...next.lint], (path) => void open(path));
        const first = next.files.find((f) => f.path === 'manifest.yaml') ?? next.files[0];
        if (first) void open(first.path);
        else {
          head.textContent = '';
          editor.hidden = true;
          other.hidden = false;
          other.replaceChildren(el('p', 'muted', 'The package has no files.'));
        }
      },
      reveal(path, line, col) {
        void open(path, line, col);
      },
    };
  },
});
