// The Schema forms sub-view of the Packages view: the forms Murano
// generates from the contracts of a package's classes (JSON schema, as
// murano 14.0.0's /schemas API gives it, or with the seed's extensions),
// drawn by the same renderer as the Dynamic UI forms. A class's form
// makes an object model that joins the page's environment; a model
// builder's form calls the builder in the engine and shows what it
// returns. Any object model — made here, by a Dynamic UI wizard, or
// pasted — opens again in its class's form, and saving it shows what
// changed.

import './schema.css';
import { resultViewer } from '../editors';
import { exportPackage, type OpenedPackage } from '../api/packages';
import { importFrom } from '../api/repo';
import {
  type AppLike,
  buildModel,
  callBuilder,
  type Change,
  diffModels,
  editModel,
  generateSchema,
  listClasses,
  type Schema,
  type SchemaClass,
  type SchemaSource,
} from '../api/schema';
import type { AppModel } from '../api/ui';
import { button, download, el } from '../dom';
import { registerSubView } from '../packages/subview';
import { environment } from './environment';
import { objectLabel } from './schema-fields';
import { type SchemaForm, schemaForm } from './schema-form';

/** Packages the engine provides itself. */
const platform = new Set(['io.murano', 'io.murano.applications']);
const builtinRepo = (): string => new URL('repo/', location.href).href;

function copyButton(text: () => string): HTMLButtonElement {
  const b = button('Copy');
  b.addEventListener('click', async () => {
    await navigator.clipboard.writeText(text()).then(() => (b.textContent = 'Copied'), () => (b.textContent = 'Copy failed'));
    setTimeout(() => (b.textContent = 'Copy'), 1500);
  });
  return b;
}

/** The class name of an object model's type ("Class/1.0.0@package" → "Class"). */
function classOf(model: AppLike): string {
  return model['?'].type.split('/')[0];
}

function newId(): string {
  return crypto.randomUUID();
}

/** A JSON panel with a title, Copy and Download. */
function jsonPanel(title: string, id: string, fileName: () => string): { element: HTMLElement; show(value: unknown, note?: string): void; text(): string } {
  const box = el('div', 'forms-json');
  box.id = id;
  let text = '';
  const note = el('p', 'muted small forms-result-note');
  const save = button('Download');
  save.id = `${id}-download`;
  save.addEventListener('click', () => download(fileName(), text));
  const element = el('section', 'forms-result', el('div', 'pane-head', el('h3', undefined, title), el('div', 'tools', copyButton(() => text), save)), note, box);
  const viewer = resultViewer(box);
  return {
    element,
    show(value, noteText = '') {
      text = JSON.stringify(value, null, 2);
      viewer.show(text);
      note.textContent = noteText;
      note.hidden = !noteText;
    },
    text: () => text,
  };
}

registerSubView({
  id: 'schema',
  lazy: true,
  label: 'Schema forms',
  mount(panel, ctx) {
    panel.classList.add('schema-view');
    const classList = el('ul', 'schema-classes');
    classList.setAttribute('aria-label', 'Classes and model builders');
    const extensions = Object.assign(el('input'), { type: 'checkbox', checked: true, id: 'schema-extensions' });
    const extLabel = el('label', 'field small', extensions, 'Extensions');
    extLabel.title = 'What the MuranoPL forms specification promises and murano 14.0.0 does not do: required fields, lengths, list counts, default titles …';
    const editButton = button('Edit an object model…', 'button button-quiet', 'Edit an object model in its class’s form');
    editButton.id = 'schema-edit-open';
    const side = el('aside', 'schema-side', el('h3', undefined, 'Classes'), classList, extLabel, editButton);
    const title = el('h3', 'forms-title');
    const notice = el('div', 'forms-notice');
    const formBox = el('div', 'forms-wizard');
    const addButton = button('Add to environment', 'button button-primary');
    addButton.id = 'schema-add';
    const continueButton = button('Edit in the class’s form', 'button');
    continueButton.id = 'schema-continue';
    const resultTools = el('div', 'tools schema-result-tools', addButton, continueButton);
    const modelPanel = jsonPanel('Object model', 'schema-object-model', () => `${selected?.cls.name ?? 'object'}.json`);
    const changesBox = el('section', 'schema-changes');
    const result = el('div', 'schema-result', changesBox, modelPanel.element, resultTools);
    result.hidden = true;
    const schemaPanel = jsonPanel('Schema', 'schema-json', () => `${selected?.cls.name ?? 'class'}${selected?.method ? '.' + selected.method : ''}.schema.json`);
    const editBox = el('section', 'schema-edit');
    editBox.hidden = true;
    const main = el('div', 'forms-main', title, notice, editBox, formBox, result, el('details', 'schema-details', el('summary', undefined, 'The generated schema'), schemaPanel.element));
    panel.append(side, main);

    let source: SchemaSource | undefined;
    let classes: SchemaClass[] = [];
    /** The classes the manifest named when they were listed. */
    let classNames = '';
    let selected: { cls: SchemaClass; method: string } | undefined;
    let form: SchemaForm | undefined;
    let model: AppLike | undefined;
    /** The model an edit started from, to show what saving changed. */
    let editing: { from: AppLike; header: Record<string, unknown>; kept: Record<string, unknown>; replaces: boolean } | undefined;
    let loading = 0;
    /** The forms open in dialogs, over the main one. */
    const nestedForms = new Set<SchemaForm>();
    const opened = new Map<string, string>();

    /** Opens the package's requirements from the site's repository (once each). */
    /** Keeps the package (and those it requires) with the environment, so that a deploy can open them again. */
    async function keepPackages(): Promise<void> {
      const handles = source?.packages ?? [];
      for (const handle of handles) {
        try {
          const exported = await exportPackage(ctx.engine, handle);
          if (exported.ok) environment.addPackage(exported.name.replace(/\.zip$/, ''), exported.zip);
        } catch {
          // A stopped engine: the Deploy view imports the package from the site's repository instead.
        }
      }
    }

    async function requirements(info: NonNullable<OpenedPackage['package']>): Promise<string[]> {
      const handles: string[] = [];
      const queue = Object.keys(info.require ?? {}).filter((n) => !platform.has(n));
      const seen = new Set(queue);
      while (queue.length) {
        const name = queue.shift()!;
        let handle = opened.get(name);
        if (!handle) {
          const r = await importFrom(ctx.engine, { url: builtinRepo() }, name).catch(() => undefined);
          if (!r?.ok) continue;
          handle = r.handle;
          opened.set(name, handle);
          for (const n of Object.keys(r.package?.require ?? {})) if (!platform.has(n) && !seen.has(n)) {
            seen.add(n);
            queue.push(n);
          }
        }
        handles.push(handle);
      }
      return handles;
    }

    function stopForm(): void {
      form?.close();
      form = undefined;
      formBox.replaceChildren();
    }

    function renderClasses(): void {
      classList.replaceChildren(...classes.map((c) => {
        const item = el('li', 'schema-class');
        const pick = (method: string, label: string, cls: string) => {
          const b = button(label, `list-item ${cls}`);
          b.dataset.class = c.name;
          b.dataset.method = method;
          const on = selected?.cls.name === c.name && selected.method === method;
          b.classList.toggle('selected', on);
          b.setAttribute('aria-current', String(on));
          b.addEventListener('click', () => void choose(c, method));
          return b;
        };
        item.append(pick('', c.name.split('.').pop()!, 'schema-class-name'));
        item.title = c.name;
        if (c.application) item.append(el('span', 'badge badge-muted', 'application'));
        for (const b of c.builders) item.append(pick(b.name, `builder: ${b.title || b.name}`, 'schema-builder'));
        return item;
      }));
      if (!classes.length) classList.append(el('li', 'muted small', 'No class.'));
    }

    /** The host of a form's muranoObject fields: the environment's objects, nested forms in the dialog. */
    function fieldHost() {
      return {
        objects: () => environment.list() as AppLike[],
        create: (muranoType: string, excluded: string[]) => nestedForm(muranoType, undefined, excluded),
        edit: (m: AppLike) => nestedForm(classOf(m), m, []),
      };
    }

    async function schemaOf(cls: string): Promise<Schema> {
      const g = await generateSchema(ctx.engine, source!, cls, extensions.checked);
      if (!g.ok) throw new Error(g.error.message);
      if ('error' in g) throw new Error(`${g.error.type}: ${g.error.message}`);
      const s = g.schemas[''];
      if (!s) throw new Error(`${cls} has no schema`);
      return s;
    }

    /**
     * A form of a class in a dialog of its own, over the form that asked
     * for it (an inline object's form may ask for another): a new object,
     * or an inline one edited; resolves with its model.
     */
    async function nestedForm(cls: string, from: AppLike | undefined, excluded: string[]): Promise<AppLike | undefined> {
      const depth = panel.querySelectorAll('dialog.nested-dialog').length;
      const cancel = button('Cancel', 'button button-quiet');
      const body = el('div', 'nested-body', el('p', 'muted', `Generating the form of ${cls}…`));
      const dialog = el('dialog', 'nested-dialog', el('div', 'nested-head', el('h3', undefined, `${from ? 'Edit' : 'New'} ${cls}`), cancel), body);
      dialog.setAttribute('aria-label', `${from ? 'Edit' : 'New'} ${cls}`);
      dialog.dataset.depth = String(depth);
      panel.append(dialog);
      dialog.showModal();
      let inner: SchemaForm | undefined;
      const done = new Promise<AppLike | undefined>((resolve) => {
        cancel.addEventListener('click', () => resolve(undefined));
        dialog.addEventListener('cancel', () => resolve(undefined), { once: true });
        void (async () => {
          try {
            const schema = await schemaOf(cls);
            const props = { ...((schema['properties'] ?? {}) as Record<string, unknown>) };
            for (const x of excluded) delete props[x];
            const required = ((schema['required'] ?? []) as string[]).filter((r) => !excluded.includes(r));
            const edited = from ? await editModel(ctx.engine, from, schema) : undefined;
            const version = classes.find((c) => c.name === cls)?.version ?? '';
            inner = await schemaForm({
              engine: ctx.engine,
              schema: { ...schema, properties: props, ...(schema['required'] ? { required } : {}) },
              values: edited?.values,
              idPrefix: `n${depth}-`,
              submitLabel: from ? 'Save' : 'Create',
              host: fieldHost(),
              async onSubmit(values) {
                const header = edited?.header ?? { type: cls, id: newId(), ...(version ? { classVersion: version } : {}) };
                resolve(await buildModel(ctx.engine, header, values, edited?.kept ?? {}));
              },
            });
            nestedForms.add(inner);
            body.replaceChildren(inner.element);
          } catch (err) {
            body.replaceChildren(el('div', 'callout callout-error', el('p', undefined, (err as Error).message)));
          }
        })();
      });
      const made = await done;
      if (inner) nestedForms.delete(inner);
      inner?.close();
      dialog.close();
      dialog.remove();
      return made;
    }

    function showModel(m: unknown, note: string, changes?: Change[]): void {
      model = m && typeof m === 'object' && (m as AppLike)['?'] ? (m as AppLike) : undefined;
      modelPanel.show(m, note);
      // Only an application joins an environment (its contract says so).
      addButton.hidden = !model || !classes.some((c) => c.name === classOf(model!) && c.application);
      continueButton.hidden = !model || !classes.some((c) => c.name === classOf(model!));
      addButton.textContent = model && environment.list().some((a) => a['?'].id === model!['?'].id) ? 'Update in environment' : 'Add to environment';
      changesBox.replaceChildren();
      if (changes) {
        changesBox.append(el('h3', undefined, changes.length ? `${changes.length} change${changes.length === 1 ? '' : 's'}` : 'Nothing changed'));
        const list = el('ul', 'deploy-change-list schema-change-list');
        for (const c of changes) {
          const what = c.kind === 'changed' ? `${JSON.stringify(c.before)} → ${JSON.stringify(c.after)}` : JSON.stringify(c.kind === 'added' ? c.after : c.before);
          list.append(el('li', `diff-${c.kind}`, el('code', undefined, c.path || '(the object)'), ` ${c.kind}: ${what}`));
        }
        changesBox.append(list);
      }
      result.hidden = false;
    }

    async function openForm(schema: Schema, start: Record<string, unknown> | undefined, submitLabel: string, onSubmit: (values: Record<string, unknown>) => Promise<void>): Promise<void> {
      const next = await schemaForm({ engine: ctx.engine, schema, values: start, idPrefix: 's', submitLabel, host: fieldHost(), onSubmit });
      stopForm();
      form = next;
      formBox.replaceChildren(form.element);
    }

    /** The package being edited has errors: the form that worked last stays, marked stale, under them. */
    const staleMark = el('p', 'stale-mark', 'Stale: the form that worked last, until the package is fixed.');
    staleMark.hidden = true;
    main.prepend(staleMark);
    function markStale(stale: boolean): void {
      panel.classList.toggle('stale', stale);
      staleMark.hidden = !stale;
    }

    /**
     * Shows the form of a class (method "") or of one of its model builders;
     * again (the package was edited), with the values typed, keeping the
     * form that worked last when the new one cannot be made.
     */
    async function choose(cls: SchemaClass, method: string, edit?: AppLike, again = false): Promise<void> {
      const mine = ++loading;
      const typed = again ? form?.values() : undefined;
      selected = { cls, method };
      if (!again) {
        editing = undefined;
        stopForm();
        notice.replaceChildren(el('p', 'muted', 'Generating the schema…'));
        result.hidden = true;
      }
      renderClasses();
      const failed = (box: HTMLElement) => {
        if (again && form) markStale(true);
        else stopForm();
        notice.replaceChildren(box);
      };
      title.textContent = method ? `${cls.name}::${method}` : cls.name;
      try {
        const g = await generateSchema(ctx.engine, source!, cls.name, extensions.checked);
        if (mine !== loading) return;
        if (!g.ok) throw new Error(g.error.message);
        if ('error' in g) {
          schemaPanel.show(g.error);
          failed(el('div', 'callout callout-error', el('p', 'error-title', g.error.type), el('p', undefined, g.error.message)));
          return;
        }
        const builders = Object.keys(g.schemas).filter((k) => k !== '').sort();
        if (builders.join() !== cls.builders.map((b) => b.name).join()) {
          cls.builders = builders.map((name) => ({ name, title: String((g.schemas[name] as Record<string, unknown>)['title'] ?? '') }));
          renderClasses();
        }
        const schema = g.schemas[method];
        schemaPanel.show(schema ?? g.schemas, extensions.checked ? 'With the extensions (the switch turns them off: murano 14.0.0’s own schema).' : 'As murano 14.0.0 generates it.');
        if (!schema) throw new Error(`${cls.name} has no model builder ${method}`);
        notice.replaceChildren();
        markStale(false);
        if (method) {
          await openForm(schema, typed, 'Build', async (values) => {
            const r = await callBuilder(ctx.engine, source!, cls.name, method, values);
            if (!r.ok) throw new Error(r.error.message);
            if ('exception' in r) {
              notice.replaceChildren(el('div', 'callout callout-error', el('p', 'error-title', r.exception.type), el('p', undefined, r.exception.message),
                el('ol', 'deploy-stack', ...r.exception.stack.slice().reverse().map((f) => {
                  const link = button(`${f.file}:${f.line}:${f.col}`, 'button-link');
                  link.addEventListener('click', () => ctx.openFile(f.file, f.line, f.col));
                  return el('li', undefined, el('code', undefined, `${f.class}::${f.method}`), ' at ', link);
                }))));
              return;
            }
            notice.replaceChildren();
            // A builder returns the properties of an object model; a new
            // object of the class gets them under a header of its own.
            const result = r.result as Record<string, unknown> | null;
            const m = result && typeof result === 'object' && !Array.isArray(result) && !result['?']
              ? await buildModel(ctx.engine, { type: cls.name, id: newId(), ...(cls.version ? { classVersion: cls.version } : {}) }, result)
              : result;
            showModel(m, `What ${method} returned${m !== result ? `, as a new ${cls.name}` : ''}.`);
          });
          return;
        }
        const edited = edit ? await editModel(ctx.engine, edit, schema) : undefined;
        if (mine !== loading) return;
        if (edit && edited) {
          editing = { from: edit, header: edited.header, kept: edited.kept, replaces: environment.list().some((a) => a['?'].id === edit['?'].id) };
          if (edited.unshown.length) notice.append(el('p', 'muted small', `Kept as they are (the form has no field for them): ${edited.unshown.join(', ')}.`));
        }
        await openForm(schema, edited?.values ?? typed, edit || editing ? 'Save' : 'Create', async (values) => {
          const header = editing?.header ?? { type: cls.name, id: newId(), ...(cls.version ? { classVersion: cls.version } : {}) };
          const built = await buildModel(ctx.engine, header, values, editing?.kept ?? {});
          if (editing) {
            const changes = await diffModels(ctx.engine, editing.from, built);
            showModel(built, 'The edited object model (its id kept).', changes);
          } else showModel(built, `A new ${cls.name}: Add to environment to deploy it.`);
        });
      } catch (err) {
        if (mine !== loading) return;
        failed(el('div', 'callout callout-error', el('p', undefined, (err as Error).message)));
      }
    }

    addButton.addEventListener('click', () => {
      if (!model) return;
      const app = model as AppModel;
      const others = environment.list().filter((a) => a['?'].id !== app['?'].id);
      if (others.length < environment.list().length) environment.replace([...others, app]);
      else environment.add(app);
      void keepPackages();
      addButton.textContent = 'Update in environment';
      notice.replaceChildren(el('p', 'callout callout-ok', `${objectLabel(model)} is in the environment.`));
    });
    continueButton.addEventListener('click', () => {
      const cls = model && classes.find((c) => c.name === classOf(model!));
      if (cls && model) void choose(cls, '', model);
    });
    extensions.addEventListener('change', () => {
      if (selected) void choose(selected.cls, selected.method);
    });

    // Editing a model of elsewhere: the environment's, or pasted.
    editButton.addEventListener('click', () => {
      editBox.hidden = !editBox.hidden;
      if (editBox.hidden) return;
      const pickList = el('select', 'input');
      pickList.id = 'schema-edit-pick';
      pickList.setAttribute('aria-label', 'An object model of the environment');
      pickList.append(Object.assign(el('option', undefined, 'An object of the environment…'), { value: '' }));
      for (const a of environment.list()) pickList.append(Object.assign(el('option', undefined, objectLabel(a as AppLike)), { value: a['?'].id }));
      const pasted = el('textarea', 'input schema-paste');
      pasted.id = 'schema-edit-json';
      pasted.rows = 5;
      pasted.placeholder = 'or paste an object model (JSON)';
      pasted.setAttribute('aria-label', 'An object model (JSON)');
      const file = Object.assign(el('input'), { type: 'file', accept: '.json,application/json', id: 'schema-edit-file' });
      file.setAttribute('aria-label', 'An object model in a file (JSON)');
      file.addEventListener('change', async () => {
        const f = file.files?.[0];
        if (f) pasted.value = await f.text();
        pickList.value = '';
      });
      const go = button('Open in its form', 'button');
      go.id = 'schema-edit-go';
      const message = el('p', 'small');
      go.addEventListener('click', () => {
        let m: AppLike | undefined;
        try {
          m = pickList.value ? (environment.list().find((a) => a['?'].id === pickList.value) as AppLike) : (JSON.parse(pasted.value) as AppLike);
          if (!m || typeof m !== 'object' || !m['?'] || typeof m['?'].type !== 'string') throw new Error('not an object model: it has no "?" header with a type');
        } catch (err) {
          message.textContent = (err as Error).message;
          return;
        }
        const cls = classes.find((c) => c.name === classOf(m!));
        if (!cls) {
          message.textContent = `${classOf(m)} is not a class of this package: open its package to edit it.`;
          return;
        }
        message.textContent = '';
        editBox.hidden = true;
        void choose(cls, '', m);
      });
      editBox.replaceChildren(el('h3', undefined, 'Edit an object model'), el('div', 'tools', pickList), pasted, el('div', 'tools', file, go), message);
    });

    async function load(p: OpenedPackage): Promise<void> {
      const mine = ++loading;
      stopForm();
      result.hidden = true;
      editBox.hidden = true;
      selected = undefined;
      classes = [];
      renderClasses();
      title.textContent = '';
      if (!p.package) {
        notice.replaceChildren(el('p', 'muted', 'The package does not open, so its classes cannot be shown — see the Overview tab.'));
        return;
      }
      notice.replaceChildren(el('p', 'muted', 'Reading the classes…'));
      try {
        source = { packages: [p.handle, ...(await requirements(p.package))] };
        const r = await listClasses(ctx.engine, source);
        if (mine !== loading) return;
        if (!r.ok) throw new Error(r.error.message);
        classes = r.classes;
        classNames = Object.keys(p.package.classes ?? {}).sort().join('\n');
        renderClasses();
        notice.replaceChildren();
        const first = classes[0];
        if (first) await choose(first, '');
      } catch (err) {
        if (mine !== loading) return;
        notice.replaceChildren(el('div', 'callout callout-error', el('p', undefined, (err as Error).message)));
      }
    }

    environment.onChange(() => {
      form?.refresh();
      for (const f of nestedForms) f.refresh();
    });
    ctx.engine.onStateChange((s) => {
      if (s.kind === 'starting') opened.clear();
    });
    /** The package was opened again from its edited files: the form starts over on it with the values typed. */
    async function reload(p: OpenedPackage): Promise<void> {
      if (!source || !p.package) {
        if (form) {
          markStale(true);
          notice.replaceChildren(el('div', 'callout callout-error', el('p', 'error-title', 'The package does not open'), el('p', undefined, p.errors.map((e) => e.message).join('; '))));
        } else void load(p);
        return;
      }
      source = { ...source, packages: [p.handle, ...source.packages.slice(1)] };
      // The classes are listed again only when the manifest names others.
      const names = Object.keys(p.package.classes ?? {}).sort().join('\n');
      if (names !== classNames) {
        const r = await listClasses(ctx.engine, source);
        if (!r.ok) {
          if (form) markStale(true);
          notice.replaceChildren(el('div', 'callout callout-error', el('p', undefined, r.error.message)));
          return;
        }
        classes = r.classes;
        classNames = names;
      }
      const cls = selected && classes.find((c) => c.name === selected!.cls.name);
      if (cls) await choose(cls, selected!.method, undefined, true);
      else if (classes[0]) await choose(classes[0], '');
      else renderClasses();
      panel.dataset.updated = String(Number(panel.dataset.updated ?? 0) + 1);
    }

    return {
      show(p) {
        markStale(false);
        void load(p);
      },
      update(p) {
        void reload(p);
      },
    };
  },
});
