// Browser tests of the authoring workspace, in Debian's headless Chromium
// against the real server: a package's files edited in the Files tab
// (beside the Forms and Schema forms tabs in Edit mode), the package
// reloaded as you type, problems and stale previews, the workspace kept
// across reloads and shared as a link, new packages and file operations.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { openPlayground, playgroundSession, withPage } from './harness.mjs';

const session = playgroundSession();
const webServer = '#packages/org.playground.examples.WebServer/forms';
const withWebServer = (fn) => withPage(session.browser, session.server.url + webServer, fn, { width: 1400, height: 900 });
const logo = readFileSync(fileURLToPath(new URL('../packages/database/logo.png', import.meta.url)));

async function editing(page) {
  await page.waitForSelector('#pkg-panel-forms .wizard .form-row', { timeout: 60_000 });
  await page.click('#pkg-edit');
  await page.waitForSelector('.pkg-loaded.editing');
}

/** Opens a file in the editor and puts the cursor at the end of the first line that has text. */
async function goTo(page, path, text) {
  await page.click(`#pkg-panel-files .tree-file[data-path="${path}"]`);
  await page.waitForSelector(`#pkg-panel-files .files-tab-box.active [data-path="${path}"]`);
  await page.click('#pkg-viewer .cm-content');
  await page.keyboard.press('Control+f');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await page.keyboard.press('End');
}

/** Waits until the package was reloaded n times since the page opened. */
async function reloaded(page, n) {
  await page.waitForFunction((n) => Number(document.querySelector('#pkg-loaded').dataset.reloaded ?? 0) >= n, n, { timeout: 30_000 });
}

test('edits a ui.yaml label and the form beside it shows it, and Reset to example forgets it', async () => {
  await withWebServer(async ({ page }) => {
    await editing(page);
    assert.equal(await page.isVisible('#pkg-panel-files'), true, 'the files beside');
    assert.equal(await page.isVisible('#pkg-panel-forms'), true, 'the form');
    await goTo(page, 'UI/ui.yaml', 'label: Domain name');
    await page.keyboard.type(' of the site');
    await page.waitForSelector('#pkg-panel-forms .form-label:has-text("Domain name of the site")');
    assert.match(await page.textContent('#pkg-status'), /Reloaded in \d+ ms/);
    // The values typed in the form stay through the reload.
    await page.fill('#pkg-panel-forms input[name="domain"]', 'blog.example.net');
    await page.keyboard.type('');
    await goTo(page, 'UI/ui.yaml', 'label: Port');
    await page.keyboard.type(' number');
    await page.waitForSelector('#pkg-panel-forms .form-label:has-text("Port number")');
    assert.equal(await page.inputValue('#pkg-panel-forms input[name="domain"]'), 'blog.example.net');

    assert.equal(await page.isVisible('#pkg-reset'), true);
    await page.click('#pkg-reset');
    await page.click('#pkg-reset:has-text("Discard")');
    await page.waitForFunction(() => [...document.querySelectorAll('#pkg-panel-forms .form-label')].some((l) => l.firstChild?.textContent === 'Domain name'));
    assert.equal(await page.isHidden('#pkg-reset'), true);
  });
});

test('a broken ui.yaml shows its problem and the form that worked last, marked stale; undo mends it', async () => {
  await withWebServer(async ({ page }) => {
    await editing(page);
    await goTo(page, 'UI/ui.yaml', 'label: Domain name');
    await page.keyboard.type('\n  : [broken');
    await page.waitForSelector('#pkg-panel-forms .stale-mark:not([hidden])');
    assert.match(await page.textContent('#pkg-panel-forms .forms-notice'), /ui\.yaml/);
    assert.equal(await page.isVisible('#pkg-panel-forms .wizard .form-row'), true, 'the last good form is kept');
    const problems = await page.textContent('#pkg-problems');
    assert.match(problems, /UI\/ui\.yaml:\d+:\d+/);
    await page.click('#pkg-viewer .cm-content');
    for (let i = 0; i < 3; i++) await page.keyboard.press('Control+z');
    await page.waitForSelector('#pkg-panel-forms .stale-mark[hidden]', { state: 'attached' });
    assert.doesNotMatch(await page.textContent('#pkg-problems'), /error: .*ui\.yaml/);
  });
});

test('a broken class is a problem that opens its file at the line, and its schema form goes stale', async () => {
  await withWebServer(async ({ page }) => {
    await editing(page);
    await page.click('#pkg-tab-schema');
    await page.waitForSelector('#pkg-panel-schema .schema-form .form-row:not([hidden])', { timeout: 60_000 });
    await goTo(page, 'Classes/WebServer.yaml', 'Properties:');
    await page.keyboard.type('\n  broken: [');
    await page.waitForSelector('#pkg-problems .problem-error');
    await page.waitForSelector('#pkg-panel-schema .stale-mark:not([hidden])');
    const where = await page.textContent('#pkg-problems .problem-error .problem-where');
    assert.match(where, /^Classes\/WebServer\.yaml:\d+:\d+$/);
    await page.click('#pkg-viewer .cm-content');
    await page.keyboard.press('Control+Home');
    await page.click('#pkg-problems .problem-error .problem-where');
    const line = where.split(':')[1];
    await page.waitForFunction((line) => document.querySelector('#pkg-viewer .cm-lineNumbers .cm-activeLineGutter')?.textContent === line, line);
    assert.equal(await page.getAttribute('#pkg-panel-files', 'data-file'), 'Classes/WebServer.yaml');
  });
});

test('the workspace is kept: a reload restores the edited files, Edit mode and the open file', async () => {
  await withWebServer(async ({ page }) => {
    await editing(page);
    await goTo(page, 'UI/ui.yaml', 'label: Domain name');
    await page.keyboard.type(' kept');
    await page.waitForSelector('#pkg-panel-forms .form-label:has-text("Domain name kept")');
    await page.waitForTimeout(600); // the workspace is written after a pause
    await page.goto(session.server.url);
    await page.waitForSelector('#pkg-panel-forms .form-label:has-text("Domain name kept")', { timeout: 60_000 });
    assert.equal(await page.isVisible('.pkg-loaded.editing'), true, 'Edit mode');
    assert.equal(await page.getAttribute('#pkg-panel-files', 'data-file'), 'UI/ui.yaml');
  });
});

test('Share puts the whole package in a link that opens it as it was, in another browser', async () => {
  let link;
  await withWebServer(async ({ page }) => {
    await editing(page);
    await goTo(page, 'UI/ui.yaml', 'label: Domain name');
    await page.keyboard.type(' shared');
    await page.waitForSelector('#pkg-panel-forms .form-label:has-text("Domain name shared")');
    await page.click('#pkg-share');
    link = await page.inputValue('#pkg-share-link');
    assert.match(link, /#share=[A-Za-z0-9_-]+$/);
    const size = await page.textContent('#pkg-share-size');
    assert.equal(size, `${link.length.toLocaleString('en')} characters`);
  });
  const other = await openPlayground(session.browser, link, { width: 1400, height: 900 });
  try {
    await other.page.waitForSelector('#pkg-panel-forms .form-label:has-text("Domain name shared")', { timeout: 60_000 });
    assert.equal(await other.page.textContent('#pkg-name'), 'Example Web Server');
    assert.equal(new URL(other.page.url()).hash, '#packages', 'the link leaves the address once opened');
    assert.deepEqual(other.external, []);
    assert.deepEqual(other.errors, []);
  } finally {
    await other.context.close();
  }
});

test('a new package from the template; files made, renamed and deleted', async () => {
  await withPage(session.browser, session.server.url + '#packages', async ({ page }) => {
    await page.click('#pkg-new');
    await page.waitForSelector('.pkg-loaded.editing');
    await page.waitForSelector('#pkg-panel-files .files-tab-box.active [data-path="Classes/MyApp.yaml"]');
    const tree = await page.$$eval('#pkg-panel-files .tree-file', (e) => e.map((x) => x.dataset.path));
    assert.deepEqual(tree.sort(), ['Classes/MyApp.yaml', 'LICENSE', 'UI/ui.yaml', 'manifest.yaml']);
    await page.waitForSelector('#pkg-panel-forms .form-label:has-text("Greeting")', { timeout: 60_000 });

    await page.click('#files-new');
    await page.fill('#files-path', 'Resources/hello.txt');
    await page.click('.files-path-form button[type="submit"]');
    await page.waitForSelector('#pkg-panel-files .tree-file[data-path="Resources/hello.txt"]');
    await page.click('#pkg-viewer .cm-content');
    await page.keyboard.type('hello');
    await page.click('#files-rename');
    await page.fill('#files-path', 'Resources/hi.txt');
    await page.click('.files-path-form button[type="submit"]');
    await page.waitForSelector('#pkg-panel-files .tree-file[data-path="Resources/hi.txt"]');
    assert.equal(await page.isHidden('#pkg-panel-files .tree-file[data-path="Resources/hello.txt"]'), true);
    assert.match(await page.textContent('#pkg-viewer .cm-content'), /hello/);
    await page.click('#files-new');
    await page.fill('#files-path', '../outside.txt');
    await page.click('.files-path-form button[type="submit"]');
    assert.match(await page.textContent('.files-path-error'), /\.\./);
    await page.click('.files-path-form button:has-text("Cancel")');
    await page.click('#files-delete');
    await page.click('#files-delete');
    await page.waitForSelector('#pkg-panel-files .tree-file[data-path="Resources/hi.txt"]', { state: 'detached' });

  });
});

test('a binary file of a package is shown as an image and replaced', async () => {
  await withWebServer(async ({ page }) => {
    await editing(page);
    await page.click('#pkg-panel-files .tree-file[data-path="logo.png"]');
    await page.waitForSelector('#pkg-panel-files .file-image');
    const before = await page.textContent('#pkg-panel-files .file-other .muted');
    await page.setInputFiles('#files-replace', { name: 'logo.png', mimeType: 'image/png', buffer: logo });
    await page.waitForFunction((b) => document.querySelector('#pkg-panel-files .file-other .muted')?.textContent !== b, before);
    assert.match(await page.textContent('#pkg-panel-files .file-other .muted'), new RegExp(`${logo.length} bytes`));
    await reloaded(page, 1);
    await page.waitForFunction((n) => document.querySelector('#pkg-logo')?.src.length > 0, null);
  });
});
