// The Run sub-view of the Packages view: calls a method of a class of the
// opened package as `muranopl run` does, in the engine's worker — a
// static method on the class, or a method of an object: a new one made
// from properties, or one of an object model (the page's environment, or
// pasted JSON) — with arguments from a small form read from their
// contracts. It shows what the method returned (JSON), the records of
// MuranoPL loggers as they are written, the trace() values and, when it
// raised, the exception with its MuranoPL stack trace, whose positions
// open the files. Stop ends a call at once. A YAQL box evaluates an
// expression over the object model, the selected object or the last
// result, as MuranoPL code would (the murano flavour).

import './run.css';
import { isShown, registerCommand } from '../commands';
import { resultViewer } from '../editors';
import type { ActionArg } from '../api/deploy';
import type { OpenedPackage } from '../api/packages';
import { callMethod, type CallRequest, type ClassMethods, environmentModel, type LogRecord, listMethods, type MethodInfo } from '../api/run';
import { evalYaql } from '../api/yaql';
import { StoppedError } from '../engine';
import { button, duration, el } from '../dom';
import { environment } from '../forms/environment';
import { registerSubView } from '../packages/subview';
import { exceptionView } from './stack';
import { type PackageSession, sessionOf } from './session';
import { whenShown } from './shown';

function option(value: string, text: string): HTMLOptionElement {
  return Object.assign(el('option', undefined, text), { value });
}

/** A segmented choice of radio buttons; returns the group and a reader of the chosen value. */
function choice(name: string, items: [string, string][], onChange: () => void): { element: HTMLElement; value(): string; set(v: string): void } {
  const element = el('div', 'segmented');
  element.setAttribute('role', 'radiogroup');
  for (const [value, text] of items) {
    const input = Object.assign(el('input'), { type: 'radio', name, value, id: `${name}-${value}` });
    input.addEventListener('change', onChange);
    element.append(el('label', undefined, input, el('span', undefined, text)));
  }
  (element.querySelector('input') as HTMLInputElement).checked = true;
  return {
    element,
    value: () => (element.querySelector('input:checked') as HTMLInputElement).value,
    set(v) {
      const input = element.querySelector<HTMLInputElement>(`input[value="${v}"]`);
      if (input) input.checked = true;
    },
  };
}

/** The objects of a model: every dictionary with a "?" header naming an id and a type. */
function objectsOf(model: unknown): { id: string; type: string; name: string; value: Record<string, unknown> }[] {
  const out: { id: string; type: string; name: string; value: Record<string, unknown> }[] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const d = v as Record<string, unknown>;
      const h = d['?'] as Record<string, unknown> | undefined;
      if (h && typeof h === 'object' && typeof h['id'] === 'string' && typeof h['type'] === 'string') {
        out.push({ id: h['id'], type: h['type'].split('/')[0], name: typeof h['name'] === 'string' ? h['name'] : typeof d['name'] === 'string' ? d['name'] : '', value: d });
      }
      Object.values(d).forEach(walk);
    }
  };
  walk(model);
  return out;
}

/** The value an argument's input holds, or undefined when it is left empty (its default applies). */
function argValue(arg: ActionArg, input: HTMLInputElement): unknown {
  if (arg.kind === 'bool') return input.checked;
  if (input.value === '') return undefined;
  if (arg.kind === 'int') return Number(input.value);
  if (arg.kind === 'string') return input.value;
  try {
    return JSON.parse(input.value);
  } catch {
    return input.value;
  }
}

registerSubView({
  id: 'run',
  lazy: true,
  label: 'Run',
  mount(panel, ctx) {
    panel.classList.add('run-view', 'run-call-view');

    // The classes and their methods.
    const classList = el('ul', 'run-classes');
    classList.id = 'run-classes';
    classList.setAttribute('aria-label', 'Classes and methods');
    const side = el('aside', 'run-side', el('h3', undefined, 'Methods'), classList);

    // The call.
    const title = el('h3', 'forms-title');
    title.id = 'run-title';
    const notice = el('div', 'run-notice');
    notice.id = 'run-notice';
    const staticNote = el('p', 'muted small', 'A static method: called on the class.');
    const receiver = choice('run-on', [['new', 'A new object'], ['model', 'An object of a model']], () => void refreshReceiver());
    const props = Object.assign(el('textarea', 'input run-json'), { id: 'run-props', rows: 3, placeholder: '{"property": "value"}' });
    props.setAttribute('aria-label', 'Properties of the new object (JSON)');
    const propsRow = el('label', 'form-row', el('span', 'form-label', 'Properties (JSON)'), props);
    const source = el('select', 'input');
    source.id = 'run-model-source';
    source.setAttribute('aria-label', 'Where the object model comes from');
    source.append(option('env', 'The page’s environment'), option('paste', 'Pasted JSON'));
    const modelText = Object.assign(el('textarea', 'input run-json'), { id: 'run-model', rows: 6, placeholder: '{"?": {"type": "com.example.App", "id": "app"}, …} or a whole model {"Objects": …}' });
    modelText.setAttribute('aria-label', 'An object model (JSON)');
    const objectPick = el('select', 'input');
    objectPick.id = 'run-object';
    objectPick.setAttribute('aria-label', 'The object the method is called on');
    const modelNote = el('p', 'muted small');
    const modelRows = el('div', 'run-model', el('div', 'tools', source, objectPick), modelText, modelNote);
    const receiverBox = el('fieldset', 'run-receiver', el('legend', 'form-label', 'Called on'), staticNote, receiver.element, propsRow, modelRows);
    const argsBox = el('div', 'run-args');
    argsBox.id = 'run-args';
    const expose = Object.assign(el('input'), { type: 'checkbox', checked: true, id: 'run-expose' });
    const exposeLabel = el('label', 'field small', expose, 'Methods without a Scope too');
    exposeLabel.title = 'As `muranopl run --expose-all`: the package’s methods without a Scope or Usage of their own can be called; Murano’s API calls only those with Scope: Public';
    const callButton = button('Call', 'button button-primary');
    callButton.id = 'run-call';
    const stop = button('Stop', 'button button-stop');
    stop.id = 'run-stop';
    stop.title = 'End the call at once (the engine restarts)';
    stop.disabled = true;
    const status = el('span', 'status');
    status.id = 'run-status';
    status.setAttribute('role', 'status');
    const form = el('form', 'run-form', receiverBox, argsBox, el('div', 'run-toolbar', callButton, stop, exposeLabel, status));

    // What the call gave.
    const exceptionBox = el('div');
    exceptionBox.id = 'run-exception';
    const resultHost = el('div', 'forms-json');
    resultHost.id = 'run-result';
    const resultBox = el('section', 'forms-result', el('div', 'pane-head', el('h3', undefined, 'Result')), resultHost);
    const logList = el('ol', 'run-log');
    logList.id = 'run-log';
    const logBox = el('section', 'run-section', el('h4', undefined, 'Log'), logList);
    const traces = el('pre', 'run-pre');
    traces.id = 'run-traces';
    const tracesBox = el('section', 'run-section', el('h4', undefined, 'trace()'), traces);
    const output = el('div', 'run-output', exceptionBox, resultBox, logBox, tracesBox);
    output.hidden = true;
    const viewer = resultViewer(resultHost);

    // The YAQL box.
    const yaqlTarget = el('select', 'input');
    yaqlTarget.id = 'run-yaql-target';
    yaqlTarget.setAttribute('aria-label', 'What $ is');
    yaqlTarget.append(option('model', '$ = the object model'), option('object', '$ = the selected object'), option('result', '$ = the last result'));
    const yaqlExpr = Object.assign(el('input', 'input mono'), { id: 'run-yaql-expr', placeholder: '$.Objects.applications.select($.name)', spellcheck: false });
    yaqlExpr.setAttribute('aria-label', 'YAQL expression');
    const yaqlOut = el('pre', 'run-pre');
    yaqlOut.id = 'run-yaql-result';
    const yaqlBox = el('section', 'run-yaql', el('h3', undefined, 'YAQL'), el('p', 'muted small', 'An expression over the object model, the selected object or the last result, evaluated as MuranoPL evaluates it.'),
      el('div', 'run-yaql-row', yaqlTarget, yaqlExpr), yaqlOut);
    yaqlBox.id = 'run-yaql';

    panel.append(side, el('div', 'forms-main', title, notice, form, output, yaqlBox));

    let session: PackageSession | undefined;
    let pkg: OpenedPackage | undefined;
    let classes: ClassMethods[] = [];
    let selected: { cls: string; method: MethodInfo } | undefined;
    let inputs: [ActionArg, HTMLInputElement][] = [];
    let model: unknown;
    let lastResult: unknown;
    let running = false;
    let loading = 0;

    function setStatus(state: 'idle' | 'running' | 'done' | 'error' | 'stopped', text: string): void {
      status.dataset.state = state;
      status.textContent = text;
    }
    setStatus('idle', '');

    function renderClasses(): void {
      classList.replaceChildren();
      for (const c of classes) {
        const item = el('li', 'run-class', el('span', 'run-class-name mono', c.class.split('.').pop()!));
        item.title = c.class;
        item.dataset.class = c.class;
        if (c.error) item.append(el('span', 'badge badge-error', 'broken'), el('p', 'small run-class-error', c.error));
        for (const m of c.methods.filter((x) => !x.name.startsWith('.'))) {
          const b = button(m.name, 'list-item run-method');
          b.dataset.class = c.class;
          b.dataset.method = m.name;
          const on = selected?.cls === c.class && selected.method.name === m.name;
          b.classList.toggle('selected', on);
          b.setAttribute('aria-current', String(on));
          if (m.static) b.append(el('span', 'badge badge-muted', 'static'));
          if (!m.public) b.title = 'Not Scope: Public: Murano’s API would not call it';
          b.addEventListener('click', () => choose(c.class, m));
          item.append(b);
        }
        classList.append(item);
      }
      if (!classes.length) classList.append(el('li', 'muted small', 'No class.'));
    }

    function choose(cls: string, method: MethodInfo): void {
      selected = { cls, method };
      renderClasses();
      title.textContent = `${cls}::${method.name}(${method.args.map((a) => a.name).join(', ')})`;
      form.hidden = false;
      staticNote.hidden = !method.static;
      receiver.element.hidden = method.static;
      inputs = [];
      argsBox.replaceChildren();
      if (method.args.length) argsBox.append(el('p', 'form-label', 'Arguments'));
      for (const arg of method.args) {
        const i = el('input', arg.kind === 'bool' ? undefined : 'input');
        i.id = `run-arg-${arg.name}`;
        i.name = arg.name;
        if (arg.kind === 'bool') {
          i.type = 'checkbox';
          i.checked = arg.default === 'true' || arg.default === 'True';
        } else {
          i.type = arg.kind === 'int' ? 'number' : 'text';
          i.placeholder = arg.default !== null ? `default: ${arg.default}` : arg.kind === 'json' ? 'JSON (or text)' : '';
        }
        i.title = arg.contract || 'no contract';
        inputs.push([arg, i]);
        argsBox.append(el('label', 'form-row run-arg', el('span', 'form-label mono', arg.name), i, arg.contract ? el('span', 'help-text mono', arg.contract) : undefined));
      }
      updateButtons();
      void refreshReceiver();
    }

    /** Shows the inputs of the chosen receiver, and the objects of the model (of the latest refresh). */
    let refreshing = 0;
    async function refreshReceiver(): Promise<void> {
      const mine = ++refreshing;
      const onModel = receiver.value() === 'model' && !selected?.method.static;
      propsRow.hidden = !!selected?.method.static || onModel;
      modelRows.hidden = !onModel;
      modelText.hidden = source.value !== 'paste';
      if (!onModel) return;
      let next: unknown;
      try {
        next = await modelNow();
        if (mine !== refreshing) return;
        model = next;
      } catch (err) {
        if (mine !== refreshing) return;
        model = undefined;
        modelNote.textContent = (err as Error).message;
        objectPick.replaceChildren();
        return;
      }
      const objects = objectsOf(model);
      const keep = objectPick.value;
      objectPick.replaceChildren(...objects.map((o) => option(o.id, `${o.name ? `${o.name} · ` : ''}${o.type.split('.').pop()} · ${o.id}`)));
      // An object of the method's class, the one chosen before if it is one.
      const ofClass = objects.filter((o) => o.type === selected?.cls);
      const chosen = ofClass.find((o) => o.id === keep) ?? ofClass[0] ?? objects.find((o) => o.id === keep) ?? objects[0];
      if (chosen) objectPick.value = chosen.id;
      modelNote.textContent = source.value === 'env'
        ? `${environment.list().length} application${environment.list().length === 1 ? '' : 's'} made on the Forms tabs, in an environment without a network (a run has no cloud).`
        : objects.length ? '' : 'No object: an object has a "?" header with its type and id.';
    }

    async function modelNow(): Promise<unknown> {
      if (source.value === 'env') return environmentModel(ctx.engine, environment.list());
      if (modelText.value.trim() === '') throw new Error('Paste an object model.');
      try {
        return JSON.parse(modelText.value);
      } catch (err) {
        throw new Error(`The model is not JSON: ${(err as Error).message}`);
      }
    }

    function appendLog(r: LogRecord): void {
      const item = el('li', `run-log-${r.level.toLowerCase()}`, el('span', 'run-log-level', r.level), el('span', 'mono muted', r.logger), el('span', 'run-log-message', r.message));
      logList.append(item);
      logBox.hidden = false;
    }

    async function call(): Promise<void> {
      if (running || !session || !selected) return;
      const { cls, method } = selected;
      running = true;
      updateButtons();
      output.hidden = false;
      exceptionBox.replaceChildren();
      resultBox.hidden = true;
      logList.replaceChildren();
      logBox.hidden = true;
      tracesBox.hidden = true;
      setStatus('running', `Calling ${method.name}…`);
      const started = performance.now();
      try {
        const kwargs: Record<string, unknown> = {};
        for (const [arg, i] of inputs) {
          const v = argValue(arg, i);
          if (v !== undefined) kwargs[arg.name] = v;
        }
        const req: CallRequest = { ...(await session.refs()), method: method.name, kwargs, exposeAll: expose.checked };
        if (method.static) Object.assign(req, { class: cls, static: true });
        else if (receiver.value() === 'new') {
          let p: unknown = {};
          try {
            if (props.value.trim()) p = JSON.parse(props.value);
          } catch (err) {
            throw new Error(`The properties are not JSON: ${(err as Error).message}`);
          }
          Object.assign(req, { class: cls, props: p });
        } else {
          model = await modelNow();
          // The object picked, or (the list not yet refreshed for this model) one of the class.
          const objects = objectsOf(model);
          const picked = objects.find((o) => o.id === objectPick.value) ?? objects.find((o) => o.type === cls);
          Object.assign(req, { model, objectId: picked?.id });
        }
        const answer = await callMethod(ctx.engine, req, appendLog);
        const took = duration(performance.now() - started);
        if (!answer.ok) throw new Error(answer.error.message);
        logList.replaceChildren();
        answer.log.forEach(appendLog);
        logBox.hidden = answer.log.length === 0;
        traces.textContent = answer.traces.map((t) => JSON.stringify(t)).join('\n');
        tracesBox.hidden = answer.traces.length === 0;
        if (answer.exception) {
          const e = answer.exception;
          exceptionBox.replaceChildren(el('div', 'callout callout-error', el('p', 'error-title', e.type), el('p', 'run-message', e.message), exceptionView(e, ctx, session)));
          setStatus('error', `${method.name} raised ${e.type} · ${took}`);
        } else {
          lastResult = answer.result;
          viewer.show(JSON.stringify(answer.result, null, 2));
          resultBox.hidden = false;
          setStatus('done', `${method.name} returned · ${took}`);
        }
      } catch (err) {
        if (err instanceof StoppedError) {
          setStatus('stopped', `Stopped after ${duration(performance.now() - started)} · the engine restarted`);
          void session.current().catch(() => {});
        } else {
          setStatus('error', 'The call could not be made');
          exceptionBox.replaceChildren(el('div', 'callout callout-error', el('p', undefined, (err as Error).message)));
        }
      } finally {
        running = false;
        updateButtons();
      }
    }

    function updateButtons(): void {
      callButton.disabled = running || !selected;
      stop.disabled = !running;
    }

    async function load(p: OpenedPackage): Promise<void> {
      const mine = ++loading;
      pkg = p;
      selected = undefined;
      classes = [];
      renderClasses();
      title.textContent = '';
      form.hidden = true;
      output.hidden = true;
      notice.replaceChildren();
      updateButtons();
      if (!p.package) {
        notice.replaceChildren(el('p', 'muted', 'The package does not open, so its classes cannot be run — see the Overview tab.'));
        return;
      }
      session = sessionOf(ctx.engine, p);
      notice.replaceChildren(el('p', 'muted', 'Reading the classes…'));
      try {
        const found = await listMethods(ctx.engine, await session.refs());
        if (mine !== loading) return;
        classes = found;
        notice.replaceChildren();
        renderClasses();
        const first = classes.flatMap((c) => c.methods.filter((m) => !m.name.startsWith('.')).map((m) => ({ cls: c.class, m })))[0];
        if (first) choose(first.cls, first.m);
        else notice.replaceChildren(el('p', 'muted', 'The package’s classes have no methods to call.'));
      } catch (err) {
        if (mine !== loading) return;
        notice.replaceChildren(el('div', 'callout callout-error', el('p', undefined, (err as Error).message)));
      }
    }

    // The YAQL box: evaluated as the expression or its target changes.
    let yaqlTimer: ReturnType<typeof setTimeout> | undefined;
    let yaqlSeq = 0;
    async function evaluate(): Promise<void> {
      const seq = ++yaqlSeq;
      const expr = yaqlExpr.value;
      yaqlOut.classList.remove('run-pre-error');
      if (!expr.trim()) {
        yaqlOut.textContent = '';
        return;
      }
      let data: unknown;
      try {
        if (yaqlTarget.value === 'result') data = lastResult ?? null;
        else {
          const m = await modelNow();
          data = yaqlTarget.value === 'model' ? m : (objectsOf(m).find((o) => o.id === objectPick.value) ?? objectsOf(m)[0])?.value ?? null;
        }
        const r = await evalYaql(ctx.engine, { expr, data: JSON.stringify(data ?? null), dataFormat: 'json', flavor: 'murano' });
        if (seq !== yaqlSeq) return;
        if (r.ok) yaqlOut.textContent = JSON.stringify(r.result, null, 2);
        else {
          yaqlOut.classList.add('run-pre-error');
          yaqlOut.textContent = `${r.error.class ? `${r.error.class}: ` : ''}${r.error.message}${r.error.col ? ` (column ${r.error.col})` : ''}`;
        }
      } catch (err) {
        if (seq !== yaqlSeq) return;
        yaqlOut.classList.add('run-pre-error');
        yaqlOut.textContent = err instanceof StoppedError ? 'Stopped.' : (err as Error).message;
      }
    }
    const scheduleYaql = () => {
      clearTimeout(yaqlTimer);
      yaqlTimer = setTimeout(() => void evaluate(), 200);
    };
    yaqlExpr.addEventListener('input', scheduleYaql);
    yaqlTarget.addEventListener('change', scheduleYaql);

    registerCommand({ id: 'run', label: 'Call the method picked on the Run tab', when: () => isShown(callButton) && !callButton.disabled, run: () => form.requestSubmit() });
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void call();
    });
    callButton.type = 'submit';
    stop.addEventListener('click', () => ctx.engine.stop());
    source.addEventListener('change', () => {
      if (source.value === 'paste' && !modelText.value.trim() && model) modelText.value = JSON.stringify(model, null, 2);
      void refreshReceiver();
    });
    let modelTimer: ReturnType<typeof setTimeout> | undefined;
    modelText.addEventListener('input', () => {
      clearTimeout(modelTimer);
      modelTimer = setTimeout(() => void refreshReceiver(), 300);
    });
    environment.onChange(() => {
      if (!panel.hidden && source.value === 'env') void refreshReceiver();
    });

    // A package's classes are read when the tab is first shown.
    let shown = false;
    whenShown(panel, () => {
      shown = true;
      if (pkg) void load(pkg);
    });
    /**
     * The package was opened again (its files were edited, or the engine
     * restarted): the classes are read again, and the method chosen, its
     * arguments and the last result stay while the method still exists.
     */
    async function refresh(p: OpenedPackage): Promise<void> {
      pkg = p;
      if (!shown || !p.package) return;
      const mine = ++loading;
      session = sessionOf(ctx.engine, p);
      try {
        const found = await listMethods(ctx.engine, await session.refs());
        if (mine !== loading) return;
        classes = found;
        renderClasses();
        const kept = selected && classes.find((c) => c.class === selected!.cls)?.methods.find((m) => m.name === selected!.method.name);
        if (!kept) {
          const first = classes.flatMap((c) => c.methods.filter((m) => !m.name.startsWith('.')).map((m) => ({ cls: c.class, m })))[0];
          if (first) choose(first.cls, first.m);
        }
      } catch (err) {
        if (mine !== loading) return;
        notice.replaceChildren(el('div', 'callout callout-error', el('p', undefined, (err as Error).message)));
      }
    }

    return {
      show(p) {
        pkg = p;
        if (shown) void load(p);
      },
      update(p) {
        void refresh(p);
      },
    };
  },
});
