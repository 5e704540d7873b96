// The page: two views chosen by the tabs of the top bar and the URL hash —
// #yaql, the YAQL console (main.ts), and #packages[/<full name>[/<tab>]],
// the Packages view (packages/). They share one engine. Without a hash
// the page opens the example web server on its Forms tab.

import { engine } from './main';
import { type PackagesView, packagesView } from './packages/view';

type ViewId = 'yaql' | 'packages';

const titles: Record<ViewId, string> = { yaql: 'YAQL console', packages: 'Packages' };
const ids: ViewId[] = ['yaql', 'packages'];

/** What the page shows without a hash: a built-in example and the tab it opens on. */
const defaultExample = 'org.playground.examples.WebServer';
const defaultTab = 'forms';

let packages: PackagesView | undefined;

function tab(id: ViewId): HTMLAnchorElement {
  return document.getElementById(`tab-${id}`) as HTMLAnchorElement;
}

function route(): void {
  const [head, ...rest] = location.hash.replace(/^#/, '').split('/');
  const current: ViewId = head === 'packages' || head === '' ? 'packages' : 'yaql';
  for (const id of ids) {
    const on = id === current;
    tab(id).setAttribute('aria-selected', String(on));
    tab(id).tabIndex = on ? 0 : -1;
    document.getElementById(`view-${id}`)!.hidden = !on;
  }
  document.body.dataset.view = current;
  document.title = `${titles[current]} · Murano playground`;
  if (current === 'packages') {
    packages ??= packagesView(engine);
    if (head === '') packages.route(defaultExample, defaultTab);
    else packages.route(decodeURIComponent(rest[0] ?? ''), rest[1]);
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

window.addEventListener('hashchange', route);
route();
