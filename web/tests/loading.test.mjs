// Browser tests of the page while the engine loads: the editors work before
// it is ready, the progress bar counts the module's bytes to the end, and a
// failed load says why and offers Retry. The expected result of
// `$.where($ > 1)` over [1, 2, 3], [2, 3], is the reference YAQL's.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { editorText, openPlayground, playgroundSession, setEditor, waitForResult, waitForStatus } from './harness.mjs';

const session = playgroundSession();

const engineModule = /\/engine\.[0-9a-f]+\.wasm$/;
const wasmExec = /\/wasm_exec\.[0-9a-f]+\.js$/;

/** Routes the requests whose URL matches pattern to handle(route), the others on. */
function routing(pattern, handle) {
  return (context) => context.route((url) => pattern.test(url.pathname), handle);
}

/** Records every value the progress bar shows, from the first one. */
async function recordProgress(context) {
  await context.addInitScript(() => {
    window.progressSeen = [];
    new MutationObserver(() => {
      const bar = document.getElementById('engine-progress');
      if (bar?.dataset.bytes) window.progressSeen.push([Number(bar.dataset.bytes), Number(bar.getAttribute('aria-valuenow'))]);
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-bytes'] });
  });
}

test('the editors work before the engine is ready; the result comes when it is', async () => {
  let release;
  const released = new Promise((resolve) => (release = resolve));
  const { page, context, external } = await openPlayground(session.browser, session.server.url + '#yaql', undefined, {
    waitForEngine: false,
    route: async (context) => {
      await recordProgress(context);
      await routing(engineModule, async (route) => {
        await released;
        await route.fallback();
      })(context);
    },
  });
  try {
    await page.waitForSelector('#expr .cm-content');
    await setEditor(page, 'data', '[1, 2, 3]');
    await setEditor(page, 'expr', '$.where($ > 1)');
    assert.equal(await editorText(page, 'expr'), '$.where($ > 1)');
    assert.equal(await editorText(page, 'data'), '[1, 2, 3]');
    assert.equal(await page.getAttribute('body', 'data-engine'), 'loading', 'the engine is still held back');
    assert.match(await page.textContent('#status'), /Waiting for the engine/);
    await page.click('#tab-packages');
    assert.equal(await page.isVisible('#view-packages'), true, 'the other view opens while the engine loads');
    await page.click('#tab-yaql');

    release();
    await waitForResult(page, [2, 3], 60_000);
    const { engineSize } = await page.$eval('#assets', (el) => JSON.parse(el.textContent));
    const seen = await page.evaluate(() => window.progressSeen);
    assert.ok(seen.length >= 2, `progress shown ${seen.length} times`);
    const bytes = seen.map(([b]) => b);
    assert.deepEqual(bytes, [...bytes].sort((a, b) => a - b), 'the byte count only grows');
    assert.deepEqual(seen.at(-1), [engineSize, 100], 'the bar ends at the module size, 100%');
    assert.equal(await page.isHidden('#engine-progress'), true);
    assert.deepEqual(external, []);
  } finally {
    await context.close();
  }
});

const failures = [
  { name: 'a network error', pattern: engineModule, fail: (route) => route.abort('failed'), message: /could not download the engine/ },
  { name: 'an HTTP error', pattern: engineModule, fail: (route) => route.fulfill({ status: 503, body: 'busy' }), message: /could not download the engine \(HTTP 503\)/ },
  {
    name: 'a corrupt module',
    pattern: engineModule,
    fail: (route) => route.fulfill({ status: 200, contentType: 'application/wasm', body: 'not a WebAssembly module' }),
    message: /the engine did not load/,
  },
  { name: 'a worker that fails at start', pattern: wasmExec, fail: (route) => route.fulfill({ status: 404, body: 'gone' }), message: /the engine did not start/ },
  {
    name: 'a failed fetch of the core libraries',
    pattern: /\/corelib\.[0-9a-f]+\.zip$/,
    fail: (route) => route.fulfill({ status: 500, body: 'broken' }),
    message: /the core libraries could not be fetched \(.*HTTP 500\)/,
  },
];

for (const { name, pattern, fail, message } of failures) {
  test(`${name} shows the failure and Retry loads the engine`, async () => {
    let failing = true;
    const { page, context, external } = await openPlayground(session.browser, session.server.url + '#yaql', undefined, {
      waitForEngine: false,
      route: routing(pattern, (route) => (failing ? fail(route) : route.fallback())),
    });
    try {
      await page.waitForSelector('body[data-engine="failed"]', { timeout: 30_000 });
      const label = await page.textContent('#engine-label');
      assert.match(label, /^Engine failed: /);
      assert.match(label, message);
      assert.equal(await page.isVisible('#engine-retry'), true, 'Retry is offered');
      assert.equal(await page.isHidden('#engine-progress'), true);
      assert.match(await waitForStatus(page, 'error'), /Engine failure/);

      failing = false;
      await page.click('#engine-retry');
      await page.waitForSelector('body[data-engine="ready"]', { timeout: 60_000 });
      assert.equal(await page.isHidden('#engine-retry'), true);
      assert.match(await waitForStatus(page, 'done'), /^Done in /, 'the console evaluates once the engine is ready');
      assert.deepEqual(external, []);
    } finally {
      await context.close();
    }
  });
}
