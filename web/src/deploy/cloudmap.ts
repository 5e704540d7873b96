// The simulated cloud as a picture (SVG): the networks as vertical bars
// (the external one first, then those the servers are on), the router
// linked to the shown networks it has interfaces on, and one row per server,
// linked to the network of each of its ports, with its fixed and floating
// addresses, its volumes and security groups. Rows stack downwards, so a
// large environment scrolls instead of shrinking. Every element carries
// its kind and id; clicking one shows its details.

import type { CloudState } from '../api/deploy';

const svgNS = 'http://www.w3.org/2000/svg';

type Obj = Record<string, unknown>;

export interface Selected {
  kind: 'network' | 'subnet' | 'router' | 'server' | 'port' | 'floatingip' | 'volume' | 'securitygroup';
  id: string;
}

function node<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, ...children: (SVGElement | string)[]): SVGElementTagNameMap[K] {
  const n = document.createElementNS(svgNS, tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
  for (const c of children) n.append(c);
  return n;
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v);
}

function ipsOf(port: Obj): string[] {
  return ((port['fixed_ips'] as Obj[] | undefined) ?? []).map((f) => str(f['ip_address']));
}

/** The security groups of the stacks (Heat resources), by physical id. */
function securityGroups(state: CloudState): Map<string, string> {
  const out = new Map<string, string>();
  for (const st of state.stacks ?? []) {
    for (const r of st.resources ?? []) {
      if (r.type.endsWith('SecurityGroup')) out.set(r.id, str(r.props?.['name']) || r.name);
    }
  }
  return out;
}

/** Draws the cloud; onSelect hears a click on an element. */
export function drawCloud(state: CloudState, selected: Selected | undefined, onSelect: (s: Selected) => void): SVGSVGElement {
  const networks = state.networks ?? [];
  const subnets = state.subnets ?? [];
  const ports = state.ports ?? [];
  const servers = state.servers ?? [];
  const routers = state.routers ?? [];
  const fips = state.floatingips ?? [];
  const volumes = state.volumes ?? [];
  const groups = securityGroups(state);

  const used = new Set<string>();
  for (const p of ports) if (str(p['device_owner']).startsWith('compute:') || servers.some((s) => s.id === str(p['device_id']) || s.ports?.includes(str(p['id'])))) used.add(str(p['network_id']));
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
  const top = 84;
  const routerRows = routers.length;
  const height = top + (routerRows + servers.length) * rowH + 40;
  const width = serverX + 420;
  const svg = node('svg', { viewBox: `0 0 ${width} ${height}`, width, height, role: 'img', class: 'cloudmap' });
  svg.append(node('title', {}, 'The simulated cloud'));

  const pick = (g: SVGElement, s: Selected, label: string) => {
    g.setAttribute('data-kind', s.kind);
    g.setAttribute('data-id', s.id);
    g.setAttribute('tabindex', '0');
    g.setAttribute('role', 'button');
    g.setAttribute('aria-label', label);
    g.classList.add('pick');
    if (selected && selected.kind === s.kind && selected.id === s.id) g.classList.add('selected');
    g.addEventListener('click', () => onSelect(s));
    g.addEventListener('keydown', (e) => {
      if ((e as KeyboardEvent).key === 'Enter' || (e as KeyboardEvent).key === ' ') {
        e.preventDefault();
        onSelect(s);
      }
    });
  };

  // Network bars, with their subnets' CIDRs.
  for (const n of shown) {
    const id = str(n['id']);
    const x = barX.get(id)!;
    const external = n['router:external'] === true;
    const g = node('g', { class: external ? 'net net-external' : 'net' });
    g.append(node('rect', { x: x - 5, y: 28, width: 10, height: height - 48, rx: 5 }));
    const cidrs = subnets.filter((s) => str(s['network_id']) === id).map((s) => str(s['cidr']) || '(no CIDR)');
    const label = (t: string) => (t.length > 14 ? t.slice(0, 13) + '…' : t);
    g.append(node('text', { x: x - 5, y: 14, class: 'net-name' }, label(str(n['name']) || id)));
    g.append(node('text', { x: x - 5, y: 25, class: 'net-cidr' }, label(cidrs.join(', '))));
    pick(g, { kind: 'network', id }, `network ${str(n['name']) || id} ${cidrs.join(', ')}`);
    svg.append(g);
  }
  if (others > 0) {
    svg.append(node('text', { x: left, y: height - 12, class: 'muted-text' }, `${others} more network${others === 1 ? '' : 's'} of the catalogue, unused`));
  }

  const link = (x1: number, x2: number, y: number, label: string, cls = 'link') => {
    svg.append(node('line', { x1, y1: y, x2, y2: y, class: cls }));
    if (label) svg.append(node('text', { x: x1 + 8, y: y - 4, class: 'link-label' }, label));
  };

  // Routers, one row each.
  routers.forEach((r, i) => {
    const y = top + i * rowH;
    const id = str(r['id']);
    const connected = ports.filter((p) => str(p['device_id']) === id);
    for (const p of connected) {
      const x = barX.get(str(p['network_id']));
      if (x !== undefined) link(x, serverX, y + 22, ipsOf(p).join(', '), 'link link-router');
    }
    const g = node('g', { class: 'router' });
    g.append(node('rect', { x: serverX, y, width: 200, height: 44, rx: 22 }));
    g.append(node('text', { x: serverX + 100, y: y + 27, 'text-anchor': 'middle' }, str(r['name']) || 'router'));
    pick(g, { kind: 'router', id }, `router ${str(r['name'])}`);
    svg.append(g);
  });

  // Servers, one row each, linked to their ports' networks.
  servers.forEach((srv, i) => {
    const y = top + (routerRows + i) * rowH;
    const own = ports.filter((p) => str(p['device_id']) === srv.id || srv.ports?.includes(str(p['id'])));
    own.forEach((p, k) => {
      const x = barX.get(str(p['network_id']));
      if (x === undefined) return;
      const py = y + 14 + k * 12;
      const g = node('g', { class: 'port' });
      g.append(node('line', { x1: x, y1: py, x2: serverX, y2: py, class: 'link' }));
      g.append(node('circle', { cx: x, cy: py, r: 4 }));
      g.append(node('text', { x: x + 8, y: py - 3, class: 'link-label' }, ipsOf(p).join(', ')));
      pick(g, { kind: 'port', id: str(p['id']) }, `port ${ipsOf(p).join(', ')} of ${srv.name}`);
      svg.append(g);
    });
    const floating = fips.filter((f) => own.some((p) => str(p['id']) === str(f['port_id']))).map((f) => str(f['floating_ip_address']));
    const g = node('g', { class: `server server-${srv.status.toLowerCase()}` });
    g.append(node('rect', { x: serverX, y, width: 260, height: 60, rx: 8 }));
    g.append(node('text', { x: serverX + 12, y: y + 20, class: 'server-name' }, srv.name));
    g.append(node('text', { x: serverX + 12, y: y + 36, class: 'server-detail' }, `${srv.image || 'volume-booted'} · flavor ${srv.flavor} · ${srv.status}`));
    const sg = own.flatMap((p) => ((p['security_groups'] as string[] | undefined) ?? []).map((id) => groups.get(id) ?? id));
    g.append(node('text', { x: serverX + 12, y: y + 51, class: 'server-detail' }, [floating.length ? `floating ${floating.join(', ')}` : '', sg.length ? `groups ${[...new Set(sg)].join(', ')}` : ''].filter(Boolean).join(' · ')));
    pick(g, { kind: 'server', id: srv.id }, `server ${srv.name}, ${srv.status}${floating.length ? `, floating ${floating.join(', ')}` : ''}`);
    svg.append(g);
    volumes
      .filter((v) => ((v['attachments'] as Obj[] | undefined) ?? []).some((a) => str(a['server_id']) === srv.id))
      .forEach((v, k) => {
        const vx = serverX + 272 + k * 70;
        const vg = node('g', { class: 'volume' });
        vg.append(node('rect', { x: vx, y: y + 8, width: 60, height: 44, rx: 10 }));
        vg.append(node('text', { x: vx + 30, y: y + 28, 'text-anchor': 'middle' }, `${str(v['size'])} GB`));
        vg.append(node('text', { x: vx + 30, y: y + 42, 'text-anchor': 'middle', class: 'server-detail' }, str(v['name']).slice(0, 9)));
        pick(vg, { kind: 'volume', id: str(v['id']) }, `volume ${str(v['name'])} ${str(v['size'])} GB`);
        svg.append(vg);
      });
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
