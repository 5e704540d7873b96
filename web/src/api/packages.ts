// Typed wrappers of the engine's package methods (wasm/bridge/packages*.go),
// with the types of the answers the other domains share.

import type { Engine } from '../engine';

/** An error or a lint finding; file is relative to the package root ("" and line 0 for the whole archive). */
export interface Problem {
  kind?: string;
  severity: 'error' | 'warning';
  code?: string;
  file: string;
  line: number;
  col: number;
  endLine?: number;
  endCol?: number;
  message: string;
}

/** The package as `muranopl inspect` prints it. */
export interface PackageInfo {
  fullName: string;
  name: string;
  type: string;
  format: string;
  version: string;
  description: string;
  author: string;
  tags: string[];
  classes: Record<string, string>;
  require: Record<string, string | null>;
  ui: boolean;
  uiVersion: string | null;
}

export interface PackageDetails {
  supplier: Record<string, unknown> | null;
  logo: string | null;
  supplierLogo: string | null;
  images: { name: string; diskFormat: string; containerFormat: string; url: string; meta: unknown }[];
  meta: unknown;
}

export interface Requirement {
  name: string;
  spec: string | null;
  implicit?: boolean;
  status: 'resolved' | 'platform' | 'missing' | 'unchecked';
  version?: string;
  message?: string;
}

export interface Requirements {
  repository: string | null;
  packages: Requirement[];
  closure: { fullName: string; version: string }[];
  error: string | null;
}

export interface FileEntry {
  path: string;
  size: number;
  text: boolean;
}

/** An opened package: it may be broken (package null, errors set) but always has files and a handle. */
export interface OpenedPackage {
  ok: true;
  handle: string;
  root: string;
  package: PackageInfo | null;
  details: PackageDetails | null;
  requirements: Requirements | null;
  errors: Problem[];
  warnings: string[];
  lint: Problem[];
  files: FileEntry[];
  /** Set by repo.import: the packages imported, dependencies first. */
  imported?: { fullName: string; version: string }[];
}

/** A request that could not open anything: a request error ({kind, message}) or problems with positions. */
export interface Failure {
  ok: false;
  error: { kind?: string; message: string; file?: string; line?: number; col?: number };
  errors?: Problem[];
}

export type OpenResponse = OpenedPackage | Failure;

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

/** A .zip, or a folder's files by path (unread: files handed over by size only, see repositoryImages in packages/input.ts). */
export type OpenSource = { zip: string } | { files: Record<string, string>; unread?: Record<string, number> };

/** Opens a package, or the repository the files are (as repo.open does). */
export function openPackage(engine: Engine, source: OpenSource, repo?: string): Promise<OpenResponse | RepositoryOpened> {
  return engine.call('package.open', { ...source, repo }) as Promise<OpenResponse | RepositoryOpened>;
}

export type FileResponse =
  | { ok: true; path: string; size: number; text: string }
  | { ok: true; path: string; size: number; base64: string; mime: string }
  | Failure;

export function readFile(engine: Engine, handle: string, path: string): Promise<FileResponse> {
  return engine.call('package.file', { handle, path }) as Promise<FileResponse>;
}

export type ExportResponse = { ok: true; name: string; size: number; zip: string } | Failure;

export function exportPackage(engine: Engine, handle: string): Promise<ExportResponse> {
  return engine.call('package.export', { handle }) as Promise<ExportResponse>;
}

/** Opens the project's own core libraries for reading their files: a handle by package name. */
export async function openCoreLibraries(engine: Engine): Promise<Record<string, string>> {
  const r = (await engine.call('corelib.open', {})) as { ok: boolean; handles?: Record<string, string> };
  return r.handles ?? {};
}

export function closePackage(engine: Engine, handle: string): Promise<unknown> {
  return engine.call('package.close', { handle });
}
