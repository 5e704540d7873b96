// What the Run and Tests sub-views need of the opened package in the
// engine: its handle and those of the packages it requires (imported
// from the site's repository), for as long as the engine's worker lives.
// Stop restarts the worker, which forgets every package: a session whose
// package was not opened again yet (the Packages view does so from the
// workspace's files, and hands the sub-views the package anew) opens it
// again from the .zip exported before its first run.

import { exportPackage, openCoreLibraries, openPackage, type OpenedPackage, type OpenResponse } from '../api/packages';
import type { PackageRefs } from '../api/run';
import { importFrom } from '../api/repo';
import type { Engine } from '../engine';

/** Packages the engine provides itself. */
const platform = new Set(['io.murano', 'io.murano.applications']);
const builtinRepo = (): string => new URL('repo/', location.href).href;

/** How many times the engine's worker has started: handles belong to one. */
let generation = 0;
const watched = new WeakSet<Engine>();
const sessions = new WeakMap<OpenedPackage, PackageSession>();

/** The session of an opened package, shared by the sub-views that run its code. */
export function sessionOf(engine: Engine, pkg: OpenedPackage): PackageSession {
  let s = sessions.get(pkg);
  if (!s) {
    s = new PackageSession(engine, pkg);
    sessions.set(pkg, s);
  }
  return s;
}

export class PackageSession {
  /** The generation of the engine the handles belong to. */
  private born: number;
  private zip?: string;
  private required = new Map<string, string>();
  private ownCore?: Record<string, string>;
  private reopening?: Promise<void>;
  /** The package's handle in the engine of this generation. */
  private handle: string;

  constructor(
    readonly engine: Engine,
    readonly pkg: OpenedPackage,
  ) {
    this.handle = pkg.handle;
    if (!watched.has(engine)) {
      watched.add(engine);
      engine.onStateChange((s) => {
        if (s.kind === 'starting') generation++;
      });
    }
    this.born = generation;
  }

  /** The full name of the package. */
  get name(): string {
    return this.pkg.package?.fullName ?? '';
  }

  /** The handles of the package and of what it requires, opening what a restarted engine forgot. */
  async refs(): Promise<PackageRefs> {
    await this.current();
    if (!this.zip) {
      const exported = await exportPackage(this.engine, this.handle);
      if (exported.ok) this.zip = exported.zip;
    }
    const queue = Object.keys(this.pkg.package?.require ?? {}).filter((n) => !platform.has(n));
    const seen = new Set(queue);
    const handles = [this.handle];
    while (queue.length) {
      const name = queue.shift()!;
      let handle = this.required.get(name);
      if (!handle) {
        const r = await importFrom(this.engine, { url: builtinRepo() }, name);
        if (!r.ok) throw new Error(`${name}, which ${this.name} requires, is not in the site's repository: ${r.error.message}`);
        handle = r.handle;
        this.required.set(name, handle);
        for (const n of Object.keys(r.package?.require ?? {})) if (!platform.has(n) && !seen.has(n)) {
          seen.add(n);
          queue.push(n);
        }
      }
      handles.push(handle);
    }
    return { packages: handles };
  }

  /** The handle to read a file of a package by (the opened one, a requirement or the project's core libraries). */
  async handleOf(pkgName: string): Promise<string | undefined> {
    await this.current();
    if (pkgName === this.name) return this.handle;
    if (this.required.has(pkgName)) return this.required.get(pkgName);
    this.ownCore ??= await openCoreLibraries(this.engine);
    return this.ownCore[pkgName];
  }

  /** Opens the package again when the engine restarted since its handle was made. */
  async current(): Promise<void> {
    if (this.born === generation) return;
    this.reopening ??= this.reopen().finally(() => (this.reopening = undefined));
    await this.reopening;
  }

  private async reopen(): Promise<void> {
    await this.engine.whenReady();
    this.required.clear();
    this.ownCore = undefined;
    const started = generation;
    let r: OpenResponse;
    if (this.zip) r = (await openPackage(this.engine, { zip: this.zip })) as OpenResponse;
    else if (this.pkg.imported && this.name) r = await importFrom(this.engine, { url: builtinRepo() }, this.name, this.pkg.package?.version);
    else throw new Error('The engine was restarted and no longer holds the package: open it again.');
    if (!r.ok) throw new Error(`The package does not open again: ${r.error.message}`);
    this.handle = r.handle;
    this.born = started;
  }
}
