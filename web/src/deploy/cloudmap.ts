// The simulated cloud as a picture (SVG): the networks as vertical bars
// (the external one first, then those the servers are on), the router
// linked to the shown networks it has interfaces on, and one row per server,
// linked to the network of each of its ports, with its fixed and floating
// addresses, its volumes and security groups. Rows stack downwards, so a
// large environment scrolls instead of shrinking. Every element carries
// its kind and id; clicking one shows its details.

import type { CloudState } from '../api/deploy';

type Obj = Record<string, unknown>;

export interface Selected {
  kind: 'network' | 'subnet' | 'router' | 'server' | 'port' | 'floatingip' | 'volume' | 'securitygroup';
  id: string;
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v);
}

/** s cut to n characters, with an ellipsis. */
function fit(s: string, n: number): string {
  return s.length > n ? s.slice(0, n - 1) + '…' : s;
}

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function ipsOf(port: Obj): string[] {
  return ((port['fixed_ips'] as Obj[] | undefined) ?? []).map((f) => str(f['ip_address']));
}

/** What a security group lets in: "icmp, tcp 22, tcp 8000-8080". */
function rulesOf(props: Obj | undefined): string {
  return ((props?.['rules'] as Obj[] | undefined) ?? []).map((rule) => {
    const [lo, hi] = [rule['port_range_min'], rule['port_range_max']];
    const ports = lo === undefined || lo === null ? '' : hi !== undefined && hi !== null && hi !== lo ? ` ${str(lo)}-${str(hi)}` : ` ${str(lo)}`;
    return `${str(rule['protocol']) || 'any'}${ports}`;
  }).join(', ');
}

/** The security groups of the stacks (Heat resources), by physical id: their name, else what they let in. */
function securityGroups(state: CloudState): Map<string, string> {
  const out = new Map<string, string>();
  for (const st of state.stacks ?? []) {
    for (const r of st.resources ?? []) {
      if (r.type.endsWith('SecurityGroup')) out.set(r.id, str(r.props?.['name']) || rulesOf(r.props) || r.name);
    }
  }
  return out;
}

function group<T>(items: T[], key: (t: T) => string[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const it of items) {
    for (const k of key(it)) {
      if (!out.has(k)) out.set(k, []);
      out.get(k)!.push(it);
    }
  }
  return out;
}

/**
 * Draws the cloud as one SVG document, built as text in a single pass
 * (a picture of a hundred servers stays quick to redraw as it grows);
 * onSelect hears a click, or Enter, on an element.
 */
export function drawCloud(state: CloudState, selected: Selected | undefined, onSelect: (s: Selected) => void,
  view: { top: number; height: number } = { top: 0, height: Infinity }): SVGSVGElement {
  const networks = state.networks ?? [];
  const subnets = state.subnets ?? [];
  const ports = state.ports ?? [];
  const servers = state.servers ?? [];
  const routers = state.routers ?? [];
  const fips = state.floatingips ?? [];
  const volumes = state.volumes ?? [];
  const groups = securityGroups(state);
  const serverIds = new Set(servers.map((s) => s.id));
  const serverPorts = new Set(servers.flatMap((s) => s.ports ?? []));
  const portsOf = group(ports, (p) => [str(p['device_id'])]);
  const subnetsOf = group(subnets, (sn) => [str(sn['network_id'])]);
  const fipOf = group(fips, (f) => [str(f['port_id'])]);
  const volumesOf = group(volumes, (v) => ((v['attachments'] as Obj[] | undefined) ?? []).map((a) => str(a['server_id'])));
  const portById = new Map(ports.map((p) => [str(p['id']), p]));

  const used = new Set<string>();
  for (const p of ports) if (serverIds.has(str(p['device_id'])) || serverPorts.has(str(p['id']))) used.add(str(p['network_id']));
  for (const r of routers) {
    const gw = r['external_gateway_info'] as Obj | undefined;
    if (gw) used.add(str(gw['network_id']));
  }
  const shown = networks.filter((n) => n['router:external'] === true || used.has(str(n['id'])));
  shown.sort((a, b) => Number(b['router:external'] === true) - Number(a['router:external'] === true));
  const others = networks.length - shown.length;

  const barGap = 96;
  const left = 24;
  const barX = new Map<string, number>();
  shown.forEach((n, i) => barX.set(str(n['id']), left + 40 + i * barGap));
  const serverX = left + 40 + shown.length * barGap + 20;
  const rowH = 78;
  const boxW = 236;
  const top = 84;
  const height = top + (routers.length + servers.length) * rowH + 40;
  const volumesAtMost = Math.max(0, ...servers.map((srv) => volumesOf.get(srv.id)?.length ?? 0));
  const width = serverX + boxW + 12 + volumesAtMost * 70 + 16;
  const out: string[] = [`<title>The simulated cloud</title>`];
  const label = (t: string) => (t.length > 14 ? t.slice(0, 13) + '…' : t);
  const pick = (kind: Selected['kind'], id: string, aria: string, cls: string, body: string) => {
    const on = selected && selected.kind === kind && selected.id === id ? ' selected' : '';
    out.push(`<g class="${cls} pick${on}" data-kind="${kind}" data-id="${esc(id)}" tabindex="0" role="button" aria-label="${esc(aria)}">${body}</g>`);
  };
  const text = (x: number, y: number, t: string, cls = '', anchor = '') =>
    `<text x="${x}" y="${y}"${cls ? ` class="${cls}"` : ''}${anchor ? ` text-anchor="${anchor}"` : ''}>${esc(t)}</text>`;

  for (const n of shown) {
    const id = str(n['id']);
    const x = barX.get(id)!;
    const cidrs = (subnetsOf.get(id) ?? []).map((sn) => str(sn['cidr']) || '(no CIDR)');
    pick('network', id, `network ${str(n['name']) || id} ${cidrs.join(', ')}`, n['router:external'] === true ? 'net net-external' : 'net',
      `<rect x="${x - 5}" y="28" width="10" height="${height - 48}" rx="5"/>` + text(x - 5, 14, label(str(n['name']) || id), 'net-name') + text(x - 5, 25, label(cidrs.join(', ')), 'net-cidr'));
  }
  if (others > 0) out.push(text(left, height - 12, `${others} more network${others === 1 ? '' : 's'} of the catalogue, unused`, 'muted-text'));

  // Only the rows in view (and a screen around them) are drawn: the
  // picture of a large environment stays as quick as a small one's.
  const inView = (y: number) => y + rowH >= view.top - 400 && y <= view.top + view.height + 400;
  routers.forEach((r, i) => {
    const y = top + i * rowH;
    if (!inView(y)) return;
    const id = str(r['id']);
    for (const p of portsOf.get(id) ?? []) {
      const x = barX.get(str(p['network_id']));
      if (x === undefined) continue;
      out.push(`<line x1="${x}" y1="${y + 22}" x2="${serverX}" y2="${y + 22}" class="link link-router"/>`, text(x + 8, y + 18, ipsOf(p).join(', '), 'link-label'));
    }
    pick('router', id, `router ${str(r['name'])}`, 'router',
      `<rect x="${serverX}" y="${y}" width="200" height="44" rx="22"/>` + text(serverX + 100, y + 27, str(r['name']) || 'router', '', 'middle'));
  });

  servers.forEach((srv, i) => {
    const y = top + (routers.length + i) * rowH;
    if (!inView(y)) return;
    const own = [...new Set([...(portsOf.get(srv.id) ?? []), ...(srv.ports ?? []).map((id) => portById.get(id)).filter((p): p is Obj => !!p)])];
    own.forEach((p, k) => {
      const x = barX.get(str(p['network_id']));
      if (x === undefined) return;
      const py = y + 14 + k * 12;
      pick('port', str(p['id']), `port ${ipsOf(p).join(', ')} of ${srv.name}`, 'port',
        `<line x1="${x}" y1="${py}" x2="${serverX}" y2="${py}" class="link"/><circle cx="${x}" cy="${py}" r="4"/>` + text(x + 8, py - 3, ipsOf(p).join(', '), 'link-label'));
    });
    const floating = own.flatMap((p) => (fipOf.get(str(p['id'])) ?? []).map((f) => str(f['floating_ip_address'])));
    const sg = [...new Set(own.flatMap((p) => ((p['security_groups'] as string[] | undefined) ?? []).map((id) => groups.get(id) ?? id)))];
    pick('server', srv.id, `server ${srv.name}, ${srv.status}${floating.length ? `, floating ${floating.join(', ')}` : ''}`, `server server-${srv.status.toLowerCase()}`,
      `<rect x="${serverX}" y="${y}" width="${boxW}" height="60" rx="8"/>` + text(serverX + 12, y + 20, srv.name, 'server-name') +
      text(serverX + 12, y + 36, `${srv.image || 'volume-booted'} · flavor ${srv.flavor} · ${srv.status}`, 'server-detail') +
      text(serverX + 12, y + 51, fit([floating.length ? `floating ${floating.join(', ')}` : '', sg.length ? `open ${sg.join('; ')}` : ''].filter(Boolean).join(' · '), 32), 'server-detail'));
    (volumesOf.get(srv.id) ?? []).forEach((v, k) => {
      const vx = serverX + boxW + 12 + k * 70;
      pick('volume', str(v['id']), `volume ${str(v['name'])} ${str(v['size'])} GB`, 'volume',
        `<rect x="${vx}" y="${y + 8}" width="60" height="44" rx="10"/>` + text(vx + 30, y + 28, `${str(v['size'])} GB`, '', 'middle') + text(vx + 30, y + 42, str(v['name']).slice(0, 9), 'server-detail', 'middle'));
    });
  });

  const holder = document.createElement('div');
  holder.innerHTML = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" class="cloudmap">${out.join('')}</svg>`;
  const svg = holder.firstElementChild as SVGSVGElement;
  const choose = (target: EventTarget | null) => {
    const g = (target as Element | null)?.closest?.('.pick');
    if (g) onSelect({ kind: g.getAttribute('data-kind') as Selected['kind'], id: g.getAttribute('data-id')! });
  };
  svg.addEventListener('click', (e) => choose(e.target));
  svg.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      choose(e.target);
    }
  });
  return svg;
}

/** The details of a selected element: the object as the cloud has it and the Heat resource it came from. */
export function details(state: CloudState, s: Selected): { title: string; object: unknown; resource?: { stack: string; name: string; type: string; status: string } } {
  const lists: Record<Selected['kind'], Obj[]> = {
    network: state.networks, subnet: state.subnets, router: state.routers, server: state.servers as unknown as Obj[],
    port: state.ports, floatingip: state.floatingips, volume: state.volumes, securitygroup: [],
  };
  const object = (lists[s.kind] ?? []).find((o) => str(o['id']) === s.id);
  let resource: { stack: string; name: string; type: string; status: string } | undefined;
  for (const st of state.stacks ?? []) {
    for (const r of st.resources ?? []) {
      if (r.id === s.id) resource = { stack: st.name, name: r.name, type: r.type, status: r.status };
    }
  }
  const name = object ? str(object['name']) || str(object['floating_ip_address']) || s.id : s.id;
  return { title: `${s.kind} ${name}`, object, resource };
}
