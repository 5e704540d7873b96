// Browser tests of the embedded page (?embed=1), in Debian's headless
// Chromium against the real server: one view without the top bar's tabs,
// a link's state opened in it, nothing kept in (or read from) the full
// page's store, and "Open in playground" opening the full page with the
// state the embed holds then, edits included.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { packageStatus, playgroundSession, setEditor, waitForStatus, withPage } from './harness.mjs';

const session = playgroundSession();

/** The #share= fragment of a state, as the page writes it (web/src/state.ts). */
const fragment = (state) => '#share=' + deflateRawSync(Buffer.from(JSON.stringify(state))).toString('base64url');
const stateOf = (url) => JSON.parse(inflateRawSync(Buffer.from(new URL(url).hash.slice('#share='.length), 'base64url')).toString());

/** The page that "Open in playground" opens. */
async function openedFull(page) {
  const [full] = await Promise.all([page.context().waitForEvent('page'), page.click('#open-full')]);
  await full.waitForLoadState();
  return full;
}

const kept = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve) => {
        const r = indexedDB.open('murano-playground', 1);
        r.onupgradeneeded = () => r.result.createObjectStore('kv');
        r.onsuccess = () => {
          const g = r.result.transaction('kv').objectStore('kv').getAllKeys();
          g.onsuccess = () => resolve(g.result);
        };
      }),
  );

test('an embedded console: no tabs, and the full page opens with the expression as edited', async () => {
  const state = { v: 1, view: 'yaql', yaql: { expr: '$.where($ > 1)', data: '[1, 2, 3]', flavor: 'plain' } };
  await withPage(session.browser, `${session.server.url}?embed=1${fragment(state)}`, async ({ page }) => {
    assert.equal(await page.isVisible('.topbar .tabs'), false, 'no tabs');
    assert.equal(await page.isVisible('#theme-switch'), false);
    await waitForStatus(page, 'done');
    assert.match(await page.textContent('#result .cm-content'), /^\[\s*2,\s*3\s*\]$/);
    await setEditor(page, 'expr', '$.sum()');
    await waitForStatus(page, 'done');
    const full = await openedFull(page);
    assert.equal(new URL(full.url()).search, '', 'the full page, not embedded');
    assert.deepEqual(stateOf(full.url()), { v: 1, view: 'yaql', yaql: { expr: '$.sum()', data: '[1, 2, 3]', dataFormat: 'auto', flavor: 'plain' } });
    await full.waitForSelector('body[data-engine="ready"]');
    await full.waitForFunction(() => document.querySelector('#status')?.dataset.state === 'done');
    assert.equal(await full.textContent('#result .cm-content'), '6');
    assert.equal(await full.isVisible('.topbar .tabs'), true);
    await full.close();
  });
});

test('an embedded package: its own workspace, kept nowhere; the full page gets the edited files', async () => {
  const files = {
    'manifest.yaml': 'Format: MuranoPL/1.4\nType: Application\nFullName: com.example.Embedded\nName: Embedded\nDescription: A package of a link.\nClasses:\n  com.example.Embedded: Embedded.yaml\n',
    'Classes/Embedded.yaml': 'Name: com.example.Embedded\nMethods:\n  hello:\n    Usage: Static\n    Body:\n      - Return: hello\n',
  };
  const state = { v: 1, view: 'packages', package: { files, tab: 'files', file: 'Classes/Embedded.yaml' } };
  await withPage(session.browser, `${session.server.url}?embed=1${fragment(state)}`, async ({ page }) => {
    await packageStatus(page);
    assert.equal(await page.textContent('#pkg-name'), 'Embedded');
    assert.equal(await page.getAttribute('#pkg-tab-files', 'aria-selected'), 'true');
    await page.click('#pkg-viewer .cm-content');
    await page.keyboard.press('Control+End');
    await page.keyboard.insertText('\n  bye:\n    Usage: Static\n    Body:\n      - Return: bye');
    await page.waitForFunction(() => /Reloaded/.test(document.querySelector('#pkg-status')?.textContent ?? ''));
    await page.waitForTimeout(500);
    assert.deepEqual(await kept(page), [], 'nothing in the full page’s store');

    const full = await openedFull(page);
    const opened = stateOf(full.url());
    assert.equal(opened.view, 'packages');
    assert.equal(opened.package.tab, 'files');
    assert.match(opened.package.files['Classes/Embedded.yaml'], /bye:\n {4}Usage: Static/);
    await full.waitForSelector('body[data-engine="ready"]');
    await full.waitForFunction(() => document.querySelector('#pkg-name')?.textContent === 'Embedded');
    await full.close();
  });
});
