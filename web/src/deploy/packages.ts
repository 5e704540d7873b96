// The packages a deploy needs, opened in the engine: those the
// environment's applications came from (kept as .zip with the
// environment), the packages they require (imported from the site's
// repository when the environment does not have them), and the real
// io.murano when the settings name one. Handles are kept for as long as
// the engine that made them lives; a restarted engine gets them again.

import { openCoreLibraries, openPackage, type OpenedPackage, type OpenResponse } from '../api/packages';
import { importFrom } from '../api/repo';
import type { Engine } from '../engine';
import { environment } from '../forms/environment';

/** Packages the engine provides itself. */
const platform = new Set(['io.murano', 'io.murano.applications']);

export const builtinRepo = (): string => new URL('repo/', location.href).href;

export class PackageSet {
  private handles = new Map<string, string>();
  private coreHandle?: { zip: string; handle: string };
  private ownCore?: Record<string, string>;

  constructor(private readonly engine: Engine) {}

  /** Forgets every handle (the engine was restarted). */
  reset(): void {
    this.handles.clear();
    this.coreHandle = undefined;
    this.ownCore = undefined;
  }

  /** The handle of a package by full name, when it is open. */
  handleOf(name: string): string | undefined {
    return this.handles.get(name) ?? this.ownCore?.[name];
  }

  /** Opens what the deploy needs; names are packages the environment needs besides its own (the examples'). */
  async open(names: string[] = []): Promise<string[]> {
    const wanted = new Set([...Object.keys(environment.packages()), ...names]);
    const stored = environment.packages();
    const queue = [...wanted];
    while (queue.length > 0) {
      const name = queue.shift()!;
      if (this.handles.has(name) || platform.has(name)) continue;
      let opened: OpenResponse;
      if (stored[name]) {
        const r = await openPackage(this.engine, { zip: stored[name] });
        if (!('handle' in r) && r.ok) throw new Error(`${name}: the stored package is a repository`);
        opened = r as OpenResponse;
      } else {
        opened = await importFrom(this.engine, { url: builtinRepo() }, name);
      }
      if (!opened.ok) throw new Error(`${name}: ${opened.error.message}`);
      this.handles.set(name, opened.handle);
      for (const req of requirementsOf(opened)) if (!wanted.has(req)) {
        wanted.add(req);
        queue.push(req);
      }
    }
    return [...wanted].filter((n) => this.handles.has(n)).map((n) => this.handles.get(n)!);
  }

  /** The handle of the real io.murano given as a .zip (opened once). */
  async core(zip: string | undefined): Promise<string | undefined> {
    if (!zip) return undefined;
    if (this.coreHandle?.zip === zip) return this.coreHandle.handle;
    const r = (await openPackage(this.engine, { zip })) as OpenResponse;
    if (!r.ok) throw new Error(`the core library: ${r.error.message}`);
    this.coreHandle = { zip, handle: r.handle };
    return r.handle;
  }

  /** Handles of the project's own core libraries, for reading their files. */
  async ownCoreLibraries(): Promise<Record<string, string>> {
    if (!this.ownCore) {
      this.ownCore = await openCoreLibraries(this.engine);
    }
    return this.ownCore;
  }
}

function requirementsOf(p: OpenedPackage): string[] {
  return Object.keys(p.package?.require ?? {}).filter((n) => !platform.has(n));
}
