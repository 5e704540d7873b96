// The texts an example's output shows, as the docs' build writes them
// (scripts/docs: prettyjson.go, examples.go), so that an example run
// again in the page reads as the build printed it: JSON on one line when
// it fits, else one item a line; a run's log, traces and result; a
// deploy's summary; lint problems; test results.

const width = 72;

type JNode = { scalar: string } | { object: boolean; keys: string[]; items: JNode[] };

/** Reads JSON text keeping the keys' order and the numbers' text. */
function parse(text: string): JNode {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\r\n'.includes(text[i])) i++;
  };
  const str = (): string => {
    const start = i;
    i++;
    while (text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.stringify(JSON.parse(text.slice(start, i)) as string);
  };
  const value = (): JNode => {
    ws();
    const c = text[i];
    if (c === '{' || c === '[') {
      const object = c === '{';
      const node = { object, keys: [] as string[], items: [] as JNode[] };
      i++;
      ws();
      if (text[i] === (object ? '}' : ']')) {
        i++;
        return node;
      }
      for (;;) {
        ws();
        if (object) {
          node.keys.push(str());
          ws();
          i++; // :
        }
        node.items.push(value());
        ws();
        if (text[i++] !== ',') break;
      }
      return node;
    }
    if (c === '"') return { scalar: str() };
    const start = i;
    while (i < text.length && !',]} \t\r\n'.includes(text[i])) i++;
    return { scalar: text.slice(start, i) };
  };
  return value();
}

function compact(n: JNode): string {
  if ('scalar' in n) return n.scalar;
  const [open, close] = n.object ? ['{', '}'] : ['[', ']'];
  return open + n.items.map((item, i) => (n.object ? `${n.keys[i]}: ` : '') + compact(item)).join(', ') + close;
}

function write(n: JNode, indent: number, room: number): string {
  const c = compact(n);
  if ('scalar' in n || c.length <= room || n.items.length === 0) return c;
  const [open, close] = n.object ? ['{', '}'] : ['[', ']'];
  const pad = '  '.repeat(indent + 1);
  const lines = n.items.map((item, i) => {
    let left = width - pad.length;
    let head = pad;
    if (n.object) {
      head += `${n.keys[i]}: `;
      left -= n.keys[i].length + 2;
    }
    const last = i === n.items.length - 1;
    if (!last) left--;
    return head + write(item, indent + 1, left) + (last ? '' : ',');
  });
  return `${open}\n${lines.join('\n')}\n${'  '.repeat(indent)}${close}`;
}

/** Reprints a JSON text as the docs show it. */
export function prettyJson(text: string): string {
  return write(parse(text), 0, width);
}

/** Prints a value (not text) as the docs show JSON: for values the engine already parsed. */
export function prettyValue(value: unknown): string {
  return prettyJson(JSON.stringify(value ?? null));
}

/** A run's output: its log records, traces and result (or exception). */
export function runText(answer: {
  result?: unknown;
  exception?: { type: string; message: string };
  traces: unknown[];
  log: { level: string; message: string }[];
}): string {
  const lines = answer.log.map((r) => `log ${r.level}: ${r.message}`);
  for (const t of answer.traces) lines.push(`trace: ${prettyValue(t)}`);
  if (answer.exception) lines.push(`exception ${answer.exception.type}: ${answer.exception.message}`);
  else lines.push(`result: ${prettyValue(answer.result)}`);
  return lines.join('\n');
}

interface DeployDoc {
  exception: { type: string; message: string } | null;
  reports: { level: string; text: string }[];
  stacks: { name: string; status: string; template: { resources?: Record<string, { type: string }> } }[];
  heat: { op: string; stack: string }[];
  agent: { plan: Record<string, unknown> }[];
}

/** A deploy's summary: how it ended, its log, Heat calls, stacks and agent plans. */
export function deployText(d: DeployDoc): string {
  const lines: string[] = [d.exception ? `exception ${d.exception.type}: ${d.exception.message}` : 'deployed'];
  if (d.reports.length) {
    lines.push('log:');
    for (const r of d.reports) lines.push(`  ${r.level}: ${r.text}`);
  }
  if (d.heat.length) {
    lines.push('heat:');
    for (const h of d.heat) lines.push(`  ${h.op} ${h.stack}`);
  }
  for (const s of d.stacks) {
    lines.push(`stack ${s.name} ${s.status}:`);
    const resources = s.template.resources ?? {};
    for (const name of Object.keys(resources).sort(byCodeUnits)) lines.push(`  ${resources[name].type} ${name}`);
  }
  if (d.agent.length) {
    lines.push('agent plans:');
    for (const a of d.agent) lines.push(`  ${String(a.plan['Name'] || a.plan['Action'] || '')}`);
  }
  return lines.join('\n');
}

/** Go's sort order of strings (bytes; the same as UTF-16 code units for the names used). */
function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Lint problems as `muranopl lint` prints them. */
export function lintText(problems: { file: string; line: number; col: number; severity?: string; code?: string; message: string }[]): string {
  if (!problems.length) return 'no problems';
  return problems.map((p) => `${p.file}:${p.line}:${p.col}: ${p.severity ?? 'error'}: ${p.code ? `${p.code} ` : ''}${p.message}`).join('\n');
}

/** Test results as `muranopl test` prints them. */
export function testText(report: {
  tests: { class: string; method: string; ok: boolean; error: { type: string; message: string } | null }[];
  passed: number;
  failed: number;
  error?: { type: string; message: string };
}): string {
  const lines = report.tests.map((t) => `${t.class}.${t.method} ... ${t.ok ? 'OK' : t.error ? `FAIL: ${t.error.type}: ${t.error.message}` : ''}`);
  if (report.error) lines.push(`error ${report.error.type}: ${report.error.message}`);
  lines.push(`${report.passed} passed, ${report.failed} failed`);
  return lines.join('\n');
}
