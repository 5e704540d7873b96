// Browser tests of the Packages view, in Debian's headless Chromium against
// the real server. Expected values come from the packages themselves (their
// manifests), from murano-pkg-check (run on web/tests/fixtures/broken zipped:
// E050 for Missing.yaml, named on line 9 col 24 of the manifest, W048 for the
// contract on line 8 col 15 of Classes/Broken.yaml) and from the repository
// layout of python-muranoclient (apps/<FQN>.zip).

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { openPlayground, packageStatus, playgroundSession, withPage } from './harness.mjs';

const fixtures = fileURLToPath(new URL('fixtures/', import.meta.url));

const session = playgroundSession();

const withPackages = (fn, hash = '#packages') => withPage(session.browser, session.server.url + hash, fn);
const opened = packageStatus;

/** A zip of a fixture folder, made with Python's zipfile; prefix puts the files in a folder. */
function zipFixture(name, prefix = '') {
  const script = `
import base64, io, os, sys, zipfile
root, prefix = sys.argv[1], sys.argv[2]
buf = io.BytesIO()
with zipfile.ZipFile(buf, 'w') as z:
    for d, _, files in sorted(os.walk(root)):
        for f in sorted(files):
            p = os.path.join(d, f)
            z.write(p, prefix + os.path.relpath(p, root))
print(base64.b64encode(buf.getvalue()).decode())`;
  return Buffer.from(execFileSync('python3', ['-c', script, fixtures + name, prefix]).toString().trim(), 'base64');
}

function manifestValue(folder, key) {
  const line = readFileSync(folder + '/manifest.yaml', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(key + ':'));
  return line?.slice(key.length + 1).trim();
}

async function subtab(page, id) {
  await page.click(`#pkg-tab-${id}`);
  assert.equal(await page.getAttribute(`#pkg-tab-${id}`, 'aria-selected'), 'true');
}

test('switches views with the tabs and the URL hash', async () => {
  const playground = await openPlayground(session.browser, session.server.url + '#yaql');
  try {
    const { page } = playground;
    assert.equal(await page.isVisible('#view-yaql'), true);
    assert.equal(await page.isHidden('#view-packages'), true);
    await page.click('#tab-packages');
    await page.waitForSelector('#view-packages:not([hidden])');
    assert.match(page.url(), /#packages$/);
    assert.equal(await page.getAttribute('#tab-packages', 'aria-selected'), 'true');
    await page.keyboard.press('ArrowLeft');
    await page.waitForSelector('#view-yaql:not([hidden])');
    assert.match(page.url(), /#yaql$/);
    assert.deepEqual(playground.errors, []);
  } finally {
    await playground.context.close();
  }
});

test('opens a built-in example with its requirements from the same-origin repository', async () => {
  await withPackages(async ({ page, requests }) => {
    const bundle = await (await fetch(new URL('repo/bundles/examples.bundle', session.server.url))).json();
    const names = bundle.Packages.map((p) => p.Name);
    assert.ok(names.includes('org.playground.examples.WebServer'), names.join(', '));
    await page.waitForSelector('[data-package="org.playground.examples.WebServer"]');
    assert.equal(await page.locator('#pkg-examples [data-package]').count(), names.length);

    await page.click('[data-package="org.playground.examples.WebServer"]');
    await opened(page);
    const folder = fileURLToPath(new URL('../packages/webserver', import.meta.url));
    assert.equal(await page.textContent('#pkg-name'), manifestValue(folder, 'Name'));
    assert.match(await page.textContent('#pkg-meta'), /org\.playground\.examples\.WebServer/);
    assert.match(page.url(), /#packages\/org\.playground\.examples\.WebServer\/forms$/, 'the example on the tab its gallery entry names, the tab kept in the link');
    for (const fqn of ['org.playground.examples.WebServer', 'org.playground.examples.Database']) {
      assert.ok(requests.some((url) => url.endsWith(`/repo/apps/${fqn}.zip`)), `fetched apps/${fqn}.zip`);
    }
    const database = page.locator('.req', { hasText: 'org.playground.examples.Database' });
    assert.match(await database.textContent(), /resolved: 0\.0\.0/);
    assert.match(await page.locator('.req', { hasText: 'io.murano' }).textContent(), /provided by the platform/);
    assert.equal(await page.isVisible('#pkg-logo'), true);
  });
});

test('opens a package named in the URL hash', async () => {
  await withPackages(async ({ page }) => {
    await opened(page);
    assert.match(await page.textContent('#pkg-meta'), /org\.playground\.examples\.Database/);
  }, '#packages/org.playground.examples.Database');
});

test('imports a package from a repository URL and a name, and refuses other origins', async () => {
  await withPackages(async ({ page, requests }) => {
    await page.fill('#pkg-repo-name', 'org.playground.examples.Database');
    await page.click('#pkg-repo-form button[type=submit]');
    await opened(page);
    assert.match(await page.textContent('#pkg-meta'), /org\.playground\.examples\.Database/);

    await page.fill('#pkg-repo-url', 'http://example.com/repo/');
    await page.fill('#pkg-repo-name', 'org.example.Nothing');
    await page.click('#pkg-repo-form button[type=submit]');
    await opened(page, 'error');
    assert.match(await page.textContent('#pkg-failure'), /origin/);
    assert.ok(!requests.some((url) => url.includes('example.com')), 'no request to example.com');
  });
});

test('opens a .zip picked with "Open .zip…", and a zipped folder with a warning', async () => {
  await withPackages(async ({ page }) => {
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.click('#pkg-open-zip')]);
    await chooser.setFiles({ name: 'hello.zip', mimeType: 'application/zip', buffer: zipFixture('hello') });
    assert.match(await opened(page), /Opened hello\.zip/);
    assert.equal(await page.textContent('#pkg-name'), manifestValue(fixtures + 'hello', 'Name'));
    assert.equal(await page.isVisible('#pkg-logo'), true);
    assert.equal(await page.locator('.callout-warning').count(), 0);
    assert.match(await page.textContent('.facts'), /Example Supplier/);

    await page.setInputFiles('#pkg-zip-input', { name: 'hello-folder.zip', mimeType: 'application/zip', buffer: zipFixture('hello', 'hello/') });
    await page.waitForSelector('text=Opened hello-folder.zip');
    assert.match(await page.textContent('.callout-warning'), /"hello".*Murano would reject/);
  });
});

test('opens a folder picked with "Open folder…"', async () => {
  await withPackages(async ({ page }) => {
    await page.setInputFiles('#pkg-folder-input', fixtures + 'hello');
    assert.match(await opened(page), /Opened hello\//);
    await subtab(page, 'files');
    const files = await page.$$eval('#pkg-panel-files .tree-file', (buttons) => buttons.map((b) => b.dataset.path));
    assert.deepEqual(files.sort(), ['Classes/Hello.yaml', 'LICENSE', 'UI/ui.yaml', 'logo.png', 'manifest.yaml']);
    await page.click('.tree-file[data-path="Classes/Hello.yaml"]');
    await page.waitForFunction(() => document.querySelector('#pkg-panel-files')?.dataset.file === 'Classes/Hello.yaml');
    await page.waitForSelector('#pkg-viewer .cm-line:has-text("Name: Hello")');
    assert.equal(await page.getAttribute('#pkg-viewer .cm-content', 'contenteditable'), 'true', 'the file is editable');
    assert.equal(await page.getAttribute('#pkg-panel-files .files-tab-box.active .files-tab', 'data-path'), 'Classes/Hello.yaml', 'in a tab of its own');

    await page.focus('#pkg-tab-files');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.getAttribute('#pkg-tab-lint', 'aria-selected'), 'true', 'arrow keys move between the package tabs');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'pkg-tab-lint');
  });
});

test('shows the lint problems of a broken package and opens the file at one', async () => {
  await withPackages(async ({ page }) => {
    await page.setInputFiles('#pkg-folder-input', fixtures + 'broken');
    assert.match(await opened(page, 'error'), /error/);
    await subtab(page, 'lint');
    const rows = await page.$$eval('#pkg-panel-lint .problem', (items) => items.map((li) => li.textContent));
    assert.ok(
      rows.some((r) => r.includes('manifest.yaml:9:24') && r.includes('E050') && r.includes('File "Missing.yaml" is present in Manifest, but not in filesystem')),
      rows.join('\n'),
    );
    assert.ok(rows.some((r) => r.includes('Classes/Broken.yaml:8:15') && r.includes('W048')), rows.join('\n'));
    assert.match(await page.textContent('#pkg-tab-lint .badge'), /^\d+$/);

    await page.click('#pkg-panel-lint button.problem-where:text("manifest.yaml:9:24")');
    assert.equal(await page.getAttribute('#pkg-tab-files', 'aria-selected'), 'true');
    await page.waitForFunction(() => document.querySelector('#pkg-panel-files')?.dataset.file === 'manifest.yaml');
    await page.waitForFunction(() => document.querySelector('#pkg-viewer .cm-activeLineGutter')?.textContent === '9');
    const line = await page.textContent('#pkg-viewer .cm-activeLine');
    assert.match(line, /Missing\.yaml/);
  });
});

test('shows the positioned errors of something that is not a package, never a blank page', async () => {
  await withPackages(async ({ page }) => {
    await page.setInputFiles('#pkg-zip-input', { name: 'notes.zip', mimeType: 'application/zip', buffer: Buffer.from('not a zip at all') });
    await opened(page, 'error');
    assert.match(await page.textContent('#pkg-failure'), /notes\.zip does not open as a package[\s\S]*not a zip/);

    await page.setInputFiles('#pkg-folder-input', fixtures + 'hello/Classes');
    await opened(page, 'error');
    assert.match(await page.textContent('#pkg-panel-overview'), /Unable to find package manifest/);
  });
});

test('opens a .zip dropped anywhere on the view', async () => {
  await withPackages(async ({ page }) => {
    const zip = [...zipFixture('hello')];
    await page.evaluate((bytes) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], 'dropped.zip', { type: 'application/zip' }));
      const target = document.querySelector('#pkg-empty');
      for (const type of ['dragenter', 'dragover', 'drop']) {
        target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
      }
    }, zip);
    assert.match(await opened(page), /Opened dropped\.zip/);
    assert.equal(await page.isHidden('#pkg-drop'), true);
  });
});

test('downloads the package as a deterministic .zip', async () => {
  await withPackages(async ({ page }) => {
    await page.setInputFiles('#pkg-folder-input', fixtures + 'hello');
    await opened(page);
    const download = async () => {
      const [event] = await Promise.all([page.waitForEvent('download'), page.click('#pkg-download')]);
      return { name: event.suggestedFilename(), bytes: readFileSync(await event.path()) };
    };
    const first = await download();
    assert.equal(first.name, 'com.example.Hello.zip');
    assert.deepEqual([...first.bytes.subarray(0, 4)], [0x50, 0x4b, 0x03, 0x04], 'a zip local file header');
    for (const name of ['manifest.yaml', 'Classes/Hello.yaml', 'UI/ui.yaml', 'logo.png', 'LICENSE']) {
      assert.ok(first.bytes.includes(Buffer.from(name)), `the zip holds ${name}`);
    }
    const second = await download();
    assert.ok(first.bytes.equals(second.bytes), 'two exports are identical');
  });
});
