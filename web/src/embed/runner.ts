// Runs an example in the page's engine as the docs' build ran it
// natively (scripts/docs/examples.go): a YAQL expression over data, a
// method of a package, its forms, schema, deployment, lint or tests. The
// answer is the output's text, as the build printed it.

import type { Engine } from '../engine';
import { evalYaqlText } from '../api/docs';
import { closePackage, openPackage, type OpenedPackage } from '../api/packages';
import { base64 } from '../packages/input';
import { callMethod, runTests } from '../api/run';
import { generateSchema } from '../api/schema';
import { makeEnvironment, runDeploy } from '../api/deploy';
import type { AppModel } from '../api/ui';
import { deployText, lintText, prettyJson, prettyValue, runText, testText } from './format';
import type { EnginePosition } from '../editors';

export type View = 'yaql' | 'run' | 'form' | 'model' | 'schema' | 'deploy' | 'lint' | 'test';

/** A file of an example, as its <script filename=…> holds it. */
export interface ExampleFile {
  path: string;
  text: string;
  hidden: boolean;
  readonly: boolean;
}

/** What an example's element says beside its files. */
export interface ExampleOptions {
  view: View;
  flavor?: string;
  callClass?: string;
  method?: string;
  args?: string;
  kwargs?: string;
  props?: string;
  objectId?: string;
  seed?: string;
  envName?: string;
  static: boolean;
  extensions: boolean;
}

export interface Outcome {
  text: string;
  raised: boolean;
  /** Where a YAQL error is: in the expression or in the data. */
  at?: { file: string; pos: EnginePosition; message: string };
}

export const modelFile = 'model.yaml';
export const answersFile = 'answers.json';

/** The files of the example's packages, by path (each text ends with a newline, as on disk). */
export function packageFiles(files: ExampleFile[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of files) if (![modelFile, answersFile, 'expression', 'data'].includes(f.path)) out[f.path] = `${f.text}\n`;
  return out;
}

/** The folders of the packages: '' when manifest.yaml is at the top, else each top folder holding one. */
export function packageRoots(files: Record<string, string>): string[] {
  if ('manifest.yaml' in files) return [''];
  return Object.keys(files)
    .filter((p) => /^[^/]+\/manifest\.yaml$/.test(p))
    .map((p) => p.slice(0, p.indexOf('/')))
    .sort();
}

export function filesUnder(files: Record<string, string>, root: string): Record<string, string> {
  if (root === '') return files;
  const out: Record<string, string> = {};
  for (const [p, text] of Object.entries(files)) if (p.startsWith(`${root}/`)) out[p.slice(root.length + 1)] = text;
  return out;
}

/** Opens the example's packages; the caller closes them. */
export async function openAll(engine: Engine, files: ExampleFile[]): Promise<OpenedPackage[]> {
  const all = packageFiles(files);
  const opened: OpenedPackage[] = [];
  try {
    for (const root of packageRoots(all)) {
      const encoded: Record<string, string> = {};
      for (const [path, text] of Object.entries(filesUnder(all, root))) encoded[path] = base64(new TextEncoder().encode(text));
      const r = await openPackage(engine, { files: encoded });
      if (!r.ok) throw new Error(r.error.message);
      if (!('handle' in r)) throw new Error('a repository, not a package');
      opened.push(r);
      if (r.errors.length) {
        const e = r.errors[0];
        throw new Error(`${e.file ? `${root ? `${root}/` : ''}${e.file}:${e.line}:${e.col}: ` : ''}${e.message}`);
      }
    }
  } catch (err) {
    closeAll(engine, opened);
    throw err;
  }
  return opened;
}

export function closeAll(engine: Engine, opened: OpenedPackage[]): void {
  for (const p of opened) void closePackage(engine, p.handle).catch(() => {});
}

/** Parses YAML or JSON text in the engine (as the build decodes model.yaml), through a YAQL evaluation of $. */
async function decodeData(engine: Engine, text: string): Promise<unknown> {
  const r = await evalYaqlText(engine, { expr: '$', data: text, dataFormat: isJson(text) ? 'json' : 'yaml', flavor: 'plain' });
  if (!r.ok) throw new Error(`${modelFile}: ${r.error.message}`);
  return JSON.parse(r.result);
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function json(name: string, text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new Error(`${name}=: ${(err as Error).message}`);
  }
}

/** Runs the example; a failure to run it at all rejects. */
export async function runExample(engine: Engine, o: ExampleOptions, files: ExampleFile[]): Promise<Outcome> {
  const text = (path: string) => files.find((f) => f.path === path)?.text;
  if (o.view === 'yaql') {
    const data = text('data') ?? '';
    const r = await evalYaqlText(engine, { expr: text('expression') ?? '', data, dataFormat: isJson(data) ? 'json' : 'yaml', flavor: o.flavor ?? 'plain' });
    if (r.ok) return { text: prettyJson(r.result), raised: false };
    const e = r.error;
    if (e.kind === 'data') return { text: `data: ${e.line ? `${e.line}:${e.col}: ` : ''}${e.message}`, raised: true, at: { file: 'data', pos: e, message: e.message } };
    if (e.kind === 'request') throw new Error(e.message);
    return { text: e.class ? (e.message ? `${e.class}: ${e.message}` : e.class) : e.message, raised: true, at: { file: 'expression', pos: e, message: e.message } };
  }
  const opened = await openAll(engine, files);
  try {
    const packages = opened.map((p) => p.handle);
    switch (o.view) {
      case 'run': {
        const model = text(modelFile);
        const r = await callMethod(engine, {
          packages,
          model: model === undefined ? undefined : await decodeData(engine, model),
          objectId: o.objectId,
          class: o.callClass,
          static: o.static,
          props: json('props', o.props) as Record<string, unknown> | undefined,
          method: o.method ?? '',
          args: json('args', o.args) as unknown[] | undefined,
          kwargs: json('kwargs', o.kwargs) as Record<string, unknown> | undefined,
          exposeAll: true,
        });
        if (!r.ok) throw new Error(r.error.message);
        return { text: runText(r), raised: r.exception !== undefined };
      }
      case 'schema': {
        const r = await generateSchema(engine, { packages }, o.callClass ?? '', o.extensions);
        if (!r.ok) throw new Error(r.error.message);
        if ('error' in r) return { text: `error ${r.error.type}: ${r.error.message}`, raised: true };
        const schemas = o.method === undefined ? r.schemas : Object.fromEntries(Object.entries(r.schemas).filter(([k]) => k === o.method));
        return { text: prettyValue(schemas), raised: false };
      }
      case 'deploy': {
        const model = text(modelFile);
        if (model === undefined) throw new Error(`a deploy example needs ${modelFile}`);
        const decoded = await decodeData(engine, model);
        const apps = (Array.isArray(decoded) ? decoded : [decoded]) as AppModel[];
        const seed = Number(o.seed ?? '1');
        const env = await makeEnvironment(engine, apps, o.envName ?? 'docs', seed);
        const r = await runDeploy(engine, { packages, env, seed }, () => {});
        if (!r.ok) throw new Error(r.error.message);
        return { text: deployText(r.output), raised: r.failed };
      }
      case 'lint': {
        const p = opened[0];
        return { text: lintText(p.lint), raised: p.lint.some((x) => x.severity === 'error') };
      }
      case 'test': {
        const name = opened[0].package?.fullName ?? '';
        const r = await runTests(engine, { packages, package: name }, () => {});
        if (!r.ok) throw new Error(r.error.message);
        return { text: testText(r), raised: r.failed > 0 || r.error !== undefined };
      }
    }
    throw new Error(`the ${o.view} view runs in its form`);
  } finally {
    closeAll(engine, opened);
  }
}
