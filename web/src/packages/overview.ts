// The Overview sub-view: errors and warnings first, then what the manifest
// says, the requirements as resolved in the repository, classes and images.

import type { OpenedPackage, Problem, Requirement } from '../api/packages';
import { el } from '../dom';
import { registerSubView, type SubViewContext, where } from './subview';

/** A list of positioned problems; those with a file open it at the position when clicked. */
export function problemList(problems: Problem[], ctx: SubViewContext, label: string): HTMLElement {
  const list = el('ul', 'problems');
  list.setAttribute('aria-label', label);
  for (const p of problems) {
    const item = el('li', `problem problem-${p.severity}`);
    const severity = el('span', `severity severity-${p.severity}`, p.severity);
    const code = p.code ? el('span', 'problem-code', p.code) : undefined;
    const message = el('span', 'problem-message', p.message);
    if (p.file) {
      const link = el('button', 'problem-where', where(p));
      link.type = 'button';
      link.title = `Open ${p.file} at line ${p.line}, column ${p.col}`;
      link.addEventListener('click', () => ctx.openFile(p.file, p.line, p.col));
      item.append(severity, link, code ?? '', message);
    } else {
      item.append(severity, el('span', 'problem-where', where(p)), code ?? '', message);
    }
    list.append(item);
  }
  return list;
}

function fact(term: string, ...value: (Node | string)[]): HTMLElement[] {
  return [el('dt', undefined, term), el('dd', undefined, ...value)];
}

function requirementRow(r: Requirement): HTMLElement {
  const labels: Record<Requirement['status'], string> = {
    resolved: `resolved: ${r.version}`,
    platform: 'provided by the platform',
    missing: 'cannot be satisfied',
    unchecked: 'not checked',
  };
  const row = el('tr', `req req-${r.status}`);
  row.append(
    el('td', 'mono', r.name, r.implicit ? el('span', 'muted', ' (implicit)') : undefined),
    el('td', 'mono', r.spec ?? el('span', 'muted', 'null (0.x)')),
    el('td', undefined, el('span', `pill pill-${r.status}`, labels[r.status]), r.message ? el('div', 'req-message', r.message) : undefined),
  );
  return row;
}

registerSubView({
  id: 'overview',
  label: 'Overview',
  badge(pkg) {
    return pkg.errors.length > 0 ? { text: `${pkg.errors.length} error${pkg.errors.length === 1 ? '' : 's'}`, tone: 'error' } : undefined;
  },
  mount(panel, ctx) {
    panel.classList.add('overview');
    return {
      show(pkg: OpenedPackage) {
        const parts: HTMLElement[] = [];
        if (pkg.errors.length > 0) {
          parts.push(
            el('section', 'callout callout-error', el('h3', undefined, pkg.package ? 'Errors' : 'The package does not open'), problemList(pkg.errors, ctx, 'Errors')),
          );
        }
        if (pkg.warnings.length > 0) {
          const list = el('ul', 'warnings');
          for (const w of pkg.warnings) list.append(el('li', undefined, w));
          parts.push(el('section', 'callout callout-warning', el('h3', undefined, 'Warnings'), list));
        }
        const info = pkg.package;
        if (info) {
          if (info.description) parts.push(el('p', 'description', info.description));
          const facts = el('dl', 'facts');
          facts.append(
            ...fact('Full name', el('span', 'mono', info.fullName)),
            ...fact('Version', info.version),
            ...fact('Type', info.type),
            ...fact('Format', info.format),
            ...fact('Author', info.author || '—'),
            ...fact('Tags', ...(info.tags.length ? info.tags.map((t) => el('span', 'tag', t)) : ['—'])),
            ...fact('UI', info.ui ? `UI/ui.yaml${info.uiVersion ? ` (version ${info.uiVersion})` : ''}` : 'none'),
          );
          const supplier = pkg.details?.supplier;
          if (supplier) {
            const logo = pkg.details?.supplierLogo;
            const name = String(supplier.Name ?? '');
            const summary = String(supplier.Summary ?? supplier.Description ?? '');
            facts.append(
              ...fact(
                'Supplier',
                ...(logo ? [Object.assign(el('img', 'supplier-logo'), { src: logo, alt: '' })] : []),
                el('span', undefined, name || '—'),
                summary ? el('span', 'muted', ` · ${summary}`) : '',
              ),
            );
          }
          parts.push(facts);
        }
        const reqs = pkg.requirements;
        if (reqs) {
          const table = el('table', 'reqs');
          table.append(el('thead', undefined, el('tr', undefined, el('th', undefined, 'Package'), el('th', undefined, 'Version spec'), el('th', undefined, 'Status'))));
          const body = el('tbody');
          for (const r of reqs.packages) body.append(requirementRow(r));
          table.append(body);
          const head = el('h3', undefined, 'Requirements');
          const note = el(
            'p',
            'muted small',
            reqs.repository ? `Resolved in the repository ${reqs.repository}` : 'Not resolved: no repository.',
            reqs.closure.length ? ` · closure: ${reqs.closure.map((c) => `${c.fullName} ${c.version}`).join(', ')}` : '',
          );
          const section = el('section', 'block', head, note, table);
          if (reqs.error) section.append(el('p', 'req-error', reqs.error));
          parts.push(section);
        }
        if (info && Object.keys(info.classes).length > 0) {
          const list = el('ul', 'classes');
          for (const [name, file] of Object.entries(info.classes).sort()) {
            const item = el('li', 'mono', name);
            if (file) {
              const link = el('button', 'link', `Classes/${file}`);
              link.type = 'button';
              link.addEventListener('click', () => ctx.openFile(`Classes/${file}`));
              item.append(' → ', link);
            }
            list.append(item);
          }
          parts.push(el('section', 'block', el('h3', undefined, 'Classes'), list));
        }
        const images = pkg.details?.images ?? [];
        if (images.length > 0) {
          const list = el('ul', 'classes');
          for (const img of images) list.append(el('li', 'mono', `${img.name} (${img.diskFormat}/${img.containerFormat}) ← ${img.url}`));
          parts.push(el('section', 'block', el('h3', undefined, 'Images (images.lst)'), list));
        }
        if (pkg.imported && pkg.imported.length > 1) {
          parts.push(
            el('section', 'block', el('h3', undefined, 'Imported with it'), el('p', 'muted small', 'Dependencies first: ' + pkg.imported.map((p) => `${p.fullName} ${p.version}`).join(', '))),
          );
        }
        panel.replaceChildren(...parts);
      },
    };
  },
});
