// Typed wrappers of the engine's repository methods (wasm/bridge/repo_folder.go,
// packages_repo.go): a repository folder the user opens, and imports from
// it or from a same-origin base URL.

import type { Engine } from '../engine';
import type { Failure, OpenResponse, OpenedPackage, PackageInfo, Problem } from './api';

/** A package of a repository folder's apps/: package is null when the .zip does not open. */
export interface RepoPackage {
  file: string;
  package: PackageInfo | null;
  errors: Problem[];
  warnings: string[];
}

export interface BundleEntry {
  name: string;
  version?: string;
  url?: string;
}

export interface RepoBundle {
  name: string;
  file: string;
  format: 'json' | 'yaml';
  entries: BundleEntry[];
  error: string | null;
}

export interface RepoImage {
  name: string;
  diskFormat: string;
  containerFormat: string;
  url: string;
  /** The package whose images.lst lists it ("" for the repository's own images.lst). */
  package: string;
  /** Whether images/ holds the file. */
  present: boolean;
}

/** What a repository folder holds, kept open in the engine by handle. */
export interface RepositoryInfo {
  handle: string;
  root: string;
  packages: RepoPackage[];
  bundles: RepoBundle[];
  images: RepoImage[];
  imageFiles: string[];
}

/** package.open's answer when the files handed over are a repository. */
export interface RepositoryOpened {
  ok: true;
  repository: RepositoryInfo;
}

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

/**
 * The files of a picked folder that are handed over by name and size only:
 * the images/ of a repository (next to its apps/ or bundles/), which may be
 * disk images of gigabytes the playground has no use for.
 */
export function repositoryImages(paths: string[]): Set<string> {
  const roots = new Set<string>();
  for (const p of paths) {
    const m = /^(?:([^/]+)\/)?(?:apps\/[^/]+\.zip|bundles\/[^/]+\.bundle)$/.exec(p);
    if (m) roots.add(m[1] === undefined ? '' : `${m[1]}/`);
  }
  return new Set(paths.filter((p) => [...roots].some((root) => p.startsWith(`${root}images/`))));
}
