// The Deploy view (#deploy): the page's environment — the applications
// created in Forms, or one of the example environments — deployed in the
// simulated cloud by the engine's worker, streamed as it happens: the log,
// the timeline, the cloud as a picture, the Heat pushes, the agents'
// plans and the end. Then redeploy (the changes shown first), actions,
// deletion, Stop; everything is kept in the browser and the state moves
// to and from `muranopl deploy --state/--save-state` as a JSON file.

import './deploy.css';
import {
  type Action,
  type DeployAnswer,
  type DeployEvent,
  type DeployOutput,
  type DeployState,
  listActions,
  makeEnvironment,
  runDeploy,
  stateText,
} from '../api/deploy';
import { readFile } from '../api/packages';
import { isShown, registerCommand } from '../commands';
import type { AppModel } from '../api/ui';
import { download, el } from '../dom';
import { type Engine, StoppedError } from '../engine';
import { environment } from '../forms/environment';
import { fileViewer } from '../packages/viewer';
import { load, save } from '../store';
import { drawCloud, details, type Selected } from './cloudmap';
import examples from './examples.json';
import { PackageSet } from './packages';
import { addEvent, cloudOf, type HeatPush, type LogLine, newRun, type Run, type RunException, planName, resultFailed, templateOf } from './run';
import { activeFaults, defaultSettings, scriptStrategy, type Settings, settingsForm } from './settings';
import { drawTimeline, span } from './timeline';

const storeKey = 'deploy';
const runKey = 'deploy-run';

/** A run as kept: its log and its output as JSON text. */
type StoredRun = Omit<Run, 'log' | 'end'> & { log: string; end?: Omit<NonNullable<Run['end']>, 'output'> & { output?: string } };

interface Saved {
  settings: Settings;
  state?: DeployState;
  run?: Run;
  /** Packages an example environment needs from the site's repository. */
  extraPackages: string[];
  /** The applications as the last deploy sent them: what the next one changes is measured against them. */
  deployed?: AppModel[];
}

export interface DeployView {
  show(): void;
}

type Tab = 'log' | 'timeline' | 'cloud' | 'heat' | 'agents' | 'result';
const tabs: [Tab, string][] = [['log', 'Log'], ['timeline', 'Timeline'], ['cloud', 'Cloud'], ['heat', 'Heat'], ['agents', 'Agents'], ['result', 'Result']];

function button(text: string, cls = 'button', title = ''): HTMLButtonElement {
  const b = el('button', cls, text);
  b.type = 'button';
  if (title) b.title = title;
  return b;
}

function pre(value: unknown): HTMLElement {
  return el('pre', 'json', typeof value === 'string' ? value : JSON.stringify(value, null, 2));
}

/** s cut to n characters, with an ellipsis. */
function fit(s: string, n: number): string {
  return s.length > n ? s.slice(0, n - 1) + '…' : s;
}

function clock(t: number, first: number | undefined): string {
  return `+${span(Math.max(t - (first ?? t), 0))}`;
}

/** The applications of a stored model, by id. */
function storedApps(state: DeployState | undefined): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  const objects = state?.model?.Objects as Record<string, unknown> | null | undefined;
  for (const a of (objects?.['applications'] as Record<string, unknown>[] | undefined) ?? []) {
    const h = a['?'] as { id?: string } | undefined;
    if (h?.id) out.set(h.id, a);
  }
  return out;
}

/** A canonical text of a value (object keys sorted), to compare application models. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o).sort().map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

/** The packages the objects of a stored model come from ("Class/version@package" types). */
function modelPackages(model: unknown): string[] {
  const out = new Set<string>();
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const t = ((v as Record<string, unknown>)['?'] as { type?: string } | undefined)?.type;
      const at = t?.indexOf('@') ?? -1;
      if (t && at > 0) out.add(t.slice(at + 1));
      Object.values(v as Record<string, unknown>).forEach(walk);
    }
  };
  walk(model);
  return [...out];
}

/** The names of the objects of application models (nested ones too), by id. */
function namesOf(apps: unknown[]): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      const h = o['?'] as { id?: string; name?: string; type?: string } | undefined;
      if (h?.id) out.set(h.id, h.name ?? (typeof o['name'] === 'string' ? o['name'] : undefined) ?? h.type?.split('/')[0].split('.').pop() ?? h.id);
      Object.values(o).forEach(walk);
    }
  };
  walk(apps);
  return out;
}

export function deployView(engine: Engine, root: HTMLElement): DeployView {
  const packages = new PackageSet(engine);
  engine.onStateChange((s) => {
    if (s.kind === 'starting') packages.reset();
  });

  let saved: Saved = { settings: defaultSettings(), extraPackages: [] };
  let run: Run | undefined;
  let running = false;
  let actions: Action[] = [];
  let selected: Selected | undefined;
  let heatIndex = -1;
  let planIndex = -1;
  let tab: Tab = 'log';
  let dirty = new Set<Tab>();
  let frame = 0;

  // Layout ---------------------------------------------------------------

  const status = el('span', 'status');
  status.id = 'deploy-status';
  status.dataset.state = 'idle';
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  const deployButton = button('Deploy', 'button button-primary');
  deployButton.id = 'deploy-run';
  const stopButton = button('Stop', 'button button-stop', 'End the running task; the environment stays as the last task left it');
  stopButton.id = 'deploy-stop';
  stopButton.disabled = true;
  const deleteButton = button('Delete environment', 'button', 'Release everything the environment holds in the cloud');
  deleteButton.id = 'deploy-delete';
  const exportButton = button('Export state', 'button button-quiet', 'The JSON file muranopl deploy --state reads');
  exportButton.id = 'deploy-export';
  const importButton = button('Import state…', 'button button-quiet', 'A file muranopl deploy --save-state wrote');
  importButton.id = 'deploy-import';
  const importInput = Object.assign(el('input'), { type: 'file', accept: '.json,application/json', hidden: true, id: 'deploy-import-input' });
  importInput.setAttribute('aria-label', 'A deploy state (JSON)');

  const appList = el('ul', 'deploy-apps');
  appList.setAttribute('aria-label', 'Applications');
  const exampleBox = el('div', 'examples deploy-examples', el('span', 'examples-label', 'Example environments'));
  exampleBox.setAttribute('role', 'group');
  exampleBox.setAttribute('aria-label', 'Example environments');
  for (const ex of examples) {
    const chip = button(ex.title, 'chip');
    chip.dataset.example = ex.id;
    chip.title = ex.description;
    chip.addEventListener('click', () => loadExample(ex.id));
    exampleBox.append(chip);
  }
  const changesBox = el('div', 'deploy-changes');
  changesBox.id = 'deploy-changes';
  const actionsBox = el('div', 'deploy-actions');
  actionsBox.id = 'deploy-actions';
  const settings = settingsForm(saved.settings, (s) => {
    saved.settings = s;
    persist();
  });
  const settingsBox = el('details', 'deploy-settings-box', el('summary', undefined, 'Settings'), settings.element);

  const envPane = el('section', 'pane deploy-env',
    el('div', 'pane-head', el('h2', undefined, 'Environment'), el('div', 'tools', deployButton, stopButton)),
    el('div', 'deploy-env-body',
      el('p', 'muted small', 'The applications created in Packages → Forms, or an example environment.'),
      appList, exampleBox, changesBox, actionsBox, settingsBox,
      el('div', 'tools deploy-state-tools', deleteButton, exportButton, importButton, importInput)),
  );
  envPane.setAttribute('aria-label', 'Environment');

  const tabBar = el('div', 'subtabs');
  tabBar.setAttribute('role', 'tablist');
  tabBar.setAttribute('aria-label', 'Deploy views');
  const panels = new Map<Tab, HTMLElement>();
  const tabButtons = new Map<Tab, HTMLButtonElement>();
  const panelBox = el('div', 'subpanels deploy-panels');
  for (const [id, label] of tabs) {
    const b = button(label, 'subtab');
    b.id = `deploy-tab-${id}`;
    b.setAttribute('role', 'tab');
    b.setAttribute('aria-controls', `deploy-panel-${id}`);
    b.addEventListener('click', () => select(id));
    tabButtons.set(id, b);
    tabBar.append(b);
    const p = el('div', `subpanel deploy-panel deploy-panel-${id}`);
    p.id = `deploy-panel-${id}`;
    p.setAttribute('role', 'tabpanel');
    p.setAttribute('aria-labelledby', b.id);
    panels.set(id, p);
    panelBox.append(p);
  }
  tabBar.addEventListener('keydown', (e) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const i = tabs.findIndex(([id]) => id === tab);
    const next = tabs[(i + step + tabs.length) % tabs.length][0];
    select(next);
    tabButtons.get(next)!.focus();
    e.preventDefault();
  });
  const runPane = el('section', 'pane deploy-run-pane', el('div', 'pane-head', el('h2', undefined, 'Deployment'), el('div', 'tools', status)), tabBar, panelBox);
  runPane.setAttribute('aria-label', 'Deployment');
  root.append(envPane, runPane);

  // Log pane controls.
  const logLevel = el('select');
  logLevel.setAttribute('aria-label', 'Log level');
  for (const [v, l] of [['debug', 'All events'], ['info', 'Info and errors'], ['error', 'Errors']]) {
    const o = el('option', undefined, l);
    o.value = v;
    logLevel.append(o);
  }
  logLevel.value = 'info';
  const logObject = el('select');
  logObject.setAttribute('aria-label', 'Object');
  const logSearch = Object.assign(el('input'), { type: 'search', placeholder: 'Search', spellcheck: false });
  logSearch.setAttribute('aria-label', 'Search the log');
  const logGroup = Object.assign(el('input'), { type: 'checkbox' });
  const logList = el('div', 'deploy-log');
  logList.setAttribute('role', 'log');
  for (const c of [logLevel, logObject, logSearch, logGroup]) c.addEventListener('input', () => renderLog(true));
  panels.get('log')!.append(el('div', 'tools deploy-log-tools', logLevel, logObject, logSearch, el('label', 'field small', logGroup, 'Group by object')), logList);

  const fileBox = el('div', 'deploy-file');
  fileBox.hidden = true;
  const fileTitle = el('div', 'deploy-file-title');
  const fileHost = el('div', 'deploy-file-view');
  fileBox.append(fileTitle, fileHost);
  let viewer: ReturnType<typeof fileViewer> | undefined;

  // Rendering ------------------------------------------------------------

  function select(id: Tab): void {
    tab = id;
    for (const [t, b] of tabButtons) {
      b.setAttribute('aria-selected', String(t === id));
      b.tabIndex = t === id ? 0 : -1;
      panels.get(t)!.hidden = t !== id;
    }
    dirty.add(id);
    schedule();
  }

  function schedule(): void {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      // The log follows even when hidden (it only grows); the other panes
      // are drawn when shown.
      if (dirty.has('log')) renderLog(false);
      if (dirty.has(tab) && tab !== 'log') renderTab(tab);
      dirty = new Set([...dirty].filter((t) => t !== tab && t !== 'log'));
      renderStatus();
    });
  }

  function changed(...what: Tab[]): void {
    for (const t of what) dirty.add(t);
    schedule();
  }

  let names = new Map<string, string>();
  function objectName(id: string): string {
    return names.get(id) ?? id;
  }

  // The log is a virtual list: rows of one height, of which only those in
  // view are in the document, so that thousands of lines stay smooth.
  const rowHeight = 20;
  type Row = { line: LogLine } | { group: string };
  let rows: Row[] = [];
  let logShown = 0;
  let logRun: Run | undefined;
  let follow = true;
  // The list's scroll position and height as last read: painting reads
  // nothing of the layout, so that streaming never forces one.
  let logTop = 0;
  let logHeight = 600;
  const logSpacer = el('div', 'deploy-log-spacer');
  logList.append(logSpacer);
  logList.addEventListener('scroll', () => {
    logTop = logList.scrollTop;
    follow = logTop + logHeight >= rows.length * rowHeight - rowHeight;
    paintLog();
  });
  new ResizeObserver(() => {
    logHeight = logList.clientHeight || logHeight;
    paintLog();
  }).observe(logList);

  function renderLog(all: boolean): void {
    const lines = run?.log ?? [];
    const rank: Record<string, number> = { debug: 0, info: 1, warning: 2, error: 3 };
    const min = rank[logLevel.value] ?? 0;
    const query = logSearch.value.trim().toLowerCase();
    const keep = (l: LogLine) =>
      (rank[l.level] ?? 1) >= min && (!logObject.value || l.object === logObject.value) &&
      (!query || l.message.toLowerCase().includes(query) || objectName(l.object).toLowerCase().includes(query));
    if (all || logGroup.checked || logRun !== run || lines.length < logShown) {
      logRun = run;
      const objects = [...new Set(lines.map((l) => l.object).filter(Boolean))];
      const current = logObject.value;
      logObject.replaceChildren(Object.assign(el('option', undefined, 'Every object'), { value: '' }),
        ...objects.map((o) => Object.assign(el('option', undefined, objectName(o)), { value: o })));
      logObject.value = objects.includes(current) ? current : '';
      const kept = lines.filter(keep);
      if (logGroup.checked) {
        const groups = new Map<string, LogLine[]>();
        for (const l of kept) {
          const key = l.object || '';
          if (!groups.has(key)) groups.set(key, []);
          groups.get(key)!.push(l);
        }
        rows = [...groups].flatMap(([g, ls]) => [{ group: g } as Row, ...ls.map((line) => ({ line }))]);
      } else rows = kept.map((line) => ({ line }));
      clearRows();
    } else {
      for (let i = logShown; i < lines.length; i++) if (keep(lines[i])) rows.push({ line: lines[i] });
    }
    logShown = lines.length;
    logSpacer.style.height = `${rows.length * rowHeight}px`;
    if (follow) {
      logTop = Math.max(0, rows.length * rowHeight - logHeight);
      logList.scrollTop = logTop;
    }
    paintLog();
  }

  // The rows in the document, by index: those that stay in view are left
  // alone (they neither restyle nor repaint as the list grows).
  const painted = new Map<number, HTMLElement>();
  let empty: HTMLElement | undefined;
  function clearRows(): void {
    for (const n of painted.values()) n.remove();
    painted.clear();
  }

  function paintLog(): void {
    if (!rows.length) {
      clearRows();
      empty ??= el('p', 'muted deploy-empty');
      empty.textContent = run ? 'Nothing to show with these filters.' : 'Deploy the environment to see its log.';
      if (!empty.isConnected) logList.append(empty);
      return;
    }
    empty?.remove();
    const first = Math.max(0, Math.floor(logTop / rowHeight) - 10);
    const last = Math.min(rows.length, first + Math.ceil(logHeight / rowHeight) + 20);
    for (const [i, n] of painted) {
      if (i < first || i >= last) {
        n.remove();
        painted.delete(i);
      }
    }
    const fresh = document.createDocumentFragment();
    for (let i = first; i < last; i++) {
      if (painted.has(i)) continue;
      const r = rows[i];
      // A row is few boxes: its columns are padded text in a monospace font.
      const node = 'group' in r
        ? el('div', 'log-group', objectName(r.group) || '(the engine)')
        : el('div', `log-line log-${r.line.level} log-kind-${r.line.kind}`,
          el('span', 'log-when', `${clock(r.line.time, run?.first).padStart(11)} ${r.line.level.padEnd(7)} `),
          el('span', 'log-object', `${fit(objectName(r.line.object), 16).padEnd(16)} `), r.line.message);
      if (!('group' in r)) node.title = r.line.message;
      node.style.top = `${i * rowHeight}px`;
      painted.set(i, node);
      fresh.append(node);
    }
    logList.append(fresh);
  }

  function renderTab(id: Tab): void {
    const p = panels.get(id)!;
    if (!run) {
      p.replaceChildren(el('p', 'muted deploy-empty', 'Deploy the environment to see it here.'));
      return;
    }
    switch (id) {
      case 'timeline':
        p.replaceChildren(el('p', 'muted small', run.first !== undefined && run.last !== undefined
          ? `${span(run.last - run.first)} of virtual time${saved.settings.speed ? '' : ' (the cloud works at once; choose a speed to see durations)'}`
          : ''), drawTimeline(run));
        break;
      case 'cloud':
        renderCloud(p);
        break;
      case 'heat':
        renderHeat(p);
        break;
      case 'agents':
        renderAgents(p);
        break;
      case 'result':
        renderResult(p);
        break;
    }
  }

  const picture = el('div', 'deploy-cloudmap');
  let cloudFrame = 0;
  let redrawCloud: (() => void) | undefined;
  picture.addEventListener('scroll', () => {
    if (!cloudFrame) {
      cloudFrame = requestAnimationFrame(() => {
        cloudFrame = 0;
        redrawCloud?.();
      });
    }
  });

  function renderCloud(p: HTMLElement): void {
    const state = (run && cloudOf(run)) ?? saved.state?.cloud;
    if (!state) {
      p.replaceChildren(el('p', 'muted deploy-empty', 'The cloud appears with the first Heat call.'));
      return;
    }
    const box = el('div', 'deploy-details');
    box.id = 'deploy-cloud-details';
    if (selected) {
      const d = details(state, selected);
      box.append(el('h3', undefined, d.title), d.resource ? el('p', 'small', `Heat resource ${d.resource.name} (${d.resource.type}) of the stack ${d.resource.stack}: ${d.resource.status}`) : el('p', 'small muted', 'Not made by a Heat stack (it was there before).'), pre(d.object ?? {}));
    } else box.append(el('p', 'muted small', 'Click an element to see its details.'));
    const onSelect = (s: Selected) => {
      selected = s;
      changed('cloud');
    };
    const draw = () => {
      const svg = drawCloud(state, selected, onSelect, { top: picture.scrollTop, height: picture.clientHeight || 800 });
      if (picture.firstElementChild) picture.firstElementChild.replaceWith(svg);
      else picture.append(svg);
    };
    redrawCloud = draw;
    draw();
    p.replaceChildren(picture, box);
  }

  function heatDiff(prev: HeatPush | undefined, cur: HeatPush): HTMLElement {
    const res = (h: HeatPush | undefined) => (((h && templateOf(h))?.['resources'] ?? {}) as Record<string, unknown>);
    const a = res(prev);
    const b = res(cur);
    const list = el('ul', 'heat-diff');
    for (const name of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const before = JSON.stringify(a[name]);
      const after = JSON.stringify(b[name]);
      if (before === after) continue;
      const kind = a[name] === undefined ? 'added' : b[name] === undefined ? 'removed' : 'changed';
      const type = ((b[name] ?? a[name]) as Record<string, unknown>)?.['type'];
      const item = el('li', `diff-${kind}`, el('details', undefined, el('summary', undefined, `${kind} ${name} (${String(type)})`),
        ...(kind === 'changed' ? [el('div', 'diff-pair', el('div', undefined, el('h4', undefined, 'before'), pre(a[name])), el('div', undefined, el('h4', undefined, 'after'), pre(b[name])))] : [pre(b[name] ?? a[name])])));
      list.append(item);
    }
    if (!list.firstChild) list.append(el('li', 'muted', prev ? 'No resource changed.' : 'The first push.'));
    return list;
  }

  function renderHeat(p: HTMLElement): void {
    const pushes = run!.heat;
    if (!pushes.length) {
      p.replaceChildren(el('p', 'muted deploy-empty', 'No Heat call yet.'));
      return;
    }
    if (heatIndex < 0 || heatIndex >= pushes.length) heatIndex = pushes.length - 1;
    const list = el('ol', 'deploy-list');
    list.setAttribute('aria-label', 'Heat calls');
    pushes.forEach((h, i) => {
      const b = button(`${clock(h.time, run!.first)} ${h.op} ${h.stack}${h.error ? ' — refused' : ''}`, i === heatIndex ? 'list-item selected' : 'list-item');
      b.setAttribute('aria-current', String(i === heatIndex));
      b.addEventListener('click', () => {
        heatIndex = i;
        changed('heat');
      });
      list.append(el('li', h.error ? 'error-title' : undefined, b));
    });
    const cur = pushes[heatIndex];
    const prev = pushes.slice(0, heatIndex).reverse().find((h) => h.stack === cur.stack && h.template);
    const detail = el('div', 'deploy-detail',
      el('h3', undefined, `${cur.op} of ${cur.stack}`),
      cur.error ? el('p', 'error-title', cur.error) : el('span'),
      el('h4', undefined, 'Changes to the previous push'), heatDiff(prev, cur),
      el('details', undefined, el('summary', undefined, 'The template'), pre(templateOf(cur))));
    p.replaceChildren(el('div', 'deploy-split', list, detail));
  }

  function renderAgents(p: HTMLElement): void {
    const plans = run!.plans;
    if (!plans.length) {
      p.replaceChildren(el('p', 'muted deploy-empty', 'No plan was sent to an agent.'));
      return;
    }
    if (planIndex < 0 || planIndex >= plans.length) planIndex = plans.length - 1;
    const server = (queue: string) => (cloudOf(run!)?.servers ?? []).find((s) => JSON.stringify(s.agent ?? '').includes(queue))?.name ?? queue;
    const list = el('ol', 'deploy-list');
    list.setAttribute('aria-label', 'Agent plans');
    plans.forEach((pl, i) => {
      const state = pl.result === undefined ? 'waiting' : resultFailed(pl.result) ? 'failed' : 'done';
      const b = button(`${clock(pl.sent, run!.first)} ${planName(pl.plan)} → ${server(pl.queue)} (${state})`, i === planIndex ? 'list-item selected' : 'list-item');
      b.setAttribute('aria-current', String(i === planIndex));
      b.addEventListener('click', () => {
        planIndex = i;
        changed('agents');
      });
      list.append(el('li', state === 'failed' ? 'error-title' : undefined, b));
    });
    const pl = plans[planIndex];
    const files = el('div');
    const decode = (f: Record<string, unknown>) => (f['BodyType'] === 'Base64' && typeof f['Body'] === 'string' ? safeAtob(f['Body'] as string) : f['Body']);
    for (const [name, f] of Object.entries((pl.plan['Files'] ?? {}) as Record<string, Record<string, unknown>>)) {
      files.append(el('details', undefined, el('summary', undefined, `file ${String(f['Name'] ?? name)}`), pre(decode(f))));
    }
    const scripts = el('div');
    for (const [name, s] of Object.entries((pl.plan['Scripts'] ?? {}) as Record<string, unknown>)) scripts.append(el('details', undefined, el('summary', undefined, `script ${name}`), pre(s)));
    const detail = el('div', 'deploy-detail',
      el('h3', undefined, `${planName(pl.plan)} on ${server(pl.queue)}`),
      el('p', 'small muted', `sent ${clock(pl.sent, run!.first)}${pl.answered !== undefined ? `, answered ${clock(pl.answered, run!.first)}` : ', not answered'}`),
      pl.plan['Body'] ? el('details', undefined, el('summary', undefined, 'Body'), pre(pl.plan['Body'])) : el('span'),
      scripts, files,
      el('h4', undefined, 'Result'), pre(pl.result ?? 'no answer'),
      el('details', undefined, el('summary', undefined, 'The whole plan'), pre(pl.plan)));
    p.replaceChildren(el('div', 'deploy-split', list, detail));
  }

  async function openFrame(f: RunException['stack'][number]): Promise<void> {
    fileBox.hidden = false;
    fileTitle.textContent = `${f.package}: ${f.file}:${f.line}:${f.col}`;
    let handle = packages.handleOf(f.package);
    if (!handle) handle = (await packages.ownCoreLibraries())[f.package];
    if (!handle) {
      fileTitle.textContent += ' — the package is not open';
      return;
    }
    const r = await readFile(engine, handle, f.file);
    if (!r.ok || !('text' in r)) {
      fileTitle.textContent += ' — the file cannot be shown';
      return;
    }
    viewer ??= fileViewer(fileHost);
    viewer.show(f.file, r.text, []);
    viewer.reveal(f.line, Math.max(f.col, 1));
  }

  function renderResult(p: HTMLElement): void {
    const end = run!.end;
    if (!end) {
      p.replaceChildren(el('p', 'muted deploy-empty', 'The task is running.'));
      return;
    }
    const parts: HTMLElement[] = [];
    if (end.state === 'done') {
      parts.push(el('div', 'callout callout-ok', el('h3', undefined, run!.action === 'deploy' ? 'The environment is deployed' : `${run!.action} ended`),
        el('p', undefined, `${run!.heat.length} Heat call${run!.heat.length === 1 ? '' : 's'}, ${run!.plans.length} agent plan${run!.plans.length === 1 ? '' : 's'}, ${run!.log.filter((l) => l.kind === 'report').length} report${run!.log.filter((l) => l.kind === 'report').length === 1 ? '' : 's'}`)));
      if (end.output?.result !== null && end.output?.result !== undefined) parts.push(el('h4', undefined, 'Result'), pre(end.output.result));
    } else if (end.state === 'failed') {
      const e = end.exception;
      const box = el('div', 'callout callout-error', el('h3', undefined, e?.type ?? end.output?.exception?.type ?? 'The task failed'), el('p', undefined, e?.message ?? end.output?.exception?.message ?? ''));
      parts.push(box);
      if (e?.stack.length) {
        const frames = el('ol', 'deploy-stack');
        frames.setAttribute('aria-label', 'MuranoPL stack trace');
        for (const f of [...e.stack].reverse()) {
          const where = `${f.file}:${f.line}:${f.col}`;
          const link = button(where, 'button-link');
          link.dataset.file = f.file;
          link.addEventListener('click', () => void openFrame(f));
          frames.append(el('li', undefined, el('code', undefined, `${f.class}::${f.method}`), ' at ', link, el('span', 'muted small', ` ${f.package}`), f.instruction ? el('div', 'muted small', f.instruction) : ''));
        }
        parts.push(el('h4', undefined, 'MuranoPL stack trace (innermost first)'), frames, fileBox);
      }
      for (const w of e?.where ?? []) parts.push(el('p', 'small', w));
    } else if (end.state === 'stopped') {
      parts.push(el('div', 'callout callout-warning', el('h3', undefined, 'Stopped'), el('p', undefined, 'The task was stopped. The environment is as the last finished task left it, and can be deployed again.')));
    } else {
      parts.push(el('div', 'callout callout-error', el('h3', undefined, 'The task could not run'), el('p', undefined, end.message ?? '')));
    }
    for (const n of end.notes ?? []) parts.push(el('p', 'small muted deploy-note', `Note: ${n}`));
    if (end.output) {
      const save = button('Download the output', 'button', 'The JSON document muranopl deploy prints for this task');
      save.id = 'deploy-download-output';
      save.addEventListener('click', () => {
        const r = run!;
        const output = { ...end.output!, heat: end.output!.heat.map((h, i) => ({ ...h, template: r.heat[i] ? templateOf(r.heat[i]) : h.template })) };
        download(`${saved.settings.name || 'environment'}.${r.action}.json`, JSON.stringify(output, null, 1) + '\n');
      });
      parts.push(el('div', 'tools', save));
    }
    p.replaceChildren(...parts);
  }

  /** A message the status shows until the next task (an imported state). */
  let notice: { state: string; text: string } | undefined;

  function renderStatus(): void {
    if (notice && !running) {
      status.dataset.state = notice.state;
      status.textContent = notice.text;
      return;
    }
    if (running) {
      status.dataset.state = 'running';
      status.textContent = `${run?.action === 'deploy' ? 'Deploying' : `Running ${run?.action}`}… ${run?.log.length ?? 0} events${run?.last !== undefined ? `, ${clock(run.last, run.first)}` : ''}`;
      return;
    }
    const end = run?.end;
    if (!end) {
      status.dataset.state = saved.state ? 'done' : 'idle';
      status.textContent = saved.state ? 'Deployed' : '';
      return;
    }
    status.dataset.state = end.state === 'done' ? 'done' : end.state === 'stopped' ? 'stopped' : 'error';
    status.textContent = end.state === 'done' ? `${run!.action === 'deploy' ? 'Deployed' : `${run!.action}: done`} (${run!.log.length} events)`
      : end.state === 'failed' ? `Failed: ${end.exception?.type ?? end.output?.exception?.type ?? ''}` : end.state === 'stopped' ? 'Stopped' : `Error: ${end.message}`;
  }

  function renderEnvironment(): void {
    const apps = environment.list();
    const stored = storedApps(saved.state);
    names = namesOf([...apps, ...stored.values()]);
    const envHeader = (saved.state?.model?.Objects as { '?'?: { id?: string } } | null | undefined)?.['?'];
    if (envHeader?.id) names.set(envHeader.id, saved.settings.name || 'environment');
    // What the last deploy sent, else (an imported state) what the cloud holds.
    const before = new Map<string, Record<string, unknown>>(
      saved.deployed ? saved.deployed.map((a) => [a['?'].id, a as Record<string, unknown>]) : stored,
    );
    appList.replaceChildren();
    if (!apps.length) appList.append(el('li', 'muted small', 'No application yet: create one in Packages → Forms, or load an example below.'));
    for (const a of apps) {
      const remove = button('Remove', 'button button-quiet');
      remove.setAttribute('aria-label', `Remove ${a['?'].name ?? a['?'].id}`);
      remove.addEventListener('click', () => environment.remove(a['?'].id));
      appList.append(el('li', 'deploy-app', el('span', 'deploy-app-name', a['?'].name ?? a['?'].id), el('span', 'muted small', a['?'].type), remove));
    }
    // What the next deploy changes.
    changesBox.replaceChildren();
    if (saved.state && saved.state.model?.Objects) {
      const now = new Map(apps.map((a) => [a['?'].id, a as Record<string, unknown>]));
      const created = apps.filter((a) => !before.has(a['?'].id));
      const deleted = [...before.entries()].filter(([id]) => !now.has(id));
      const updated = apps.filter((a) => before.has(a['?'].id) && canonical(before.get(a['?'].id)) !== canonical(a));
      const name = (a: Record<string, unknown>) => String((a['?'] as { name?: string }).name ?? (a['?'] as { id: string }).id);
      const items = [
        ...created.map((a) => el('li', 'diff-added', `create ${name(a as Record<string, unknown>)}`)),
        ...updated.map((a) => el('li', 'diff-changed', `update ${name(a as Record<string, unknown>)}`)),
        ...deleted.map(([, a]) => el('li', 'diff-removed', `delete ${name(a)}`)),
      ];
      changesBox.append(el('h3', undefined, 'The next deploy'), items.length ? el('ul', 'deploy-change-list', ...items) : el('p', 'muted small', 'Nothing changed since the last deploy: deploying again changes nothing.'));
      deployButton.textContent = items.length ? `Deploy ${items.length} change${items.length === 1 ? '' : 's'}` : 'Deploy again';
    } else deployButton.textContent = 'Deploy';
    deployButton.disabled = running;
    deleteButton.disabled = running || !saved.state?.model?.Objects;
    exportButton.disabled = running || !saved.state;
    stopButton.disabled = !running;
  }

  function renderActions(): void {
    actionsBox.replaceChildren();
    const shown = actions.filter((a) => a.method !== 'deploy' && a.enabled);
    if (!shown.length || !saved.state?.model?.Objects) return;
    actionsBox.append(el('h3', undefined, 'Actions'));
    for (const a of shown) {
      const form = el('form', 'deploy-action');
      form.dataset.action = `${a.object}.${a.method}`;
      const inputs: [string, HTMLInputElement, string][] = [];
      for (const arg of a.args) {
        const i = el('input');
        if (arg.kind === 'bool') {
          i.type = 'checkbox';
          i.checked = arg.default === 'true' || arg.default === 'True';
        } else {
          i.type = arg.kind === 'int' ? 'number' : 'text';
          i.value = arg.default !== null && arg.default !== 'None' ? arg.default : '';
          i.placeholder = arg.contract;
        }
        i.name = arg.name;
        i.title = arg.contract;
        inputs.push([arg.name, i, arg.kind]);
        form.append(el('label', 'field small', arg.name, i));
      }
      const go = el('button', 'button', `${a.title || a.method} (${objectName(a.object)})`);
      go.type = 'submit';
      form.prepend(go);
      form.addEventListener('submit', (e) => {
        e.preventDefault();
        const args: Record<string, unknown> = {};
        for (const [name, i, kind] of inputs) {
          if (kind === 'bool') args[name] = i.checked;
          else if (kind === 'int') args[name] = i.value === '' ? null : Number(i.value);
          else if (kind === 'string') args[name] = i.value;
          else {
            try {
              args[name] = i.value === '' ? null : JSON.parse(i.value);
            } catch {
              args[name] = i.value;
            }
          }
        }
        void task(`${a.object}.${a.method}`, { action: `${a.object}.${a.method}`, args });
      });
      actionsBox.append(form);
    }
  }

  // Tasks ------------------------------------------------------------------

  // What is large is kept as JSON text, and the last run apart from the
  // rest, its Heat templates a key each: IndexedDB clones what it keeps
  // on the page's thread, and a large environment's objects, cloned at
  // once, would hold the page; texts are copied in a blink.
  let runSaved: Run | undefined | null = null;
  function persist(): void {
    const { run: r, state, ...rest } = saved;
    void save(storeKey, { ...rest, state: state && stateText(state) });
    if (r === runSaved) return;
    runSaved = r;
    setTimeout(() => {
      if (runSaved !== r) return;
      void save(runKey, r && {
        ...r,
        heat: r.heat.map((h) => ({ ...h, template: null })),
        cloud: r.cloud === saved.state?.cloud ? undefined : r.cloud,
        log: JSON.stringify(r.log),
        end: r.end && { ...r.end, output: r.end.output && JSON.stringify(r.end.output) },
      });
      r?.heat.forEach((h, i) => setTimeout(() => {
        if (runSaved === r) void save(`${runKey}-heat-${i}`, h.template);
      }, 0));
    }, 0);
  }

  async function refreshActions(handles: string[], core: string | undefined): Promise<void> {
    actions = [];
    if (saved.state?.model?.Objects) {
      try {
        actions = await listActions(engine, handles, core, saved.state.model);
      } catch {
        actions = [];
      }
    }
    renderActions();
  }

  async function task(action: string, extra: { action?: string; args?: Record<string, unknown>; env?: unknown }): Promise<void> {
    if (running) return;
    const s = saved.settings;
    notice = undefined;
    run = newRun(action);
    running = true;
    selected = undefined;
    heatIndex = planIndex = -1;
    renderEnvironment();
    changed('log', 'timeline', 'cloud', 'heat', 'agents', 'result');
    let answer: DeployAnswer | undefined;
    const thisRun = run;
    try {
      let scripts;
      try {
        scripts = scriptStrategy(s);
      } catch (err) {
        throw new Error(`Settings: the fixture table: ${(err as Error).message}`);
      }
      let handles: string[];
      try {
        handles = await packages.open(saved.extraPackages);
      } catch (err) {
        if (!(err instanceof StoppedError)) packages.reset();
        throw err;
      }
      const core = await packages.core(s.core?.zip);
      // A first deploy sends the environment the forms made; a redeploy
      // edits the stored one, as Murano's API does: the applications
      // removed, added and changed (removed, then added again).
      let env = extra.env;
      let addApps: AppModel[] | undefined;
      let removeApps: string[] | undefined;
      if (!extra.action && !extra.env) {
        if (!saved.state?.model?.Objects) env = await makeEnvironment(engine, environment.list() as AppModel[], s.name, s.seed);
        else {
          const stored = storedApps(saved.state);
          const before = new Map((saved.deployed ?? []).map((a) => [a['?'].id, a]));
          const now = environment.list();
          const ids = new Set(now.map((a) => a['?'].id));
          const changedApps = now.filter((a) => !stored.has(a['?'].id) || (before.has(a['?'].id) && canonical(before.get(a['?'].id)) !== canonical(a)));
          removeApps = [...stored.keys()].filter((id) => !ids.has(id) || changedApps.some((a) => a['?'].id === id));
          addApps = changedApps;
        }
      }
      const onEvent = (e: DeployEvent) => {
        if (run !== thisRun) return;
        addEvent(thisRun, e);
        changed('log', 'timeline', 'cloud', 'heat', 'agents');
      };
      answer = await runDeploy(engine, {
        packages: handles, coreLibrary: core, env, state: saved.state, seed: s.seed, faults: activeFaults(s), scripts,
        action: extra.action, args: extra.args, addApps, removeApps, durations: s.speed > 0, speed: s.speed,
      }, onEvent);
      if (!answer.ok && /unknown package handle/.test(answer.error.message)) {
        packages.reset();
        throw new Error(`${answer.error.message}: the engine was restarted; deploy again`);
      }
      if (!answer.ok) {
        thisRun.end = { state: 'error', message: answer.error.message };
      } else {
        const a = answer as DeployAnswer & { ok: true; exception?: RunException | null };
        // The streamed output leaves the Heat templates out: the events had them.
        thisRun.end = { state: a.failed ? 'failed' : 'done', output: a.output, exception: a.exception ?? null, notes: a.notes };
        thisRun.cloud = a.state.cloud;
        thisRun.cloudText = undefined;
        saved.state = a.state.model?.Objects === null ? undefined : a.state;
        if (action === 'deploy') saved.deployed = environment.list();
        if (!saved.state) saved.deployed = undefined;
        if (a.state.model?.Objects === null) actions = [];
        void refreshActions(handles, core);
      }
    } catch (err) {
      thisRun.end = err instanceof StoppedError ? { state: 'stopped' } : { state: 'error', message: (err as Error).message };
    } finally {
      running = false;
      saved.run = thisRun;
      // Kept in a task of its own: the answer was a long one to take in.
      setTimeout(persist, 0);
      renderEnvironment();
      changed('log', 'timeline', 'cloud', 'heat', 'agents', 'result');
      if (thisRun.end?.state !== 'done') select('result');
    }
  }

  function loadExample(id: string): void {
    const ex = examples.find((e) => e.id === id);
    if (!ex || running) return;
    const current = new Set(environment.list().map((a) => a['?'].id));
    const added = (ex.apps as AppModel[]).filter((a) => !current.has(a['?'].id));
    environment.replace([...environment.list(), ...added]);
    saved.extraPackages = [...new Set([...saved.extraPackages, ...ex.packages])];
    persist();
  }

  deployButton.addEventListener('click', () => void task('deploy', {}));
  registerCommand({ id: 'run', label: 'Deploy the environment', when: () => isShown(deployButton) && !deployButton.disabled, run: () => deployButton.click() });
  stopButton.addEventListener('click', () => engine.stop());
  // Deleting asks once more, in the button itself.
  let confirmDelete = 0;
  deleteButton.addEventListener('click', () => {
    if (!confirmDelete) {
      deleteButton.textContent = 'Really delete? Click again';
      confirmDelete = window.setTimeout(() => {
        confirmDelete = 0;
        deleteButton.textContent = 'Delete environment';
      }, 5000);
      return;
    }
    clearTimeout(confirmDelete);
    confirmDelete = 0;
    deleteButton.textContent = 'Delete environment';
    void task('delete', { env: { Objects: null } });
  });
  exportButton.addEventListener('click', () => {
    if (saved.state) download(`${saved.settings.name || 'environment'}.state.json`, JSON.stringify(saved.state, null, 1) + '\n');
  });
  importButton.addEventListener('click', () => importInput.click());
  importInput.addEventListener('change', async () => {
    const file = importInput.files?.[0];
    importInput.value = '';
    if (!file) return;
    try {
      const state = JSON.parse(await file.text()) as DeployState;
      if (typeof state.format !== 'string' || !state.format.startsWith('murano-playground-deploy/')) throw new Error(`not a deploy state (format ${String(state.format)})`);
      saved.state = state;
      saved.deployed = undefined;
      saved.extraPackages = [...new Set([...saved.extraPackages, ...modelPackages(state.model?.Objects)])];
      saved.run = run = undefined;
      const objects = state.model?.Objects as Record<string, unknown> | null;
      const apps = (objects?.['applications'] as AppModel[] | undefined) ?? [];
      environment.replace(apps);
      persist();
      renderEnvironment();
      changed('log', 'timeline', 'cloud', 'heat', 'agents', 'result');
      notice = { state: 'done', text: `Imported the state of ${file.name}` };
      void packages.open(saved.extraPackages).then(async (handles) => refreshActions(handles, await packages.core(saved.settings.core?.zip))).catch(() => {});
    } catch (err) {
      notice = { state: 'error', text: `Could not import ${file.name}: ${(err as Error).message}` };
    }
    schedule();
  });
  environment.onChange(renderEnvironment);

  // Restore --------------------------------------------------------------

  const restored = (async () => {
    await environment.restore();
    const s = await load<Omit<Saved, 'state'> & { state?: string | DeployState }>(storeKey);
    if (s) {
      saved = { settings: { ...defaultSettings(), ...s.settings }, state: typeof s.state === 'string' ? (JSON.parse(s.state) as DeployState) : s.state, extraPackages: s.extraPackages ?? [], deployed: s.deployed };
      const r = await load<StoredRun>(runKey);
      if (r) {
        const heat = await Promise.all(r.heat.map(async (h, i) => ({ ...h, template: (await load<string | null>(`${runKey}-heat-${i}`)) ?? null })));
        run = {
          ...r,
          heat,
          cloud: r.cloud ?? saved.state?.cloud,
          log: JSON.parse(r.log) as LogLine[],
          end: r.end && { ...r.end, output: r.end.output ? (JSON.parse(r.end.output) as DeployOutput) : undefined },
        };
        saved.run = runSaved = run;
      }
      settings.set(saved.settings);
    }
    renderEnvironment();
    select(tab);
    if (saved.state?.model?.Objects) {
      try {
        await refreshActions(await packages.open(saved.extraPackages), await packages.core(saved.settings.core?.zip));
      } catch {
        // The engine is not ready or a package is gone: actions come with the next deploy.
      }
    }
  })();

  return {
    show() {
      void restored.then(() => {
        renderEnvironment();
        changed(tab);
      });
    },
  };
}

function safeAtob(s: string): string {
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(s), (c) => c.charCodeAt(0)));
  } catch {
    return s;
  }
}
