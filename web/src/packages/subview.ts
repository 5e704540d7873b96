// The sub-views of an opened package (Overview, Files, Lint, …) are
// registered here; the Packages view shows one tab per entry, in order.
// A new panel (the Forms preview of UI/ui.yaml, say) is one more entry.

import type { Engine } from '../engine';
import type { OpenedPackage } from '../api/packages';
import type { Workspace } from './workspace';

export interface Badge {
  text: string;
  tone: 'error' | 'warning' | 'muted';
}

export interface SubViewContext {
  engine: Engine;
  /** Switches to the Files tab and opens a file, optionally at a 1-based line and column. */
  openFile(path: string, line?: number, col?: number): void;
  /** The files of the package as the user changes them (none before a package opened). */
  workspace(): Workspace | undefined;
}

export interface MountedSubView {
  /** Renders a newly opened package. */
  show(pkg: OpenedPackage): void;
  /**
   * Renders the package again after its files changed (show when absent),
   * keeping what the user did (values typed in a form, the file open).
   */
  update?(pkg: OpenedPackage): void;
  /** Shows a file at a position (only the Files sub-view implements it). */
  reveal?(path: string, line?: number, col?: number): void;
}

export interface SubView {
  id: string;
  label: string;
  /** A count or a mark next to the tab label. */
  badge?(pkg: OpenedPackage): Badge | undefined;
  /**
   * Renders a package only once its tab is shown (a package opens without
   * the engine's work for the tabs nobody looks at).
   */
  lazy?: boolean;
  /** Builds the panel's contents once; show() is then called for every package opened. */
  mount(panel: HTMLElement, ctx: SubViewContext): MountedSubView;
}

/** The registered sub-views, in tab order. */
export const subViews: SubView[] = [];

export function registerSubView(view: SubView): void {
  subViews.push(view);
}

/** "file:line:col" of a problem ("package" when it has no file). */
export function where(p: { file: string; line: number; col: number }): string {
  if (!p.file) return 'package';
  if (p.line <= 0) return p.file;
  return `${p.file}:${p.line}:${p.col}`;
}
