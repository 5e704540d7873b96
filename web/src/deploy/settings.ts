// The settings of the Deploy view: the environment's name and seed, the
// core library (the project's own, or a real io.murano.zip dropped in),
// how the agents run scripts, the speed of virtual time and the faults
// the simulated cloud injects (its catalogue, each with its options).

import type { Fault, ScriptStrategy } from '../api/deploy';
import { el } from '../dom';

export interface Settings {
  name: string;
  seed: number;
  /** The real io.murano as a .zip (base64), or none: the project's own. */
  core?: { name: string; zip: string };
  scripts: ScriptStrategy['kind'];
  /** The fixture table as the user typed it (JSON). */
  fixtures: string;
  /** 0: instant; N: N virtual seconds a real second. */
  speed: 0 | 1 | 10 | 100;
  faults: (Fault & { enabled: boolean })[];
}

interface FaultKind {
  kind: string;
  label: string;
  options: { name: string; label: string; type: 'text' | 'number' | 'bool'; placeholder?: string }[];
}

/** The simulated cloud's fault catalogue (engine/cloud/faults.go). */
export const faultKinds: FaultKind[] = [
  { kind: 'quota', label: 'Quota exceeded', options: [
    { name: 'resource', label: 'Resource type', type: 'text', placeholder: 'OS::Nova::Server' },
    { name: 'name', label: 'Resource name (regexp)', type: 'text' },
    { name: 'message', label: 'Message', type: 'text' }] },
  { kind: 'image-without-agent', label: 'Image without an agent', options: [{ name: 'image', label: 'Image (empty: every image)', type: 'text' }] },
  { kind: 'script-exit', label: 'A script fails', options: [
    { name: 'script', label: 'Script (name or regexp)', type: 'text' },
    { name: 'body', label: 'Body (regexp)', type: 'text' },
    { name: 'code', label: 'Exit code', type: 'number', placeholder: '1' },
    { name: 'stderr', label: 'Standard error', type: 'text' }] },
  { kind: 'no-router', label: 'No default router', options: [{ name: 'create', label: 'Murano may create it', type: 'bool' }] },
  { kind: 'router-without-gateway', label: 'Router without a gateway', options: [] },
  { kind: 'no-security-groups', label: 'No security groups in Neutron', options: [] },
  { kind: 'heat-validation', label: 'Heat rejects a template', options: [
    { name: 'resource', label: 'Resource type (empty: any)', type: 'text' },
    { name: 'name', label: 'Resource name (regexp)', type: 'text' },
    { name: 'message', label: 'Message', type: 'text' }] },
  { kind: 'agent-disabled', label: 'murano-agent disabled by configuration', options: [] },
];

export function defaultSettings(): Settings {
  return { name: 'demo-env', seed: 42, scripts: 'stub', fixtures: '[\n  {"script": "", "code": 0, "stdout": "ok"}\n]', speed: 0, faults: [] };
}

/** The faults to send: the enabled ones, with their options. */
export function activeFaults(s: Settings): Fault[] {
  return s.faults.filter((f) => f.enabled).map(({ enabled: _, ...f }) => {
    const out: Fault = { kind: f.kind };
    for (const [k, v] of Object.entries(f)) if (k !== 'kind' && v !== '' && v !== undefined && v !== false) out[k] = v;
    return out;
  });
}

/** The script strategy to send; a fixture table that is not JSON is an error. */
export function scriptStrategy(s: Settings): ScriptStrategy {
  if (s.scripts !== 'fixtures') return { kind: s.scripts };
  const rows = JSON.parse(s.fixtures) as ScriptStrategy['fixtures'];
  if (!Array.isArray(rows)) throw new Error('the fixture table is a JSON list of {"script", "body", "code", "stdout", "stderr"}');
  return { kind: 'fixtures', fixtures: rows };
}

/** The settings form; onChange hears every change. */
export function settingsForm(initial: Settings, onChange: (s: Settings) => void): { element: HTMLElement; get(): Settings; set(s: Settings): void } {
  let s: Settings = structuredClone(initial);
  const changed = () => onChange(structuredClone(s));
  const form = el('form', 'deploy-settings');
  form.setAttribute('aria-label', 'Deploy settings');
  form.addEventListener('submit', (e) => e.preventDefault());

  const input = (label: string, type: string, id: string, get: () => string, put: (v: string) => void) => {
    const i = el('input');
    i.type = type;
    i.id = id;
    i.spellcheck = false;
    i.value = get();
    i.addEventListener('input', () => {
      put(i.value);
      changed();
    });
    return { row: el('label', 'field', label, i), input: i };
  };

  const render = () => {
    const name = input('Name', 'text', 'deploy-name', () => s.name, (v) => (s.name = v));
    const seed = input('Seed', 'number', 'deploy-seed', () => String(s.seed), (v) => (s.seed = Number(v) || 0));

    const core = el('div', 'field deploy-core');
    const coreLabel = el('span', 'deploy-core-name', s.core ? `${s.core.name} (real io.murano)` : 'the project’s own');
    const coreFile = Object.assign(el('input'), { type: 'file', accept: '.zip', id: 'deploy-core-file', hidden: true });
    coreFile.setAttribute('aria-label', 'A real io.murano core library (.zip)');
    const corePick = el('button', 'button button-quiet', 'Use io.murano.zip…');
    corePick.type = 'button';
    corePick.addEventListener('click', () => coreFile.click());
    const coreReset = el('button', 'button button-quiet', 'Use the project’s own');
    coreReset.type = 'button';
    coreReset.hidden = !s.core;
    coreReset.addEventListener('click', () => {
      s.core = undefined;
      changed();
      render();
    });
    coreFile.addEventListener('change', async () => {
      const file = coreFile.files?.[0];
      if (!file) return;
      const bytes = new Uint8Array(await file.arrayBuffer());
      let bin = '';
      for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      s.core = { name: file.name, zip: btoa(bin) };
      changed();
      render();
    });
    core.append('Core library', coreLabel, corePick, coreReset, coreFile);

    const scripts = el('label', 'field', 'Scripts');
    const sel = el('select');
    sel.id = 'deploy-scripts';
    for (const [v, l] of [['stub', 'succeed, print nothing'], ['shell', 'run in a fake shell'], ['fixtures', 'from a fixture table']]) {
      const o = el('option', undefined, l);
      o.value = v;
      sel.append(o);
    }
    sel.value = s.scripts;
    scripts.append(sel);
    const fixtures = Object.assign(el('textarea', 'deploy-fixtures'), { id: 'deploy-fixtures', spellcheck: false, rows: 4, value: s.fixtures });
    fixtures.setAttribute('aria-label', 'Fixture table (JSON)');
    fixtures.hidden = s.scripts !== 'fixtures';
    sel.addEventListener('change', () => {
      s.scripts = sel.value as Settings['scripts'];
      fixtures.hidden = s.scripts !== 'fixtures';
      changed();
    });
    fixtures.addEventListener('input', () => {
      s.fixtures = fixtures.value;
      changed();
    });

    const speed = el('div', 'segmented');
    speed.setAttribute('role', 'radiogroup');
    speed.setAttribute('aria-label', 'Speed of virtual time');
    for (const [v, l] of [[0, 'Instant'], [1, '×1'], [10, '×10'], [100, '×100']] as const) {
      const r = Object.assign(el('input'), { type: 'radio', name: 'deploy-speed', value: String(v), checked: s.speed === v });
      r.addEventListener('change', () => {
        s.speed = v;
        changed();
      });
      speed.append(el('label', undefined, r, el('span', undefined, l)));
    }

    const faults = el('fieldset', 'deploy-faults');
    faults.append(el('legend', undefined, 'Faults to inject'));
    for (const k of faultKinds) {
      let f = s.faults.find((x) => x.kind === k.kind);
      const box = Object.assign(el('input'), { type: 'checkbox', checked: f?.enabled ?? false });
      box.dataset.fault = k.kind;
      const opts = el('div', 'fault-options');
      opts.hidden = !f?.enabled;
      box.addEventListener('change', () => {
        if (!f) {
          f = { kind: k.kind, enabled: false };
          s.faults.push(f);
        }
        f.enabled = box.checked;
        opts.hidden = !box.checked;
        changed();
      });
      for (const o of k.options) {
        const i = Object.assign(el('input'), { type: o.type === 'bool' ? 'checkbox' : o.type, placeholder: o.placeholder ?? '' });
        i.dataset.option = o.name;
        const current = f?.[o.name];
        if (o.type === 'bool') i.checked = current === true;
        else i.value = current === undefined ? '' : String(current);
        i.addEventListener('input', () => {
          f ??= { kind: k.kind, enabled: box.checked };
          if (!s.faults.includes(f)) s.faults.push(f);
          f[o.name] = o.type === 'bool' ? i.checked : o.type === 'number' ? (i.value === '' ? undefined : Number(i.value)) : i.value;
          changed();
        });
        opts.append(el('label', 'field small', o.label, i));
      }
      faults.append(el('div', 'fault', el('label', 'fault-kind', box, k.label), opts));
    }

    form.replaceChildren(
      el('div', 'settings-row', name.row, seed.row),
      core,
      el('div', 'settings-row', scripts, el('span', 'field', 'Speed', speed)),
      fixtures,
      faults,
    );
  };
  render();
  return {
    element: form,
    get: () => structuredClone(s),
    set(next) {
      s = structuredClone(next);
      render();
    },
  };
}
