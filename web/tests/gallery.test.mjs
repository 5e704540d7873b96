// Browser tests of the examples gallery, in Debian's headless Chromium
// against the real server: a chip an example of the site's repository,
// the gallery's dialog (cards under their categories, a category filter,
// a search as you type), and #example=<full name> links, which open an
// example on the tab its index entry names.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { packageStatus, playgroundSession, withPage } from './harness.mjs';

const session = playgroundSession();
const at = (hash, fn) => withPage(session.browser, session.server.url + hash, fn);

/** The index the build wrote: what the gallery must show. */
async function index() {
  const response = await fetch(new URL('repo/examples.json', session.server.url));
  assert.equal(response.status, 200);
  return response.json();
}

const cards = (page) => page.$$eval('#gallery-list .gallery-card', (cs) => cs.map((c) => c.dataset.package));

test('a chip an example, and the gallery with its categories, filter and search', async () => {
  const { categories, examples } = await index();
  assert.ok(examples.length >= 7, 'the built-in examples are indexed');
  await at('#packages', async ({ page }) => {
    await page.waitForSelector('#gallery-open');
    assert.deepEqual(await page.$$eval('#pkg-examples .chip', (cs) => cs.map((c) => c.dataset.package)), examples.map((e) => e.name));

    await page.click('#gallery-open');
    await page.waitForSelector('#gallery[open]');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'gallery-search', 'the search has the focus');
    await page.waitForSelector('#gallery-list .gallery-card');
    assert.deepEqual((await cards(page)).sort(), examples.map((e) => e.name).sort(), 'every example, once');
    assert.deepEqual(await page.$$eval('#gallery-list .gallery-section', (ss) => ss.map((s) => s.dataset.category)), categories.filter((c) => examples.some((e) => e.categories[0] === c)));
    assert.equal(await page.textContent('#gallery-count'), `${examples.length} examples`);

    // A search as you type, over names, descriptions and tags.
    await page.fill('#gallery-search', 'redis');
    await page.waitForFunction(() => document.querySelectorAll('#gallery-list .gallery-card').length === 1);
    assert.deepEqual(await cards(page), ['org.playground.examples.CacheCluster']);
    await page.fill('#gallery-search', 'no such thing');
    await page.waitForSelector('.gallery-none');
    assert.match(await page.textContent('.gallery-none'), /No example matches “no such thing”/);
    await page.fill('#gallery-search', '');

    // A category.
    await page.click('#gallery-categories label:has(input[value="Heat (HOT)"])');
    await page.waitForFunction(() => document.querySelectorAll('#gallery-list .gallery-card').length === 1);
    assert.deepEqual(await cards(page), examples.filter((e) => e.categories.includes('Heat (HOT)')).map((e) => e.name));
    assert.equal(await page.textContent('#gallery-count'), `1 of ${examples.length} examples`);

    // A card opens its example on its tab.
    await page.click('#gallery-categories label:has(input[value="Tests"])');
    await page.click('#gallery-list .gallery-card[data-package="org.playground.examples.DatabaseTests"]');
    await page.waitForSelector('#gallery:not([open])', { state: 'attached' });
    await packageStatus(page);
    assert.equal(await page.textContent('#pkg-name'), 'Example Database Tests');
    assert.equal(await page.getAttribute('#pkg-tab-tests', 'aria-selected'), 'true');
    assert.equal(new URL(page.url()).hash, '#packages/org.playground.examples.DatabaseTests/tests');
  });
});

test('#example= opens an example on its tab, and a reload keeps the tab', async () => {
  await at('#example=org.playground.examples.Blog', async ({ page }) => {
    await packageStatus(page);
    assert.equal(await page.getAttribute('#pkg-tab-schema', 'aria-selected'), 'true');
    assert.equal(new URL(page.url()).hash, '#packages/org.playground.examples.Blog/schema');
    await page.click('#pkg-tab-run');
    assert.equal(new URL(page.url()).hash, '#packages/org.playground.examples.Blog/run');
    await page.reload();
    await packageStatus(page);
    assert.equal(await page.getAttribute('#pkg-tab-run', 'aria-selected'), 'true');

    // From another view, and for a name the repository does not have.
    await page.goto(session.server.url + '#yaql');
    await page.goto(session.server.url + '#example=org.playground.examples.HotStack');
    await page.waitForFunction(() => document.querySelector('#pkg-name')?.textContent === 'Example HOT Stack');
    assert.equal(await page.getAttribute('#pkg-tab-forms', 'aria-selected'), 'true');
    await page.goto(session.server.url + '#example=org.example.Nothing');
    await packageStatus(page, 'error');
    assert.match(await page.textContent('#pkg-status'), /org\.example\.Nothing/);
  });
});
