// The multi-step wizard of a package's UI/ui.yaml, as murano-dashboard's
// "Configure Application" dialog shows it: the steps, the fields of the
// current step with their descriptions beside them, validation in the
// engine as you type, Back/Next keeping the values, Create at the end.

import type { Engine } from '../engine';
import type { Problem } from '../api/packages';
import { el } from '../dom';
import {
  type AppModel,
  closeWizard,
  describeStep,
  type Errors,
  finishWizard,
  isGone,
  type Post,
  type StepDescription,
  type StepInfo,
  startWizard,
  submitStep,
  validateField,
} from '../api/ui';
import { environment } from './environment';
import { type RenderedField, renderField, text } from './fields';

/** How long typing must pause before the field is validated. */
const debounceMs = 120;

export interface WizardHost {
  engine: Engine;
  /** The opened package's handle. */
  handle: string;
  /** The nested "+" wizard of an application reference (no "continue adding" box). */
  nested: boolean;
  /** Prefix of element ids, so that a nested wizard's ids differ from its parent's. */
  idPrefix: string;
  /** Called with the application created by Create. */
  onCreated(app: AppModel): void;
  /** The UI definition does not load or the dashboard would fail: problems placed in UI/ui.yaml when possible. */
  onProblems(problems: Problem[], title: string): void;
  /** The engine forgot the package (it was stopped). */
  onGone(): void;
  /** Runs the nested wizard of a referenced type and resolves with the application created (undefined when cancelled). */
  createReference(fqns: string[]): Promise<AppModel | undefined>;
}

export interface Wizard {
  element: HTMLElement;
  start(): Promise<boolean>;
  /** Starts over with the environment as it is now, keeping every value typed. */
  refresh(): Promise<void>;
  close(): void;
}

/**
 * The frame both kinds of forms are drawn in: the steps (labelled
 * stepsLabel), the form with its errors, fields and Back/Next buttons and
 * status, and the descriptions beside it.
 */
export function wizardFrame(stepsLabel: string) {
  const steps = el('ol', 'wizard-steps');
  steps.setAttribute('aria-label', stepsLabel);
  const formErrors = el('div', 'form-errors');
  formErrors.setAttribute('role', 'alert');
  const fieldsBox = el('div', 'wizard-fields');
  const side = el('aside', 'wizard-side');
  side.setAttribute('aria-label', 'Descriptions');
  const back = el('button', 'button', 'Back');
  back.type = 'button';
  const next = el('button', 'button button-primary', 'Next');
  next.type = 'submit';
  const status = el('span', 'status wizard-status');
  status.setAttribute('role', 'status');
  const form = el('form', 'wizard-form', formErrors, fieldsBox, el('div', 'wizard-buttons', back, next, status));
  form.noValidate = true;
  return { steps, formErrors, fieldsBox, side, back, next, status, form };
}

export function createWizard(host: WizardHost): Wizard {
  const { engine } = host;
  const { steps, formErrors, fieldsBox, side, back, next, status, form } = wizardFrame('Steps');
  const element = el('div', 'wizard', steps, el('div', 'wizard-body', form, side));

  let wizardId = '';
  let infos: StepInfo[] = [];
  let current = 0;
  let fields: RenderedField[] = [];
  /** What each step held when it was left (or submitted), by step. */
  const posts = new Map<number, Post>();
  const timers = new Map<string, number>();
  const seqs = new Map<string, number>();
  let busy = false;

  function post(): Post {
    const out: Post = {};
    for (const f of fields) {
      const v = f.read();
      if (v !== undefined) out[f.desc.name] = v;
    }
    return out;
  }

  function renderSteps(): void {
    steps.replaceChildren(
      ...infos.map((info, i) => {
        const item = el('li', 'wizard-step', el('span', 'wizard-step-number', String(i + 1)), el('span', 'wizard-step-title', info.title || `Step ${i + 1}`), el('span', 'wizard-step-form', info.form));
        item.dataset.state = i < current ? 'done' : i === current ? 'current' : 'todo';
        if (i === current) item.setAttribute('aria-current', 'step');
        return item;
      }),
    );
  }

  /** Shows a step; since is when the request that led to it started (the page's render time is kept in data-render-ms). */
  function renderStep(desc: StepDescription, values?: Post, since?: number): void {
    current = desc.step;
    renderSteps();
    for (const t of timers.values()) clearTimeout(t);
    timers.clear();
    formErrors.replaceChildren();
    fields = [];
    const rows: HTMLElement[] = [];
    const described: HTMLElement[] = [];
    const refs = infos[current]?.references ?? {};
    for (const d of desc.fields) {
      const f = renderField(d, `${host.idPrefix}${current}-${d.name}`);
      f.write(values ? values[d.name] : (d.submittedIfUntouched ?? undefined));
      if (refs[d.name] && !d.errorWidgetMessage) addReferenceButton(f, refs[d.name]);
      fields.push(f);
      rows.push(f.row);
      const description = text(d.description);
      const heading = d.descriptionTitle || text(d.label);
      const seen = described.some((e) => e.dataset.key === `${heading}\n${description}`);
      if (!description || seen) continue;
      if (d.inputKind !== 'hidden') described.push(el('div', 'side-entry', el('h4', undefined, heading), el('p', undefined, description)));
      else described.unshift(el('div', 'side-entry side-intro', d.descriptionTitle ? el('h4', undefined, d.descriptionTitle) : undefined, el('p', undefined, description)));
      described[d.inputKind === 'hidden' ? 0 : described.length - 1].dataset.key = `${heading}\n${description}`;
    }
    for (const f of fields) {
      const d = f.desc;
      const listen = d.inputKind === 'checkbox' || d.inputKind === 'select' ? 'change' : 'input';
      f.input.addEventListener(listen, () => schedule(f, listen === 'change' ? 0 : debounceMs));
    }
    fieldsBox.replaceChildren(...rows);
    side.replaceChildren(...described);
    side.hidden = described.length === 0;
    back.hidden = current === 0;
    next.textContent = current === infos.length - 1 ? 'Create' : 'Next';
    element.dataset.step = String(current);
    if (since !== undefined) element.dataset.renderMs = (performance.now() - since).toFixed(2);
  }

  function addReferenceButton(f: RenderedField, fqns: string[]): void {
    const plus = el('button', 'button add-reference', '+');
    plus.type = 'button';
    plus.title = `Add a new ${fqns.map((n) => n.split('.').pop()).join(' or ')}`;
    plus.setAttribute('aria-label', plus.title);
    plus.addEventListener('click', async () => {
      const app = await host.createReference(fqns);
      if (!app) return;
      const values = post();
      values[f.desc.name] = app['?'].id;
      await run('Updating…', () => restart(values));
    });
    const box = el('div', 'select-add');
    f.input.replaceWith(box);
    box.append(f.input, plus);
  }

  function schedule(f: RenderedField, delay: number): void {
    clearTimeout(timers.get(f.desc.name));
    timers.set(f.desc.name, window.setTimeout(() => void check(f), delay));
    const clone = f.desc.name.endsWith('-clone') ? f : fields.find((g) => g.desc.name === `${f.desc.name}-clone`);
    if (clone && clone !== f) schedule(clone, delay);
  }

  /** Validates one field in the engine with the step's current values and shows its messages. */
  async function check(f: RenderedField): Promise<void> {
    const name = f.desc.name;
    const seq = (seqs.get(name) ?? 0) + 1;
    seqs.set(name, seq);
    const started = performance.now();
    const values = post();
    let response: Awaited<ReturnType<typeof validateField>>;
    try {
      response = await validateField(engine, wizardId, current, name, values);
    } catch (err) {
      if ((err as Error).message === 'stopped') host.onGone();
      return;
    }
    if (seqs.get(name) !== seq || !fields.includes(f)) return;
    if (!response.ok) return fail(response);
    const messages = [...response.messages];
    const original = name.endsWith('-clone') ? values[name.slice(0, -'-clone'.length)] : undefined;
    if (original !== undefined && values[name] !== original) messages.push('Passwords do not match');
    f.showErrors(messages);
    f.row.dataset.validated = String(seq);
    f.row.dataset.validateMs = (performance.now() - started).toFixed(2);
  }

  function showErrors(errors: Errors): void {
    for (const f of fields) f.showErrors(errors[f.desc.name] ?? []);
    const all = errors.__all__ ?? [];
    const orphans = Object.entries(errors).filter(([k]) => k !== '__all__' && !fields.some((f) => f.desc.name === k));
    const messages = [...all, ...orphans.flatMap(([k, ms]) => ms.map((m) => `${k}: ${m}`))];
    formErrors.replaceChildren(...(messages.length ? [el('ul', 'callout callout-error', ...messages.map((m) => el('li', undefined, m)))] : []));
    fields.find((f) => f.row.classList.contains('has-error'))?.input.focus();
  }

  function fail(response: { ok: false; error: { kind?: string; message: string; file?: string; line?: number; col?: number }; errors?: Problem[] }): void {
    if (isGone(response)) {
      host.onGone();
      return;
    }
    const problems: Problem[] = response.errors?.length
      ? response.errors
      : [{ severity: 'error', file: response.error.file ?? '', line: response.error.line ?? 0, col: response.error.col ?? 0, message: response.error.message }];
    host.onProblems(problems, 'The dashboard would fail on this form');
  }

  async function run<T>(what: string, fn: () => Promise<T>): Promise<T | undefined> {
    if (busy) return undefined;
    busy = true;
    next.disabled = back.disabled = true;
    status.textContent = what;
    try {
      return await fn();
    } catch (err) {
      status.textContent = (err as Error).message === 'stopped' ? '' : `Engine failure: ${(err as Error).message}`;
      if ((err as Error).message === 'stopped') host.onGone();
      return undefined;
    } finally {
      busy = false;
      next.disabled = back.disabled = false;
      if (status.textContent === what) status.textContent = '';
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void run('Checking…', async () => {
      const started = performance.now();
      const values = post();
      posts.set(current, values);
      const response = await submitStep(engine, wizardId, current, values);
      if (!response.ok) return fail(response);
      if (!response.valid) return showErrors(response.errors);
      if (response.next) {
        renderStep(response.next, posts.get(response.next.step), started);
        fields[0]?.input.focus();
        return;
      }
      const done = await finishWizard(engine, wizardId);
      if (!done.ok) return fail(done);
      if (!done.valid) {
        await goTo(done.step);
        showErrors(done.errors);
        return;
      }
      host.onCreated(done.objectModel);
    });
  });

  back.addEventListener('click', () => {
    void run('', async () => {
      posts.set(current, post());
      await goTo(current - 1);
    });
  });

  async function goTo(step: number): Promise<void> {
    const started = performance.now();
    const response = await describeStep(engine, wizardId, step);
    if (!response.ok) return fail(response);
    renderStep(response.step, posts.get(step), started);
  }

  /** Starts a wizard with the current environment; replays the steps before `at` with their values. */
  async function restart(values?: Post, at = current): Promise<boolean> {
    const since = performance.now();
    const started = await startWizard(engine, host.handle, environment.list(), host.nested, environment.seed());
    if (!started.ok) {
      fail(started);
      return false;
    }
    if (wizardId) void closeWizard(engine, wizardId);
    wizardId = started.wizard;
    infos = started.steps;
    element.dataset.wizard = wizardId;
    element.dataset.seed = String(environment.seed());
    let desc = started.step;
    for (let i = 0; i < at && desc; i++) {
      const response = await submitStep(engine, wizardId, i, posts.get(i) ?? {});
      if (!response.ok || !response.valid || !response.next) break;
      desc = response.next;
    }
    if (values) posts.set(desc.step, values);
    renderStep(desc, posts.get(desc.step), since);
    return true;
  }

  return {
    element,
    start: () => run('Starting…', () => restart(undefined, 0)).then((ok) => ok === true),
    refresh: async () => {
      if (!wizardId) return;
      await run('Updating…', () => restart(post()));
    },
    close() {
      for (const t of timers.values()) clearTimeout(t);
      if (wizardId) void closeWizard(engine, wizardId);
      wizardId = '';
    },
  };
}
