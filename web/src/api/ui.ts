// Typed wrappers of the engine's Dynamic UI methods (wasm/bridge/ui.go).

import type { Engine } from '../engine';
import type { Problem } from './packages';

/** [value, label, disabled] or, for a group, [group label, options]. */
export type Choice = [string, string, boolean] | [string, [string, string, boolean][]];

/** One field as the dashboard renders it (formgen/dynui FieldDescription). */
export interface FieldDescription {
  name: string;
  htmlName: string;
  fieldClass: string;
  widget: string;
  inputKind: string;
  label: unknown;
  required: boolean;
  initial: unknown;
  submittedIfUntouched: string | null;
  helpText: string;
  description: unknown;
  descriptionTitle: string;
  widgetAttrs: Record<string, unknown>;
  choices?: Choice[];
  jsValidators?: { regex: string; message: string }[];
  errorWidgetMessage?: string;
}

export interface StepDescription {
  step: number;
  form: string;
  title?: string;
  fields: FieldDescription[];
}

export interface StepInfo {
  form: string;
  title: string;
  /** Application-reference fields of the step and the types each accepts. */
  references: Record<string, string[]>;
}

/** An application already in the page's environment: its object model. */
export type AppModel = Record<string, unknown> & { '?': { id: string; type: string; name?: string } };

export type Errors = Record<string, string[]>;

export interface UIFailure {
  ok: false;
  error: { kind?: string; message: string; file?: string; line?: number; col?: number };
  errors?: Problem[];
}

export type Started =
  | { ok: true; wizard: string; fqn: string; packageName: string; version: string; steps: StepInfo[]; step: StepDescription }
  | UIFailure;

export type Described = { ok: true; step: StepDescription } | UIFailure;
export type Validated = { ok: true; field: string; messages: string[] } | UIFailure;
export type Submitted = { ok: true; valid: boolean; errors: Errors; next?: StepDescription } | UIFailure;
export type Finished =
  | { ok: true; valid: true; objectModel: AppModel }
  | { ok: true; valid: false; step: number; form: string; errors: Errors }
  | UIFailure;

export type Post = Record<string, string>;

export function startWizard(engine: Engine, handle: string, environment: AppModel[], nested: boolean, seed: number): Promise<Started> {
  return engine.call('ui.start', { handle, environment, nested, seed }) as Promise<Started>;
}

export function describeStep(engine: Engine, wizard: string, step: number): Promise<Described> {
  return engine.call('ui.describe', { wizard, step }) as Promise<Described>;
}

export function validateField(engine: Engine, wizard: string, step: number, field: string, post: Post): Promise<Validated> {
  return engine.call('ui.validateField', { wizard, step, field, post }) as Promise<Validated>;
}

export function submitStep(engine: Engine, wizard: string, step: number, post: Post): Promise<Submitted> {
  return engine.call('ui.submit', { wizard, step, post }) as Promise<Submitted>;
}

export function finishWizard(engine: Engine, wizard: string): Promise<Finished> {
  return engine.call('ui.finish', { wizard }) as Promise<Finished>;
}

export function closeWizard(engine: Engine, wizard: string): Promise<unknown> {
  return engine.call('ui.close', { wizard });
}

/** True when the engine no longer knows the wizard or the package (it was stopped and restarted). */
export function isGone(response: { ok: boolean; error?: { kind?: string } }): boolean {
  return !response.ok && response.error?.kind === 'gone';
}
