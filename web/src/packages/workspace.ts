// The package being worked on: its files held in the page (a text file's
// text, a binary file's base64), the changes made to them (an edit, a new
// file, a rename, a deletion, a binary file replaced), what they are given
// to the engine as, and how they are kept in the browser across reloads
// and put in a link.

import { type Engine } from '../engine';
import { type OpenedPackage, readFile } from '../api/packages';
import type { SharedState } from '../state';
import { load, save } from '../store';
import { base64 } from './input';

export type FileContent = string | { base64: string };

/** Where the files came from: a label for the page, and the built-in example they began as. */
export interface WorkspaceOrigin {
  label: string;
  example?: string;
}

/** The workspace as the browser keeps it. */
export interface SavedWorkspace {
  files: Record<string, FileContent>;
  origin: WorkspaceOrigin;
  edited: boolean;
  tab?: string;
  file?: string;
  editing?: boolean;
}

const storeKey = 'workspace';

/** The files of a package a user may change; listeners hear every change. */
export class Workspace {
  private files: Map<string, FileContent>;
  private listeners = new Set<(path: string) => void>();
  /** True once a file was changed since the workspace was made. */
  edited: boolean;

  constructor(files: Record<string, FileContent>, public origin: WorkspaceOrigin, edited = false) {
    this.files = new Map(Object.entries(files));
    this.edited = edited;
  }

  /** The files of an opened package, read from the engine. */
  static async read(engine: Engine, pkg: OpenedPackage, origin: WorkspaceOrigin): Promise<Workspace> {
    const files: Record<string, FileContent> = {};
    await Promise.all(pkg.files.map(async (f) => {
      const r = await readFile(engine, pkg.handle, f.path);
      if (!r.ok) return;
      files[f.path] = 'text' in r ? r.text : { base64: r.base64 };
    }));
    return new Workspace(files, origin);
  }

  paths(): string[] {
    return [...this.files.keys()].sort();
  }

  has(path: string): boolean {
    return this.files.has(path);
  }

  get(path: string): FileContent | undefined {
    return this.files.get(path);
  }

  /** A text file's text; undefined for a binary or missing file. */
  text(path: string): string | undefined {
    const f = this.files.get(path);
    return typeof f === 'string' ? f : undefined;
  }

  onChange(listener: (path: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(path: string): void {
    this.edited = true;
    for (const l of this.listeners) l(path);
  }

  /** Sets a file's content (a new file, an edit, a binary file replaced). */
  set(path: string, content: FileContent): void {
    const error = checkPath(path);
    if (error) throw new Error(error);
    if (this.files.get(path) === content) return;
    this.files.set(path, content);
    this.changed(path);
  }

  /** Renames a file, or a folder with everything in it. */
  rename(from: string, to: string): void {
    const error = checkPath(to);
    if (error) throw new Error(error);
    const moves = [...this.files.keys()].filter((p) => p === from || p.startsWith(from + '/'));
    if (!moves.length) throw new Error(`${from} is not in the package`);
    for (const p of moves) {
      const target = to + p.slice(from.length);
      if (this.files.has(target) && !moves.includes(target)) throw new Error(`${target} already exists`);
    }
    const moved = moves.map((p) => [to + p.slice(from.length), this.files.get(p)!] as const);
    for (const p of moves) this.files.delete(p);
    for (const [p, c] of moved) this.files.set(p, c);
    this.changed(to);
  }

  /** Deletes a file, or a folder with everything in it. */
  remove(path: string): void {
    const gone = [...this.files.keys()].filter((p) => p === path || p.startsWith(path + '/'));
    for (const p of gone) this.files.delete(p);
    if (gone.length) this.changed(path);
  }

  /** The files as package.open takes them: base64 by path. */
  base64Files(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [p, c] of this.files) out[p] = typeof c === 'string' ? base64(new TextEncoder().encode(c)) : c.base64;
    return out;
  }

  /** The files as a link carries them (state.ts). */
  shared(): NonNullable<SharedState['package']>['files'] {
    return Object.fromEntries(this.files);
  }

  saved(extra: Pick<SavedWorkspace, 'tab' | 'file' | 'editing'>): SavedWorkspace {
    return { files: Object.fromEntries(this.files), origin: this.origin, edited: this.edited, ...extra };
  }
}

/** Why a path cannot be a file of a package, or "". */
export function checkPath(path: string): string {
  if (!path || path.startsWith('/') || path.endsWith('/')) return `"${path}" is not a file's path (folders/name, relative to the package)`;
  if (path.split('/').some((p) => p === '' || p === '.' || p === '..')) return `"${path}" has an empty, . or .. part`;
  if (path.includes('\\')) return `"${path}" has a backslash: use /`;
  return '';
}

let saving: ReturnType<typeof setTimeout> | undefined;

/** Keeps the workspace in the browser, after a pause in changes. */
export function keepWorkspace(w: SavedWorkspace | undefined): void {
  clearTimeout(saving);
  saving = setTimeout(() => void save(storeKey, w ?? null), 300);
}

export async function keptWorkspace(): Promise<SavedWorkspace | undefined> {
  return (await load<SavedWorkspace | null>(storeKey)) ?? undefined;
}

/** The files of a new package: a manifest, one class and its form. */
export function newPackageFiles(name = 'com.example.MyApp'): Record<string, string> {
  const short = name.split('.').pop()!;
  return {
    'manifest.yaml': `Format: MuranoPL/1.4
Type: Application
FullName: ${name}
Name: My application
Description: >-
  What the application is and does.
Author: Me
Tags: [example]
Require:
  io.murano:
Classes:
  ${name}: ${short}.yaml
`,
    [`Classes/${short}.yaml`]: `Namespaces:
  =: ${name.split('.').slice(0, -1).join('.')}
  std: io.murano
  res: io.murano.resources
  m: io.murano.metadata

Name: ${short}

Extends: std:Application

Properties:
  greeting:
    Contract: $.string().notNull()
    Default: Hello
    Meta:
      - m:Title:
          text: Greeting
  instance:
    Contract: $.class(res:Instance).notNull()

Methods:
  .init:
    Body:
      - $._environment: $.find(std:Environment).require()

  deploy:
    Body:
      - $._environment.reporter.report($this, 'Creating the instance')
      - $.instance.deploy()
      - $._environment.reporter.report($this, format('{0} from {1}', $.greeting, $.instance.name))
`,
    LICENSE: 'The license of the package goes here.\n',
    'UI/ui.yaml': `Version: 2.4

Application:
  ?:
    type: ${name}
  greeting: $.settings.greeting
  instance:
    ?:
      type: io.murano.resources.LinuxMuranoInstance
    name: generateHostname('app-#', 1)
    flavor: $.settings.flavor
    image: $.settings.image
    keyname: ''

Forms:
  - settings:
      fields:
        - name: greeting
          type: string
          label: Greeting
          initial: Hello
        - name: flavor
          type: flavor
          label: Flavor
        - name: image
          type: image
          imageType: linux
          label: Image
`,
  };
}
