// A run of a task as the Deploy view keeps it: the events of the engine
// (api/deploy.ts DeployEvent) gathered into what the panes show — the log,
// the Heat pushes, the agents' plans with their results, the cloud as the
// last Heat call left it — and, at the end, the engine's answer. The bulky
// parts (templates, the cloud's state) stay JSON texts until shown.

import type { CloudState, DeployEvent, DeployOutput } from '../api/deploy';

export interface LogLine {
  seq: number;
  time: number;
  /** report, log (a MuranoPL logger), instance, heat, plan, result, note */
  kind: string;
  level: string;
  /** The object's id (reports, instances) or the logger's name. */
  object: string;
  message: string;
}

export interface HeatPush {
  seq: number;
  time: number;
  op: string;
  stack: string;
  /** The template as JSON text (templateOf reads it), null for a delete. */
  template: string | null;
  error?: string;
}

export interface PlanRun {
  id: string;
  queue: string;
  sent: number;
  plan: Record<string, unknown>;
  answered?: number;
  result?: Record<string, unknown>;
}

export interface RunException {
  type: string;
  message: string;
  stack: { class: string; method: string; package: string; file: string; line: number; col: number; instruction: string }[];
  where: string[];
}

/** What one task did, as it streams in and once it ended. */
export interface Run {
  /** deploy, delete, or OBJECT.METHOD */
  action: string;
  startedAt: number;
  log: LogLine[];
  heat: HeatPush[];
  plans: PlanRun[];
  /** The cloud as the task left it (cloudOf reads it). */
  cloud?: CloudState;
  /** The cloud as the last Heat call left it, as JSON text, when newer than cloud. */
  cloudText?: string;
  /** When the cloud was last pictured, on the virtual clock. */
  cloudTime?: number;
  first?: number;
  last?: number;
  end?: { state: 'done' | 'failed' | 'stopped' | 'error'; output?: DeployOutput; exception?: RunException | null; notes?: string[]; message?: string };
}

export function newRun(action: string): Run {
  return { action, startedAt: Date.now(), log: [], heat: [], plans: [] };
}

function levelOf(level: string): string {
  return level.toLowerCase() === 'warn' ? 'warning' : level.toLowerCase();
}

/** Adds an event to the run. */
export function addEvent(run: Run, e: DeployEvent): void {
  run.first ??= e.time;
  run.last = e.time;
  const line = (kind: string, level: string, object: string, message: string) =>
    run.log.push({ seq: run.log.length, time: e.time, kind, level: levelOf(level), object, message });
  switch (e.kind) {
    case 'report':
      line('report', e.level, e.entity, e.text);
      break;
    case 'log':
      line('log', e.level, e.logger, e.message);
      break;
    case 'instance':
      line('instance', 'info', e.instance, e.event === 'track_instance' ? `tracked as ${e.typeName ?? 'an instance'}` : 'untracked');
      break;
    case 'heat':
      run.heat.push({ seq: run.heat.length, time: e.time, op: e.op, stack: e.stack, template: e.template, error: e.error });
      line('heat', e.error ? 'error' : 'debug', e.stack, `Heat ${e.op} of the stack ${e.stack}${e.error ? `: ${e.error}` : ''}`);
      break;
    case 'cloud':
      run.cloudText = e.state;
      run.cloudTime = e.time;
      break;
    case 'plan':
      run.plans.push({ id: e.id, queue: e.queue, sent: e.time, plan: e.plan });
      line('plan', 'debug', e.queue, `plan ${planName(e.plan)} sent to ${e.queue}`);
      break;
    case 'result': {
      const p = run.plans.find((x) => x.id === e.id && x.result === undefined);
      if (p) {
        p.answered = e.time;
        p.result = e.result;
      }
      const failed = resultFailed(e.result);
      line('result', failed ? 'error' : 'debug', e.queue, `result of ${p ? planName(p.plan) : e.id}${failed ? ': failed' : ''}`);
      break;
    }
    case 'error':
      line('note', 'error', '', e.message);
      break;
  }
}

/** The cloud as the run last saw it. */
export function cloudOf(run: Run): CloudState | undefined {
  if (run.cloudText !== undefined) {
    run.cloud = JSON.parse(run.cloudText) as CloudState;
    run.cloudText = undefined;
  }
  return run.cloud;
}

const templates = new WeakMap<HeatPush, Record<string, unknown> | null>();

/** The template a Heat call pushed (null for a delete). */
export function templateOf(push: HeatPush): Record<string, unknown> | null {
  if (push.template === null) return null;
  let t = templates.get(push);
  if (t === undefined) {
    t = JSON.parse(push.template) as Record<string, unknown>;
    templates.set(push, t);
  }
  return t;
}

export function planName(plan: Record<string, unknown>): string {
  const name = plan['Name'] ?? (plan['Body'] ? 'Execute' : undefined);
  return typeof name === 'string' ? name : String(plan['ID'] ?? 'plan');
}

/** Whether an agent's result tells of an error (v2 ErrorCode, v1 IsException). */
export function resultFailed(result: Record<string, unknown> | undefined): boolean {
  if (!result) return false;
  if (result['IsException'] === true) return true;
  const code = result['ErrorCode'];
  return typeof code === 'number' && code !== 0;
}
