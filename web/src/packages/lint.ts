// The Lint sub-view: what `muranopl lint` reports, one problem a line;
// clicking a position opens the file there. It registers the commands
// next problem (F8) and previous problem (Shift+F8), which open the files
// of the package's problems (its errors, then its lint findings, those
// with a file) one after the other, on the Files tab at their positions.

import type { OpenedPackage, Problem } from '../api/packages';
import { notify, registerCommand } from '../commands';
import { problemList } from './overview';
import { el } from '../dom';
import { registerSubView, where } from './subview';

registerSubView({
  id: 'lint',
  label: 'Lint',
  badge(pkg) {
    const errors = pkg.lint.filter((p) => p.severity === 'error').length;
    if (pkg.lint.length === 0) return { text: '0', tone: 'muted' };
    return { text: String(pkg.lint.length), tone: errors > 0 ? 'error' : 'warning' };
  },
  mount(panel, ctx) {
    panel.classList.add('lint');
    let opened: OpenedPackage | undefined;
    let at = -1;
    const located = (): Problem[] => (opened ? [...opened.errors, ...opened.lint].filter((p) => p.file && p.line > 0) : []);
    const step = (by: number) => {
      const problems = located();
      at = at < 0 || at >= problems.length ? (by > 0 ? 0 : problems.length - 1) : (at + by + problems.length) % problems.length;
      const p = problems[at];
      ctx.openFile(p.file, p.line, p.col);
      notify(`Problem ${at + 1} of ${problems.length}: ${where(p)} ${p.code ? p.code + ' ' : ''}${p.message}`);
    };
    const when = () => document.body.dataset.view === 'packages' && !panel.closest('[hidden]:not(.subpanel)') && located().length > 0;
    registerCommand({ id: 'next-problem', label: 'Open the next problem of the package', when, run: () => step(1) });
    registerCommand({ id: 'previous-problem', label: 'Open the previous problem of the package', when, run: () => step(-1) });
    return {
      show(pkg) {
        if (pkg.handle !== opened?.handle) at = -1;
        opened = pkg;
        const errors = pkg.lint.filter((p) => p.severity === 'error').length;
        const warnings = pkg.lint.length - errors;
        const summary = el(
          'p',
          'lint-summary',
          pkg.lint.length === 0
            ? 'No problems found.'
            : `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'} — the checks of murano-pkg-check (its codes) and of this engine (L codes).`,
        );
        const note = el('p', 'muted small', 'Classes of the core library io.murano are not available in the browser and are left unchecked.');
        panel.replaceChildren(summary, ...(pkg.lint.length ? [problemList(pkg.lint, ctx, 'Lint problems')] : []), note);
      },
    };
  },
});
