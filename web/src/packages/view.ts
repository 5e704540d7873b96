// The Packages view: opens a package (dropped, picked as a .zip or a
// folder, a built-in example, or imported from a same-origin repository)
// in the engine and shows it in the registered sub-views.

import type { Engine } from '../engine';
import { closePackage, exportPackage, type OpenResponse, type OpenedPackage, openPackage, type RepositoryOpened } from '../api/packages';
import { importFrom as importFromRepo } from '../api/repo';
import { fromBase64, fromDrop, fromFolderInput, fromZip, type Picked } from './input';
import { repositoryPanel } from './repo';
import { byId, el } from '../dom';
import { type MountedSubView, subViews, where } from './subview';
import './overview';
import './files';
import './lint';
import '../forms/view';
import '../forms/schema-view';
import '../run/view';
import '../run/tests';

/** Where the site serves its example packages, relative to the page. */
const builtinRepo = 'repo/';
const examplesBundle = 'repo/bundles/examples.bundle';

export interface PackagesView {
  /** Called with what follows "#packages/" in the URL: a package of the built-in repository to open, and the sub-view to show. */
  route(arg: string, subView?: string): void;
}

export function packagesView(engine: Engine): PackagesView {
  const ui = {
    root: byId('view-packages'),
    openZip: byId<HTMLButtonElement>('pkg-open-zip'),
    openFolder: byId<HTMLButtonElement>('pkg-open-folder'),
    zipInput: byId<HTMLInputElement>('pkg-zip-input'),
    folderInput: byId<HTMLInputElement>('pkg-folder-input'),
    status: byId('pkg-status'),
    examples: byId('pkg-examples'),
    repoForm: byId<HTMLFormElement>('pkg-repo-form'),
    repoUrl: byId<HTMLInputElement>('pkg-repo-url'),
    repoName: byId<HTMLInputElement>('pkg-repo-name'),
    empty: byId('pkg-empty'),
    failure: byId('pkg-failure'),
    loaded: byId('pkg-loaded'),
    logo: byId<HTMLImageElement>('pkg-logo'),
    name: byId('pkg-name'),
    meta: byId('pkg-meta'),
    download: byId<HTMLButtonElement>('pkg-download'),
    close: byId<HTMLButtonElement>('pkg-close'),
    subtabs: byId('pkg-subtabs'),
    panels: byId('pkg-panels'),
    drop: byId('pkg-drop'),
  };
  ui.repoUrl.value = new URL(builtinRepo, location.href).href;
  const repoPanel = repositoryPanel({ engine, root: ui.root, before: byId('pkg-main'), form: ui.repoForm, name: ui.repoName, open, setStatus });

  let current: OpenedPackage | undefined;
  let active = 'overview';
  let latest = 0;

  // Sub-views ---------------------------------------------------------------

  const tabs = new Map<string, HTMLButtonElement>();
  const panels = new Map<string, HTMLElement>();
  const mounted = new Map<string, MountedSubView>();
  const ctx = {
    engine,
    openFile(path: string, line?: number, col?: number) {
      select('files');
      mounted.get('files')?.reveal?.(path, line, col);
    },
  };
  for (const view of subViews) {
    const tab = el('button', 'subtab');
    tab.type = 'button';
    tab.id = `pkg-tab-${view.id}`;
    tab.dataset.view = view.id;
    tab.setAttribute('role', 'tab');
    tab.setAttribute('aria-controls', `pkg-panel-${view.id}`);
    tab.addEventListener('click', () => select(view.id));
    const panel = el('div', 'subpanel');
    panel.id = `pkg-panel-${view.id}`;
    panel.setAttribute('role', 'tabpanel');
    panel.setAttribute('aria-labelledby', tab.id);
    ui.subtabs.append(tab);
    ui.panels.append(panel);
    tabs.set(view.id, tab);
    panels.set(view.id, panel);
    mounted.set(view.id, view.mount(panel, ctx));
  }
  ui.subtabs.addEventListener('keydown', (event) => {
    const ids = [...tabs.keys()];
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = ids[(ids.indexOf(active) + step + ids.length) % ids.length];
    select(next);
    tabs.get(next)?.focus();
    event.preventDefault();
  });

  function select(id: string): void {
    active = id;
    for (const [viewId, tab] of tabs) {
      const on = viewId === id;
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = on ? 0 : -1;
      panels.get(viewId)!.hidden = !on;
    }
  }
  select(active);

  function renderTabs(pkg: OpenedPackage): void {
    for (const view of subViews) {
      const tab = tabs.get(view.id)!;
      const badge = view.badge?.(pkg);
      tab.replaceChildren(view.label);
      if (badge) tab.append(el('span', `badge badge-${badge.tone}`, badge.text));
    }
  }

  // Opening -------------------------------------------------------------------

  function setStatus(state: 'idle' | 'running' | 'done' | 'error', text: string): void {
    ui.status.dataset.state = state;
    ui.status.textContent = text;
  }

  async function open(label: string, request: () => Promise<OpenResponse | RepositoryOpened>): Promise<OpenedPackage | undefined> {
    const seq = ++latest;
    setStatus('running', `Opening ${label}…`);
    let response: OpenResponse | RepositoryOpened;
    const started = performance.now();
    try {
      response = await request();
    } catch (err) {
      if (seq === latest) {
        setStatus('error', 'Engine failure');
        showFailure(label, [{ message: (err as Error).message }]);
      }
      return undefined;
    }
    if (seq !== latest) {
      if (response.ok && 'handle' in response) void closePackage(engine, response.handle);
      return undefined;
    }
    const took = Math.round(performance.now() - started);
    if (!response.ok) {
      setStatus('error', `Could not open ${label}`);
      showFailure(label, response.errors?.length ? response.errors : [response.error]);
      return undefined;
    }
    if ('repository' in response) {
      repoPanel.show(response.repository, label);
      setStatus('done', `Opened the repository ${label} in ${took} ms: import a package or a bundle from it`);
      return undefined;
    }
    if (current) void closePackage(engine, current.handle);
    current = response;
    show(response);
    const errors = response.errors.length + response.lint.filter((p) => p.severity === 'error').length;
    setStatus(errors ? 'error' : 'done', `Opened ${label} in ${took} ms${errors ? ` · ${errors} error${errors === 1 ? '' : 's'}` : ''}`);
    return response;
  }

  function showFailure(label: string, errors: { message: string; file?: string; line?: number; col?: number }[]): void {
    const list = el('ul', 'problems');
    for (const e of errors) {
      const at = e.file ? el('span', 'problem-where', where({ file: e.file, line: e.line ?? 0, col: e.col ?? 0 })) : undefined;
      list.append(el('li', 'problem problem-error', el('span', 'severity severity-error', 'error'), at, el('span', 'problem-message', e.message)));
    }
    ui.failure.replaceChildren(el('h3', undefined, `${label} does not open as a package`), list);
    ui.failure.hidden = false;
    ui.empty.hidden = true;
    ui.loaded.hidden = true;
    if (current) void closePackage(engine, current.handle);
    current = undefined;
  }

  function show(pkg: OpenedPackage): void {
    ui.failure.hidden = true;
    ui.empty.hidden = true;
    ui.loaded.hidden = false;
    const info = pkg.package;
    ui.name.textContent = info ? info.name : 'Broken package';
    const meta: (string | HTMLElement)[] = [];
    if (info) {
      meta.push(el('span', 'mono', info.fullName), el('span', undefined, info.version), el('span', undefined, info.type), el('span', undefined, info.format));
    } else {
      meta.push(el('span', 'error-title', `${pkg.errors.length} error${pkg.errors.length === 1 ? '' : 's'} — see below`));
    }
    if (pkg.root) meta.push(el('span', 'muted', `from the folder ${pkg.root}/`));
    ui.meta.replaceChildren(...meta);
    const logo = pkg.details?.logo;
    ui.logo.hidden = !logo;
    if (logo) ui.logo.src = logo;
    else ui.logo.removeAttribute('src');
    ui.download.disabled = !pkg.files.some((f) => f.path === 'manifest.yaml');
    ui.download.title = ui.download.disabled ? 'A package needs a manifest.yaml to be exported' : 'Download the package as a .zip that Murano accepts';
    renderTabs(pkg);
    for (const view of mounted.values()) view.show(pkg);
    select(active);
  }

  async function openPicked(picked: Promise<Picked | undefined>): Promise<void> {
    const before = { state: ui.status.dataset.state as 'idle' | 'running' | 'done' | 'error', text: ui.status.textContent ?? '' };
    setStatus('running', 'Reading the files…');
    let p: Picked | undefined;
    try {
      p = await picked;
    } catch (err) {
      setStatus('error', `Could not read the files: ${(err as Error).message}`);
      return;
    }
    if (!p) {
      setStatus(before.state ?? 'idle', before.text);
      return;
    }
    const repo = repoPanel.folder() ?? (ui.repoUrl.value.trim() || undefined);
    await open(p.label, () => openPackage(engine, p.source, repo));
  }

  async function importFrom(url: string, name: string): Promise<void> {
    const opened = await open(name, () => importFromRepo(engine, { url }, name));
    if (opened && new URL(url, location.href).href === new URL(builtinRepo, location.href).href) {
      history.replaceState(null, '', `#packages/${opened.package?.fullName ?? name}`);
    }
  }

  // Sources -------------------------------------------------------------------

  ui.openZip.addEventListener('click', () => ui.zipInput.click());
  ui.openFolder.addEventListener('click', () => ui.folderInput.click());
  ui.zipInput.addEventListener('change', () => {
    const file = ui.zipInput.files?.[0];
    if (file) void openPicked(fromZip(file));
    ui.zipInput.value = '';
  });
  ui.folderInput.addEventListener('change', () => {
    const files = ui.folderInput.files;
    if (files && files.length > 0) void openPicked(fromFolderInput(files));
    ui.folderInput.value = '';
  });
  ui.repoForm.addEventListener('submit', (event) => {
    event.preventDefault();
    if (repoPanel.bundleChosen()) void repoPanel.importUrlBundle(ui.repoUrl.value.trim(), ui.repoName.value.trim());
    else void importFrom(ui.repoUrl.value.trim(), ui.repoName.value.trim());
  });

  let depth = 0;
  ui.root.addEventListener('dragenter', (event) => {
    if (!event.dataTransfer?.types.includes('Files')) return;
    depth++;
    ui.drop.hidden = false;
  });
  ui.root.addEventListener('dragleave', () => {
    if (depth > 0 && --depth === 0) ui.drop.hidden = true;
  });
  ui.root.addEventListener('dragover', (event) => {
    if (!event.dataTransfer?.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  });
  ui.root.addEventListener('drop', (event) => {
    event.preventDefault();
    depth = 0;
    ui.drop.hidden = true;
    if (event.dataTransfer) void openPicked(fromDrop(event.dataTransfer));
  });

  ui.download.addEventListener('click', async () => {
    if (!current) return;
    const response = await exportPackage(engine, current.handle);
    if (!response.ok) {
      setStatus('error', `Export failed: ${response.error.message}`);
      return;
    }
    const url = URL.createObjectURL(new Blob([fromBase64(response.zip) as BlobPart], { type: 'application/zip' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: response.name });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    setStatus('done', `Exported ${response.name} (${response.size} bytes)`);
  });

  ui.close.addEventListener('click', () => {
    if (current) void closePackage(engine, current.handle);
    current = undefined;
    ui.loaded.hidden = true;
    ui.failure.hidden = true;
    ui.empty.hidden = false;
    setStatus('idle', '');
    if (location.hash.startsWith('#packages/')) history.replaceState(null, '', '#packages');
  });

  void loadExamples();

  async function loadExamples(): Promise<void> {
    let names: string[] = [];
    try {
      const response = await fetch(examplesBundle);
      const bundle = (await response.json()) as { Packages?: { Name?: string }[] };
      names = (bundle.Packages ?? []).map((p) => p.Name ?? '').filter(Boolean);
    } catch {
      ui.examples.append(el('span', 'muted', 'none available'));
      return;
    }
    for (const name of names) {
      const chip = el('button', 'chip', name.split('.').pop()!);
      chip.type = 'button';
      chip.title = `Open ${name} from the built-in repository`;
      chip.setAttribute('aria-label', `Open the example ${name}`);
      chip.dataset.package = name;
      chip.addEventListener('click', () => void importFrom(new URL(builtinRepo, location.href).href, name));
      ui.examples.append(chip);
    }
  }

  return {
    route(arg, subView) {
      if (subView && tabs.has(subView)) select(subView);
      if (arg && current?.package?.fullName !== arg) void importFrom(new URL(builtinRepo, location.href).href, arg);
    },
  };
}
