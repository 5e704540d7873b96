// The page: the engine, which this module owns and shows in the top bar
// (download progress, start, failure with Retry, version), and three views
// on it chosen by the tabs of the top bar and the URL hash — #yaql, the
// YAQL console (console.ts), #packages[/<full name>[/<tab>]], the
// Packages view (packages/), and #deploy, the Deploy view (deploy/).
// #example=<full name> opens a built-in example on the tab its gallery
// entry names. Without a hash the page opens the workspace a visit kept,
// else the example web server on its Forms tab. ?embed=1 is the page in
// another page's frame: one view, no tabs, nothing kept, and "Open in
// playground" opening the full page with the state it holds then.
// The views work while the engine loads; their calls wait for it.

import './style.css';
import { engineVersion } from './api/yaql';
import { consoleView } from './console';
import { initChrome } from './chrome';
import { byId } from './dom';
import { type Assets, Engine, type EngineState } from './engine';
import { type DeployView, deployView } from './deploy/view';
import { environment } from './forms/environment';
import { decodeState, encodeState, type SharedState, sharePrefix } from './state';
import { embedded } from './store';
import { type PackagesView, packagesView } from './packages/view';

type ViewId = 'yaql' | 'packages' | 'deploy';

const titles: Record<ViewId, string> = { yaql: 'YAQL console', packages: 'Packages', deploy: 'Deploy' };
const ids: ViewId[] = ['yaql', 'packages', 'deploy'];

/** What the page shows without a hash: a built-in example and the tab it opens on. */
const defaultExample = 'org.playground.examples.WebServer';
const defaultTab = 'forms';

const engine = new Engine(JSON.parse(byId('assets').textContent!) as Assets);
// The environment a visit kept, for every view that offers its applications.
void environment.restore();

let packages: PackagesView | undefined;
let deploy: DeployView | undefined;

function tab(id: ViewId): HTMLAnchorElement {
  return document.getElementById(`tab-${id}`) as HTMLAnchorElement;
}

/** Opens the state of a link (#share=…), then leaves its fragment: the state is the page's and is kept, and a reload restores it. */
async function openShared(): Promise<void> {
  let state: SharedState;
  try {
    state = await decodeState(location.hash);
  } catch (err) {
    history.replaceState(null, '', '#packages');
    route();
    byId('pkg-status').textContent = `Could not open the link: ${(err as Error).message}`;
    return;
  }
  history.replaceState(null, '', `#${state.view}`);
  route(true);
  if (state.view === 'yaql' && state.yaql) yaql.load(state.yaql);
  if (state.view === 'packages') {
    if (state.package) await packages!.openShared(state.package);
    else if (state.example) packages!.route(state.example);
  }
}

/** Opens a built-in example (#example=<full name>) on its tab, then leaves the fragment for the example's own. */
async function openExample(name: string): Promise<void> {
  history.replaceState(null, '', '#packages');
  route(true);
  await packages!.openExample(name);
}

function route(shared = false): void {
  if (location.hash.startsWith(sharePrefix)) {
    void openShared();
    return;
  }
  if (location.hash.startsWith('#example=')) {
    void openExample(decodeURIComponent(location.hash.slice('#example='.length)));
    return;
  }
  const [head, ...rest] = location.hash.replace(/^#/, '').split('/');
  const current: ViewId = head === 'packages' || head === '' ? 'packages' : head === 'deploy' ? 'deploy' : 'yaql';
  for (const id of ids) {
    const on = id === current;
    tab(id).setAttribute('aria-selected', String(on));
    tab(id).tabIndex = on ? 0 : -1;
    document.getElementById(`view-${id}`)!.hidden = !on;
  }
  document.body.dataset.view = current;
  document.title = `${titles[current]} · Murano playground`;
  if (current === 'deploy') {
    deploy ??= deployView(engine, document.getElementById('view-deploy')!);
    deploy.show();
  }
  if (current === 'packages') {
    packages ??= packagesView(engine);
    if (shared) return;
    const view = packages;
    // Without a hash: the package an earlier visit kept, else the default example.
    if (head === '') void view.restore().then((restored) => restored || view.route(defaultExample, defaultTab));
    else view.route(decodeURIComponent(rest[0] ?? ''), rest[1]);
  }
}

document.querySelector('.tabs')!.addEventListener('keydown', (event) => {
  const key = (event as KeyboardEvent).key;
  const step = key === 'ArrowRight' ? 1 : key === 'ArrowLeft' ? -1 : 0;
  if (!step) return;
  const current = ids.indexOf(document.body.dataset.view as ViewId);
  const next = ids[(current + step + ids.length) % ids.length];
  location.hash = next;
  tab(next).focus();
  event.preventDefault();
});

// The engine in the top bar ------------------------------------------------

const status = {
  label: byId('engine-label'),
  progress: byId('engine-progress'),
  progressBar: byId('engine-progress').firstElementChild as HTMLElement,
  retry: byId<HTMLButtonElement>('engine-retry'),
  version: byId('version'),
};

status.retry.addEventListener('click', () => {
  status.retry.hidden = true;
  engine.start();
});

let versionShown = false;
engine.onStateChange((state: EngineState) => {
  document.body.dataset.engine = state.kind;
  switch (state.kind) {
    case 'loading': {
      const percent = state.total > 0 ? Math.min(100, (100 * state.loaded) / state.total) : 0;
      status.progress.hidden = false;
      status.progress.setAttribute('aria-valuenow', String(Math.round(percent)));
      status.progress.dataset.bytes = String(state.loaded);
      status.progressBar.style.width = `${percent}%`;
      status.label.textContent = `Loading engine… ${mb(state.loaded)} of ${mb(state.total)}`;
      break;
    }
    case 'starting':
      status.label.textContent = 'Starting engine…';
      break;
    case 'ready':
      status.progress.hidden = true;
      status.label.textContent = 'Engine ready';
      if (!versionShown) {
        versionShown = true;
        void showVersion();
      }
      break;
    case 'failed':
      status.progress.hidden = true;
      status.label.textContent = `Engine failed: ${state.message}`;
      status.retry.hidden = false;
      break;
  }
});

async function showVersion(): Promise<void> {
  try {
    const v = await engineVersion(engine);
    if (v) status.version.textContent = `engine ${v.version}${v.go ? ` · ${v.go}` : ''}`;
  } catch {
    // The version is decoration; a stopped or failed engine reports elsewhere.
  }
}

function mb(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

initChrome();
const yaql = consoleView(engine);
if (embedded) embed();

/** The embedded page's top bar: the brand and a link to the full page with the state of the view shown. */
function embed(): void {
  document.body.dataset.embed = '1';
  const open = Object.assign(document.createElement('a'), { id: 'open-full', className: 'button', target: '_blank', rel: 'noopener', textContent: 'Open in playground ↗' });
  open.href = location.pathname + location.hash;
  open.title = 'The full playground, in a new tab, with what this one holds now';
  open.addEventListener('click', async (event) => {
    event.preventDefault();
    const view = (document.body.dataset.view ?? 'yaql') as ViewId;
    const state: SharedState = { v: 1, view };
    if (view === 'yaql') state.yaql = yaql.state();
    if (view === 'packages') state.package = packages?.sharedState();
    window.open(location.pathname + (await encodeState(state)), '_blank', 'noopener');
  });
  document.querySelector('.topbar .brand')!.after(open);
}
engine.start();
window.addEventListener('hashchange', () => route());
route();
