// A form generated from a JSON schema, drawn like the Dynamic UI wizard:
// its sections are the steps, the fields of the current one with their
// descriptions beside them, validation in the forms module as you type
// (every field against the whole schema; a field's messages show once it
// was changed, or the form submitted), Back/Next keeping the values, and
// the last button submitting the values.

import { el } from '../dom';
import type { Engine } from '../engine';
import { closeForm, openForm, type PathErrors, type Schema, type SchemaFormDescription, validateForm } from '../api/schema';
import { type SchemaFieldHost, type TypedField, typedField } from './schema-fields';
import { wizardFrame } from './wizard';

/** How long typing must pause before the form is validated. */
const debounceMs = 120;

export interface SchemaFormOptions {
  engine: Engine;
  schema: Schema;
  /** The values to start from (an object model's, to edit it); else the defaults. */
  values?: Record<string, unknown>;
  /** Prefix of element ids, so that a nested form's ids differ from its parent's. */
  idPrefix: string;
  /** The text of the last button (Create, Save, Build …). */
  submitLabel: string;
  host: Omit<SchemaFieldHost, 'changed'>;
  /** Called with the valid values when the last button is pressed. */
  onSubmit(values: Record<string, unknown>): Promise<void>;
  /** Called after every validation with its messages (values as they were). */
  onValidated?(values: Record<string, unknown>, errors: PathErrors): void;
}

export interface SchemaForm {
  element: HTMLElement;
  description: SchemaFormDescription;
  values(): Record<string, unknown>;
  /** Offers again the objects of the environment (it changed). */
  refresh(): void;
  close(): void;
}

/** Opens the schema in the forms module and draws its form; rejects when the schema cannot be read. */
export async function schemaForm(opts: SchemaFormOptions): Promise<SchemaForm> {
  const { engine } = opts;
  const opened = await openForm(engine, opts.schema);
  const desc = opened.form;
  // A section is a step when it shows a field; the hidden fields of the
  // others keep their values all the same.
  const sections = desc.sections.filter((s) => s.fields.some((f) => !f.hidden));
  if (!sections.length) sections.push({ name: '', title: desc.title ?? '', fields: [] });
  const unshown = desc.sections.filter((s) => !sections.includes(s)).flatMap((s) => s.fields);

  const { steps, formErrors, fieldsBox, side, back, next, status, form } = wizardFrame('Sections');
  const intro = [desc.description, desc.helpText].filter(Boolean).map((t) => el('p', 'muted small schema-intro', t));
  const element = el('div', 'wizard schema-form', ...intro, steps, el('div', 'wizard-body', form, side));
  element.dataset.formId = opened.id;

  let timer = 0;
  let seq = 0;
  let errors: PathErrors = {};
  /** The fields changed since the form opened; after a submit, all. */
  const touched = new Set<string>();
  let submitted = false;
  const host: SchemaFieldHost = { ...opts.host, changed: () => schedule() };
  // Every section's fields are made once, so that values survive Back and Next.
  const fields: TypedField[][] = sections.map((s, i) => s.fields.map((f) => typedField(f, `${opts.idPrefix}${i}-${f.name}`, host)));
  const hidden = unshown.map((f) => typedField(f, `${opts.idPrefix}h-${f.name}`, host));
  for (const list of [...fields, hidden]) {
    for (const f of list) {
      for (const type of ['input', 'change', 'click']) f.row.addEventListener(type, () => touched.add(f.field.name));
      const start = opts.values ? opts.values[f.field.name] : f.field.hasDefault && !f.field.expression ? f.field.initial : undefined;
      f.write(start);
    }
  }
  let current = 0;

  function values(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const list of [...fields, hidden]) {
      for (const f of list) {
        const v = f.read();
        if (v !== undefined) out[f.field.name] = v;
      }
    }
    return out;
  }

  function errorsOf(name: string): PathErrors {
    const out: PathErrors = {};
    for (const [path, messages] of Object.entries(errors)) {
      if (path === name) out[''] = messages;
      else if (path.startsWith(name + '/')) out[path.slice(name.length + 1)] = messages;
    }
    return out;
  }

  function showErrors(): void {
    for (const list of fields) for (const f of list) f.showErrors(submitted || touched.has(f.field.name) ? errorsOf(f.field.name) : {});
    const all = submitted ? (errors[''] ?? []) : [];
    formErrors.replaceChildren(...(all.length ? [el('ul', 'callout callout-error', ...all.map((m) => el('li', undefined, m)))] : []));
  }

  function sectionHasErrors(i: number): boolean {
    return fields[i].some((f) => Object.keys(errorsOf(f.field.name)).length > 0);
  }

  function renderSteps(): void {
    steps.replaceChildren(...sections.map((s, i) => {
      const item = el('li', 'wizard-step', el('span', 'wizard-step-number', String(i + 1)), el('span', 'wizard-step-title', s.title || desc.title || `Section ${i + 1}`));
      item.dataset.state = i < current ? 'done' : i === current ? 'current' : 'todo';
      if (submitted && sectionHasErrors(i)) item.dataset.errors = 'true';
      if (i === current) item.setAttribute('aria-current', 'step');
      return item;
    }));
    steps.hidden = sections.length < 2;
  }

  function renderSection(): void {
    renderSteps();
    fieldsBox.replaceChildren(...fields[current].map((f) => f.row));
    const described = fields[current]
      .filter((f) => f.field.description && !f.field.hidden)
      .map((f) => el('div', 'side-entry', el('h4', undefined, f.field.label), el('p', undefined, f.field.description!)));
    side.replaceChildren(...described);
    side.hidden = described.length === 0;
    back.hidden = current === 0;
    next.textContent = current === sections.length - 1 ? opts.submitLabel : 'Next';
    element.dataset.section = String(current);
  }

  async function validate(): Promise<boolean> {
    const mine = ++seq;
    const started = performance.now();
    const v = values();
    const found = await validateForm(engine, opened.id, v);
    if (mine !== seq) return false;
    errors = found;
    showErrors();
    renderSteps();
    element.dataset.validated = String(mine);
    element.dataset.validateMs = (performance.now() - started).toFixed(2);
    opts.onValidated?.(v, errors);
    return Object.keys(errors).length === 0;
  }

  function schedule(): void {
    clearTimeout(timer);
    timer = window.setTimeout(() => void validate().catch(() => {}), debounceMs);
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      clearTimeout(timer);
      next.disabled = true;
      try {
        for (const f of fields[current]) touched.add(f.field.name);
        if (current === sections.length - 1) submitted = true;
        const valid = await validate();
        if (current < sections.length - 1) {
          if (!sectionHasErrors(current)) {
            current++;
            renderSection();
            fields[current][0]?.focus();
          } else fields[current].find((f) => Object.keys(errorsOf(f.field.name)).length)?.focus();
          return;
        }
        if (!valid) {
          const bad = sections.findIndex((_, i) => sectionHasErrors(i));
          if (bad >= 0 && bad !== current) {
            current = bad;
            renderSection();
          }
          status.textContent = 'Some values are not valid';
          return;
        }
        status.textContent = '';
        await opts.onSubmit(values());
      } catch (err) {
        status.textContent = (err as Error).message;
      } finally {
        next.disabled = false;
      }
    })();
  });
  back.addEventListener('click', () => {
    current = Math.max(0, current - 1);
    renderSection();
  });

  renderSection();
  void validate().catch(() => {});
  return {
    element,
    description: desc,
    values,
    refresh() {
      for (const list of [...fields, hidden]) for (const f of list) f.refresh();
    },
    close() {
      clearTimeout(timer);
      closeForm(engine, opened.id);
    },
  };
}
