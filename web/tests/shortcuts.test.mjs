// Browser tests of the keyboard shortcuts and their help overlay, in
// Debian's headless Chromium against the real server: `?` and the top
// bar's button open the overlay, which lists the commands with their keys
// and whether they apply, keeps the focus and closes on Esc; Ctrl+Enter
// runs the view's work (the YAQL console, the Run and Tests tabs, the
// Deploy view), Esc stops it as the Stop button does, F8 and Shift+F8
// walk a package's problems, and Ctrl+S and Shift+Alt+F call share and
// format, or say that they are not available.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { packageStatus, playgroundSession, setEditor, waitForStatus, withPage } from './harness.mjs';

const fixtures = fileURLToPath(new URL('fixtures/', import.meta.url));
const session = playgroundSession();
const at = (hash, fn) => withPage(session.browser, session.server.url + hash, fn);

/** The rows of the overlay: command → { keys, state, text }. */
const overlayRows = (page) =>
  page.$$eval('#shortcuts tbody tr', (rows) =>
    Object.fromEntries(rows.map((r) => [r.dataset.command, { keys: [...r.querySelectorAll('kbd')].map((k) => k.textContent), state: r.dataset.state, text: r.textContent }])),
  );

/** Moves the focus out of the editors, to the page. */
async function blur(page) {
  await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined));
}

async function toast(page, pattern) {
  await page.waitForFunction((p) => new RegExp(p).test(document.querySelector('#toast:not([hidden])')?.textContent ?? ''), pattern.source);
  return page.textContent('#toast');
}

test('? opens the overlay of the shortcuts; it keeps the focus and Esc closes it', async () => {
  await at('#yaql', async ({ page }) => {
    await blur(page);
    await page.keyboard.press('?');
    await page.waitForSelector('#shortcuts[open]');
    const rows = await overlayRows(page);
    assert.deepEqual(rows.run.keys, ['Ctrl', 'Enter']);
    assert.deepEqual(rows.stop.keys, ['Esc']);
    assert.deepEqual(rows.share.keys, ['Ctrl', 'S']);
    assert.deepEqual(rows.format.keys, ['Shift', 'Alt', 'F']);
    assert.deepEqual(rows['next-problem'].keys, ['F8']);
    assert.deepEqual(rows.help.keys, ['?']);
    assert.equal(rows.run.state, 'ready', 'the console runs here');
    assert.equal(rows['next-problem'].state, 'elsewhere', 'problems are the Packages view’s');
    for (const [id, row] of Object.entries(rows)) {
      const words = { ready: 'here', elsewhere: 'in another view', unavailable: 'not available yet' }[row.state];
      assert.ok(row.text.includes(words), `${id}: ${row.text}`);
    }
    // Share and format belong to the package editor: registered there, or listed as not available yet.
    for (const id of ['share', 'format']) assert.ok(['elsewhere', 'unavailable'].includes(rows[id].state), `${id}: ${rows[id].state}`);

    // Tab and Shift+Tab stay in the dialog.
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      assert.equal(await page.evaluate(() => !!document.activeElement?.closest('#shortcuts')), true, `after ${key}`);
    }
    await page.keyboard.press('Escape');
    await page.waitForSelector('#shortcuts:not([open])', { state: 'attached' });

    // The button opens it too and gets the focus back.
    await page.click('#shortcuts-open');
    await page.waitForSelector('#shortcuts[open]');
    assert.equal(await page.getAttribute('#shortcuts-open', 'aria-expanded'), 'true');
    await page.keyboard.press('Escape');
    await page.waitForSelector('#shortcuts:not([open])', { state: 'attached' });
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'shortcuts-open');

    // A ? typed into an editor is text.
    await setEditor(page, 'expr', '1');
    await page.keyboard.type('?');
    assert.equal(await page.isVisible('#shortcuts'), false);
  });
});

test('Ctrl+Enter evaluates the console now and Esc stops a runaway evaluation', async () => {
  await at('#yaql', async ({ page }) => {
    await setEditor(page, 'expr', 'range(1, 4).sum()');
    await waitForStatus(page, 'done');
    await blur(page);
    // The key evaluates again: the status goes through running to done.
    await page.evaluate(() => {
      window.seen = [];
      const status = document.querySelector('#status');
      new MutationObserver(() => window.seen.push(status.dataset.state)).observe(status, { attributes: true });
    });
    await page.keyboard.press('Control+Enter');
    await page.waitForFunction(() => window.seen.includes('running') && document.querySelector('#status').dataset.state === 'done');
    await setEditor(page, 'expr', 'range(1, 100000000).select($ * 2).sum()');
    await waitForStatus(page, 'running');
    await blur(page);
    await page.keyboard.press('Escape');
    assert.match(await waitForStatus(page, 'stopped', 10_000), /Stopped/);
  });
});

test('Ctrl+Enter runs the tests of the Tests tab and calls the Run tab’s method', async () => {
  await at('#packages/org.playground.examples.DatabaseTests/tests', async ({ page }) => {
    await packageStatus(page);
    await page.waitForSelector('#tests-list .test');
    await page.waitForFunction(() => !document.querySelector('#tests-run-all')?.disabled);
    await page.keyboard.press('Control+Enter');
    await page.waitForFunction(() => /^5 passed, 0 failed/.test(document.querySelector('#tests-status')?.textContent ?? ''), null, { timeout: 60_000 });
  });
  await at('#packages/org.playground.examples.Blog/run', async ({ page }) => {
    await packageStatus(page);
    await page.click('#run-classes [data-method="quickStart"]');
    await page.fill('#run-arg-siteName', 'my-blog');
    await page.fill('#run-arg-database', 'db-1');
    await page.keyboard.press('Control+Enter');
    await page.waitForSelector('#run-status:is([data-state="done"], [data-state="error"])', { timeout: 60_000 });
    assert.equal(await page.getAttribute('#run-status', 'data-state'), 'done');
  });
});

test('Ctrl+Enter deploys the Deploy view’s environment and Esc stops it', async () => {
  await at('#deploy', async ({ page }) => {
    await page.click('[data-example="shop"]');
    if (!(await page.isVisible('#deploy-name'))) await page.click('.deploy-settings-box summary');
    await page.locator('input[name="deploy-speed"][value="1"]').check({ force: true });
    await blur(page);
    await page.keyboard.press('Control+Enter');
    await page.waitForSelector('#deploy-status[data-state="running"]');
    await page.waitForSelector('.log-line');
    await page.keyboard.press('Escape');
    await page.waitForSelector('#deploy-status:not([data-state="running"])', { timeout: 10_000 });
    assert.equal(await page.getAttribute('#deploy-status', 'data-state'), 'stopped');
  });
});

test('F8 and Shift+F8 open the files of the package’s problems one after the other', async () => {
  await at('#packages', async ({ page }) => {
    await page.setInputFiles('#pkg-folder-input', fixtures + 'broken');
    await packageStatus(page, 'error');
    await blur(page);
    const visit = async (key, n) => {
      await page.keyboard.press(key);
      const text = await toast(page, new RegExp(`^Problem ${n} of \\d+: `));
      const [, line] = text.match(/^Problem \d+ of \d+: \S+?:(\d+):\d+/);
      assert.equal(await page.getAttribute('#pkg-tab-files', 'aria-selected'), 'true');
      await page.waitForFunction((l) => document.querySelector('#pkg-viewer .cm-activeLineGutter')?.textContent === l, line);
      return text;
    };
    const first = await visit('F8', 1);
    const second = await visit('F8', 2);
    assert.notEqual(first, second);
    assert.equal(await visit('Shift+F8', 1), first);
  });
});

test('Ctrl+S and Shift+Alt+F call share and format, or say they are not available', async () => {
  await at('#yaql', async ({ page }) => {
    await blur(page);
    for (const [key, name] of [['Control+s', 'Share'], ['Shift+Alt+f', 'Format']]) {
      await page.keyboard.press(key);
      assert.match(await toast(page, new RegExp(`^${name} (is not available yet|does not apply here)`)), new RegExp(name));
    }
  });
});
