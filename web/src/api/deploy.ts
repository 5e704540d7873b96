// Typed wrappers of the engine's deploy methods (wasm/bridge/deploy.go):
// env.make, deploy.run (streamed), deploy.actions, and the shapes of what
// they answer: the document `muranopl deploy` prints, the state it saves
// and the events of a task (engine.DeployEvent).

import type { Engine } from '../engine';
import type { AppModel } from './ui';

export interface ScriptStrategy {
  kind: 'stub' | 'shell' | 'fixtures';
  fixtures?: { script?: string; body?: string; code: number; stdout?: string; stderr?: string }[];
}

/** A fault of the simulated cloud's catalogue (`muranopl deploy --faults`). */
export interface Fault {
  kind: string;
  [option: string]: unknown;
}

/** What `muranopl deploy --save-state` writes and `--state` reads. */
export interface DeployState {
  format: string;
  seed: number;
  runs: number;
  clock: number;
  idCounter: number;
  environmentId: string;
  model: StoredModel;
  cloud: CloudState;
}

export interface StoredModel {
  Objects: Record<string, unknown> | null;
  ObjectsCopy?: Record<string, unknown> | null;
  Attributes?: unknown[];
}

/** The simulated cloud's saved state (engine/cloud state). */
export interface CloudState {
  format: string;
  networks: Record<string, unknown>[];
  subnets: Record<string, unknown>[];
  ports: Record<string, unknown>[];
  routers: Record<string, unknown>[];
  floatingips: Record<string, unknown>[];
  servers: CloudServer[];
  volumes: Record<string, unknown>[];
  stacks: CloudStack[];
}

export interface CloudServer {
  id: string;
  name: string;
  stack: string;
  resource: string;
  image: string;
  flavor: string;
  availability_zone: string;
  status: string;
  ports: string[];
  implicit_ports: string[];
  agent: unknown;
  booted?: number;
}

export interface CloudStack {
  name: string;
  id: string;
  status: string;
  reason: string;
  resources: { name: string; type: string; id: string; props: Record<string, unknown>; attrs: Record<string, unknown>; status: string }[];
  /** Absent in the picture a deploy's events carry. */
  template?: Record<string, unknown>;
}

/** The document `muranopl deploy` prints. */
export interface DeployOutput {
  ok: boolean;
  result: unknown;
  exception: { type: string; message: string } | null;
  model: StoredModel;
  stacks: { name: string; status: string; template: Record<string, unknown>; outputs: unknown }[];
  heat: { op: string; stack: string; template: Record<string, unknown> | null }[];
  agent: { queue: string; plan: Record<string, unknown>; result: Record<string, unknown> | null; dropped?: boolean }[];
  reports: { level: string; text: string; entity: string }[];
  instances: Record<string, unknown>[];
  skippedPackages?: { package: string; error: string }[];
}

/**
 * An event of a task. The bulky ones come as text, read only when shown:
 * a Heat call's template (null for a delete) and the cloud's state.
 */
export type DeployEvent = { time: number } & (
  | { kind: 'report'; level: string; text: string; entity: string }
  | { kind: 'instance'; event: string; instance: string; type: number; typeName?: string; title?: unknown; unitCount?: unknown }
  | { kind: 'log'; level: string; logger: string; message: string }
  | { kind: 'heat'; op: string; stack: string; template: string | null; error?: string }
  | { kind: 'cloud'; state: string }
  | { kind: 'plan'; queue: string; id: string; plan: Record<string, unknown> }
  | { kind: 'result'; queue: string; id: string; result: Record<string, unknown> }
  | { kind: 'error'; message: string }
);

export interface DeployRequest {
  packages: string[];
  coreLibrary?: string;
  env?: unknown;
  state?: DeployState;
  seed?: number;
  faults?: Fault[];
  scripts?: ScriptStrategy;
  action?: string;
  args?: Record<string, unknown>;
  /** Applications added to, and ids removed from, the stored environment (a redeploy, as the dashboard edits it). */
  addApps?: AppModel[];
  removeApps?: string[];
  durations?: boolean;
  speed?: number;
}

export type DeployAnswer =
  | { ok: true; failed: boolean; output: DeployOutput; state: DeployState; notes: string[] }
  | { ok: false; error: { kind: string; message: string } };

export interface ActionArg {
  name: string;
  contract: string;
  default: string | null;
  kind: 'string' | 'int' | 'bool' | 'json';
}

export interface Action {
  object: string;
  class: string;
  method: string;
  title: string;
  enabled: boolean;
  args: ActionArg[];
}

export async function makeEnvironment(engine: Engine, apps: AppModel[], name: string, seed: number): Promise<unknown> {
  const r = (await engine.call('env.make', { apps, name, seed })) as { ok: boolean; env?: unknown; error?: { message: string } };
  if (!r.ok) throw new Error(r.error?.message ?? 'env.make failed');
  return r.env;
}

/**
 * Runs a task, streaming its events to onEvent. The answer's output and
 * state (its second and third lines) are read in tasks of their own, and
 * the state's text is kept (stateText).
 */
export async function runDeploy(engine: Engine, request: DeployRequest, onEvent: (event: DeployEvent) => void): Promise<DeployAnswer> {
  const text = await engine.callText('deploy.run', { ...request, stream: true }, (e) => onEvent(decodeEvent(e)));
  const [head, output, state] = text.split('\n');
  const answer = JSON.parse(head) as DeployAnswer;
  if (!answer.ok || output === undefined || state === undefined) return answer;
  await nextTask();
  answer.output = JSON.parse(output) as DeployOutput;
  await nextTask();
  answer.state = JSON.parse(state) as DeployState;
  stateTexts.set(answer.state, state);
  return answer;
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

const stateTexts = new WeakMap<DeployState, string>();

/** A state as JSON text: the text it was read from, when it came from a deploy. */
export function stateText(state: DeployState): string {
  return stateTexts.get(state) ?? JSON.stringify(state);
}

/**
 * Reads a streamed event (engine.DeployEvent.Stream): a line of JSON, and
 * for a Heat call or the cloud's state a second line kept as text.
 */
function decodeEvent(text: string): DeployEvent {
  const nl = text.indexOf('\n');
  if (nl < 0) return JSON.parse(text) as DeployEvent;
  const head = JSON.parse(text.slice(0, nl)) as Record<string, unknown>;
  const body = text.slice(nl + 1);
  if (head['kind'] === 'heat') head['template'] = body === 'null' ? null : body;
  else head['state'] = body;
  return head as DeployEvent;
}

export async function listActions(engine: Engine, packages: string[], coreLibrary: string | undefined, model: StoredModel): Promise<Action[]> {
  const r = (await engine.call('deploy.actions', { packages, coreLibrary, model })) as { ok: boolean; actions?: Action[]; error?: { message: string } };
  if (!r.ok) throw new Error(r.error?.message ?? 'deploy.actions failed');
  return r.actions ?? [];
}
