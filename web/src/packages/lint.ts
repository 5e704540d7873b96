// The Lint sub-view: what `muranopl lint` reports, one problem a line;
// clicking a position opens the file there.

import { problemList } from './overview';
import { el } from '../dom';
import { registerSubView } from './subview';

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
    return {
      show(pkg) {
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
