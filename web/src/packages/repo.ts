// The Repository panel of the Packages view: a repository folder the user
// opened (its packages, bundles and images; a package opens with its Require
// closure, a bundle imports), and the result of a bundle imported from a
// same-origin base URL, which cannot be listed.

import type { Engine } from '../engine';
import { closePackage, type OpenResponse, type OpenedPackage, type RepositoryInfo } from '../api/packages';
import { type BundleResponse, importBundle, importFrom, type RepoSource } from '../api/repo';
import { el } from '../dom';
import './repo.css';

export interface RepositoryHost {
  engine: Engine;
  /** The Packages view, which lays the panel out next to before. */
  root: HTMLElement;
  before: HTMLElement;
  /** The URL form and its name field, which get a Package/Bundle choice. */
  form: HTMLFormElement;
  name: HTMLInputElement;
  /** Opens a package in the view (as the view's own sources do). */
  open(label: string, request: () => Promise<OpenResponse>): Promise<OpenedPackage | undefined>;
  setStatus(state: 'idle' | 'running' | 'done' | 'error', text: string): void;
}

export interface RepositoryPanel {
  /** Shows a repository folder package.open answered with. */
  show(repo: RepositoryInfo, label: string): void;
  /** The handle of the repository folder shown, which a package opened meanwhile is resolved against. */
  folder(): string | undefined;
  /** Whether the URL form imports a bundle rather than a package. */
  bundleChosen(): boolean;
  /** Imports a bundle from a base URL and lists what came in. */
  importUrlBundle(url: string, name: string): Promise<void>;
}

function button(className: string, text: string, title: string, onClick: () => void): HTMLButtonElement {
  const b = el('button', className, text);
  b.type = 'button';
  b.title = title;
  b.addEventListener('click', onClick);
  return b;
}

function section(title: string, count: number | undefined, ...children: HTMLElement[]): HTMLElement {
  const head = el('h3', undefined, title);
  if (count !== undefined) head.append(' ', el('span', 'badge badge-muted', String(count)));
  return el('section', 'repo-section', head, ...children);
}

export function repositoryPanel(host: RepositoryHost): RepositoryPanel {
  const { engine } = host;
  const panel = el('section', 'pane repo-panel');
  panel.id = 'pkg-repo-panel';
  panel.setAttribute('aria-labelledby', 'pkg-repo-title');
  panel.hidden = true;
  const title = el('h2', undefined, 'Repository');
  title.id = 'pkg-repo-title';
  const where = el('span', 'muted repo-where');
  const close = button('button button-quiet', 'Close', 'Close the repository', hide);
  close.setAttribute('aria-label', 'Close the repository');
  const body = el('div', 'repo-body');
  const imported = el('section', 'repo-section repo-imported');
  imported.id = 'pkg-repo-imported';
  imported.setAttribute('aria-live', 'polite');
  imported.hidden = true;
  let folder: string | undefined;
  panel.append(el('div', 'pane-head', el('div', 'repo-head', title, where), el('div', 'tools', close)), body);
  host.root.insertBefore(panel, host.before);

  // The URL form: import a package (the view's own) or a bundle.
  const kinds = el('div', 'segmented repo-kind');
  kinds.setAttribute('role', 'radiogroup');
  kinds.setAttribute('aria-label', 'Import a package or a bundle');
  const radios = (['package', 'bundle'] as const).map((kind) => {
    const input = el('input');
    Object.assign(input, { type: 'radio', name: 'pkg-repo-kind', value: kind, checked: kind === 'package' });
    input.id = `pkg-repo-kind-${kind}`;
    input.addEventListener('change', relabel);
    kinds.append(el('label', undefined, input, el('span', undefined, kind === 'package' ? 'Package' : 'Bundle')));
    return input;
  });
  host.name.closest('label')?.before(kinds);
  const packageHint = { placeholder: host.name.placeholder, label: host.name.getAttribute('aria-label') ?? '' };
  function relabel(): void {
    const bundle = radios[1].checked;
    host.name.placeholder = bundle ? 'examples' : packageHint.placeholder;
    host.name.setAttribute('aria-label', bundle ? 'Bundle name (bundles/<name>.bundle)' : packageHint.label);
    const label = host.name.closest('label');
    if (label?.firstChild?.nodeType === Node.TEXT_NODE) label.firstChild.textContent = bundle ? 'Bundle ' : 'Package ';
  }

  function hide(): void {
    panel.hidden = true;
    host.root.classList.remove('pkg-with-repo');
    folder = undefined;
  }

  function reveal(label: string): void {
    where.textContent = label;
    where.title = label;
    panel.hidden = false;
    host.root.classList.add('pkg-with-repo');
  }

  function openPackage(from: RepoSource, fullName: string, version?: string): void {
    void host.open(version ? `${fullName} ${version}` : fullName, () => importFrom(engine, from, fullName, version ? `==${version}` : undefined));
  }

  async function runBundle(from: RepoSource, name: string): Promise<void> {
    host.setStatus('running', `Importing the bundle ${name}…`);
    const started = performance.now();
    let response: BundleResponse;
    try {
      response = await importBundle(engine, from, name);
    } catch (err) {
      host.setStatus('error', `Could not import the bundle ${name}: ${(err as Error).message}`);
      return;
    }
    imported.hidden = false;
    if (!response.ok) {
      const errors = response.errors?.length ? response.errors : [response.error];
      const list = el('ul', 'repo-errors');
      for (const e of errors) list.append(el('li', undefined, e.message));
      imported.replaceChildren(el('h3', undefined, `Bundle ${name}`), el('p', 'repo-error', 'The bundle does not import:'), list);
      host.setStatus('error', `Could not import the bundle ${name}`);
      return;
    }
    for (const opened of response.packages) void closePackage(engine, opened.handle);
    const named = new Set(response.packages.map((p) => p.package?.fullName));
    const list = el('ul', 'repo-list');
    list.setAttribute('aria-label', `Imported by the bundle ${name}`);
    for (const ref of response.imported) {
      const open = button('link repo-open', ref.fullName, `Open ${ref.fullName} ${ref.version} with its requirements`, () => openPackage(from, ref.fullName, ref.version));
      open.dataset.package = ref.fullName;
      list.append(el('li', 'repo-item', open, el('span', 'muted', ` ${ref.version}`), named.has(ref.fullName) ? el('span', 'pill', 'in the bundle') : el('span', 'pill', 'required')));
    }
    const parts: HTMLElement[] = [
      el('h3', undefined, `Imported by the bundle ${name}`, ' ', el('span', 'badge badge-muted', String(response.imported.length))),
      el('p', 'muted small', 'Dependencies first, one version of each package. Open any of them:'),
      list,
    ];
    if (response.images.length > 0) {
      parts.push(el('p', 'muted small', `Images: ${response.images.map((i) => `${i.name} ← ${i.url}`).join(', ')}`));
    }
    if (response.warnings.length > 0) {
      const warnings = el('ul', 'repo-warnings');
      for (const w of response.warnings) warnings.append(el('li', undefined, w));
      parts.push(warnings);
    }
    imported.replaceChildren(...parts);
    imported.scrollIntoView({ block: 'nearest' });
    const took = Math.round(performance.now() - started);
    const count = `${response.imported.length} package${response.imported.length === 1 ? '' : 's'}`;
    host.setStatus(response.warnings.length ? 'error' : 'done', `Imported the bundle ${name}: ${count} in ${took} ms${response.warnings.length ? ` · ${response.warnings.length} warning${response.warnings.length === 1 ? '' : 's'}` : ''}`);
  }

  function showFolder(repo: RepositoryInfo, label: string): void {
    const from: RepoSource = { handle: repo.handle };
    folder = repo.handle;
    const parts: HTMLElement[] = [];

    const packages = el('ul', 'repo-list');
    packages.setAttribute('aria-label', 'Packages in apps/');
    for (const p of repo.packages) {
      const item = el('li', `repo-item${p.package ? '' : ' repo-broken'}`);
      if (p.package) {
        const info = p.package;
        const open = button('link repo-open', info.name || info.fullName, `Import ${info.fullName} ${info.version} with its requirements and open it`, () =>
          openPackage(from, info.fullName, info.version),
        );
        open.dataset.package = info.fullName;
        open.dataset.version = info.version;
        item.append(open, el('span', 'muted', ` ${info.version}`), el('div', 'mono small repo-fqn', info.fullName));
        const requires = Object.keys(info.require);
        if (requires.length > 0) item.append(el('div', 'muted small', `requires ${requires.join(', ')}`));
      } else {
        item.append(el('span', 'mono', p.file), el('span', 'pill pill-missing', 'broken'));
      }
      for (const e of p.errors) item.append(el('div', 'repo-error small', e.message));
      for (const w of p.warnings) item.append(el('div', 'repo-warning small', w));
      packages.append(item);
    }
    parts.push(section('Packages', repo.packages.length, repo.packages.length ? packages : el('p', 'muted small', 'apps/ holds no .zip.')));

    const bundles = el('ul', 'repo-list');
    bundles.setAttribute('aria-label', 'Bundles in bundles/');
    for (const b of repo.bundles) {
      const item = el('li', 'repo-item');
      const run = button('button repo-bundle', 'Import bundle', `Import every package bundles/${b.name}.bundle names, with their requirements`, () => void runBundle(from, b.name));
      run.dataset.bundle = b.name;
      run.disabled = b.error !== null;
      item.append(el('span', 'mono', b.name), ' ', el('span', 'pill', b.format.toUpperCase()), ' ', run);
      if (b.error) item.append(el('div', 'repo-error small', b.error));
      else item.append(el('div', 'muted small', b.entries.map((e) => (e.version ? `${e.name} ${e.version}` : e.name)).join(', ') || 'no packages'));
      bundles.append(item);
    }
    parts.push(section('Bundles', repo.bundles.length, repo.bundles.length ? bundles : el('p', 'muted small', 'bundles/ holds no .bundle.')));

    imported.hidden = true;
    imported.replaceChildren();
    parts.push(imported);

    if (repo.images.length > 0 || repo.imageFiles.length > 0) {
      const images = el('ul', 'repo-list');
      images.setAttribute('aria-label', 'Images');
      for (const img of repo.images) {
        images.append(
          el(
            'li',
            'repo-item',
            el('span', 'mono', img.name),
            el('span', 'muted small', ` ${img.diskFormat}/${img.containerFormat} ← ${img.url}`),
            el('span', `pill ${img.present ? 'pill-resolved' : ''}`, img.present ? 'in images/' : 'not in images/'),
            el('div', 'muted small', img.package ? `images.lst of ${img.package}` : 'the repository’s images.lst'),
          ),
        );
      }
      const listed = new Set(repo.images.map((i) => i.url));
      for (const file of repo.imageFiles.filter((f) => !listed.has(f))) images.append(el('li', 'repo-item mono small muted', file));
      parts.push(section('Images', repo.images.length, images));
    }
    body.replaceChildren(...parts);
    reveal(label);
  }

  return {
    show: showFolder,
    folder: () => folder,
    bundleChosen: () => radios[1].checked,
    async importUrlBundle(url, name) {
      const from: RepoSource = { url };
      folder = undefined;
      body.replaceChildren(el('p', 'muted small', 'A repository at a URL cannot be listed: its bundles are named in the form above.'), imported);
      reveal(url);
      await runBundle(from, name);
    },
  };
}
