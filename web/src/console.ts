// The YAQL console: evaluates the expression over the input data as you
// type (debounced, latest request wins), shows the result or a positioned
// error, and lets a runaway evaluation be stopped. The editors work while
// the engine loads; the result appears once it is ready.

import { type DataFormat, type EngineError, type EvalResponse, evalYaql, type Flavor } from './api/yaql';
import { clearErrors, dataEditor, expressionEditor, markError, resultViewer } from './editors';
import { type Engine, type EngineState, StoppedError } from './engine';
import { isShown, registerCommand } from './commands';
import { byId, duration } from './dom';
import type { SharedState } from './state';
import { defaultExpression, examples, flavors, sampleData } from './examples';

const debounceMs = 150;
/** A new request restarts the engine when the stale one has run this long. */
const supersedeAfterMs = 300;

type ConsoleState = NonNullable<SharedState['yaql']>;

export interface ConsoleView {
  /** Shows an expression over data (a link's): the flavour and the data's format too when given. */
  load(state: ConsoleState): void;
  /** What the console holds now, as a link carries it. */
  state(): ConsoleState;
}

/** Sets up the console view (#view-yaql) on the shared engine. */
export function consoleView(engine: Engine): ConsoleView {
  const ui = {
    flavor: byId<HTMLSelectElement>('flavor'),
    examples: byId('examples'),
    format: byId('format'),
    detected: byId('format-detected'),
    sample: byId<HTMLButtonElement>('sample-data'),
    status: byId('status'),
    stop: byId<HTMLButtonElement>('stop'),
    result: byId('result'),
    resultNote: byId('result-note'),
    error: byId('error'),
  };

  const hooks = { onChange: schedule, onRunNow: evaluate };
  const expression = expressionEditor(byId('expr'), defaultExpression, hooks);
  const data = dataEditor(byId('data'), sampleData, {
    onChange() {
      updateFormat();
      schedule();
    },
    onRunNow: evaluate,
  });
  const result = resultViewer(ui.result);

  for (const f of flavors) ui.flavor.add(new Option(f.label, f.value));
  ui.flavor.addEventListener('change', evaluate);

  for (const text of examples) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'chip';
    button.textContent = text;
    button.addEventListener('click', () => {
      ui.flavor.value = 'plain';
      expression.dispatch({ changes: { from: 0, to: expression.state.doc.length, insert: text } });
      expression.focus();
      evaluate();
    });
    ui.examples.append(button);
  }

  ui.format.addEventListener('change', () => {
    updateFormat();
    evaluate();
  });
  ui.sample.addEventListener('click', () => {
    data.view.dispatch({ changes: { from: 0, to: data.view.state.doc.length, insert: sampleData } });
  });

  // Esc presses the Stop button (the page's stop command, chrome.ts).
  ui.stop.addEventListener('click', stop);
  registerCommand({ id: 'run', label: 'Evaluate the expression now', when: () => isShown(ui.stop), run: () => void evaluate() });

  function dataFormat(): DataFormat {
    const choice = (ui.format.querySelector('input:checked') as HTMLInputElement).value;
    if (choice === 'json' || choice === 'yaml') return choice;
    try {
      JSON.parse(data.view.state.doc.toString());
      return 'json';
    } catch {
      return 'yaml';
    }
  }

  function replace(view: { state: { doc: { length: number } }; dispatch(spec: unknown): void }, text: string): void {
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
  }

  const api: ConsoleView = {
    state() {
      const format = (ui.format.querySelector('input:checked') as HTMLInputElement).value as ConsoleState['dataFormat'];
      return { expr: expression.state.doc.toString(), data: data.view.state.doc.toString(), dataFormat: format, flavor: ui.flavor.value };
    },
    load(state) {
      if (state.flavor && [...ui.flavor.options].some((o) => o.value === state.flavor)) ui.flavor.value = state.flavor;
      const format = ui.format.querySelector<HTMLInputElement>(`input[value="${state.dataFormat ?? 'auto'}"]`);
      if (format) format.checked = true;
      replace(expression, state.expr);
      if (state.data !== undefined) replace(data.view, state.data);
      updateFormat();
      evaluate();
    },
  };

  function updateFormat(): void {
    const format = dataFormat();
    data.setFormat(format);
    const auto = (ui.format.querySelector('input:checked') as HTMLInputElement).value === 'auto';
    ui.detected.textContent = auto ? `detected ${format.toUpperCase()}` : '';
  }

  // Evaluation ----------------------------------------------------------------

  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest = 0;
  let stoppedAt: { seq: number; ranMs: number } | undefined;

  function schedule(): void {
    clearTimeout(timer);
    timer = setTimeout(evaluate, debounceMs);
  }

  async function evaluate(): Promise<void> {
    clearTimeout(timer);
    const seq = ++latest;
    const expr = expression.state.doc.toString();
    if (expr.trim() === '') {
      setStatus('idle', 'Type an expression');
      return;
    }
    if (engine.busyFor() > supersedeAfterMs) engine.stop();
    let started = performance.now();
    let response: EvalResponse;
    try {
      setStatus('running', 'Waiting for the engine…');
      await engine.whenReady();
      if (seq !== latest) return;
      setStatus('running', 'Evaluating…');
      started = performance.now();
      response = await evalYaql(engine, {
        expr,
        data: data.view.state.doc.toString(),
        dataFormat: dataFormat(),
        flavor: ui.flavor.value as Flavor,
      });
    } catch (err) {
      if (seq !== latest) return;
      if (err instanceof StoppedError) {
        stoppedAt = { seq, ranMs: performance.now() - started };
        setStatus('stopped', `Stopped after ${duration(stoppedAt.ranMs)} · restarting engine…`);
      } else {
        setStatus('error', `Engine failure: ${(err as Error).message}`);
      }
      return;
    }
    if (seq !== latest) return;
    const took = performance.now() - started;
    if (response.ok) {
      showResult(response.result, response.unordered === true);
      setStatus('done', `Done in ${duration(took)}`);
    } else {
      showError(response.error);
      setStatus('error', `${kindLabel[response.error.kind]} · ${duration(took)}`);
    }
  }

  function stop(): void {
    engine.stop();
  }

  function showResult(value: unknown, unordered: boolean): void {
    clearErrors(expression);
    clearErrors(data.view);
    ui.error.hidden = true;
    ui.result.hidden = false;
    ui.resultNote.hidden = !unordered;
    result.show(JSON.stringify(value, null, 2) ?? 'null');
  }

  const kindLabel: Record<EngineError['kind'], string> = {
    syntax: 'Syntax error',
    data: 'Input data error',
    runtime: 'Evaluation error',
    budget: 'Evaluation limit reached',
    request: 'Request error',
  };

  function showError(error: EngineError): void {
    const inData = error.kind === 'data';
    const target = inData ? data.view : expression;
    clearErrors(inData ? expression : data.view);
    if (error.kind === 'request') clearErrors(target);
    else markError(target, error, error.message);

    const title = document.createElement('div');
    title.className = 'error-title';
    title.textContent = kindLabel[error.kind] + (error.class ? ` (${error.class})` : '');
    const where = document.createElement('div');
    where.className = 'error-where';
    if (error.line && error.col) {
      where.textContent = `${inData ? 'input data' : 'expression'}, line ${error.line}, column ${error.col}`;
    }
    const message = document.createElement('pre');
    message.className = 'error-message';
    message.textContent = error.message;
    if (error.detail) {
      const detail = document.createElement('span');
      detail.className = 'error-detail';
      detail.textContent = `\n${error.detail}`;
      message.append(detail);
    }
    const parts: Node[] = [title, message];
    if (error.line && error.col) parts.push(where, snippet(target.state.doc.toString(), error.line, error.col, error.endCol));
    ui.error.replaceChildren(...parts);
    ui.error.hidden = false;
    ui.result.hidden = true;
    ui.resultNote.hidden = true;
  }

  /** The offending line with a caret row under the reported columns. */
  function snippet(text: string, line: number, col: number, endCol?: number): HTMLElement {
    const source = text.split('\n')[line - 1] ?? '';
    const width = endCol && endCol > col ? endCol - col : 1;
    const pre = document.createElement('pre');
    pre.className = 'error-snippet';
    pre.textContent = `${source}\n${' '.repeat(Math.max(0, col - 1))}${'^'.repeat(width)}`;
    return pre;
  }

  type StatusState = 'idle' | 'running' | 'done' | 'error' | 'stopped';

  function setStatus(state: StatusState, text: string): void {
    ui.status.dataset.state = state;
    ui.status.textContent = text;
  }

  // Engine lifecycle ----------------------------------------------------------

  engine.onBusy = (busy) => {
    ui.stop.disabled = !busy;
  };

  let engineFailed = false;
  engine.onStateChange((state: EngineState) => {
    switch (state.kind) {
      case 'ready':
        if (stoppedAt && stoppedAt.seq === latest) {
          setStatus('stopped', `Stopped after ${duration(stoppedAt.ranMs)} · engine restarted in ${duration(state.startedInMs)}`);
        }
        if (engineFailed) {
          engineFailed = false;
          void evaluate();
        }
        break;
      case 'failed':
        engineFailed = true;
        break;
    }
  });

  updateFormat();
  void evaluate();
  return api;
}
