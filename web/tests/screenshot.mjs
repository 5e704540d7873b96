// Saves a PNG of the playground page once the engine is ready and the view
// has its content (the console's first evaluation, or a package's forms or
// schema forms):
// node web/tests/screenshot.mjs URL OUT.png [WIDTH HEIGHT]. With a URL
// ending in #deploy, the shop example is deployed first and its cloud shown;
// with #workspace, the example web server is edited: a label of its
// ui.yaml changed in the Files beside its Forms.

import { launchBrowser, openPlayground } from './harness.mjs';

const [url, out, width = '1280', height = '800'] = process.argv.slice(2);
if (!url || !out) {
  console.error('usage: node web/tests/screenshot.mjs URL OUT.png [WIDTH HEIGHT]');
  process.exit(2);
}

const workspace = url.endsWith('#workspace');
const browser = await launchBrowser();
try {
  const { page, external } = await openPlayground(browser, workspace ? url.replace(/#workspace$/, '#packages/org.playground.examples.WebServer/forms') : url, { width: Number(width), height: Number(height) });
  if (workspace) {
    await page.waitForSelector('#pkg-panel-forms .wizard .form-row');
    await page.click('#pkg-edit');
    await page.click('#pkg-panel-files .tree-file[data-path="UI/ui.yaml"]');
    await page.click('#pkg-viewer .cm-content');
    await page.keyboard.press('Control+f');
    await page.keyboard.type('label: Domain name');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.keyboard.press('End');
    await page.keyboard.type(' of your site');
    await page.waitForFunction(() => [...document.querySelectorAll('#pkg-panel-forms .form-label')].some((l) => l.textContent?.startsWith('Domain name of your site')));
  } else if (url.endsWith('#deploy')) {
    await page.click('[data-example="shop"]');
    await page.click('#deploy-run');
    await page.waitForSelector('#deploy-status[data-state="done"]', { timeout: 60_000 });
    await page.click('#deploy-tab-cloud');
    await page.click('.cloudmap .server:has-text("web-1")');
    await page.waitForSelector('#deploy-cloud-details h3');
  } else {
    await page.waitForSelector(
      '#view-yaql:not([hidden]) #status:not([data-state="running"]):not([data-state="idle"]), #view-packages:not([hidden]) #pkg-panel-forms:not([hidden]) .wizard .form-row, #pkg-panel-schema:not([hidden]) .schema-form .form-row:not([hidden])',
      { timeout: 30_000 },
    );
  }
  await page.screenshot({ path: out, fullPage: true });
  if (external.length > 0) throw new Error(`requests left 127.0.0.1: ${external.join(' ')}`);
  console.log(`saved ${out} (${width}×${height})`);
} finally {
  await browser.close();
}
