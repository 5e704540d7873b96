// The fields of a form generated from a JSON schema (api/schema.ts
// SchemaField). Scalars are drawn by the same renderer as Dynamic UI's
// fields (fields.ts); what Dynamic UI has no widget for is composed of
// them: a list of rows with Add and Remove, a map's fixed keys and its
// key/value rows, a muranoObject field that picks an object by id or
// holds one made inline. A field reads and writes JSON values
// (undefined: no value, the property is left out).

import { el } from '../dom';
import type { AppLike, PathErrors, SchemaField } from '../api/schema';
import type { FieldDescription } from '../api/ui';
import { type RenderedField, renderField } from './fields';

export interface SchemaFieldHost {
  /** Objects a muranoObject field may refer to: the environment's, of any type. */
  objects(): AppLike[];
  /** Makes a new object of a class inline (a nested form); resolves with its model, undefined when cancelled. */
  create(muranoType: string, excluded: string[]): Promise<AppLike | undefined>;
  /** Edits an object made inline; resolves with its new model, undefined when cancelled. */
  edit(model: AppLike): Promise<AppLike | undefined>;
  /** Called whenever the value changes (typing, a row added …). */
  changed(): void;
}

export interface TypedField {
  field: SchemaField;
  row: HTMLElement;
  read(): unknown;
  write(value: unknown): void;
  /** Shows the messages of this field (path "") and of the values inside it (paths below). */
  showErrors(errors: PathErrors): void;
  /** The first input, to focus. */
  focus(): void;
  /** Offers again the objects of the environment (it changed). */
  refresh(): void;
}

/** The errors under a path, with the path taken off. */
function below(errors: PathErrors, key: string): PathErrors {
  const out: PathErrors = {};
  for (const [path, messages] of Object.entries(errors)) {
    if (path === key) out[''] = [...(out[''] ?? []), ...messages];
    else if (path.startsWith(key + '/')) out[path.slice(key.length + 1)] = messages;
  }
  return out;
}

/** Messages of paths no field below shows, for the field itself. */
function orphans(errors: PathErrors, shown: string[]): string[] {
  return Object.entries(errors).filter(([p]) => p !== '' && !shown.some((s) => p === s || p.startsWith(s + '/'))).flatMap(([p, ms]) => ms.map((m) => `${p}: ${m}`));
}

function button(text: string, cls: string, label: string): HTMLButtonElement {
  const b = el('button', cls, text);
  b.type = 'button';
  b.setAttribute('aria-label', label);
  return b;
}

/** The Dynamic UI description of a scalar field, for the shared renderer. */
function scalarDescription(f: SchemaField, name: string): FieldDescription {
  const attrs: Record<string, unknown> = {};
  const min = f.widgetAttrs['min'];
  const max = f.widgetAttrs['max'];
  if (typeof min === 'number') attrs['min'] = f.widgetAttrs['exclusiveMinimum'] ? min + 1 : min;
  if (typeof max === 'number') attrs['max'] = f.widgetAttrs['exclusiveMaximum'] ? max - 1 : max;
  if (typeof f.widgetAttrs['maxLength'] === 'number') attrs['maxlength'] = String(f.widgetAttrs['maxLength']);
  if (f.expression) attrs['placeholder'] = `= ${f.expression}`;
  else if (typeof f.widgetAttrs['pattern'] === 'string') attrs['placeholder'] = `/${f.widgetAttrs['pattern'] as string}/`;
  let inputKind = f.inputKind;
  let choices: FieldDescription['choices'];
  if (f.choices) {
    choices = f.choices.map(([v, label]) => [JSON.stringify(v), label, false]);
    if (f.nullable || !f.required) choices.unshift(['', '—', false]);
  } else if (f.kind === 'boolean' && f.nullable && !f.hasDefault) {
    inputKind = 'select';
    choices = [['', '—', false], ['true', 'true', false], ['false', 'false', false]];
  } else if (f.kind === 'any') {
    inputKind = 'textarea';
  }
  return {
    name, htmlName: name, fieldClass: `schema-${f.kind}`, widget: inputKind, inputKind, label: f.label, required: f.required,
    initial: f.initial, submittedIfUntouched: null, helpText: f.helpText ?? '', description: f.description ?? '', descriptionTitle: '',
    widgetAttrs: attrs, choices,
  };
}

/** A scalar (or JSON) field: the shared renderer, its text converted to the field's type. */
function scalarField(f: SchemaField, id: string, host: SchemaFieldHost): TypedField {
  const desc = scalarDescription(f, f.name);
  const r: RenderedField = renderField(desc, id);
  r.input.addEventListener(desc.inputKind === 'checkbox' || desc.inputKind === 'select' ? 'change' : 'input', () => host.changed());
  const read = (): unknown => {
    const text = r.read();
    if (desc.inputKind === 'checkbox') return text !== undefined;
    if (desc.inputKind === 'select') return text === '' || text === undefined ? (f.nullable ? null : undefined) : JSON.parse(text);
    // An empty field whose default is an expression is left out, for the engine to evaluate it.
    if ((text === undefined || text === '') && f.expression) return undefined;
    if (text === undefined || text === '') return f.kind === 'string' && !f.nullable ? '' : f.nullable ? null : undefined;
    if (f.kind === 'integer' || f.kind === 'number') {
      const n = Number(text);
      return Number.isFinite(n) && (f.kind === 'number' || Number.isInteger(n)) ? n : text;
    }
    if (f.kind === 'any') {
      try {
        return JSON.parse(text);
      } catch {
        return text;
      }
    }
    return text;
  };
  return {
    field: f,
    row: r.row,
    read,
    write(value) {
      if (desc.inputKind === 'checkbox') r.write(value === true ? 'on' : undefined);
      else if (desc.inputKind === 'select') r.write(value === undefined || value === null ? '' : JSON.stringify(value));
      else if (f.kind === 'any') r.write(value === undefined ? '' : JSON.stringify(value, null, 1));
      else r.write(value === undefined || value === null ? '' : String(value));
    },
    showErrors(errors) {
      const own = [...(errors[''] ?? []), ...orphans(errors, [])];
      if (f.kind === 'any' && typeof read() === 'string' && r.read()) own.push('Not JSON');
      r.showErrors(own);
    },
    focus: () => r.input.focus(),
    refresh: () => {},
  };
}

/** A fieldset with the label, help and errors of a composite field. */
function group(f: SchemaField, id: string, cls: string): { row: HTMLElement; body: HTMLElement; errors: HTMLUListElement } {
  const errors = el('ul', 'field-errors');
  errors.id = `${id}-errors`;
  errors.setAttribute('aria-live', 'polite');
  const legend = el('legend', 'form-label', f.label);
  if (f.required) legend.append(el('span', 'required', ' *'));
  const body = el('div', 'schema-group-body');
  const row = el('fieldset', `form-row schema-group ${cls}`, legend, f.helpText ? el('p', 'help-text', f.helpText) : undefined, body, errors);
  row.id = id;
  row.dataset.field = f.name;
  row.setAttribute('aria-describedby', errors.id);
  return { row, body, errors };
}

function setErrors(row: HTMLElement, list: HTMLUListElement, messages: string[]): void {
  list.replaceChildren(...messages.map((m) => el('li', undefined, m)));
  row.classList.toggle('has-error', messages.length > 0);
}

/** A list: a row per item (with Remove), and Add; a tuple's first items are fixed. */
function listField(f: SchemaField, id: string, host: SchemaFieldHost): TypedField {
  const { row, body, errors } = group(f, id, 'schema-list');
  const rows = el('ol', 'schema-rows');
  const add = button('Add', 'button button-quiet schema-add', `Add an item to ${f.label}`);
  body.append(rows, add);
  const fixed = f.items ?? [];
  let items: TypedField[] = [];
  let present = f.required || f.hasDefault;
  const redraw = () => {
    rows.replaceChildren(...items.map((it, i) => {
      const li = el('li', 'schema-row', it.row);
      if (i >= fixed.length) {
        const remove = button('Remove', 'button button-quiet schema-remove', `Remove item ${i + 1} of ${f.label}`);
        remove.addEventListener('click', () => {
          items.splice(i, 1);
          redraw();
          host.changed();
        });
        li.append(remove);
      }
      return li;
    }));
    const max = f.widgetAttrs['maxItems'];
    add.hidden = !f.item || (typeof max === 'number' && items.length >= max);
  };
  const itemAt = (i: number): TypedField => {
    const spec = i < fixed.length ? fixed[i] : f.item!;
    return typedField({ ...spec, label: `${i + 1}` }, `${id}-${i}`, host);
  };
  add.addEventListener('click', () => {
    present = true;
    const it = itemAt(items.length);
    items.push(it);
    redraw();
    it.focus();
    host.changed();
  });
  const field: TypedField = {
    field: f,
    row,
    read: () => (present || items.length ? items.map((it) => it.read()) : f.nullable ? undefined : []),
    write(value) {
      const list = Array.isArray(value) ? value : [];
      present = Array.isArray(value);
      items = [];
      for (let i = 0; i < Math.max(list.length, fixed.length); i++) {
        const it = itemAt(i);
        it.write(list[i]);
        items.push(it);
      }
      redraw();
    },
    showErrors(errs) {
      items.forEach((it, i) => it.showErrors(below(errs, String(i))));
      setErrors(row, errors, [...(errs[''] ?? []), ...orphans(errs, items.map((_, i) => String(i)))]);
    },
    focus: () => (items[0] ? items[0].focus() : add.focus()),
    refresh: () => items.forEach((it) => it.refresh()),
  };
  return field;
}

/** A map: its fixed keys as fields, then a row per other key (key, value, Remove) and Add. */
function mapField(f: SchemaField, id: string, host: SchemaFieldHost): TypedField {
  const { row, body, errors } = group(f, id, 'schema-map');
  const props = (f.properties ?? []).map((p, i) => typedField(p, `${id}-p${i}`, host));
  const rows = el('div', 'schema-rows');
  const add = button('Add a key', 'button button-quiet schema-add', `Add a key to ${f.label}`);
  body.append(...props.map((p) => p.row), rows);
  if (f.additional) body.append(add);
  let others: { key: HTMLInputElement; value: TypedField; line: HTMLElement }[] = [];
  let present = f.required || f.hasDefault;
  const newRow = (k: string, v: unknown) => {
    const key = Object.assign(el('input', 'input schema-key'), { value: k, spellcheck: false });
    key.setAttribute('aria-label', `A key of ${f.label}`);
    key.addEventListener('input', () => host.changed());
    const value = typedField({ ...f.additional!, label: 'value' }, `${id}-k${others.length}`, host);
    value.write(v);
    const remove = button('Remove', 'button button-quiet schema-remove', `Remove the key of ${f.label}`);
    const line = el('div', 'schema-keyvalue', key, value.row, remove);
    const entry = { key, value, line };
    remove.addEventListener('click', () => {
      others = others.filter((o) => o !== entry);
      line.remove();
      host.changed();
    });
    others.push(entry);
    rows.append(line);
    return entry;
  };
  add.addEventListener('click', () => {
    present = true;
    newRow('', undefined).key.focus();
    host.changed();
  });
  return {
    field: f,
    row,
    read() {
      const out: Record<string, unknown> = {};
      for (const p of props) {
        const v = p.read();
        if (v !== undefined) out[p.field.name] = v;
      }
      for (const o of others) {
        const v = o.value.read();
        if (v !== undefined) out[o.key.value] = v;
      }
      return present || Object.keys(out).length ? out : f.nullable ? undefined : {};
    },
    write(value) {
      const m = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
      present = value !== undefined && value !== null;
      for (const p of props) p.write(m[p.field.name]);
      others = [];
      rows.replaceChildren();
      if (f.additional) for (const [k, v] of Object.entries(m)) if (!props.some((p) => p.field.name === k)) newRow(k, v);
    },
    showErrors(errs) {
      for (const p of props) p.showErrors(below(errs, p.field.name));
      for (const o of others) o.value.showErrors(below(errs, o.key.value));
      const shown = [...props.map((p) => p.field.name), ...others.map((o) => o.key.value)];
      setErrors(row, errors, [...(errs[''] ?? []), ...orphans(errs, shown)]);
    },
    focus: () => (props[0] ? props[0].focus() : add.focus()),
    refresh() {
      for (const p of props) p.refresh();
      for (const o of others) o.value.refresh();
    },
  };
}

/** The name an object shows in a list: its name, else its class and id. */
export function objectLabel(o: AppLike): string {
  const h = o['?'];
  const name = h.name ?? (typeof o['name'] === 'string' ? o['name'] : undefined);
  const cls = h.type.split('/')[0].split('.').pop();
  return name ? `${name} (${cls})` : `${cls} ${h.id.slice(0, 8)}`;
}

/**
 * A muranoObject field: a reference by id (an object of the environment)
 * or, unless the contract forbids it, an object made inline with its own
 * form (New…); an inline object can be edited or dropped.
 */
function objectField(f: SchemaField, id: string, host: SchemaFieldHost): TypedField {
  const { row, body, errors } = group(f, id, 'schema-object');
  const select = el('select', 'input');
  select.id = `${id}-select`;
  select.setAttribute('aria-label', f.label);
  const inline = el('div', 'schema-inline');
  const create = button(`New ${(f.muranoType ?? 'object').split('.').pop()}…`, 'button button-quiet schema-new', `Make a new ${f.muranoType ?? 'object'} for ${f.label}`);
  create.hidden = f.owned === false;
  body.append(el('div', 'select-add', select, create), inline);
  let made: AppLike | undefined;
  let other: unknown;
  const fill = (selected: string) => {
    const options: HTMLOptionElement[] = [Object.assign(el('option', undefined, f.owned === true ? '(make one inline)' : '—'), { value: '' })];
    if (f.owned !== true) {
      for (const o of host.objects()) {
        const opt = Object.assign(el('option', undefined, objectLabel(o)), { value: o['?'].id });
        opt.dataset.type = o['?'].type;
        options.push(opt);
      }
    }
    if (made) options.push(Object.assign(el('option', undefined, `${objectLabel(made)} (inline)`), { value: '#inline' }));
    select.replaceChildren(...options);
    select.value = selected;
  };
  const showInline = () => {
    inline.replaceChildren();
    if (!made) return;
    const edit = button('Edit…', 'button button-quiet', `Edit the inline object of ${f.label}`);
    const drop = button('Remove', 'button button-quiet', `Remove the inline object of ${f.label}`);
    edit.addEventListener('click', async () => {
      const next = await host.edit(made!);
      if (!next) return;
      made = next;
      fill('#inline');
      showInline();
      host.changed();
    });
    drop.addEventListener('click', () => {
      made = undefined;
      fill('');
      showInline();
      host.changed();
    });
    inline.append(el('span', 'muted small', `inline: ${objectLabel(made)}`), edit, drop);
  };
  select.addEventListener('change', () => host.changed());
  create.addEventListener('click', async () => {
    const next = await host.create(f.muranoType ?? '', f.excludedProperties ?? []);
    if (!next) return;
    made = next;
    fill('#inline');
    showInline();
    host.changed();
  });
  fill('');
  return {
    field: f,
    row,
    read() {
      if (select.value === '#inline') return made;
      if (select.value === '') return other !== undefined ? other : f.nullable ? null : undefined;
      return select.value;
    },
    write(value) {
      made = undefined;
      other = undefined;
      if (value && typeof value === 'object' && (value as AppLike)['?']) {
        made = value as AppLike;
        fill('#inline');
      } else if (typeof value === 'string') {
        fill('');
        if (![...select.options].some((o) => o.value === value)) select.append(Object.assign(el('option', undefined, `${value} (not in the environment)`), { value }));
        select.value = value;
      } else {
        other = value === null ? undefined : value;
        fill('');
      }
      showInline();
    },
    showErrors(errs) {
      setErrors(row, errors, [...(errs[''] ?? []), ...orphans(errs, [])]);
    },
    focus: () => select.focus(),
    refresh: () => fill(select.value),
  };
}

/** The field of a SchemaField, of its kind. */
export function typedField(f: SchemaField, id: string, host: SchemaFieldHost): TypedField {
  let field: TypedField;
  switch (f.kind) {
    case 'list':
    case 'tuple':
      field = listField(f, id, host);
      break;
    case 'map':
    case 'object':
      field = mapField(f, id, host);
      break;
    case 'muranoObject':
      field = objectField(f, id, host);
      break;
    default:
      field = scalarField(f, id, host);
  }
  field.row.hidden ||= f.hidden === true;
  field.row.dataset.kind = f.kind;
  return field;
}
