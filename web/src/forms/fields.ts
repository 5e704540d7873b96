// One field of a Dynamic UI step rendered as Horizon renders it: label
// with a required marker, the widget of its type, help text and the
// errors under it. A field reads and writes its value as the browser
// would post it ("on" for a ticked checkbox, absent when unticked).

import { el } from '../dom';
import type { Choice, FieldDescription } from '../api/ui';

export interface RenderedField {
  desc: FieldDescription;
  row: HTMLElement;
  input: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
  /** The posted value; undefined for an unticked checkbox. */
  read(): string | undefined;
  write(value: string | undefined): void;
  showErrors(messages: string[]): void;
}

/** The text a label, description or initial value shows (YAQL results may be any JSON). */
export function text(v: unknown): string {
  if (v === null || v === undefined) return '';
  return typeof v === 'string' ? v : JSON.stringify(v);
}

function options(select: HTMLSelectElement, choices: Choice[]): void {
  for (const c of choices) {
    if (Array.isArray(c[1])) {
      const group = el('optgroup');
      group.label = c[0];
      for (const [value, label, disabled] of c[1]) group.append(option(value, label, disabled));
      select.append(group);
    } else {
      select.append(option(c[0], c[1], c[2] as boolean));
    }
  }
}

function option(value: string, label: string, disabled: boolean): HTMLOptionElement {
  const o = el('option', undefined, label);
  o.value = value;
  o.disabled = disabled;
  return o;
}

export function renderField(desc: FieldDescription, id: string): RenderedField {
  const kind = desc.inputKind;
  const attrs = desc.widgetAttrs ?? {};
  let input: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
  if (kind === 'select') {
    const select = el('select', 'input');
    options(select, desc.choices ?? []);
    input = select;
  } else if (kind === 'textarea') {
    const area = el('textarea', 'input');
    area.rows = 4;
    input = area;
  } else {
    const box = el('input', kind === 'checkbox' ? 'checkbox' : 'input');
    box.type = kind === 'number' || kind === 'password' || kind === 'checkbox' || kind === 'hidden' ? kind : 'text';
    if (kind === 'number') {
      if (attrs.min !== undefined) box.min = String(attrs.min);
      if (attrs.max !== undefined) box.max = String(attrs.max);
    }
    input = box;
  }
  input.id = id;
  input.name = desc.name;
  input.dataset.field = desc.name;
  if (!(input instanceof HTMLSelectElement) && typeof attrs.maxlength === 'string') input.maxLength = Number(attrs.maxlength);
  if (typeof attrs.placeholder === 'string' && kind !== 'checkbox' && !(input instanceof HTMLSelectElement)) input.placeholder = attrs.placeholder;
  if (desc.required && kind !== 'checkbox') input.setAttribute('aria-required', 'true');
  input.autocomplete = kind === 'password' ? 'new-password' : 'off';
  (input as HTMLInputElement).spellcheck = false;

  const label = el('label', 'form-label', text(desc.label));
  label.htmlFor = id;
  if (desc.required && kind !== 'checkbox') label.append(el('span', 'required', ' *'));
  const errors = el('ul', 'field-errors');
  errors.id = `${id}-errors`;
  errors.setAttribute('aria-live', 'polite');
  input.setAttribute('aria-describedby', errors.id);
  const help = desc.helpText ? el('p', 'help-text', desc.helpText) : undefined;

  let row: HTMLElement;
  if (kind === 'checkbox') {
    row = el('div', 'form-row form-row-check', el('div', 'check', input, label), help, errors);
  } else if (desc.errorWidgetMessage) {
    row = el('div', 'form-row', label, el('p', 'widget-error', desc.errorWidgetMessage), errors);
  } else {
    row = el('div', 'form-row', label, input, help, errors);
  }
  row.dataset.field = desc.name;
  if (kind === 'hidden') row.hidden = true;

  return {
    desc,
    row,
    input,
    read() {
      if (input instanceof HTMLInputElement && input.type === 'checkbox') return input.checked ? 'on' : undefined;
      return input.value;
    },
    write(value) {
      if (input instanceof HTMLInputElement && input.type === 'checkbox') {
        input.checked = value !== undefined;
        return;
      }
      if (input instanceof HTMLSelectElement) {
        const match = [...input.options].find((o) => o.value === value && !o.disabled);
        const first = [...input.options].find((o) => !o.disabled);
        input.value = match ? match.value : first ? first.value : '';
        return;
      }
      input.value = value ?? '';
    },
    showErrors(messages) {
      errors.replaceChildren(...messages.map((m) => el('li', undefined, m)));
      row.classList.toggle('has-error', messages.length > 0);
      input.setAttribute('aria-invalid', String(messages.length > 0));
    },
  };
}
