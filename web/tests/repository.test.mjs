// Browser tests of repositories in the Packages view: a repository folder
// the user opens (web/tests/fixtures/repo-src with each folder of apps/
// zipped as apps/<folder>.zip, the layout python-muranoclient reads,
// packages.md §6), and bundles from the same-origin repository the site
// serves at /repo/. Expected values come from the fixture's manifests and
// bundles: com.example.Web requires com.example.Db >=2 (apps/ has 1.0.0
// and 2.1.0), com.example.Legacy requires Db <2, com.example.Stack
// requires both sites, apps/com.example.Corrupt.zip is not a zip.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { packageStatus, playgroundSession, withPage } from './harness.mjs';

const source = fileURLToPath(new URL('fixtures/repo-src/', import.meta.url));

let scratch;
let repoDir;

/** Copies the fixture to <tmp>/my-repo, zipping each folder of apps/ with Python's zipfile. */
function buildRepository() {
  scratch = mkdtempSync(join(tmpdir(), 'playground-repo-'));
  repoDir = join(scratch, 'my-repo');
  cpSync(source, repoDir, { recursive: true });
  const script = `
import os, shutil, sys, zipfile
apps = sys.argv[1]
for name in sorted(os.listdir(apps)):
    folder = os.path.join(apps, name)
    if not os.path.isdir(folder):
        continue
    with zipfile.ZipFile(folder + '.zip', 'w') as z:
        for d, _, files in sorted(os.walk(folder)):
            for f in sorted(files):
                p = os.path.join(d, f)
                z.write(p, os.path.relpath(p, folder))
    shutil.rmtree(folder)`;
  execFileSync('python3', ['-c', script, join(repoDir, 'apps')]);
}

before(buildRepository);
const session = playgroundSession();
after(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

function manifestValue(folder, key) {
  const line = readFileSync(join(folder, 'manifest.yaml'), 'utf8')
    .split('\n')
    .find((l) => l.startsWith(key + ':'));
  return line?.slice(key.length + 1).trim();
}

const app = (folder) => join(source, 'apps', folder);

const withPackages = (fn) => withPage(session.browser, session.server.url + '#packages', fn);
const settled = packageStatus;

async function openRepository(page) {
  await page.setInputFiles('#pkg-folder-input', repoDir);
  assert.match(await settled(page), /Opened the repository my-repo\//);
  await page.waitForSelector('#pkg-repo-panel:not([hidden])');
}

test('opens a repository folder and lists its packages, bundles and images', async () => {
  await withPackages(async ({ page }) => {
    await openRepository(page);
    assert.match(await page.textContent('#pkg-repo-panel .repo-where'), /my-repo\//);
    const listed = await page.$$eval('#pkg-repo-panel .repo-open[data-package]', (bs) => bs.map((b) => `${b.dataset.package} ${b.dataset.version}`));
    const folders = readdirSync(join(source, 'apps'), { withFileTypes: true }).filter((e) => e.isDirectory());
    const expected = folders.map((e) => `${manifestValue(app(e.name), 'FullName')} ${manifestValue(app(e.name), 'Version')}`);
    assert.deepEqual(listed.sort(), expected.sort());
    assert.match(await page.locator('.repo-broken').textContent(), /apps\/com\.example\.Corrupt\.zip.*broken.*not a zip/s);
    assert.match(await page.locator('.repo-item', { has: page.locator('[data-bundle="web"]') }).textContent(), /web.*YAML.*com\.example\.Web/s);
    assert.match(await page.locator('.repo-item', { has: page.locator('[data-bundle="legacy"]') }).textContent(), /legacy.*JSON.*com\.example\.Legacy 1\.0\.0, com\.example\.Gone/s);
    const images = await page.textContent('[aria-label="Images"]');
    assert.match(images, /ubuntu\.qcow2.*in images\/.*images\.lst of com\.example\.Web/s);
    assert.match(images, /cirros\.img.*not in images\/.*the repository’s images\.lst/s);
    assert.equal(await page.isVisible('#pkg-empty'), true, 'no package is open yet');
  });
});

test('imports a package of the folder with its Require closure and shows it resolved', async () => {
  await withPackages(async ({ page }) => {
    await openRepository(page);
    await page.click('.repo-open[data-package="com.example.Web"]');
    assert.match(await settled(page), /Opened com\.example\.Web 1\.0\.0/);
    assert.equal(await page.textContent('#pkg-name'), manifestValue(app('com.example.Web'), 'Name'));
    assert.match(await page.textContent('.req:has-text("com.example.Db")'), />=2.*resolved: 2\.1\.0/s);
    assert.match(await page.textContent('#pkg-panel-overview'), /Resolved in the repository my-repo\//);
    assert.match(await page.textContent('#pkg-panel-overview'), /Dependencies first: com\.example\.Db 2\.1\.0, com\.example\.Web 1\.0\.0/);

    await page.click('.repo-open[data-package="com.example.Db"][data-version="1.0.0"]');
    assert.match(await settled(page), /Opened com\.example\.Db 1\.0\.0/);
    assert.match(await page.textContent('#pkg-meta'), /com\.example\.Db.*1\.0\.0/s);

    await page.setInputFiles('#pkg-folder-input', app('com.example.Legacy'));
    assert.match(await settled(page), /Opened com\.example\.Legacy\//);
    assert.match(await page.textContent('.req:has-text("com.example.Db")'), /<2.*resolved: 1\.0\.0/s, 'a package opened meanwhile resolves in the folder');

    await page.click('.repo-open[data-package="com.example.Stack"]');
    await settled(page, 'error');
    const failure = await page.textContent('#pkg-failure');
    assert.match(failure, /com\.example\.Stack 1\.0\.0 → com\.example\.Web 1\.0\.0/);
    assert.match(failure, /com\.example\.Stack 1\.0\.0 → com\.example\.Legacy 1\.0\.0/);
  });
});

test('imports a bundle of the folder (YAML and JSON) and opens what it imported', async () => {
  await withPackages(async ({ page }) => {
    await openRepository(page);
    await page.click('[data-bundle="web"]');
    assert.match(await settled(page), /Imported the bundle web: 2 packages/);
    const imported = () => page.$$eval('#pkg-repo-imported .repo-open', (bs) => bs.map((b) => b.textContent));
    assert.deepEqual(await imported(), ['com.example.Db', 'com.example.Web']);
    await page.click('#pkg-repo-imported .repo-open[data-package="com.example.Db"]');
    assert.match(await settled(page), /Opened com\.example\.Db 2\.1\.0/);

    await page.click('[data-bundle="legacy"]');
    assert.match(await settled(page, 'error'), /Imported the bundle legacy: 2 packages.*1 warning/);
    assert.deepEqual(await imported(), ['com.example.Db', 'com.example.Legacy']);
    assert.match(await page.textContent('#pkg-repo-imported .repo-warnings'), /com\.example\.Gone/);
    assert.match(await page.textContent('#pkg-repo-imported'), /com\.example\.Db 1\.0\.0/);
  });
});

test('imports a bundle from the same-origin repository URL', async () => {
  await withPackages(async ({ page, requests }) => {
    const bundle = await (await fetch(new URL('repo/bundles/examples.bundle', session.server.url))).json();
    const names = bundle.Packages.map((p) => p.Name);
    await page.click('label:has(#pkg-repo-kind-bundle)');
    assert.equal(await page.isChecked('#pkg-repo-kind-bundle'), true);
    assert.equal(await page.getAttribute('#pkg-repo-name', 'placeholder'), 'examples');
    await page.fill('#pkg-repo-name', 'examples');
    await page.click('#pkg-repo-form button[type=submit]');
    assert.match(await settled(page), /Imported the bundle examples/);
    assert.match(await page.textContent('#pkg-repo-panel .repo-where'), /\/repo\/$/);
    const imported = await page.$$eval('#pkg-repo-imported .repo-open', (bs) => bs.map((b) => b.dataset.package));
    assert.deepEqual([...imported].sort(), [...names].sort());
    assert.ok(requests.some((url) => url.endsWith('/repo/bundles/examples.bundle')), 'fetched bundles/examples.bundle');
    await page.click(`#pkg-repo-imported .repo-open[data-package="${names[0]}"]`);
    assert.match(await settled(page), new RegExp(`Opened ${names[0].replaceAll('.', '\\.')}`));

    await page.fill('#pkg-repo-name', 'nothing');
    await page.click('#pkg-repo-form button[type=submit]');
    await settled(page, 'error');
    assert.match(await page.textContent('#pkg-repo-imported'), /Failed to create bundle for 'nothing'/);
  });
});
