// Typed wrappers of the methods of the forms generated from class
// contracts: the engine's (wasm/bridge/schema.go) that generate the JSON
// schemas of a package's classes and run model builders, and the forms
// module's (formgen/schemaform, forms.wasm) that describe, validate,
// build and edit with a schema.

import type { Engine } from '../engine';
import type { Choice } from './ui';

/** A class of a package whose form can be generated. */
export interface SchemaClass {
  name: string;
  version: string;
  package: string;
  /** An io.murano.Application: what an environment holds. */
  application: boolean;
  /** Its model builders (static public methods with the ModelBuilder meta). */
  builders: { name: string; title: string }[];
}

/** A root schema of the generated document ({"": class, "<builder>": …}). */
export type Schema = Record<string, unknown>;

export interface Failure {
  ok: false;
  error: { kind: string; message: string };
}

/** A failure of MuranoPL code: its exception and stack (as a deploy's). */
export interface Raised {
  type: string;
  message: string;
  stack: { class: string; method: string; package: string; file: string; line: number; col: number; instruction: string }[];
}

export type Classes = { ok: true; classes: SchemaClass[] } | Failure;
export type Generated = { ok: true; schemas: Record<string, Schema> } | { ok: true; error: { type: string; message: string } } | Failure;
export type Built = { ok: true; result: unknown } | { ok: true; exception: Raised } | Failure;

export interface SchemaSource {
  /** Package handles: the one whose classes are meant first, then what it requires. */
  packages: string[];
  coreLibrary?: string;
}

export function listClasses(engine: Engine, source: SchemaSource): Promise<Classes> {
  return engine.call('schema.classes', source) as Promise<Classes>;
}

export function generateSchema(engine: Engine, source: SchemaSource, cls: string, extensions: boolean): Promise<Generated> {
  return engine.call('schema.generate', { ...source, class: cls, extensions }) as Promise<Generated>;
}

/** Calls a model builder with the form's values as its arguments. */
export function callBuilder(engine: Engine, source: SchemaSource, cls: string, method: string, args: Record<string, unknown>): Promise<Built> {
  return engine.call('schema.builder', { ...source, class: cls, method, args }) as Promise<Built>;
}

// The forms module ---------------------------------------------------------

/** A field of a schema's form (formgen/schemaform Field). */
export interface SchemaField {
  name: string;
  label: string;
  kind: 'string' | 'integer' | 'number' | 'boolean' | 'list' | 'tuple' | 'map' | 'object' | 'muranoObject' | 'any';
  inputKind: string;
  nullable: boolean;
  required: boolean;
  initial: unknown;
  hasDefault: boolean;
  expression?: string;
  helpText?: string;
  description?: string;
  hidden?: boolean;
  widgetAttrs: Record<string, unknown>;
  choices?: [unknown, string, boolean][];
  item?: SchemaField;
  items?: SchemaField[];
  properties?: SchemaField[];
  additional?: SchemaField;
  muranoType?: string;
  owned?: boolean;
  excludedProperties?: string[];
}

export interface SchemaSection {
  name: string;
  title: string;
  fields: SchemaField[];
}

export interface SchemaFormDescription {
  title?: string;
  description?: string;
  helpText?: string;
  sections: SchemaSection[];
  required?: string[];
}

/** Messages by the path of the value they concern ("" for the form). */
export type PathErrors = Record<string, string[]>;

export interface EditedModel {
  header: Record<string, unknown>;
  values: Record<string, unknown>;
  kept: Record<string, unknown>;
  unshown: string[];
}

export interface Change {
  path: string;
  kind: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

async function formCall<T>(engine: Engine, method: string, params: unknown): Promise<T> {
  const r = (await engine.call(method, params)) as { ok: boolean; error?: { message: string } } & T;
  if (!r.ok) throw new Error(r.error?.message ?? `${method} failed`);
  return r;
}

/** Opens a schema's form: its description, and the id its validations name. */
export function openForm(engine: Engine, schema: Schema): Promise<{ id: string; form: SchemaFormDescription }> {
  return formCall(engine, 'form.open', { schema });
}

export async function validateForm(engine: Engine, id: string, values: Record<string, unknown>): Promise<PathErrors> {
  return (await formCall<{ errors: PathErrors }>(engine, 'form.validate', { id, values })).errors;
}

export function closeForm(engine: Engine, id: string): void {
  void engine.call('form.close', { id }).catch(() => {});
}

export async function buildModel(engine: Engine, header: Record<string, unknown>, values: Record<string, unknown>, kept: Record<string, unknown> = {}): Promise<AppLike> {
  return (await formCall<{ model: AppLike }>(engine, 'form.build', { header, values, kept })).model;
}

export async function editModel(engine: Engine, model: unknown, schema: Schema): Promise<EditedModel> {
  return (await formCall<{ edited: EditedModel }>(engine, 'form.edit', { model, schema })).edited;
}

export async function diffModels(engine: Engine, before: unknown, after: unknown): Promise<Change[]> {
  return (await formCall<{ changes: Change[] }>(engine, 'form.diff', { before, after })).changes;
}

/** An object model: its "?" header and its properties. */
export type AppLike = Record<string, unknown> & { '?': { id: string; type: string; name?: string; classVersion?: string } };

/** A choice of a select, as the shared field renderer takes it. */
export function choicesOf(field: SchemaField): Choice[] {
  return (field.choices ?? []).map(([v, label]) => [JSON.stringify(v), label, false]);
}
