// The page's environment: the applications created by the wizards of this
// page, which application-reference fields offer. It lives as long as the
// page.

import type { AppModel } from '../api/ui';

const apps: AppModel[] = [];
let created = 0;
const listeners = new Set<() => void>();

export const environment = {
  list(): AppModel[] {
    return [...apps];
  },
  add(app: AppModel): void {
    apps.push(app);
    created++;
    for (const l of listeners) l();
  },
  remove(id: string): void {
    const i = apps.findIndex((a) => a['?'].id === id);
    if (i < 0) return;
    apps.splice(i, 1);
    for (const l of listeners) l();
  },
  onChange(listener: () => void): void {
    listeners.add(listener);
  },
  /** The seed of a new wizard: ids differ from those of the applications already created, and stay reproducible (42 for the first). */
  seed(): number {
    return 42 + created;
  },
};
