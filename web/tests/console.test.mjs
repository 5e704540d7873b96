// Browser tests of the YAQL console, in Debian's headless Chromium against the
// real server. Expected values come from the reference YAQL (the oracle):
// `$.where($ > 1)` over [1, 2, 3] is [2, 3]; `1 + * 2` fails with
// "unexpected '*' at position 4" (0-based), i.e. column 5.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { playgroundSession, setEditor, waitForResult, waitForStatus, withPage } from './harness.mjs';

const session = playgroundSession();

const withPlayground = (fn, viewport) => withPage(session.browser, session.server.url + '#yaql', fn, viewport);

async function assets(page) {
  return page.$eval('#assets', (el) => JSON.parse(el.textContent));
}

test('loads the engine with a byte progress bar', async (t) => {
  await withPlayground(async ({ page, loadMs, requests }) => {
    const { engine, engineSize } = await assets(page);
    const downloads = requests.filter((url) => url.endsWith('/' + engine));
    assert.equal(downloads.length, 1, 'the preloaded engine is downloaded once');
    assert.equal(await page.getAttribute('#engine-progress', 'data-bytes'), String(engineSize));
    assert.equal(await page.getAttribute('#engine-progress', 'aria-valuenow'), '100');
    assert.equal(await page.isHidden('#engine-progress'), true, 'progress bar hidden once ready');
    assert.match(await page.textContent('#engine-label'), /ready/i);
    t.diagnostic(`page load to engine ready: ${loadMs} ms`);
  });
});

test('serves content-hashed assets precompressed and immutable', async (t) => {
  await withPlayground(async ({ page }) => {
    const { engine, engineSize } = await assets(page);
    const url = new URL(engine, session.server.url).href;
    const cases = [
      { accept: 'gzip, deflate, br', encoding: 'br' },
      { accept: 'gzip', encoding: 'gzip' },
      { accept: 'identity', encoding: null },
    ];
    for (const { accept, encoding } of cases) {
      const response = await fetch(url, { headers: { 'Accept-Encoding': accept } });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'application/wasm');
      assert.equal(response.headers.get('content-encoding'), encoding, `Accept-Encoding: ${accept}`);
      assert.match(response.headers.get('cache-control'), /immutable/);
      const size = (await response.arrayBuffer()).byteLength;
      assert.equal(size, engineSize, 'decoded size');
      if (encoding) t.diagnostic(`engine over the wire with ${encoding}: ${response.headers.get('content-length')} bytes`);
    }
    const index = await fetch(session.server.url);
    assert.equal(index.headers.get('cache-control'), 'no-cache');
  });
});

test('fetches the Unicode name table on the first \\N{NAME} escape', async () => {
  // The reference: '\N{GREEK SMALL LETTER ALPHA}' is 'α'.
  await withPlayground(async ({ page, requests }) => {
    const { runeNames } = await assets(page);
    const fetched = () => requests.filter((url) => url.endsWith('/' + runeNames)).length;
    assert.equal(fetched(), 0, 'not fetched before it is needed');
    await setEditor(page, 'expr', "'\\N{GREEK SMALL LETTER ALPHA}' + '\\N{digit one}'");
    await waitForResult(page, 'α1');
    await setEditor(page, 'expr', "'\\N{LATIN SMALL LETTER A}'");
    await waitForResult(page, 'a');
    assert.equal(fetched(), 1, 'fetched once');
  });
});

test('evaluates as you type', async () => {
  await withPlayground(async ({ page }) => {
    await setEditor(page, 'data', '[1, 2, 3]');
    await setEditor(page, 'expr', '$.where($ > 1)');
    await waitForResult(page, [2, 3]);
    assert.match(await page.textContent('#status'), /^Done in /);
    assert.equal(await page.textContent('#format-detected'), 'detected JSON');
    assert.equal(await page.isHidden('#error'), true);
  });
});

test('the examples evaluate over the sample data', async () => {
  // Results of the reference YAQL (oracle, flavour plain) over the sample data.
  const expected = [
    ['$.users.where($.age > 30).name', ['alice', 'carol']],
    ['$.users.orderBy($.age).select($.name)', ['bob', 'alice', 'carol']],
    ['$.users.selectMany($.roles).distinct()', ['admin', 'dev', 'ops']],
    ['dict($.users.select([$.name, $.age]))', { alice: 34, bob: 27, carol: 45 }],
    ["'Hello, {0}!'.format($.users[0].name)", 'Hello, alice!'],
    ['range(1, 11).where($ mod 2 = 0).sum()', 30],
  ];
  await withPlayground(async ({ page }) => {
    assert.deepEqual(await page.$$eval('#examples .chip', (chips) => chips.map((c) => c.textContent)), expected.map(([expr]) => expr));
    for (const [expr, result] of expected) {
      await page.click(`#examples .chip >> text="${expr}"`);
      await waitForResult(page, result, 10_000);
    }
  });
});

test('underlines a syntax error at its column', async () => {
  await withPlayground(async ({ page }) => {
    await setEditor(page, 'expr', '1 + * 2');
    await page.waitForSelector('#expr .cm-lintRange-error');
    assert.match(await page.textContent('#error .error-title'), /^Syntax error/);
    assert.match(await page.textContent('#error .error-where'), /line 1, column 5\b/);
    const mark = await page.$eval('#expr .cm-lintRange-error', (el) => {
      const line = el.closest('.cm-line');
      const range = document.createRange();
      range.setStart(line, 0);
      range.setEndBefore(el);
      return { text: el.textContent, before: range.toString() };
    });
    assert.deepEqual(mark, { text: '*', before: '1 + ' });
    assert.equal(await page.$$eval('#data .cm-lintRange-error', (els) => els.length), 0);
  });
});

test('marks an error in the input data', async () => {
  await withPlayground(async ({ page }) => {
    await setEditor(page, 'data', '{"a": [1, 2}');
    await setEditor(page, 'expr', '$.a');
    await page.click('#format label:has(input[value="json"])');
    await page.waitForSelector('#data .cm-lintRange-error, #data .cm-lintPoint-error');
    assert.match(await page.textContent('#error .error-title'), /^Input data error/);
    assert.match(await page.textContent('#error .error-where'), /^input data, line 1, column \d+/);
    assert.equal(await page.$$eval('#data .cm-lintRange-error, #data .cm-lintPoint-error', (els) => els.length), 1);
    assert.equal(await page.$$eval('#expr .cm-lintRange-error, #expr .cm-lintPoint-error', (els) => els.length), 0);
  });
});

test('stops a runaway evaluation and evaluates again', async (t) => {
  await withPlayground(async ({ page }) => {
    await setEditor(page, 'data', '[1, 2, 3]');
    await setEditor(page, 'expr', 'range(1000).select(range(1000).select(range(1000).len()).len()).len()');
    await waitForStatus(page, 'running');
    await page.waitForTimeout(500);
    assert.equal(await page.getAttribute('#status', 'data-state'), 'running', 'still running after 500 ms');
    assert.equal(await page.isEnabled('#stop'), true);

    const clicked = Date.now();
    await page.click('#stop');
    assert.match(await waitForStatus(page, 'stopped', 5_000), /^Stopped after/);
    await page.waitForSelector('#status:has-text("engine restarted")', { timeout: 10_000 });
    t.diagnostic(`Stop click to engine ready again: ${Date.now() - clicked} ms (${await page.textContent('#status')})`);
    assert.equal(await page.isDisabled('#stop'), true);

    await setEditor(page, 'expr', '$.where($ > 1)');
    await waitForResult(page, [2, 3]);
    assert.match(await page.textContent('#status'), /^Done in /);
  });
});

test('a new expression replaces a long-running one', async () => {
  await withPlayground(async ({ page }) => {
    await setEditor(page, 'data', '[1, 2, 3]');
    await setEditor(page, 'expr', 'range(1000).select(range(1000).select(range(1000).len()).len()).len()');
    await waitForStatus(page, 'running');
    await page.waitForTimeout(500);
    await setEditor(page, 'expr', '$.where($ > 1)');
    await waitForResult(page, [2, 3], 5_000);
    assert.match(await page.textContent('#status'), /^Done in /);
  });
});

test('shows the engine version', async () => {
  await withPlayground(async ({ page }) => {
    await page.waitForSelector('#version:not(:empty)', { timeout: 10_000 });
    assert.match(await page.textContent('#version'), /^engine \S+/);
  });
});

test('fits a 375 px wide screen', async () => {
  await withPlayground(
    async ({ page }) => {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `page is ${overflow} px wider than the screen`);
      for (const pane of ['.pane-expr', '.pane-data', '.pane-result']) {
        const box = await page.locator(pane).boundingBox();
        assert.ok(box && box.width > 300 && box.height > 100, `${pane} is ${box?.width}×${box?.height} px`);
      }
    },
    { width: 375, height: 740 },
  );
});
