// Browser tests of the Schema forms sub-view, in Debian's headless
// Chromium against the real server: the forms Murano generates from the
// contracts of the Example Blog (web/packages/blog) and of small fixture
// packages. The expected schemas are those `muranopl schema` prints for
// the same classes (whose agreement with murano 14.0.0 the schema corpus
// checks); the expected models follow from the values typed.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { packageStatus, playgroundSession, withPage } from './harness.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const fixtures = fileURLToPath(new URL('fixtures/', import.meta.url));
const session = playgroundSession();
const blog = (fn) => withPage(session.browser, session.server.url + '#packages/org.playground.examples.Blog/schema', fn, { width: 1280, height: 900 });

let cli;
function muranopl(...args) {
  if (!cli) {
    cli = join(mkdtempSync(join(tmpdir(), 'schema-test-')), 'muranopl');
    execFileSync('go', ['build', '-o', cli, './cmd/muranopl'], { cwd: root });
  }
  return JSON.parse(execFileSync(cli, args, { cwd: root }).toString());
}

/** The Example Database as its Dynamic UI wizard makes it (web/tests/fixtures/forms), put in the page's environment. */
const database = JSON.parse(readFileSync(join(fixtures, 'forms/database.want.json'), 'utf8')).objectModel;

async function withEnvironment(page, apps) {
  await page.evaluate(async (apps) => {
    const db = await new Promise((resolve, reject) => {
      const r = indexedDB.open('murano-playground', 1);
      r.onupgradeneeded = () => r.result.createObjectStore('kv');
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    await new Promise((resolve, reject) => {
      const t = db.transaction('kv', 'readwrite');
      t.objectStore('kv').put({ apps, packages: {}, created: apps.length }, 'environment');
      t.oncomplete = resolve;
      t.onerror = () => reject(t.error);
    });
  }, apps);
  await page.reload();
  await page.waitForSelector('body[data-engine="ready"]', { timeout: 60_000 });
}

/** The JSON of a panel (#schema-json, #schema-object-model), as its Download button saves it. */
async function panelJSON(page, id) {
  const [event] = await Promise.all([page.waitForEvent('download'), page.click(`#${id}-download`)]);
  return JSON.parse(readFileSync(await event.path(), 'utf8'));
}

async function formShown(page) {
  await page.waitForSelector('#pkg-panel-schema .schema-form .form-row:not([hidden])', { timeout: 60_000 });
}

/** Waits for the form's next validation and returns its messages by field. */
async function validated(page, form = '#pkg-panel-schema .forms-wizard > .schema-form') {
  const before = Number((await page.getAttribute(form, 'data-validated')) ?? 0);
  await page.waitForFunction(([sel, n]) => Number(document.querySelector(sel)?.dataset.validated ?? 0) > n, [form, before]);
}

test('lists the classes and builders, draws the sections and validates as you type', async () => {
  await blog(async ({ page }) => {
    await formShown(page);
    const classes = await page.$$eval('.schema-classes .list-item', (bs) => bs.map((b) => `${b.dataset.class}:${b.dataset.method}`));
    assert.deepEqual(classes, ['org.playground.examples.Blog:', 'org.playground.examples.Blog:quickStart', 'org.playground.examples.BlogTheme:'], 'the application first, with its builder');
    assert.deepEqual(await page.$$eval('#pkg-panel-schema .wizard-step-title', (e) => e.map((x) => x.textContent)), ['The site', 'The server', 'Advanced']);
    // The fields of the first section, by position; the hidden one is not shown.
    const labels = await page.$$eval('#pkg-panel-schema .wizard-fields > .form-row:not([hidden]) > .form-label, #pkg-panel-schema .wizard-fields > .form-row-check .form-label, #pkg-panel-schema .wizard-fields > fieldset > legend', (e) => e.map((x) => x.firstChild.textContent));
    assert.deepEqual(labels, ['Title', 'Site name', 'Language', 'Posts per page', 'Readers may comment', 'Authors', 'Theme']);
    assert.equal(await page.isHidden('[data-field="createdWith"]'), true);
    assert.equal(await page.inputValue('input[name="title"]'), 'My blog', 'defaults are filled in');

    const site = page.locator('.wizard-fields [data-field="siteName"]').first();
    await page.fill('input[name="siteName"]', 'Bad Name');
    await validated(page);
    assert.match(await site.locator('.field-errors').textContent(), /does not match pattern/);
    await page.fill('input[name="siteName"]', 'news');
    await validated(page);
    assert.equal(await site.locator('.field-errors').textContent(), '');
    await page.fill('input[name="postsPerPage"]', '51');
    await validated(page);
    assert.match(await page.locator('[data-field="postsPerPage"] .field-errors').textContent(), /50/);
    const ms = Number(await page.getAttribute('#pkg-panel-schema .forms-wizard > .schema-form', 'data-validate-ms'));
    assert.ok(ms >= 0 && ms < 1000, `a keystroke's validation took ${ms} ms`);

    // The schema as `muranopl schema` prints it, extended by default and exact without the switch.
    await page.click('#pkg-panel-schema .schema-details summary');
    const extended = muranopl('schema', '--package-dir', 'web/packages', '--class', 'org.playground.examples.Blog', '--extensions')[''];
    assert.deepEqual(await panelJSON(page, 'schema-json'), extended);
    await page.uncheck('#schema-extensions');
    await page.waitForSelector('section:has(#schema-json) .forms-result-note:has-text("As murano 14.0.0 generates it")');
    const exact = muranopl('schema', '--package-dir', 'web/packages', '--class', 'org.playground.examples.Blog')[''];
    assert.deepEqual(await panelJSON(page, 'schema-json'), exact);
  });
});

test('creates a blog with a theme and a server made inline and a database of the environment, and adds it', async () => {
  await blog(async ({ page }) => {
    await withEnvironment(page, [database]);
    await formShown(page);
    await page.fill('input[name="siteName"]', 'news');
    await page.click('[data-field="authors"] .schema-add');
    await page.fill('[data-field="authors"] .schema-row:nth-child(2) input', 'eve');
    await page.click('[data-field="theme"] .schema-new');
    const dialog = page.locator('dialog.nested-dialog[data-depth="0"]');
    await dialog.locator('.schema-form .form-row').first().waitFor();
    await dialog.locator('select[name="name"]').selectOption({ label: 'night' });
    await dialog.locator('button[type="submit"]').click();
    await page.waitForSelector('[data-field="theme"] .schema-inline span');
    await page.click('#pkg-panel-schema .wizard-buttons button[type="submit"]');
    await page.waitForSelector('#pkg-panel-schema .schema-form[data-section="1"]');

    await page.selectOption('[data-field="database"] select', database['?'].id);
    await page.click('[data-field="instance"] .schema-new');
    await dialog.locator('input[name="name"]').waitFor();
    await dialog.locator('input[name="name"]').fill('news-1');
    await dialog.locator('input[name="flavor"]').fill('2');
    await dialog.locator('input[name="image"]').fill('img-debian');
    await dialog.locator('button[type="submit"]').click();
    await page.waitForSelector('[data-field="instance"] .schema-inline span');
    await page.click('#pkg-panel-schema .wizard-buttons button[type="submit"]');
    await page.waitForSelector('#pkg-panel-schema .schema-form[data-section="2"]');
    await page.click('#pkg-panel-schema .wizard-buttons button[type="submit"]');

    await page.waitForSelector('#schema-object-model .cm-content');
    const model = await panelJSON(page, 'schema-object-model');
    assert.equal(model['?'].type, 'org.playground.examples.Blog');
    assert.equal(model['?'].classVersion, '0.0.0');
    assert.match(model['?'].id, /^[0-9a-f-]{36}$/);
    assert.equal(model.siteName, 'news');
    assert.deepEqual(model.authors, ['admin', 'eve']);
    assert.equal(model.database, database['?'].id, 'the database by reference');
    assert.equal(model.theme['?'].type, 'org.playground.examples.BlogTheme');
    assert.equal(model.theme.name, 'night');
    assert.deepEqual(model.theme.colors, { text: '#222222', accent: '#3554d1' });
    assert.equal(model.instance['?'].type, 'io.murano.resources.LinuxMuranoInstance');
    assert.deepEqual([model.instance.name, model.instance.flavor, model.instance.image], ['news-1', '2', 'img-debian']);
    assert.equal(model.createdWith, 'schema form', 'the hidden field keeps its default');

    await page.click('#schema-add');
    await page.waitForSelector('#schema-add:has-text("Update in environment")');
    await page.click('#tab-deploy');
    await page.waitForSelector('.deploy-app');
    assert.match(await page.textContent('.deploy-apps'), /org\.playground\.examples\.Blog/);
  });
});

test('a model builder makes a blog, which opens in the class form', async () => {
  await blog(async ({ page }) => {
    await formShown(page);
    await page.click('.schema-classes [data-method="quickStart"]');
    await page.waitForSelector('#pkg-panel-schema input[name="siteName"]');
    assert.equal(await page.isVisible('#pkg-panel-schema [data-field="model"]'), false, 'the extended schema leaves out the model argument');
    await page.fill('input[name="siteName"]', 'quick');
    await page.fill('input[name="database"]', 'db-1');
    await page.click('#pkg-panel-schema .wizard-buttons button[type="submit"]');
    await page.waitForSelector('#schema-object-model .cm-content');
    const model = await panelJSON(page, 'schema-object-model');
    assert.equal(model.title, 'The quick blog');
    assert.equal(model['?'].type, 'org.playground.examples.Blog');
    assert.deepEqual([model.instance.name, model.instance.flavor], ['quick-1', '2']);

    await page.click('#schema-continue');
    await page.waitForSelector('#pkg-panel-schema .schema-form input[name="title"]');
    assert.equal(await page.inputValue('input[name="title"]'), 'The quick blog');
    assert.equal(await page.inputValue('input[name="siteName"]'), 'quick');
  });
});

test('edits a Dynamic UI object model in its class form: ids kept, the changes listed', async () => {
  await withPage(session.browser, session.server.url + '#packages/org.playground.examples.Database/schema', async ({ page }) => {
    await withEnvironment(page, [database]);
    await formShown(page);
    await page.click('#schema-edit-open');
    await page.selectOption('#schema-edit-pick', database['?'].id);
    await page.click('#schema-edit-go');
    await page.waitForFunction(() => document.querySelector('#pkg-panel-schema input[name="maxConnections"]')?.value === '100');
    assert.equal(await page.inputValue('#pkg-panel-schema input[name="username"]'), database.username);
    await page.fill('#pkg-panel-schema input[name="maxConnections"]', '200');
    for (let i = 0; i < 3 && !(await page.isVisible('#schema-object-model')); i++) {
      await page.click('#pkg-panel-schema .wizard-buttons button[type="submit"]');
      await page.waitForTimeout(300);
    }
    await page.waitForSelector('.schema-change-list li');
    const changes = await page.$$eval('.schema-change-list li', (e) => e.map((x) => x.textContent));
    assert.deepEqual(changes, ['maxConnections changed: 100 → 200']);
    const model = await panelJSON(page, 'schema-object-model');
    assert.equal(model['?'].id, database['?'].id, 'the id is kept');
    assert.deepEqual(model['?']._26411a1861294160833743e45d0eaad9, database['?']._26411a1861294160833743e45d0eaad9, 'the header is kept');
    assert.deepEqual(model.instance, database.instance, 'the inline instance is kept');
    await page.click('#schema-add');
    await page.waitForSelector('#schema-add:has-text("Update in environment")');
    const kept = await page.evaluate(() => new Promise((resolve) => {
      const r = indexedDB.open('murano-playground', 1);
      r.onsuccess = () => {
        const g = r.result.transaction('kv').objectStore('kv').get('environment');
        g.onsuccess = () => resolve(g.result.apps);
      };
    }));
    assert.equal(kept.length, 1, 'the application is replaced, not added');
    assert.equal(kept[0].maxConnections, 200);

    // An object model from a file opens the same way.
    await page.click('#schema-edit-open');
    await page.setInputFiles('#schema-edit-file', { name: 'db.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ ...database, maxConnections: 42 })) });
    await page.waitForFunction(() => document.querySelector('#schema-edit-json').value.includes('42'));
    await page.click('#schema-edit-go');
    await page.waitForFunction(() => document.querySelector('#pkg-panel-schema input[name="maxConnections"]')?.value === '42');
  });
});

test('nested forms of classes that own each other open one over the other, and a schema the validator rejects is an error', async () => {
  await withPage(session.browser, session.server.url + '#packages', async ({ page }) => {
    await page.setInputFiles('#pkg-folder-input', join(fixtures, 'schema/cyclic'));
    await packageStatus(page);
    await page.click('#pkg-tab-schema');
    await formShown(page);
    await page.click('[data-field="b"] .schema-new');
    const first = page.locator('dialog.nested-dialog[data-depth="0"]');
    await first.locator('[data-field="a"] .schema-new').click();
    const second = page.locator('dialog.nested-dialog[data-depth="1"]');
    await second.locator('[data-field="label"] input').fill('inner');
    await second.locator('button[type="submit"]').click();
    await first.locator('[data-field="a"] .schema-inline span').waitFor();
    await first.locator('button[type="submit"]').click();
    await page.waitForSelector('[data-field="b"] .schema-inline span');
    await page.click('#pkg-panel-schema .wizard-buttons button[type="submit"]');
    await page.waitForSelector('#schema-object-model .cm-content');
    const model = await panelJSON(page, 'schema-object-model');
    assert.equal(model.b['?'].type, 'org.playground.tests.B');
    assert.equal(model.b.a['?'].type, 'org.playground.tests.A');
    assert.equal(model.b.a.label, 'inner');

    await page.setInputFiles('#pkg-folder-input', join(fixtures, 'schema/badpattern'));
    await packageStatus(page);
    await page.click('#pkg-tab-schema');
    await page.waitForSelector('#pkg-panel-schema .forms-notice .callout-error');
    assert.match(await page.textContent('#pkg-panel-schema .forms-notice'), /not one the validator takes.*code.*pattern/s);
  });
});

test('the Schema forms work at 375 px', async () => {
  await withPage(session.browser, session.server.url + '#packages/org.playground.examples.Blog/schema', async ({ page }) => {
    await formShown(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 1, `the page scrolls sideways by ${overflow} px`);
    await page.fill('input[name="siteName"]', 'x y');
    await validated(page);
    assert.match(await page.textContent('[data-field="siteName"] .field-errors'), /pattern/);
  }, { width: 375, height: 800 });
});
