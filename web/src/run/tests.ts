// The Tests sub-view of the Packages view: the package's MuranoPL tests
// as murano's test runner finds them (the test* methods of its classes
// that extend io.murano.test.TestFixture), run all, by class or one at a
// time in the engine's worker, as `muranopl test` runs them. Results come
// as each test finishes; a failure shows its exception and MuranoPL
// stack trace, whose positions open the files. Stop ends a run at once.

import './run.css';
import { listTests, runTests, type Exception, type TestRef, type TestResult } from '../api/run';
import { isShown, registerCommand } from '../commands';
import type { OpenedPackage } from '../api/packages';
import { StoppedError } from '../engine';
import { button, duration, el } from '../dom';
import { registerSubView } from '../packages/subview';
import { exceptionView } from './stack';
import { type PackageSession, sessionOf } from './session';
import { whenShown } from './shown';

type TestState = 'idle' | 'queued' | 'running' | 'passed' | 'failed' | 'skipped';

const marks: Record<TestState, string> = { idle: '○', queued: '·', running: '◌', passed: '✓', failed: '✗', skipped: '–' };
const labels: Record<TestState, string> = { idle: 'not run', queued: 'waiting', running: 'running', passed: 'passed', failed: 'failed', skipped: 'not run' };

registerSubView({
  id: 'tests',
  lazy: true,
  label: 'Tests',
  mount(panel, ctx) {
    panel.classList.add('run-view', 'tests-view');
    const runAll = button('Run all tests', 'button button-primary');
    runAll.id = 'tests-run-all';
    const stop = button('Stop', 'button button-stop');
    stop.id = 'tests-stop';
    stop.title = 'End the run at once (the engine restarts)';
    stop.disabled = true;
    const status = el('span', 'status');
    status.id = 'tests-status';
    status.setAttribute('role', 'status');
    const notice = el('div', 'run-notice');
    notice.id = 'tests-notice';
    const list = el('ul', 'tests-list');
    list.id = 'tests-list';
    list.setAttribute('aria-label', 'Tests');
    panel.append(el('div', 'run-toolbar', el('h3', undefined, 'Tests'), runAll, stop, status), notice, list);

    let session: PackageSession | undefined;
    let tests: TestRef[] = [];
    const rows = new Map<string, { item: HTMLElement; detail: HTMLElement }>();
    let running = false;
    let loading = 0;

    const key = (t: TestRef): string => `${t.class}.${t.method}`;

    function setStatus(state: 'idle' | 'running' | 'done' | 'error' | 'stopped', text: string): void {
      status.dataset.state = state;
      status.textContent = text;
    }
    setStatus('idle', '');

    function setState(t: TestRef, state: TestState, error?: Exception | null): void {
      const row = rows.get(key(t));
      if (!row) return;
      row.item.dataset.state = state;
      const mark = row.item.querySelector('.test-mark')!;
      mark.textContent = marks[state];
      mark.setAttribute('title', labels[state]);
      row.item.querySelector('.test-state')!.textContent = labels[state];
      row.detail.replaceChildren();
      if (error && session) {
        row.detail.append(el('p', 'run-error-title', el('strong', undefined, error.type), error.message ? `: ${error.message}` : ''), exceptionView(error, ctx, session));
      }
      row.detail.hidden = !error;
    }

    function render(): void {
      rows.clear();
      list.replaceChildren();
      const classes = [...new Set(tests.map((t) => t.class))];
      for (const cls of classes) {
        const runClass = button('Run class', 'button button-quiet', `Run the tests of ${cls}`);
        runClass.addEventListener('click', () => void run([cls]));
        const methods = el('ul', 'tests-methods');
        for (const t of tests.filter((x) => x.class === cls)) {
          const runOne = button('Run', 'button button-quiet', `Run ${t.method}`);
          runOne.addEventListener('click', () => void run([key(t)]));
          const detail = el('div', 'test-detail');
          detail.hidden = true;
          const item = el('li', 'test',
            el('div', 'test-row', el('span', 'test-mark', marks.idle), el('span', 'test-name mono', t.method), el('span', 'test-state muted small', labels.idle), runOne),
            detail);
          item.dataset.test = key(t);
          item.dataset.state = 'idle';
          methods.append(item);
          rows.set(key(t), { item, detail });
        }
        const item = el('li', 'tests-class', el('div', 'tests-class-head', el('span', 'mono', cls), runClass), methods);
        item.dataset.class = cls;
        list.append(item);
      }
      updateButtons();
    }

    function updateButtons(): void {
      runAll.disabled = running || tests.length === 0;
      stop.disabled = !running;
      for (const b of list.querySelectorAll<HTMLButtonElement>('button')) b.disabled = running;
    }

    function showError(heading: string, e: Exception): void {
      notice.replaceChildren(el('div', 'callout callout-error', el('p', 'error-title', heading), el('p', undefined, el('strong', undefined, e.type), e.message ? `: ${e.message}` : ''), session ? exceptionView(e, ctx, session) : ''));
    }

    async function load(pkg: OpenedPackage): Promise<void> {
      const mine = ++loading;
      tests = [];
      render();
      notice.replaceChildren();
      setStatus('idle', '');
      if (!pkg.package) {
        notice.replaceChildren(el('p', 'muted', 'The package does not open, so its tests cannot be found — see the Overview tab.'));
        return;
      }
      session = sessionOf(ctx.engine, pkg);
      setStatus('running', 'Finding the tests…');
      try {
        const refs = await session.refs();
        const found = await listTests(ctx.engine, { ...refs, package: session.name });
        if (mine !== loading) return;
        tests = found.tests;
        render();
        setStatus('idle', tests.length ? `${tests.length} test${tests.length === 1 ? '' : 's'}` : '');
        if (found.error) {
          if (found.error.message === 'No tests found for execution.') {
            notice.replaceChildren(el('p', 'muted', 'This package has no tests. A test class extends io.murano.test.TestFixture; its methods named test… are its tests, run between its setUp and tearDown, as murano’s test runner runs them.'));
          } else showError('The tests cannot be listed', found.error);
        }
      } catch (err) {
        if (mine !== loading) return;
        setStatus('error', '');
        notice.replaceChildren(el('div', 'callout callout-error', el('p', undefined, (err as Error).message)));
      }
    }

    /** Runs the selected tests (class names or Class.method; none: all). */
    async function run(selection: string[]): Promise<void> {
      if (running || !session) return;
      const chosen = tests.filter((t) => !selection.length || selection.includes(t.class) || selection.includes(key(t)));
      running = true;
      notice.replaceChildren();
      for (const t of chosen) setState(t, 'queued');
      const pending = [...chosen];
      const next = () => pending[0] && setState(pending[0], 'running');
      next();
      updateButtons();
      setStatus('running', `Running ${chosen.length} test${chosen.length === 1 ? '' : 's'}…`);
      const started = performance.now();
      let passed = 0;
      let failed = 0;
      const heard = (r: TestResult) => {
        const i = pending.findIndex((t) => key(t) === key(r));
        if (i >= 0) pending.splice(i, 1);
        setState(r, r.ok ? 'passed' : 'failed', r.error);
        if (r.ok) passed++;
        else failed++;
        setStatus('running', `${passed} passed, ${failed} failed · ${pending.length} to go…`);
        next();
      };
      try {
        const refs = await session.refs();
        const answer = await runTests(ctx.engine, { ...refs, package: session.name, tests: selection }, heard);
        if (!answer.ok) throw new Error(answer.error.message);
        for (const t of pending) setState(t, 'skipped');
        if (answer.error) showError('The run stopped before its end', answer.error);
        setStatus(answer.failed || answer.error ? 'error' : 'done', `${answer.passed} passed, ${answer.failed} failed · ${duration(performance.now() - started)}`);
      } catch (err) {
        for (const t of pending) setState(t, 'skipped');
        if (err instanceof StoppedError) {
          setStatus('stopped', `${passed} passed, ${failed} failed · stopped after ${duration(performance.now() - started)}`);
          // The restarted engine gets the package again, so that the traces still open their files.
          void session.current().catch(() => {});
        } else {
          setStatus('error', 'The tests could not run');
          notice.replaceChildren(el('div', 'callout callout-error', el('p', undefined, (err as Error).message)));
        }
      } finally {
        running = false;
        updateButtons();
      }
    }

    runAll.addEventListener('click', () => void run([]));
    registerCommand({ id: 'run', label: 'Run all the tests of the Tests tab', when: () => isShown(runAll) && !runAll.disabled, run: () => runAll.click() });
    stop.addEventListener('click', () => ctx.engine.stop());

    // A package's tests are listed when the tab is first shown.
    let shown = false;
    let current: OpenedPackage | undefined;
    whenShown(panel, () => {
      shown = true;
      if (current) void load(current);
    });
    /**
     * The package was opened again (its files were edited, or the engine
     * restarted): the tests are listed again, and when they are the same
     * the results shown stay. A run going on keeps its package.
     */
    async function refresh(pkg: OpenedPackage): Promise<void> {
      current = pkg;
      if (!shown || !pkg.package || running) return;
      const mine = ++loading;
      session = sessionOf(ctx.engine, pkg);
      try {
        const found = await listTests(ctx.engine, { ...(await session.refs()), package: session.name });
        if (mine !== loading || running) return;
        const same = found.tests.length === tests.length && found.tests.every((t, i) => key(t) === key(tests[i]));
        if (!same) {
          tests = found.tests;
          render();
          setStatus('idle', tests.length ? `${tests.length} test${tests.length === 1 ? '' : 's'}` : '');
        }
      } catch {
        // The tab shows the list it had; running the tests says what is wrong.
      }
    }

    return {
      show(pkg) {
        current = pkg;
        if (shown) void load(pkg);
      },
      update(pkg) {
        void refresh(pkg);
      },
    };
  },
});
