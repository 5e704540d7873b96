// Typed wrapper of the YAML formatter (formgen/yamlfmt), which the forms
// module (forms.wasm) answers: yaml.format.

import type { Engine } from '../engine';

/** Why a file was not formatted: where the YAML does not parse (line and col from 1; 0 when unknown), or the formatter's refusal. */
export interface FormatError {
  message: string;
  line: number;
  col: number;
}

export type Formatted = { ok: true; text: string; changed: boolean } | { ok: false; error: FormatError };

/**
 * Formats a YAML file: two spaces a level, a sequence indented under its
 * key, and its comments, blank lines, key order and scalars as written.
 * A file that does not parse (or that the formatter cannot format without
 * changing its meaning) comes back as an error with its position.
 */
export async function formatYaml(engine: Engine, text: string): Promise<Formatted> {
  const r = (await engine.call('yaml.format', { text })) as
    | { ok: true; text: string; changed: boolean }
    | { ok: false; error: { kind?: string; message: string; line?: number; col?: number } };
  if (r.ok) return { ok: true, text: r.text, changed: r.changed };
  return { ok: false, error: { message: r.error.message, line: r.error.line ?? 0, col: r.error.col ?? 0 } };
}
