// The file tree of the Packages view: folders as nested lists, files as
// buttons (keyboard reachable), the selected file marked aria-current.

import type { FileEntry, Problem } from '../api/packages';

interface Folder {
  folders: Map<string, Folder>;
  files: FileEntry[];
}

function build(files: FileEntry[]): Folder {
  const root: Folder = { folders: new Map(), files: [] };
  for (const f of files) {
    const parts = f.path.split('/');
    let folder = root;
    for (const part of parts.slice(0, -1)) {
      let next = folder.folders.get(part);
      if (!next) folder.folders.set(part, (next = { folders: new Map(), files: [] }));
      folder = next;
    }
    folder.files.push(f);
  }
  return root;
}

export interface FileTree {
  select(path: string): void;
}

/**
 * Renders files into parent; onOpen is called with a file's path when it is
 * clicked. A file with problems shows how many (errors win over warnings).
 */
export function fileTree(parent: HTMLElement, files: FileEntry[], problems: Problem[], onOpen: (path: string) => void): FileTree {
  const counts = new Map<string, { n: number; error: boolean }>();
  for (const p of problems) {
    if (!p.file) continue;
    const c = counts.get(p.file) ?? { n: 0, error: false };
    c.n++;
    c.error ||= p.severity === 'error';
    counts.set(p.file, c);
  }
  const buttons = new Map<string, HTMLButtonElement>();
  const render = (folder: Folder): HTMLUListElement => {
    const ul = document.createElement('ul');
    for (const [name, sub] of [...folder.folders].sort(([a], [b]) => a.localeCompare(b))) {
      const li = document.createElement('li');
      const label = document.createElement('span');
      label.className = 'tree-folder';
      label.textContent = `${name}/`;
      li.append(label, render(sub));
      ul.append(li);
    }
    for (const f of folder.files) {
      const li = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'tree-file';
      button.dataset.path = f.path;
      button.title = `${f.path} · ${f.size} bytes${f.text ? '' : ' · binary'}`;
      button.textContent = f.path.split('/').pop()!;
      const c = counts.get(f.path);
      if (c) {
        const badge = document.createElement('span');
        badge.className = `badge badge-${c.error ? 'error' : 'warning'}`;
        badge.textContent = String(c.n);
        badge.setAttribute('aria-label', `${c.n} problem${c.n === 1 ? '' : 's'}`);
        button.append(badge);
      }
      button.addEventListener('click', () => onOpen(f.path));
      buttons.set(f.path, button);
      li.append(button);
      ul.append(li);
    }
    return ul;
  };
  const list = render(build(files));
  list.setAttribute('aria-label', 'Package files');
  parent.replaceChildren(list);
  return {
    select(path) {
      for (const [p, b] of buttons) {
        if (p === path) b.setAttribute('aria-current', 'true');
        else b.removeAttribute('aria-current');
      }
      buttons.get(path)?.scrollIntoView({ block: 'nearest' });
    },
  };
}
