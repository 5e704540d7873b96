// Typed wrappers of the engine's repository methods (wasm/bridge/repo_folder.go,
// packages_repo.go): imports from a repository folder the user opened or
// from a base URL on the page's origin. A folder opens with package.open
// (packages.ts), whose answer types for a repository are there.

import type { Engine } from '../engine';
import type { Failure, OpenResponse, OpenedPackage } from './packages';

export type PackageRef = { fullName: string; version: string };

/** A bundle import: the packages the bundle names, opened; everything imported, dependencies first. */
export type BundleResponse =
  | { ok: true; packages: OpenedPackage[]; imported: PackageRef[]; images: { name: string; url: string }[]; warnings: string[] }
  | Failure;

/** Where to import from: a repository folder opened in the engine, or a base URL on the page's origin. */
export type RepoSource = { handle: string } | { url: string };

export function importFrom(engine: Engine, source: RepoSource, name: string, version?: string): Promise<OpenResponse> {
  return engine.call('repo.import', { ...source, package: name, version }) as Promise<OpenResponse>;
}

export function importBundle(engine: Engine, source: RepoSource, bundle: string): Promise<BundleResponse> {
  return engine.call('repo.import', { ...source, bundle }) as Promise<BundleResponse>;
}
