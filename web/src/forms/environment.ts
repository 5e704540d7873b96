// The page's environment: the applications created by the wizards of this
// page, which application-reference fields offer and the Deploy view
// deploys, with the packages they came from (as the .zip the engine
// exports, so that a deploy can open them again in a new engine). It is
// kept in the browser (IndexedDB) and restored on reload.

import type { AppModel } from '../api/ui';
import { load, save } from '../store';

const storeKey = 'environment';

interface Saved {
  apps: AppModel[];
  packages: Record<string, string>;
  created: number;
}

let apps: AppModel[] = [];
/** The packages of the applications, by full name: base64 of their .zip. */
let packages: Record<string, string> = {};
let created = 0;
const listeners = new Set<() => void>();

function changed(): void {
  void save(storeKey, { apps, packages, created } satisfies Saved);
  for (const l of listeners) l();
}

export const environment = {
  list(): AppModel[] {
    return [...apps];
  },
  /** The .zip (base64) of every package an application came from, by full name. */
  packages(): Record<string, string> {
    return { ...packages };
  },
  add(app: AppModel, pkg?: { fullName: string; zip: string }): void {
    apps.push(app);
    if (pkg) packages[pkg.fullName] = pkg.zip;
    created++;
    changed();
  },
  /** Adds a package the environment needs without an application of its own (a requirement). */
  addPackage(fullName: string, zip: string): void {
    packages[fullName] = zip;
    changed();
  },
  remove(id: string): void {
    const i = apps.findIndex((a) => a['?'].id === id);
    if (i < 0) return;
    apps.splice(i, 1);
    changed();
  },
  /** Replaces the applications (an imported environment); packages are kept. */
  replace(next: AppModel[]): void {
    apps = [...next];
    changed();
  },
  onChange(listener: () => void): void {
    listeners.add(listener);
  },
  /** The seed of a new wizard: ids differ from those of the applications already created, and stay reproducible (42 for the first). */
  seed(): number {
    return 42 + created;
  },
  /** Restores what an earlier visit kept; resolves when done. */
  async restore(): Promise<void> {
    const saved = await load<Saved>(storeKey);
    if (!saved || apps.length > 0) return;
    apps = saved.apps ?? [];
    packages = saved.packages ?? {};
    created = saved.created ?? apps.length;
    for (const l of listeners) l();
  },
};
