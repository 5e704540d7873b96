// Turning what the user hands over — a .zip, a folder picked with an
// <input webkitdirectory>, or files and folders dropped on the page — into
// the bytes package.open takes.

import type { OpenSource } from '../api/packages';

/** The most files a package may have (engine/pkg's MaxZipEntries). */
const maxFiles = 10_000;

/** What was picked, ready for package.open, and a label for the status line. */
export interface Picked {
  source: OpenSource;
  label: string;
}

export function base64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function fileBase64(file: File): Promise<string> {
  return base64(new Uint8Array(await file.arrayBuffer()));
}

export async function fromZip(file: File): Promise<Picked> {
  return { source: { zip: await fileBase64(file) }, label: file.name };
}

/** Files with their paths in the picked folder ("my-app/Classes/App.yaml"). */
export async function fromFiles(files: { path: string; file: File }[]): Promise<Picked> {
  if (files.length > maxFiles) throw new Error(`${files.length} files, more than a package may hold (${maxFiles})`);
  const out: Record<string, string> = {};
  const unread: Record<string, number> = {};
  const images = repositoryImages(files.map((f) => f.path));
  for (const { path, file } of files) {
    if (images.has(path)) unread[path] = file.size;
    else out[path] = await fileBase64(file);
  }
  const top = files.length > 0 ? files[0].path.split('/')[0] : '';
  const sameTop = files.every((f) => f.path.startsWith(top + '/'));
  return { source: { files: out, unread }, label: sameTop ? `${top}/` : `${files.length} files` };
}

/** The files of an <input type=file webkitdirectory>. */
export function fromFolderInput(list: FileList): Promise<Picked> {
  return fromFiles([...list].map((file) => ({ path: file.webkitRelativePath || file.name, file })));
}

/** What was dropped: one .zip, or folders and files (read recursively). */
export async function fromDrop(transfer: DataTransfer): Promise<Picked | undefined> {
  const entries = [...transfer.items]
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry())
    .filter((entry): entry is FileSystemEntry => entry !== null);
  if (entries.length === 0) {
    const files = [...transfer.files];
    if (files.length === 1 && isZip(files[0])) return fromZip(files[0]);
    return files.length > 0 ? fromFiles(files.map((file) => ({ path: file.name, file }))) : undefined;
  }
  if (entries.length === 1 && entries[0].isFile) {
    const file = await entryFile(entries[0] as FileSystemFileEntry);
    if (isZip(file)) return fromZip(file);
  }
  const files: { path: string; file: File }[] = [];
  for (const entry of entries) await collect(entry, files);
  return fromFiles(files);
}

export function isZip(file: File): boolean {
  return /\.zip$/i.test(file.name) || file.type === 'application/zip';
}

async function collect(entry: FileSystemEntry, out: { path: string; file: File }[]): Promise<void> {
  if (entry.isFile) {
    out.push({ path: entry.fullPath.replace(/^\//, ''), file: await entryFile(entry as FileSystemFileEntry) });
    return;
  }
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return;
    for (const child of batch) await collect(child, out);
  }
}

function entryFile(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
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
