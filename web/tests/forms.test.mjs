// Browser tests of the Forms sub-view (the Dynamic UI wizard), in Debian's
// headless Chromium against the real server. Expected object models come
// from the Dynamic UI oracle (dynui/oracle.py of the reference harness,
// which runs murano-dashboard's own code):
// fixtures/forms/database.want.json was recorded with
// `oracle.py web/packages/database/UI/ui.yaml database.answers.json
// --fqn org.playground.examples.Database --package-name "Example Database"`
// (seed 42), fixtures/forms/nested-*.want.json with the answers and options
// of the nested-wizard test below; with MURANO_REFERENCE naming the
// reference harness, that test also re-checks its fixtures against a live
// oracle run. Messages are the dashboard's (spec/dynamic-ui.md) or those
// written in the examples' ui.yaml.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { playgroundSession, setEditor, waitForStatus, withPage } from './harness.mjs';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const packages = fileURLToPath(new URL('../packages/', import.meta.url));
const reference = process.env.MURANO_REFERENCE;
const oracle = reference && join(reference, 'dynui', 'oracle.py');

const session = playgroundSession();

const withPlayground = (fn, hash = '') => withPage(session.browser, session.server.url + hash, fn);

/** Waits for step `step` (0-based) of the wizard inside scope. */
async function atStep(page, step, scope = '#pkg-panel-forms') {
  await page.waitForSelector(`${scope} .wizard[data-step="${step}"] .form-row:not([hidden])`, { timeout: 30_000 });
}

const row = (name, scope = '#pkg-panel-forms') => `${scope} .form-row[data-field="${name}"]`;
const input = (name, scope = '#pkg-panel-forms') => `${scope} [data-field="${name}"]:is(input, select, textarea)`;

/** Types into a field and waits for the engine's verdict on it. */
async function type(page, name, text, scope) {
  const before = await page.getAttribute(row(name, scope), 'data-validated');
  await page.fill(input(name, scope), text);
  await page.waitForFunction(
    ([sel, before]) => (document.querySelector(sel)?.dataset.validated ?? null) !== before,
    [row(name, scope), before],
  );
}

async function errorsOf(page, name, scope) {
  return page.$$eval(`${row(name, scope)} .field-errors li`, (items) => items.map((i) => i.textContent));
}

async function next(page, scope = '#pkg-panel-forms') {
  await page.click(`${scope} .wizard-buttons .button-primary`);
}

/** The object model shown after Create, read through the Download button. */
async function objectModel(page) {
  await page.waitForSelector('#pkg-panel-forms .forms-result:not([hidden])', { timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#pkg-panel-forms .forms-result button:has-text("Download")')]);
  return JSON.parse(readFileSync(await download.path(), 'utf8'));
}

function runOracle(uiYaml, answers, args) {
  const dir = mkdtempSync(join(tmpdir(), 'forms-'));
  writeFileSync(join(dir, 'answers.json'), JSON.stringify(answers));
  return JSON.parse(execFileSync('/usr/bin/python3', [oracle, uiYaml, join(dir, 'answers.json'), ...args]).toString());
}

test('opens the example web server on its Forms tab by default, as the dashboard shows it', async () => {
  await withPlayground(async ({ page }) => {
    await atStep(page, 0);
    assert.equal(await page.getAttribute('#pkg-tab-forms', 'aria-selected'), 'true');
    assert.match(page.url(), /#packages\/org\.playground\.examples\.WebServer\/forms$/, 'the example on the tab its gallery entry names, the tab kept in the link');
    assert.equal(await page.textContent('#pkg-panel-forms .forms-title'), 'Configure Application: Example Web Server');
    const steps = await page.$$eval('#pkg-panel-forms .wizard-step-title', (s) => s.map((x) => x.textContent));
    assert.deepEqual(steps, ['Step 1', 'Step 2', 'Step 3']);
    assert.equal(await page.textContent(`${row('domain')} .form-label`), 'Domain name *');
    assert.equal(await page.inputValue(input('domain')), 'www.example.org');
    assert.equal(await page.textContent(`${row('port')} .help-text`), '1 to 65535');
    assert.equal(await page.getAttribute(input('indexPage'), 'placeholder'), 'Optional');
    const side = await page.textContent('#pkg-panel-forms .wizard-side');
    assert.match(side, /Domain name\s*The name nginx answers to\./);
    assert.equal(await page.$eval(input('database'), (s) => s.options[0].textContent), 'No database');

    await page.check(input('useHttps'));
    await next(page);
    await page.waitForSelector('#pkg-panel-forms .form-errors li');
    assert.equal(await page.textContent('#pkg-panel-forms .form-errors li'), 'HTTPS cannot be served on port 80; use 443 or another port.');
    await page.fill(input('port'), '443');
    await next(page);
    await atStep(page, 1);
  });
});

test('fills the database form, shows errors under fields, keeps values on Back and builds the oracle object model', async () => {
  await withPlayground(async ({ page }) => {
    await page.click('#pkg-tab-forms');
    await atStep(page, 0);
    assert.equal(await page.isHidden(row('title')), true, 'a hidden field is hidden');
    assert.match(await page.textContent('#pkg-panel-forms .wizard-side'), /Database server\s*One Linux instance/);

    await type(page, 'username', 'root');
    assert.deepEqual(await errorsOf(page, 'username'), ['This name is reserved by the database engine']);
    await type(page, 'username', 'app_owner');
    assert.deepEqual(await errorsOf(page, 'username'), []);

    await type(page, 'password', 'Secr3t!pass');
    await type(page, 'password-clone', 'Secr3t!pas');
    assert.deepEqual(await errorsOf(page, 'password-clone'), ['Passwords do not match']);
    await type(page, 'password-clone', 'Secr3t!pass');
    assert.deepEqual(await errorsOf(page, 'password-clone'), []);
    await type(page, 'databases', 'app_db, reports');
    await next(page);

    await atStep(page, 1);
    await next(page);
    await page.waitForSelector(`${row('osImage')}.has-error`);
    assert.deepEqual(await errorsOf(page, 'osImage'), ['This field is required.']);
    assert.equal(await page.$eval(`${input('osImage')} option[value="img-centos"]`, (o) => o.disabled), true, 'a queued image is disabled');
    await page.selectOption(input('osImage'), 'img-ubuntu');
    await next(page);

    await atStep(page, 2);
    assert.equal(await page.inputValue(input('application_name')), 'Database');
    await page.click('#pkg-panel-forms .wizard-buttons button:has-text("Back")');
    await atStep(page, 1);
    assert.equal(await page.inputValue(input('osImage')), 'img-ubuntu', 'Back keeps the values');
    await next(page);
    await atStep(page, 2);
    await type(page, 'application_name', 'orders db');
    assert.deepEqual(await errorsOf(page, 'application_name'), ['Enter a valid value.']);
    await type(page, 'application_name', 'orders-db');
    await next(page);

    const want = JSON.parse(readFileSync(join(fixtures, 'forms/database.want.json'), 'utf8')).objectModel;
    assert.deepEqual(await objectModel(page), want);
    assert.equal(await page.textContent('#pkg-panel-forms .env-app .env-name'), 'orders-db');
  }, '#packages/org.playground.examples.Database');
});

test('creates a referenced database through the nested wizard and selects it', async () => {
  await withPlayground(async ({ page }) => {
    await atStep(page, 0);
    await page.click(`${row('database')} .add-reference`);
    const dialog = '.nested-dialog[open]';
    await atStep(page, 0, dialog);
    assert.equal(await page.textContent(`${dialog} .nested-head h3`), 'Configure Application: Example Database');
    await type(page, 'password', 'Secr3t!pass', dialog);
    await type(page, 'password-clone', 'Secr3t!pass', dialog);
    await next(page, dialog);
    await atStep(page, 1, dialog);
    await page.selectOption(input('osImage', dialog), 'img-debian');
    await next(page, dialog);
    await atStep(page, 2, dialog);
    assert.equal(await page.isVisible(row('stay_at_the_catalog', dialog)), false, 'the nested wizard has no "continue adding" box');
    await page.fill(input('application_name', dialog), 'site-db');
    await next(page, dialog);
    await page.waitForSelector(dialog, { state: 'detached' });

    const dbId = await page.getAttribute('#pkg-panel-forms .env-app', 'data-id');
    await page.waitForFunction((id) => document.querySelector('#pkg-panel-forms [data-field="database"]:is(select)')?.value === id, dbId);
    assert.equal(await page.$eval(`${input('database')} option:checked`, (o) => o.textContent), 'site-db');
    await next(page);
    await atStep(page, 1);
    await next(page);
    await atStep(page, 2);
    await next(page);
    const model = await objectModel(page);
    assert.equal(model.database, dbId);
    assert.equal(model['?'].name, 'WebServer');
    assert.equal(model['?'].type, 'org.playground.examples.WebServer');
    assert.equal(await page.locator('#pkg-panel-forms .env-app').count(), 2);

    const nested = (name) => JSON.parse(readFileSync(join(fixtures, `forms/nested-${name}.want.json`), 'utf8'));
    const [db, web] = [nested('database'), nested('webserver')];
    assert.equal(db.objectModel['?'].id, dbId, 'the nested database has the oracle id (seed 42)');
    assert.deepEqual(model, web.objectModel);

    if (oracle) {
      const dbAnswers = {
        databaseConfiguration: { password: 'Secr3t!pass' },
        instanceConfiguration: { osImage: 'img-debian' },
        workflowManagement: { application_name: 'site-db' },
        __environment__: [],
      };
      const liveDb = runOracle(join(packages, 'database/UI/ui.yaml'), dbAnswers,
        ['--fqn', 'org.playground.examples.Database', '--package-name', 'Example Database', '--nested']);
      assert.deepEqual(liveDb, db, 'fixtures/forms/nested-database.want.json is what the oracle prints');
      const liveWeb = runOracle(join(packages, 'webserver/UI/ui.yaml'), { siteConfiguration: { database: dbId }, __environment__: [db.objectModel] },
        ['--fqn', 'org.playground.examples.WebServer', '--package-name', 'Example Web Server', '--seed', '43']);
      assert.deepEqual(liveWeb, web, 'fixtures/forms/nested-webserver.want.json is what the oracle prints');
    }
  });
});

test('shows the positioned error of a broken ui.yaml and opens the file there', async () => {
  await withPlayground(async ({ page }) => {
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('#pkg-open-zip')]);
    const zip = execFileSync('python3', ['-c', `
import base64, io, os, sys, zipfile
root = sys.argv[1]
buf = io.BytesIO()
with zipfile.ZipFile(buf, 'w') as z:
    for d, _, files in sorted(os.walk(root)):
        for f in sorted(files):
            z.write(os.path.join(d, f), os.path.relpath(os.path.join(d, f), root))
print(base64.b64encode(buf.getvalue()).decode())`, join(fixtures, 'forms/badui')]).toString().trim();
    await chooser.setFiles({ name: 'badui.zip', mimeType: 'application/zip', buffer: Buffer.from(zip, 'base64') });
    await page.waitForSelector('#pkg-name:has-text("Bad UI Fixture")');
    await page.click('#pkg-tab-forms');
    const problem = '#pkg-panel-forms .forms-notice .problem';
    await page.waitForSelector(problem);
    assert.equal(await page.textContent(`${problem} .problem-where`), 'UI/ui.yaml:12:11');
    assert.equal(await page.textContent(`${problem} .problem-message`), "TypeError: Field.__init__() got an unexpected keyword argument 'minimum'");
    await page.click(`${problem} .problem-where`);
    await page.waitForSelector('#pkg-tab-files[aria-selected="true"]');
    await page.waitForFunction(() => document.querySelector('#pkg-viewer .cm-activeLineGutter')?.textContent === '12');
  }, '#packages');
});

test('after the engine is stopped and restarted, the package is opened again and the form works with what was typed', async () => {
  await withPlayground(async ({ page }) => {
    await atStep(page, 0);
    await page.fill(input('domain'), 'kept.example.org');
    await page.click('#tab-yaql');
    await setEditor(page, 'expr', 'range(1000).select(range(1000).select(range(1000).len()).len()).len()');
    await waitForStatus(page, 'running');
    await page.click('#stop');
    await page.waitForSelector('#status:has-text("engine restarted")', { timeout: 10_000 });
    await page.click('#tab-packages');
    await page.waitForFunction(() => Number(document.querySelector('#pkg-panel-forms')?.dataset.updated ?? 0) > 0, null, { timeout: 30_000 });
    await atStep(page, 0);
    assert.equal(await page.inputValue(input('domain')), 'kept.example.org');
    await type(page, 'port', '0');
    assert.deepEqual(await errorsOf(page, 'port'), ['Ensure this value is greater than or equal to 1.']);
  });
});
