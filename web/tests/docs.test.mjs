// Browser tests of the docs (served under /docs/ by `go run ./scripts
// serve`): a page of 30 and more live examples hydrates as it scrolls
// without a long task, each example opens in the full playground with the
// same state, nothing leaves the origin, an edit runs the example again in
// the page's engine, the pages read without JavaScript, fit a 375 px
// screen and work offline after a first visit.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { editorText, openPlayground, playgroundSession } from './harness.mjs';

const session = playgroundSession();

/** The page of the docs with the most examples (the browser test's subject). */
const manyExamples = 'docs/yaql-queries.html';

const docs = (path) => new URL(path, session.server.url).href;

/** Records the main thread's long tasks from the start, and when the first example began to hydrate. */
async function watchLongTasks(context) {
  await context.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
}

async function openDocs(path, viewport, options = {}) {
  const playground = await openPlayground(session.browser, docs(path), viewport, { waitForEngine: false, ...options });
  await playground.page.waitForLoadState('load');
  return playground;
}

async function closeChecked(playground) {
  try {
    assert.deepEqual(playground.external, [], 'requests to hosts other than 127.0.0.1');
    assert.deepEqual(playground.errors, [], 'errors on the page');
  } finally {
    await playground.context.close();
  }
}

/** Scrolls through the page until every example has hydrated; returns their ids. */
async function hydrateAll(page) {
  const ids = await page.$$eval('muranopl-playground', (els) => els.map((e) => e.id));
  for (const id of ids) {
    await page.locator(`#${id}`).scrollIntoViewIfNeeded();
    await page.waitForSelector(`#${id}[data-hydrated]`, { timeout: 20_000 });
  }
  return ids;
}

/** Replaces the text of an example's file: the first click makes it an editor. */
async function editFile(page, id, file, text) {
  await page.click(`#${id} [data-file="${file}"] pre`);
  await page.waitForSelector(`#${id} [data-file="${file}"] .cm-editor.cm-focused`);
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(text);
}

test('a page of 30 examples hydrates as it scrolls, no task over 50 ms', async (t) => {
  const playground = await openDocs(manyExamples, { width: 1280, height: 800 }, { route: watchLongTasks });
  const { page } = playground;
  const count = await page.$$eval('muranopl-playground', (els) => els.length);
  assert.ok(count >= 30, `the page has ${count} examples`);
  const before = await page.$$eval('muranopl-playground[data-hydrated]', (els) => els.length);
  assert.ok(before < count, 'examples far below the viewport wait until they are scrolled to');
  const ids = await hydrateAll(page);
  const stats = await page.evaluate(() => {
    const marks = performance.getEntriesByName('mpl-hydrate');
    const first = marks.length ? marks[0].startTime : Infinity;
    const times = [...document.querySelectorAll('muranopl-playground')].map((e) => Number(e.dataset.hydrated));
    return { first, tasks: window.__longTasks, times, engine: document.querySelectorAll('script[src*="worker"]').length };
  });
  const during = stats.tasks.filter((task) => task.start + task.duration >= stats.first);
  const worst = Math.max(0, ...during.map((task) => task.duration));
  t.diagnostic(`${ids.length} examples hydrated; their work took ${Math.min(...stats.times)}–${Math.max(...stats.times)} ms each (median ${median(stats.times)} ms)`);
  t.diagnostic(`long tasks while hydrating: ${during.length} (longest ${worst.toFixed(0)} ms); before it (the page's script): ${stats.tasks.length - during.length}`);
  assert.deepEqual(during.filter((task) => task.duration > 50), [], 'long tasks over 50 ms while hydrating');
  const engineRequests = playground.requests.filter((url) => url.endsWith('.wasm'));
  assert.deepEqual(engineRequests, [], 'hydrating loads no engine: the outputs are in the page');
  await closeChecked(playground);
});

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

test('each example opens in the full playground with the same state', async (t) => {
  const playground = await openDocs(manyExamples, { width: 1280, height: 800 });
  const { page } = playground;
  await hydrateAll(page);
  const examples = await page.$$eval('muranopl-playground', (els) =>
    els.map((e) => ({ id: e.id, href: e.querySelector('a.mpl-open').href, state: e.sharedState() })),
  );
  assert.ok(examples.length >= 30);
  const full = await playground.context.newPage();
  full.on('pageerror', (err) => playground.errors.push(err.message));
  let loaded = false;
  for (const ex of examples) {
    assert.equal(ex.state.view, 'yaql', `${ex.id} is a YAQL example`);
    assert.ok(ex.href.startsWith(session.server.url + '#share='), `${ex.id} links the playground: ${ex.href}`);
    await full.goto(ex.href);
    if (!loaded) {
      await full.waitForSelector('body[data-engine="ready"]', { timeout: 60_000 });
      loaded = true;
    }
    const want = ex.state.yaql;
    await full.waitForFunction(
      (want) => {
        const text = (id) => [...document.querySelectorAll(`#${id} .cm-line`)].map((l) => l.textContent).join('\n');
        return location.hash === '#yaql' && text('expr') === want.expr && text('data') === want.data;
      },
      want,
      { timeout: 10_000 },
    ).catch(async () => {
      assert.fail(`${ex.id}: the console shows ${JSON.stringify(await editorText(full, 'expr'))} over ${JSON.stringify(await editorText(full, 'data'))}, want ${JSON.stringify(want)}`);
    });
    assert.equal(await full.inputValue('#flavor'), want.flavor, `${ex.id}'s flavour`);
  }
  t.diagnostic(`${examples.length} examples opened in the console with their expression, data and flavour`);
  await closeChecked(playground);
});

test('an edited example runs again in the page, on one engine for all', async () => {
  const playground = await openDocs('docs/yaql-data.html', { width: 1280, height: 800 });
  const { page } = playground;
  const first = page.locator('muranopl-playground').first();
  const id = await first.getAttribute('id');
  await page.waitForSelector(`#${id}[data-hydrated]`);
  await editFile(page, id, 'expression', '$.name + "!"');
  await page.waitForFunction((id) => document.querySelector(`#${id} .mpl-result`).textContent === '"web-1!"', id, { timeout: 60_000 });
  const share = await page.$eval(`#${id}`, (e) => e.sharedState());
  assert.equal(share.yaql.expr, '$.name + "!"', 'the link follows the edit');
  // A second example uses the same worker.
  const second = page.locator('muranopl-playground').nth(1);
  const id2 = await second.getAttribute('id');
  await second.scrollIntoViewIfNeeded();
  await page.waitForSelector(`#${id2}[data-hydrated]`);
  await page.click(`#${id2} .mpl-run`);
  await page.waitForSelector(`#${id2} .mpl-status[data-state="done"]`, { timeout: 30_000 });
  const workers = playground.requests.filter((url) => /\/worker\.[0-9a-f]+\.js$/.test(url));
  assert.equal(workers.length, 1, 'one engine worker for the page');
  await closeChecked(playground);
});

test('the pages read without JavaScript: the outputs are in the page', async () => {
  const context = await session.browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(docs(manyExamples));
    const outputs = await page.$$eval('muranopl-playground .mpl-result', (els) => els.map((e) => e.textContent));
    assert.ok(outputs.length >= 30);
    assert.ok(outputs.every((o) => o.length > 0));
    assert.equal(await page.isVisible('muranopl-playground .mpl-file pre'), true, 'the files show as code');
    assert.equal(await page.isVisible('muranopl-playground script'), false);
  } finally {
    await context.close();
  }
});

test('the docs fit a 375 px screen', async () => {
  for (const path of ['docs/', manyExamples, 'docs/cli.html', 'docs/yaql-ref-queries.html']) {
    const playground = await openDocs(path, { width: 375, height: 740 });
    const { page } = playground;
    await hydrateAll(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(overflow <= 375, `${path} is ${overflow} px wide on a 375 px screen`);
    assert.equal(await page.isVisible('a.docs-contents-link'), true, 'the pages are reached from the Contents link');
    await closeChecked(playground);
  }
});

test('/docs leads to /docs/, and pages are not cached for ever', async () => {
  const response = await fetch(session.server.url + 'docs', { redirect: 'manual' });
  assert.equal(response.status, 301);
  assert.equal(response.headers.get('location'), '/docs/');
  const page = await fetch(docs('docs/'));
  assert.equal(page.status, 200);
  assert.equal(page.headers.get('cache-control'), 'no-cache');
  const sw = await fetch(docs('sw.js'));
  assert.equal(sw.headers.get('cache-control'), 'no-cache');
});

test('the site works offline after a first visit', async (t) => {
  const playground = await openDocs(manyExamples, { width: 1280, height: 800 });
  const { page, context } = playground;
  const installed = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    const started = performance.now();
    // The install caches every file of the site (the engine too) before it activates.
    while ((await caches.keys()).length === 0 && performance.now() - started < 30_000) await new Promise((r) => setTimeout(r, 100));
    const names = await caches.keys();
    const cached = names.length ? (await (await caches.open(names[0])).keys()).length : 0;
    return { state: worker?.state, cached };
  });
  t.diagnostic(`the service worker cached ${installed.cached} files`);
  assert.ok(installed.cached > 20);
  await context.setOffline(true);
  // Pages, the docs' and the playground's, load from the cache, and an example runs.
  await page.goto(docs('docs/yaql-data.html'));
  await page.waitForSelector('muranopl-playground[data-hydrated]');
  await page.click('muranopl-playground .mpl-run');
  await page.waitForSelector('muranopl-playground .mpl-status[data-state="done"]', { timeout: 60_000 });
  assert.equal(await page.getAttribute('muranopl-playground .mpl-output', 'data-state'), 'ok');
  await page.goto(session.server.url + '#yaql');
  await page.waitForSelector('body[data-engine="ready"]', { timeout: 60_000 });
  await context.setOffline(false);
  await closeChecked(playground);
});
