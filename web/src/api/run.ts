// Typed wrappers of the engine's run and test methods (wasm/bridge/run.go,
// tests.go): the methods of a package's classes (run.methods), a call of
// one (run.call, its logger records streamed) with the environment model
// it may run in (env.make), and the package's MuranoPL tests, listed
// (test.list) or run (test.run, each test streamed as it finishes).

import type { Engine } from '../engine';
import type { ActionArg } from './deploy';

/** A frame of a MuranoPL stack trace, outermost first. */
export interface StackFrame {
  class: string;
  method: string;
  package: string;
  file: string;
  line: number;
  col: number;
  instruction: string;
}

/** A MuranoPL exception with its stack trace. */
export interface Exception {
  type: string;
  message: string;
  names?: string[];
  stack: StackFrame[];
  where?: string[];
  cause?: Exception | null;
}

export interface MethodInfo {
  name: string;
  /** Called on the class (Usage: Static or Extension). */
  static: boolean;
  /** Callable from outside: Scope: Public, or an action. */
  public: boolean;
  args: ActionArg[];
}

export interface ClassMethods {
  class: string;
  methods: MethodInfo[];
  /** Why the class does not load ("" when it does). */
  error: string;
}

interface Failure {
  ok: false;
  error: { kind?: string; message: string };
}

/** Handles of open packages: the one meant first, then what it requires. */
export interface PackageRefs {
  packages: string[];
  coreLibrary?: string;
}

export async function listMethods(engine: Engine, refs: PackageRefs): Promise<ClassMethods[]> {
  const r = (await engine.call('run.methods', refs)) as { ok: true; classes: ClassMethods[] } | Failure;
  if (!r.ok) throw new Error(r.error.message);
  return r.classes;
}

export interface LogRecord {
  level: string;
  logger: string;
  message: string;
}

/** What to call, as `muranopl run` takes it: on an object of a model, on a new object of a class, or on the class (static). */
export interface CallRequest extends PackageRefs {
  model?: unknown;
  objectId?: string;
  class?: string;
  static?: boolean;
  props?: Record<string, unknown>;
  method: string;
  args?: unknown[];
  kwargs?: Record<string, unknown>;
  exposeAll?: boolean;
  maxSteps?: number;
}

export type CallAnswer =
  | { ok: true; result?: unknown; exception?: Exception; traces: unknown[]; log: LogRecord[] }
  | Failure;

/** Calls a method; onLog hears the logger's records as they are written. */
export async function callMethod(engine: Engine, request: CallRequest, onLog?: (record: LogRecord) => void): Promise<CallAnswer> {
  return (await engine.call('run.call', { ...request, stream: onLog !== undefined }, onLog && ((e) => onLog(JSON.parse(e) as LogRecord)))) as CallAnswer;
}

export interface TestRef {
  class: string;
  method: string;
}

export interface TestResult extends TestRef {
  ok: boolean;
  error: Exception | null;
}

/** What the run of the tests gave: the tests that finished, and what stopped it early. */
export type TestAnswer =
  | { ok: true; tests: TestResult[]; passed: number; failed: number; error?: Exception }
  | Failure;

export interface TestRequest extends PackageRefs {
  /** The package whose tests run (its full name). */
  package: string;
  /** A test class's full name, Class.method or a bare method name; none: every test. */
  tests?: string[];
}

/** The tests of a package, selected as test.run selects them, not run. */
export async function listTests(engine: Engine, request: TestRequest): Promise<{ tests: TestRef[]; error?: Exception }> {
  const r = (await engine.call('test.list', request)) as { ok: true; tests: TestRef[]; error?: Exception } | Failure;
  if (!r.ok) throw new Error(r.error.message);
  return r;
}

/** Runs tests; onTest hears each as it finishes. */
export async function runTests(engine: Engine, request: TestRequest, onTest: (test: TestResult) => void): Promise<TestAnswer> {
  return (await engine.call('test.run', { ...request, stream: true }, (e) => onTest((JSON.parse(e) as { test: TestResult }).test))) as TestAnswer;
}

/**
 * The environment model a run loads the page's applications in: as
 * env.make wraps them for a deploy, but without a network, which would
 * ask the cloud a run does not have.
 */
export async function environmentModel(engine: Engine, apps: unknown[]): Promise<unknown> {
  const r = (await engine.call('env.make', { apps, name: 'playground', network: 'none' })) as { ok: true; env: unknown } | Failure;
  if (!r.ok) throw new Error(r.error.message);
  return r.env;
}
