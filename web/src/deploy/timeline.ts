// The timeline of a run over virtual time (SVG): one lane each for the
// Heat calls (a mark per create, update or delete), the servers (from
// their creation to their agent's start) and the agents' plans (from sent
// to answered), with the waits in between as the gaps they are.

import type { Run } from './run';
import { cloudOf, planName, resultFailed } from './run';

const svgNS = 'http://www.w3.org/2000/svg';

function node<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, ...children: (SVGElement | string)[]): SVGElementTagNameMap[K] {
  const n = document.createElementNS(svgNS, tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
  for (const c of children) n.append(c);
  return n;
}

/** "12.5 s" / "2 min 5 s" for a span of virtual seconds. */
export function span(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds * 10) / 10} s`;
  const m = Math.floor(seconds / 60);
  return `${m} min ${Math.round(seconds - m * 60)} s`;
}

export function drawTimeline(run: Run, width = 900): SVGSVGElement {
  const t0 = run.first ?? 0;
  const t1 = Math.max(run.last ?? t0, t0 + 1);
  const lanes: { label: string; bars: { from: number; to: number; text: string; cls: string }[] }[] = [];
  lanes.push({
    label: 'Heat',
    bars: run.heat.map((h) => ({ from: h.time, to: h.time, text: `${h.op} ${h.stack}`, cls: h.error ? 'bar-error' : 'bar-heat' })),
  });
  const cloud = cloudOf(run);
  for (const srv of cloud?.servers ?? []) {
    if (srv.booted) lanes.push({ label: srv.name, bars: [{ from: Math.max(srv.booted - 60, t0), to: srv.booted, text: 'boot', cls: 'bar-boot' }] });
  }
  const queues = [...new Set(run.plans.map((p) => p.queue))];
  for (const q of queues) {
    const server = cloud?.servers?.find((s) => JSON.stringify(s.agent ?? '').includes(q));
    lanes.push({
      label: server ? `agent ${server.name}` : 'agent',
      bars: run.plans.filter((p) => p.queue === q).map((p) => ({
        from: p.sent,
        to: p.answered ?? t1,
        text: planName(p.plan),
        cls: p.result === undefined ? 'bar-waiting' : resultFailed(p.result) ? 'bar-error' : 'bar-plan',
      })),
    });
  }
  const labelW = 130;
  const laneH = 30;
  const height = 30 + lanes.length * laneH + 10;
  const x = (t: number) => labelW + ((t - t0) / (t1 - t0)) * (width - labelW - 20);
  const svg = node('svg', { viewBox: `0 0 ${width} ${height}`, width: '100%', class: 'timeline', role: 'img' });
  svg.append(node('title', {}, `The run over ${span(t1 - t0)} of virtual time`));
  for (let i = 0; i <= 4; i++) {
    const t = t0 + ((t1 - t0) * i) / 4;
    svg.append(node('line', { x1: x(t), y1: 18, x2: x(t), y2: height - 6, class: 'tick' }));
    svg.append(node('text', { x: x(t), y: 12, 'text-anchor': 'middle', class: 'tick-label' }, `+${span(t - t0)}`));
  }
  lanes.forEach((lane, i) => {
    const y = 26 + i * laneH;
    svg.append(node('text', { x: 4, y: y + 15, class: 'lane-label' }, lane.label.length > 18 ? lane.label.slice(0, 17) + '…' : lane.label));
    for (const b of lane.bars) {
      const w = Math.max(x(b.to) - x(b.from), 3);
      const r = node('rect', { x: x(b.from), y: y + 4, width: w, height: laneH - 10, rx: 3, class: b.cls });
      r.append(node('title', {}, `${b.text}: +${span(b.from - t0)}${b.to > b.from ? ` to +${span(b.to - t0)}` : ''}`));
      svg.append(r);
    }
  });
  return svg;
}
