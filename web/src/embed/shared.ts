// The one engine every example of a page shares: a worker started the
// first time an example needs it (an edit, a Run), from the assets the
// page carries as JSON (as index.html does).

import { type Assets, Engine, type EngineState } from '../engine';

let engine: Engine | undefined;
let state: EngineState = { kind: 'loading', loaded: 0, total: 0 };
const listeners = new Set<(s: EngineState) => void>();

/** The page's engine, started on the first call. */
export function pageEngine(): Engine {
  if (!engine) {
    const assets = JSON.parse(document.getElementById('assets')!.textContent!) as Record<string, unknown>;
    // The names are relative to the site's root, which a page names in data-root (the docs: "../").
    const root = new URL(document.documentElement.dataset.root ?? './', location.href);
    for (const [key, value] of Object.entries(assets)) if (typeof value === 'string') assets[key] = new URL(value, root).href;
    engine = new Engine(assets as unknown as Assets);
    engine.onStateChange((s) => {
      state = s;
      for (const l of listeners) l(s);
    });
    engine.start();
  }
  return engine;
}

/** Whether an example has started the engine yet. */
export function engineStarted(): boolean {
  return engine !== undefined;
}

/** Hears the engine's state (now, and on every change) until the returned function is called. */
export function watchEngine(listener: (s: EngineState) => void): () => void {
  listeners.add(listener);
  if (engine) listener(state);
  return () => listeners.delete(listener);
}
