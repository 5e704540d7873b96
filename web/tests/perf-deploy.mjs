// Measures the Deploy view in headless Chromium (a measurement, not a
// test): the main thread's long tasks (PerformanceObserver 'longtask')
// while a deployment streams events into the page, for
//   - fixtures/deploy/chatty: one application whose deployment reports
//     5,000 times, as fast as the engine goes (the events per second are
//     printed), with the Log tab shown;
//   - engine/testdata/bench: 100 applications with a server each, with the
//     Cloud tab shown (the picture redrawn as the cloud grows), then the
//     time to draw the final picture of 100 servers.
// Usage: PLAYGROUND_URL=http://127.0.0.1:8080/ node web/tests/perf-deploy.mjs
// (without PLAYGROUND_URL it starts `go run ./scripts serve` itself).

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchBrowser, openPlayground, startServer } from './harness.mjs';

function zip(dir) {
  const script = `
import base64, io, os, sys, zipfile
buf = io.BytesIO()
with zipfile.ZipFile(buf, 'w') as z:
    for d, _, files in sorted(os.walk(sys.argv[1])):
        for f in sorted(files):
            z.write(os.path.join(d, f), os.path.relpath(os.path.join(d, f), sys.argv[1]))
print(base64.b64encode(buf.getvalue()).decode())`;
  return execFileSync('python3', ['-c', script, dir]).toString().trim();
}

const here = (p) => fileURLToPath(new URL(p, import.meta.url));

const workloads = [
  {
    name: 'chatty (5,000 reports)',
    tab: 'log',
    packages: { 'org.playground.perf.Chatty': zip(here('./fixtures/deploy/chatty')) },
    apps: [{ '?': { type: 'org.playground.perf.Chatty', id: 'c4a77e00-0000-4000-8000-000000000001', name: 'chatty' }, reports: 5000 }],
  },
  {
    name: '100 applications, a server each',
    tab: 'cloud',
    packages: { 'org.playground.bench.Node': zip(here('../../engine/testdata/bench/packages/node')) },
    apps: JSON.parse(readFileSync(here('../../engine/testdata/bench/env-100.json'), 'utf8')).Objects.applications,
  },
];

const server = await startServer();
const browser = await launchBrowser();
try {
  for (const w of workloads) {
    const { page, context } = await openPlayground(browser, server.url + '#deploy', { width: 1400, height: 900 });
    await page.evaluate(async ({ apps, packages }) => {
      const db = await new Promise((resolve, reject) => {
        const r = indexedDB.open('murano-playground', 1);
        r.onupgradeneeded = () => r.result.createObjectStore('kv');
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
      await new Promise((resolve, reject) => {
        const t = db.transaction('kv', 'readwrite');
        t.objectStore('kv').put({ apps, packages, created: apps.length }, 'environment');
        t.oncomplete = resolve;
        t.onerror = () => reject(t.error);
      });
    }, w);
    await page.reload();
    await page.waitForSelector('body[data-engine="ready"]', { timeout: 60_000 });
    await page.waitForSelector('.deploy-app');
    await page.click(`#deploy-tab-${w.tab}`);
    await page.evaluate(() => {
      window.longTasks = [];
      new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: 'longtask' });
    });
    const start = Date.now();
    await page.click('#deploy-run');
    await page.waitForSelector('#deploy-status[data-state="running"]');
    await page.waitForSelector('#deploy-status:not([data-state="running"])', { timeout: 600_000 });
    const secs = (Date.now() - start) / 1000;
    const status = await page.textContent('#deploy-status');
    const events = Number(status.match(/\((\d+) events\)/)?.[1] ?? 0);
    const tasks = await page.evaluate(() => window.longTasks);
    console.log(`${w.name}: ${status}; ${secs.toFixed(1)} s, ${(events / secs).toFixed(0)} events/s; long tasks: ${tasks.length}, longest ${Math.max(0, ...tasks).toFixed(0)} ms`);
    if (w.tab === 'cloud') {
      const draw = await page.evaluate(async () => {
        const t0 = performance.now();
        document.querySelector('#deploy-tab-log').click();
        document.querySelector('#deploy-tab-cloud').click();
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        return { ms: performance.now() - t0, servers: document.querySelectorAll('.cloudmap .server').length };
      });
      console.log(`  the picture (the ${draw.servers} servers in view of 100) redrawn in ${draw.ms.toFixed(0)} ms`);
      await page.screenshot({ path: '/tmp/deploy-100.png' });
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
