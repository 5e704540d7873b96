// Measures the authoring workspace in headless Chromium (a measurement, not
// a test): for built-in examples opened in Edit mode, the time from a
// keystroke in UI/ui.yaml (a field's label) to the Forms preview showing
// the new label — the pause before the package is opened again, its
// opening in the engine, the wizard started over with the values typed,
// and the DOM — and for the Example Blog, from a keystroke in its class to
// the Schema forms preview showing a new title. Prints the median and the
// worst of ROUNDS keystrokes each, and the median time of each kind of
// call to the engine meanwhile.
// Usage: PLAYGROUND_URL=http://127.0.0.1:8080/ node web/tests/perf-edit.mjs [ROUNDS]
// (without PLAYGROUND_URL it starts `go run ./scripts serve` itself).

import { launchBrowser, openPlayground, startServer } from './harness.mjs';

const rounds = Number(process.argv[2] ?? 15);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const cases = [
  { example: 'org.playground.examples.WebServer', tab: 'forms', file: 'UI/ui.yaml', find: 'label: Domain name', label: '#pkg-panel-forms .form-label' },
  { example: 'org.playground.examples.Database', tab: 'forms', file: 'UI/ui.yaml', find: 'label: Databases', label: '#pkg-panel-forms .form-label' },
  { example: 'org.playground.examples.CacheCluster', tab: 'forms', file: 'UI/ui.yaml', find: 'label: Number of nodes', label: '#pkg-panel-forms .form-label' },
  { example: 'org.playground.examples.Blog', tab: 'schema', file: 'Classes/Blog.yaml', find: 'text: Site name', label: '#pkg-panel-schema .form-label' },
];

const server = await startServer();
const browser = await launchBrowser();
try {
  for (const c of cases) {
    const { page, external } = await openPlayground(browser, `${server.url}#packages/${c.example}/${c.tab}`, { width: 1400, height: 900 });
    await page.waitForSelector(`${c.label}:visible`, { timeout: 60_000 });
    await page.click('#pkg-edit');
    await page.click(`#pkg-panel-files .tree-file[data-path="${c.file}"]`);
    await page.click('#pkg-viewer .cm-content');
    await page.keyboard.press('Control+f');
    await page.keyboard.type(c.find);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.keyboard.press('End');
    await page.evaluate(() => performance.clearMeasures());
    const times = [];
    let typed = '';
    for (let i = 0; i < rounds; i++) {
      const key = 'abcdefghijklmnopqrstuvwxyz'[i % 26];
      typed += key;
      // From the last key going down to the first frame where a label ends with what was typed.
      await page.evaluate(([sel, suffix]) => {
        window.editMeasure = new Promise((resolve) => {
          let t0 = performance.now();
          const down = () => (t0 = performance.now());
          document.addEventListener('keydown', down, { capture: true });
          const observer = new MutationObserver(() => {
            if ([...document.querySelectorAll(sel)].some((l) => l.firstChild?.textContent?.endsWith(suffix))) {
              observer.disconnect();
              document.removeEventListener('keydown', down, { capture: true });
              requestAnimationFrame(() => resolve(performance.now() - t0));
            }
          });
          observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        });
      }, [c.label, typed]);
      await page.keyboard.type(key);
      times.push(await page.evaluate(() => window.editMeasure));
      await page.waitForTimeout(150);
    }
    console.log(`${c.example.split('.').pop()} (${c.file} → ${c.tab}): median ${median(times).toFixed(0)} ms, worst ${Math.max(...times).toFixed(0)} ms, n=${times.length}`);
    // Where the time goes: the engine's calls (engine.ts measures each), by method.
    const calls = await page.evaluate(() => performance.getEntriesByType('measure').filter((m) => m.name.startsWith('engine ')).map((m) => [m.name.slice(7), m.duration]));
    const byMethod = new Map();
    for (const [method, ms] of calls) byMethod.set(method, [...(byMethod.get(method) ?? []), ms]);
    console.log('  engine calls: ' + [...byMethod].map(([m, xs]) => `${m} ×${xs.length} median ${median(xs).toFixed(0)} ms`).join(', '));
    if (external.length) throw new Error(`requests left 127.0.0.1: ${external.join(' ')}`);
    await page.context().close();
  }
} finally {
  await browser.close();
  await server.close();
}
