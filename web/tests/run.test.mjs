// Browser tests of the Run and Tests tabs of the Packages view, in Debian's
// headless Chromium against the real server. The expected values come from
// the packages: the example of tests (web/packages/databasetests: 5 passed
// under the reference harness, testrunner.py, and `muranopl test`) and the
// fixture web/tests/fixtures/tested (`muranopl test --package-dir
// web/tests/fixtures/tested --package com.example.Tested
// com.example.TestCounter`: 2 passed, 1 failed, "2 != 1" at
// Classes/TestCounter.yaml:29:9; its TestSlow never ends), and the model
// web/tests/fixtures/run/environment.json (`muranopl run --system` on it:
// the database's port is 3306).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { packageStatus, playgroundSession, withPage } from './harness.mjs';

const fixtures = fileURLToPath(new URL('fixtures/', import.meta.url));
const environmentModel = readFileSync(fixtures + 'run/environment.json', 'utf8');

const session = playgroundSession();

const at = (hash, fn) => withPage(session.browser, session.server.url + hash, fn);

/** Opens the fixture package of tests from its folder and shows a tab. */
async function openTested(page, tab) {
  await page.setInputFiles('#pkg-folder-input', fixtures + 'tested');
  await packageStatus(page);
  await page.click(`#pkg-tab-${tab}`);
}

async function settled(page, id, timeout = 60_000) {
  await page.waitForSelector(`#${id}:is([data-state="done"], [data-state="error"], [data-state="stopped"])`, { timeout });
  return { state: await page.getAttribute(`#${id}`, 'data-state'), text: await page.textContent(`#${id}`) };
}

const testStates = (page) => page.$$eval('#tests-list .test', (items) => Object.fromEntries(items.map((i) => [i.dataset.test, i.dataset.state])));

async function resultJSON(page) {
  return JSON.parse(await page.$$eval('#run-result .cm-line', (lines) => lines.map((l) => l.textContent).join('\n')));
}

/** Waits until the Files tab shows path with the cursor on a line holding text. */
async function fileOpenedAt(page, path, text) {
  await page.waitForFunction(() => document.querySelector('#pkg-tab-files')?.getAttribute('aria-selected') === 'true');
  await page.waitForFunction((p) => document.querySelector('#pkg-panel-files')?.dataset.file === p, path);
  await page.waitForFunction((t) => document.querySelector('#pkg-viewer .cm-activeLine')?.textContent.includes(t), text);
}

test('runs the tests of the example package, all, then one', async () => {
  await at('#packages/org.playground.examples.DatabaseTests/tests', async ({ page, requests }) => {
    await packageStatus(page);
    await page.waitForSelector('#tests-list .test');
    assert.ok(requests.some((url) => url.endsWith('/repo/apps/org.playground.examples.Database.zip')), 'the required package was imported');
    const cls = 'org.playground.examples.tests.TestDatabase';
    const listed = await testStates(page);
    assert.deepEqual(Object.keys(listed), ['testPorts', 'testDeploy', 'testDeploysOnce', 'testBackup', 'testEngineContract'].map((m) => `${cls}.${m}`));
    assert.ok(Object.values(listed).every((s) => s === 'idle'));

    await page.click('#tests-run-all');
    const all = await settled(page, 'tests-status');
    assert.equal(all.state, 'done', all.text);
    assert.match(all.text, /^5 passed, 0 failed/);
    assert.ok(Object.values(await testStates(page)).every((s) => s === 'passed'));

    await page.click(`[data-test="${cls}.testBackup"] button`);
    await page.waitForFunction(() => /^1 passed, 0 failed/.test(document.querySelector('#tests-status')?.textContent ?? ''));
    assert.equal(await page.getAttribute('#tests-status', 'data-state'), 'done');
  });
});

test('a failing test shows its exception and MuranoPL stack, whose position opens the file', async () => {
  await at('#packages', async ({ page }) => {
    await openTested(page, 'tests');
    await page.waitForSelector('[data-test="com.example.TestSlow.testForever"]');
    await page.click('[data-class="com.example.TestCounter"] .tests-class-head button');
    const run = await settled(page, 'tests-status');
    assert.equal(run.state, 'error');
    assert.match(run.text, /^2 passed, 1 failed/);
    const states = await testStates(page);
    assert.equal(states['com.example.TestCounter.testWrong'], 'failed');
    assert.equal(states['com.example.TestCounter.testNext'], 'passed');
    assert.equal(states['com.example.TestSlow.testForever'], 'idle', 'another class does not run');
    const failure = page.locator('[data-test="com.example.TestCounter.testWrong"] .test-detail');
    assert.match(await failure.textContent(), /testtools\.matchers\._impl\.MismatchError: 2 != 1/);
    const frames = await failure.locator('.deploy-stack li').allTextContents();
    assert.match(frames[0], /com\.example\.TestCounter::expectNext at Classes\/TestCounter\.yaml:29:9/);
    assert.match(frames[1], /com\.example\.TestCounter::testWrong at Classes\/TestCounter\.yaml:20:9/);
    await failure.locator('button', { hasText: 'Classes/TestCounter.yaml:29:9' }).click();
    await fileOpenedAt(page, 'Classes/TestCounter.yaml', '$.assertEqual($want, $counter.next())');
  });
});

test('Stop ends a long test run; the tab recovers', async () => {
  await at('#packages', async ({ page }) => {
    await openTested(page, 'tests');
    await page.click('[data-class="com.example.TestSlow"] .tests-class-head button');
    await page.waitForSelector('[data-test="com.example.TestSlow.testForever"][data-state="running"]');
    await page.waitForTimeout(300);
    assert.equal(await page.getAttribute('#tests-status', 'data-state'), 'running');
    await page.click('#tests-stop');
    const stopped = await settled(page, 'tests-status', 5_000);
    assert.equal(stopped.state, 'stopped');
    assert.match(stopped.text, /^0 passed, 0 failed · stopped after/);
    assert.equal(await page.getAttribute('[data-test="com.example.TestSlow.testForever"]', 'data-state'), 'skipped');

    // The restarted engine gets the package again: tests run, and their traces open the files.
    await page.waitForSelector('body[data-engine="ready"]');
    await page.click('[data-test="com.example.TestCounter.testWrong"] button');
    const again = await settled(page, 'tests-status');
    assert.match(again.text, /^0 passed, 1 failed/);
    await page.locator('[data-test="com.example.TestCounter.testWrong"] .test-detail button', { hasText: 'Classes/TestCounter.yaml:20:9' }).click();
    await fileOpenedAt(page, 'Classes/TestCounter.yaml', '$.expectNext(new(Counter), 2)');
  });
});

test('calls a static method with arguments from its contracts', async () => {
  await at('#packages/org.playground.examples.Blog/run', async ({ page }) => {
    await packageStatus(page);
    await page.click('#run-classes [data-method="quickStart"]');
    assert.equal(await page.isHidden('#run-props'), true, 'a static method has no receiver to make');
    assert.deepEqual(await page.$$eval('#run-args input', (inputs) => inputs.map((i) => i.name)), ['model', 'siteName', 'database', 'flavor']);
    assert.equal(await page.getAttribute('#run-arg-flavor', 'placeholder'), 'default: 2');
    await page.fill('#run-arg-siteName', 'my-blog');
    await page.fill('#run-arg-database', 'db-1');
    await page.click('#run-call');
    const done = await settled(page, 'run-status');
    assert.equal(done.state, 'done', done.text);
    const result = await resultJSON(page);
    assert.equal(result.title, 'The my-blog blog');
    assert.equal(result.instance.flavor, '2');

    // A contract the arguments break: the exception, no result.
    await page.fill('#run-arg-siteName', 'My Blog');
    await page.click('#run-call');
    const failed = await settled(page, 'run-status');
    assert.equal(failed.state, 'error');
    assert.match(await page.textContent('#run-exception'), /ContractViolationException/);
    assert.equal(await page.isHidden('#run-result'), true);
  });
});

test('calls a method of an object of a pasted model and evaluates YAQL over it', async () => {
  await at('#packages/org.playground.examples.Database/run', async ({ page }) => {
    await packageStatus(page);
    await page.click('#run-classes [data-method="port"]');
    await page.click('label:has(#run-on-model)');
    await page.selectOption('#run-model-source', 'paste');
    await page.fill('#run-model', environmentModel);
    await page.waitForFunction(() => document.querySelector('#run-object')?.value === 'db');
    await page.click('#run-call');
    const done = await settled(page, 'run-status');
    assert.equal(done.state, 'done', done.text);
    assert.equal(await resultJSON(page), 3306);

    const yaql = async (target, expr, want) => {
      await page.selectOption('#run-yaql-target', target);
      await page.fill('#run-yaql-expr', expr);
      await page.waitForFunction((w) => document.querySelector('#run-yaql-result')?.textContent === w, JSON.stringify(want, null, 2));
    };
    await yaql('model', '$.Objects.applications.select($.engine)', ['mysql']);
    await yaql('object', '$.instance.name', 'db-1');
    await yaql('result', '$ + 1', 3307);
  });
});

test('calls a method of an application of the page\'s environment', async () => {
  await at('#packages/org.playground.examples.Database/run', async ({ page }) => {
    // The environment the Forms tab keeps in the browser: one database.
    const app = JSON.parse(environmentModel).Objects.applications[0];
    await page.evaluate((a) => new Promise((resolve, reject) => {
      const open = indexedDB.open('murano-playground', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('kv');
      open.onsuccess = () => {
        const put = open.result.transaction('kv', 'readwrite').objectStore('kv').put({ apps: [a], packages: {}, created: 1 }, 'environment');
        put.onsuccess = () => { open.result.close(); resolve(); };
        put.onerror = () => reject(put.error);
      };
    }), app);
    await page.reload();
    await page.waitForSelector('body[data-engine="ready"]');
    await packageStatus(page);
    await page.click('#run-classes [data-method="port"]');
    await page.click('label:has(#run-on-model)');
    assert.equal(await page.inputValue('#run-model-source'), 'env');
    await page.waitForFunction(() => document.querySelector('#run-object')?.value === 'db');
    assert.match(await page.textContent('.run-model'), /1 application made on the Forms tabs/);
    await page.click('#run-call');
    const done = await settled(page, 'run-status');
    assert.equal(done.state, 'done', done.text);
    assert.equal(await resultJSON(page), 3306);
  });
});

test('calls a method of a new object; a failure\'s stack opens the file', async () => {
  await at('#packages', async ({ page }) => {
    await openTested(page, 'run');
    await page.click('#run-classes [data-class="com.example.Counter"][data-method="next"]');
    await page.fill('#run-props', '{"start": 41}');
    await page.click('#run-call');
    const done = await settled(page, 'run-status');
    assert.equal(done.state, 'done', done.text);
    assert.equal(await resultJSON(page), 42);
    assert.deepEqual(await page.$$eval('#run-log li', (items) => items.map((i) => [...i.children].map((c) => c.textContent))), [['INFO', 'applications.counter', 'counting from 41']]);

    await page.click('#run-classes [data-method="reset"]');
    await page.fill('#run-props', '{"start": 5}');
    await page.click('#run-call');
    const failed = await settled(page, 'run-status');
    assert.equal(failed.state, 'error');
    assert.match(await page.textContent('#run-exception'), /com\.example\.CannotReset.*the counter started at 5/s);
    await page.locator('#run-exception button', { hasText: /^Classes\/Counter\.yaml:4\d:\d+$/ }).click();
    await fileOpenedAt(page, 'Classes/Counter.yaml', 'Throw: CannotReset');
  });
});

test('Stop ends a long call; the tab recovers', async () => {
  await at('#packages', async ({ page }) => {
    await openTested(page, 'run');
    await page.click('#run-classes [data-method="spin"]');
    await page.click('#run-call');
    await page.waitForSelector('#run-status[data-state="running"]');
    await page.waitForTimeout(500);
    assert.equal(await page.getAttribute('#run-status', 'data-state'), 'running');
    await page.click('#run-stop');
    const stopped = await settled(page, 'run-status', 5_000);
    assert.equal(stopped.state, 'stopped');
    assert.match(stopped.text, /^Stopped after/);

    await page.click('#run-classes [data-method="next"]');
    await page.fill('#run-props', '{"start": 1}');
    await page.click('#run-call');
    const again = await settled(page, 'run-status');
    assert.equal(again.state, 'done', again.text);
    assert.equal(await resultJSON(page), 2);
  });
});
