// Measures the Forms sub-view in headless Chromium (a measurement, not a
// test): opens fixtures/forms/perf (4 steps of 10 fields), then prints the
// median time of
//   - validating one field on a keystroke: the engine round trip of
//     ui.validateField plus the DOM update (the page's data-validate-ms;
//     the 120 ms typing debounce is not counted),
//   - starting the wizard and rendering its first step (ui.start: the
//     4-step, 40-field form is built, step 1 described and put in the DOM),
//   - Next and Back: submitting or describing a step and rendering the next;
// and then fixtures/schema/perf40 (a class of 40 properties) in the
// Schema forms sub-view: the median time of validating the whole form on a
// keystroke (the forms module's round trip plus showing the messages: the
// form's data-validate-ms).
// Usage: PLAYGROUND_URL=http://127.0.0.1:8080/ node web/tests/perf.mjs [ROUNDS]
// (without PLAYGROUND_URL it starts `go run ./scripts serve` itself).

import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { launchBrowser, openPlayground, startServer } from './harness.mjs';

const rounds = Number(process.argv[2] ?? 40);
const fixture = fileURLToPath(new URL('./fixtures/forms/perf', import.meta.url));
const schemaFixture = fileURLToPath(new URL('./fixtures/schema/perf40', import.meta.url));

function zip(dir) {
  const script = `
import base64, io, os, sys, zipfile
buf = io.BytesIO()
with zipfile.ZipFile(buf, 'w') as z:
    for d, _, files in sorted(os.walk(sys.argv[1])):
        for f in sorted(files):
            z.write(os.path.join(d, f), os.path.relpath(os.path.join(d, f), sys.argv[1]))
print(base64.b64encode(buf.getvalue()).decode())`;
  return Buffer.from(execFileSync('python3', ['-c', script, dir]).toString().trim(), 'base64');
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const fmt = (xs) => `median ${median(xs).toFixed(2)} ms (min ${Math.min(...xs).toFixed(2)}, max ${Math.max(...xs).toFixed(2)}, n=${xs.length})`;

const server = await startServer();
const browser = await launchBrowser();
try {
  const { page, external } = await openPlayground(browser, server.url + '#packages');
  const wizard = '#pkg-panel-forms .wizard';
  const renderMs = async () => Number(await page.getAttribute(wizard, 'data-render-ms'));
  const waitStep = (step) => page.waitForSelector(`${wizard}[data-step="${step}"] .form-row:not([hidden])`, { timeout: 30_000 });

  const starts = [];
  for (let i = 0; i < Math.max(5, rounds / 4); i++) {
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('#pkg-open-zip')]);
    await chooser.setFiles({ name: 'perf.zip', mimeType: 'application/zip', buffer: zip(fixture) });
    await page.waitForSelector('#pkg-name:has-text("Perf Form Fixture")');
    await page.click('#pkg-tab-forms');
    await waitStep(0);
    starts.push(await renderMs());
    if (i === 0) {
      const fields = await page.$$eval('#pkg-panel-forms .wizard-step', (s) => s.length);
      console.log(`form: ${fields} steps (4 forms and the management step), ${await page.locator(`${wizard} .form-row`).count()} fields on step 1`);
    }
    await page.click('#pkg-close');
  }
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('#pkg-open-zip')]);
  await chooser.setFiles({ name: 'perf.zip', mimeType: 'application/zip', buffer: zip(fixture) });
  await page.waitForSelector('#pkg-name:has-text("Perf Form Fixture")');
  await page.click('#pkg-tab-forms');
  await waitStep(0);

  const keystrokes = [];
  const row = `${wizard} .form-row[data-field="owner"]`;
  await page.click(`${row} input`);
  for (let i = 0; i < rounds; i++) {
    const before = await page.getAttribute(row, 'data-validated');
    await page.keyboard.type(i % 2 ? 'x' : '_');
    await page.waitForFunction(([sel, b]) => (document.querySelector(sel)?.dataset.validated ?? null) !== b, [row, before]);
    keystrokes.push(Number(await page.getAttribute(row, 'data-validate-ms')));
  }
  await page.fill(`${row} input`, 'admin');

  const nexts = [];
  const backs = [];
  for (let i = 0; i < Math.max(3, rounds / 8); i++) {
    for (let step = 1; step <= 3; step++) {
      await page.click(`${wizard} .wizard-buttons .button-primary`);
      await waitStep(step);
      nexts.push(await renderMs());
    }
    for (let step = 2; step >= 0; step--) {
      await page.click(`${wizard} .wizard-buttons button:has-text("Back")`);
      await waitStep(step);
      backs.push(await renderMs());
    }
  }

  await page.click('#pkg-close');
  await page.setInputFiles('#pkg-folder-input', schemaFixture);
  await page.waitForSelector('#pkg-name:has-text("Perf Schema Form Fixture")');
  await page.click('#pkg-tab-schema');
  const schemaForm = '#pkg-panel-schema .forms-wizard > .schema-form';
  await page.waitForSelector(`${schemaForm} input[name="s00"]`, { timeout: 60_000 });
  const fields = await page.locator(`${schemaForm} .wizard-fields > [data-field]`).count();
  await page.click(`${schemaForm} input[name="s00"]`);
  const schemaKeystrokes = [];
  for (let i = 0; i < rounds; i++) {
    const before = await page.getAttribute(schemaForm, 'data-validated');
    await page.keyboard.type(i % 2 ? 'x' : 'Y');
    await page.waitForFunction(([sel, b]) => (document.querySelector(sel)?.dataset.validated ?? null) !== b, [schemaForm, before]);
    schemaKeystrokes.push(Number(await page.getAttribute(schemaForm, 'data-validate-ms')));
  }

  console.log(`validate a field on a keystroke (round trip + DOM): ${fmt(keystrokes)}`);
  console.log(`schema form of ${fields} fields, validate it all on a keystroke: ${fmt(schemaKeystrokes)}`);
  console.log(`start the wizard and render step 1 (10 fields):     ${fmt(starts)}`);
  console.log(`Next (submit + describe + render 10 fields):        ${fmt(nexts)}`);
  console.log(`Back (describe + render 10 fields):                 ${fmt(backs)}`);
  if (external.length) throw new Error(`requests left 127.0.0.1: ${external.join(' ')}`);
} finally {
  await browser.close();
  await server.close();
}
