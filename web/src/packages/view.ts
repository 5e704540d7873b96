// The Packages view: opens a package (dropped, picked as a .zip or a
// folder, a built-in example, imported from a same-origin repository, a
// new one from a template, or the files of a link or of an earlier visit)
// in the engine and shows it in the registered sub-views. Its files are a
// workspace the user edits (the Files sub-view, beside the others in Edit
// mode): after a pause in typing the package is opened again from them and
// every sub-view renders it again, keeping what was typed. The workspace
// is kept in the browser and can be shared as a link.

import type { Engine } from '../engine';
import { closePackage, exportPackage, type OpenResponse, type OpenedPackage, openPackage, type RepositoryOpened } from '../api/packages';
import { importFrom as importFromRepo } from '../api/repo';
import { fromBase64, fromDrop, fromFolderInput, fromZip, type Picked } from './input';
import { exampleGallery } from './gallery';
import { repositoryPanel } from './repo';
import { byId, el } from '../dom';
import { type MountedSubView, subViews, where } from './subview';
import { keepWorkspace, keptWorkspace, newPackageFiles, type SavedWorkspace, Workspace, type WorkspaceOrigin } from './workspace';
import { encodeState, type SharedState } from '../state';
import { isShown, registerCommand } from '../commands';
import './overview';
import './files';
import './lint';
import '../forms/view';
import '../forms/schema-view';
import '../run/view';
import '../run/tests';

/** Where the site serves its example packages, relative to the page. */
const builtinRepo = 'repo/';
const examplesIndex = 'repo/examples.json';

export interface PackagesView {
  /** Called with what follows "#packages/" in the URL: a package of the built-in repository to open, and the sub-view to show. */
  route(arg: string, subView?: string): void;
  /** Opens the workspace an earlier visit kept; false when there is none. */
  restore(): Promise<boolean>;
  /** Opens a built-in example on the tab of its gallery entry. */
  openExample(name: string): Promise<void>;
  /** Opens the package of a link. */
  openShared(state: NonNullable<SharedState['package']>): Promise<void>;
  /** The package open now as a link carries it (undefined when none is). */
  sharedState(): SharedState['package'];
}

/** How long typing must pause before the package is opened again. */
const reloadDelayMs = 25;
/** A link longer than this is hard to share (chat apps, e-mail): the .zip is offered instead. */
const longLink = 8000;

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
    newPackage: byId<HTMLButtonElement>('pkg-new'),
    edit: byId<HTMLButtonElement>('pkg-edit'),
    reset: byId<HTMLButtonElement>('pkg-reset'),
    share: byId<HTMLButtonElement>('pkg-share'),
    shareBox: byId('pkg-share-box'),
  };
  ui.repoUrl.value = new URL(builtinRepo, location.href).href;
  const repoPanel = repositoryPanel({ engine, root: ui.root, before: byId('pkg-main'), form: ui.repoForm, name: ui.repoName, open, setStatus });

  let current: OpenedPackage | undefined;
  let active = 'overview';
  let latest = 0;
  let workspace: Workspace | undefined;
  let editing = false;
  /** The engine's worker starts anew with Stop: its handles are its own. */
  let generation = 0;
  let currentGeneration = 0;

  // Sub-views ---------------------------------------------------------------

  const tabs = new Map<string, HTMLButtonElement>();
  const panels = new Map<string, HTMLElement>();
  const mounted = new Map<string, MountedSubView>();
  /** The sub-views that have not rendered the package opened last: never (show) or not since it changed (update). */
  const pending = new Map<string, 'show' | 'update'>();
  const lazy = new Set(subViews.filter((v) => v.lazy).map((v) => v.id));
  const ctx = {
    engine,
    openFile(path: string, line?: number, col?: number) {
      if (!editing) select('files');
      mounted.get('files')?.reveal?.(path, line, col);
    },
    workspace: () => workspace,
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
    // Editing, the files are always shown: the tabs choose what is beside them.
    if (editing && id === 'files') id = active !== 'files' ? active : 'forms';
    active = id;
    for (const shown of [id, ...(editing ? ['files'] : [])]) {
      const view = mounted.get(shown);
      const how = pending.get(shown);
      if (!how || !current || !view) continue;
      pending.delete(shown);
      if (how === 'show') view.show(current);
      else (view.update ?? view.show).call(view, current);
    }
    for (const [viewId, tab] of tabs) {
      const on = viewId === id;
      tab.setAttribute('aria-selected', String(on));
      tab.tabIndex = on ? 0 : -1;
      panels.get(viewId)!.hidden = !on && !(editing && viewId === 'files');
    }
    routeTab();
    persist();
  }

  /** Keeps the chosen tab in an example's #packages/<name>/<tab>, so that a reload shows it again. */
  function routeTab(): void {
    const name = /^#packages\/([^/]+)/.exec(location.hash)?.[1];
    if (!name) return;
    const hash = `#packages/${name}${active === 'overview' ? '' : `/${active}`}`;
    if (location.hash !== hash) history.replaceState(null, '', hash);
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

  async function open(label: string, request: () => Promise<OpenResponse | RepositoryOpened>, origin: WorkspaceOrigin = { label }): Promise<OpenedPackage | undefined> {
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
    let files: Workspace;
    try {
      files = await Workspace.read(engine, response, origin);
    } catch (err) {
      setStatus('error', `Could not read ${label}: ${(err as Error).message}`);
      return undefined;
    }
    if (seq !== latest) return undefined;
    if (current && currentGeneration === generation) void closePackage(engine, current.handle);
    current = response;
    currentGeneration = generation;
    useWorkspace(files);
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
    if (current && currentGeneration === generation) void closePackage(engine, current.handle);
    current = undefined;
  }

  function show(pkg: OpenedPackage, again = false): void {
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
    // Opened again as the user types, only what is shown renders now; the
    // other tabs render it when they are next shown. A lazy tab renders a
    // newly opened package when it is first shown.
    if (!again) pending.clear();
    for (const [id, view] of mounted) {
      const shown = id === active || (id === 'files' && editing);
      if (!again && (shown || !lazy.has(id))) view.show(pkg);
      else if (!again) pending.set(id, 'show');
      else if (shown && pending.get(id) === 'show') {
        pending.delete(id);
        view.show(pkg);
      } else if (shown) (view.update ?? view.show).call(view, pkg);
      else if (!pending.has(id)) pending.set(id, 'update');
    }
    select(active);
    renderWorkspaceTools();
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
    const builtin = new URL(url, location.href).href === new URL(builtinRepo, location.href).href;
    const opened = await open(name, () => importFromRepo(engine, { url }, name), { label: name, example: builtin ? name : undefined });
    if (opened && new URL(url, location.href).href === new URL(builtinRepo, location.href).href) {
      history.replaceState(null, '', `#packages/${encodeURIComponent(opened.package?.fullName ?? name)}`);
      routeTab();
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
    if (current && currentGeneration === generation) void closePackage(engine, current.handle);
    current = undefined;
    ui.loaded.hidden = true;
    ui.failure.hidden = true;
    ui.empty.hidden = false;
    setStatus('idle', '');
    if (location.hash.startsWith('#packages/')) history.replaceState(null, '', '#packages');
  });

  const gallery = exampleGallery(ui.examples, examplesIndex);

  // The workspace ---------------------------------------------------------

  let reloadTimer: ReturnType<typeof setTimeout> | undefined;
  let reloading: Promise<void> | undefined;
  let reloadAgain = false;

  function useWorkspace(w: Workspace): void {
    workspace = w;
    w.onChange(() => {
      if (workspace !== w) return;
      clearTimeout(reloadTimer);
      reloadTimer = setTimeout(() => void reload(), reloadDelayMs);
      persist();
      renderWorkspaceTools();
    });
    persist();
  }

  /** Opens the package again from the workspace's files and renders it again in every sub-view. */
  async function reload(): Promise<void> {
    if (reloading) {
      reloadAgain = true;
      return;
    }
    const w = workspace;
    if (!w) return;
    const started = performance.now();
    reloading = (async () => {
      let response: OpenResponse | RepositoryOpened;
      try {
        response = await openPackage(engine, { files: w.base64Files() });
      } catch (err) {
        setStatus('error', `Engine failure: ${(err as Error).message}`);
        return;
      }
      if (workspace !== w) {
        if (response.ok && 'handle' in response) void closePackage(engine, response.handle);
        return;
      }
      if (!response.ok || !('handle' in response)) {
        const message = response.ok ? 'the files are a repository, not a package' : response.error.message;
        setStatus('error', `The files do not open as a package: ${message}`);
        return;
      }
      const old = current;
      const oldGeneration = currentGeneration;
      current = response;
      currentGeneration = generation;
      show(response, true);
      // A handle of an engine that was restarted names nothing now, or a package of the new one.
      if (old && oldGeneration === generation) void closePackage(engine, old.handle);
      const errors = response.errors.length + response.lint.filter((p) => p.severity === 'error').length;
      const took = Math.round(performance.now() - started);
      setStatus(errors ? 'error' : 'done', `Reloaded in ${took} ms${errors ? ` · ${errors} error${errors === 1 ? '' : 's'}` : ''}`);
      ui.loaded.dataset.reloaded = String(Number(ui.loaded.dataset.reloaded ?? 0) + 1);
    })();
    try {
      await reloading;
    } finally {
      reloading = undefined;
      if (reloadAgain) {
        reloadAgain = false;
        void reload();
      }
    }
  }

  // A restarted engine has forgotten the package: it is opened again from the files.
  let forgotten = false;
  engine.onStateChange((state) => {
    if (state.kind === 'starting') {
      forgotten = true;
      generation++;
    }
    if (state.kind === 'ready' && forgotten) {
      forgotten = false;
      if (workspace && current) void reload();
    }
  });

  function openFile(): string | undefined {
    return panels.get('files')?.dataset.file;
  }

  function persist(): void {
    if (workspace) keepWorkspace(workspace.saved({ tab: active, file: openFile(), editing }));
  }

  function setEditing(on: boolean): void {
    editing = on;
    ui.loaded.classList.toggle('editing', on);
    ui.edit.setAttribute('aria-pressed', String(on));
    ui.edit.textContent = on ? 'Editing' : 'Edit';
    select(active === 'files' && on ? 'forms' : active);
  }

  let discarding = false;
  function renderWorkspaceTools(): void {
    const example = workspace?.origin.example;
    ui.reset.hidden = !example || !workspace?.edited;
    if (!discarding) ui.reset.textContent = 'Reset to example';
  }

  ui.edit.addEventListener('click', () => setEditing(!editing));
  ui.reset.addEventListener('click', () => {
    const example = workspace?.origin.example;
    if (!example) return;
    if (!discarding) {
      discarding = true;
      ui.reset.textContent = 'Discard the changes?';
      setTimeout(() => {
        discarding = false;
        renderWorkspaceTools();
      }, 4000);
      return;
    }
    discarding = false;
    void importFrom(new URL(builtinRepo, location.href).href, example);
  });

  ui.newPackage.addEventListener('click', () => void openFiles(newPackageFiles(), { label: 'a new package' }, { editing: true, tab: 'forms', file: 'Classes/MyApp.yaml' }));

  /** Opens files as a package (a new one, a link's, a kept workspace). */
  async function openFiles(files: SavedWorkspace['files'], origin: WorkspaceOrigin, view: { tab?: string; file?: string; editing?: boolean; edited?: boolean } = {}): Promise<boolean> {
    const w = new Workspace(files, origin, view.edited);
    const opened = await open(origin.label, () => openPackage(engine, { files: w.base64Files() }), origin);
    if (!opened) return false;
    workspace!.edited = view.edited ?? false;
    renderWorkspaceTools();
    if (view.editing !== undefined) setEditing(view.editing);
    if (view.tab && tabs.has(view.tab)) select(view.tab);
    if (view.file && workspace?.has(view.file)) mounted.get('files')?.reveal?.(view.file);
    return true;
  }

  function sharedState(): SharedState['package'] {
    return workspace && { files: workspace.shared(), tab: active, file: openFile() };
  }

  ui.share.addEventListener('click', () => void share());
  registerCommand({ id: 'share', label: 'Share the package as a link', when: () => isShown(ui.share) && workspace !== undefined, run: () => share() });
  async function share(): Promise<void> {
    if (!workspace) return;
    const fragment = await encodeState({ v: 1, view: 'packages', package: sharedState() });
    const link = `${location.origin}${location.pathname}${fragment}`;
    const input = Object.assign(el('input', 'input pkg-share-link'), { value: link, readOnly: true, id: 'pkg-share-link' });
    input.setAttribute('aria-label', 'The link');
    const copy = el('button', 'button', 'Copy');
    copy.type = 'button';
    copy.addEventListener('click', async () => {
      await navigator.clipboard.writeText(link).then(() => (copy.textContent = 'Copied'), () => (copy.textContent = 'Copy failed'));
      setTimeout(() => (copy.textContent = 'Copy'), 1500);
    });
    const close = el('button', 'button button-quiet', 'Close');
    close.type = 'button';
    close.addEventListener('click', () => (ui.shareBox.hidden = true));
    const size = el('span', 'muted small', `${link.length.toLocaleString('en')} characters`);
    size.id = 'pkg-share-size';
    const parts: (HTMLElement | string)[] = [el('div', 'tools', input, copy, close), size];
    if (link.length > longLink) {
      const zip = el('button', 'button', 'Download .zip');
      zip.type = 'button';
      zip.id = 'pkg-share-zip';
      zip.addEventListener('click', () => ui.download.click());
      parts.push(el('p', 'small pkg-share-long', `The link is long (more than ${longLink.toLocaleString('en')} characters): many chat apps and mailers cut such links. The .zip carries the same files. `, zip));
    }
    ui.shareBox.replaceChildren(el('p', 'small', 'The package as it is now, in the link itself (nothing is uploaded):'), ...parts);
    ui.shareBox.hidden = false;
    input.select();
  }

  return {
    route(arg, subView) {
      if (subView && tabs.has(subView)) select(subView);
      if (arg && current?.package?.fullName !== arg) void importFrom(new URL(builtinRepo, location.href).href, arg);
    },
    async openExample(name) {
      const entry = await gallery.find(name);
      if (entry && tabs.has(entry.tab)) select(entry.tab);
      if (current?.package?.fullName !== name || workspace?.edited) await importFrom(new URL(builtinRepo, location.href).href, name);
      else routeTab();
    },
    async restore() {
      const kept = await keptWorkspace();
      if (!kept || !Object.keys(kept.files ?? {}).length) return false;
      return openFiles(kept.files, kept.origin ?? { label: 'the kept package' }, kept);
    },
    sharedState,
    async openShared(state) {
      await openFiles(state.files, { label: 'the package of the link' }, { tab: state.tab, file: state.file, edited: true });
    },
  };
}
