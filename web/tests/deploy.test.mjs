// Browser tests of the Deploy view, in Debian's headless Chromium against
// the real server. The expected documents come from `muranopl deploy` on
// the same environment and seed (whose agreement with the reference
// harness the deploy corpus checks), the expected messages from the
// examples' packages (web/packages) and the simulated cloud's fault
// catalogue.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { openPlayground, playgroundSession, withPage } from './harness.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const fixtures = fileURLToPath(new URL('fixtures/forms/', import.meta.url));
const session = playgroundSession();
const withDeploy = (fn, viewport) => withPage(session.browser, session.server.url + '#deploy', fn, viewport);

let cli;
/** Runs the command line (built once). */
function muranopl(...args) {
  if (!cli) {
    cli = join(mkdtempSync(join(tmpdir(), 'deploy-test-')), 'muranopl');
    execFileSync('go', ['build', '-o', cli, './cmd/muranopl'], { cwd: root });
  }
  try {
    return execFileSync(cli, args, { cwd: root, maxBuffer: 1 << 28 }).toString();
  } catch (err) {
    if (err.status === 1) return err.stdout.toString();
    throw err;
  }
}

/** Waits until the running task ends and returns the status text; state is the expected data-state. */
async function finished(page, state = 'done') {
  await page.waitForSelector('#deploy-status[data-state="running"]', { timeout: 30_000 }).catch(() => {});
  await page.waitForSelector('#deploy-status:not([data-state="running"])', { timeout: 90_000 });
  const text = await page.textContent('#deploy-status');
  assert.equal(await page.getAttribute('#deploy-status', 'data-state'), state, text);
  return text;
}

async function deploy(page, state = 'done') {
  await page.click('#deploy-run');
  return finished(page, state);
}

async function openSettings(page) {
  if (!(await page.isVisible('#deploy-name'))) await page.click('.deploy-settings-box summary');
}

async function downloadJSON(page, selector) {
  const [event] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  const path = await event.path();
  return JSON.parse(readFileSync(path, 'utf8'));
}

test('deploys the shop example as muranopl deploy does, and shows the log, the cloud, Heat and the agents', async () => {
  await withDeploy(async ({ page, requests }) => {
    await page.click('[data-example="shop"]');
    assert.match(await page.textContent('.deploy-apps'), /orders-db.*WebServer/s);
    assert.match(await deploy(page), /Deployed/);

    const log = await page.textContent('.deploy-log');
    assert.match(log, /2 database\(s\) ready on 10\.0\.\d+\.3:5432/);
    assert.match(log, /www\.example\.org is served at http:\/\/172\.24\.4\.\d+:80\//);

    await page.click('#deploy-tab-result');
    const fromPage = await downloadJSON(page, '#deploy-download-output');
    const env = join(mkdtempSync(join(tmpdir(), 'deploy-env-')), 'env.json');
    muranopl('env', join(fixtures, 'database.want.json'), join(fixtures, 'nested-webserver.want.json'), '--name', 'demo-env', '--seed', '42', '-o', env);
    const fromCLI = JSON.parse(muranopl('deploy', '--packages', 'web/packages', '--env', env, '--seed', '42'));
    assert.deepEqual(fromPage, fromCLI, 'the page and muranopl deploy give the same document');

    await page.click('#deploy-tab-cloud');
    for (const name of ['db-1', 'web-1']) await page.waitForSelector(`.cloudmap .server:has-text("${name}")`);
    assert.match(await page.textContent('.cloudmap .server:has-text("web-1")'), /floating 172\.24\.4\.\d+/);
    await page.click('.cloudmap .server:has-text("web-1")');
    await page.waitForSelector('#deploy-cloud-details:has-text("Heat resource web-1 (OS::Nova::Server)")');

    await page.click('#deploy-tab-heat');
    await page.waitForSelector('.deploy-panel-heat .list-item');
    assert.equal(await page.locator('.deploy-panel-heat .list-item').count(), fromCLI.heat.length);
    assert.match(await page.textContent('.heat-diff'), /added web-1 \(OS::Nova::Server\)/);

    await page.click('#deploy-tab-agents');
    await page.waitForSelector('.deploy-panel-agents .list-item');
    assert.equal(await page.locator('.deploy-panel-agents .list-item').count(), fromCLI.agent.length);
    assert.match(await page.textContent('.deploy-panel-agents'), /Configure the web site on web-1/);
    assert.ok(requests.some((u) => /\/cloud\.[0-9a-f]+\.wasm$/.test(u)), 'the cloud module was loaded');
  });
});

test('a fault of the catalogue makes the deploy fail as Heat would', async () => {
  await withDeploy(async ({ page }) => {
    await page.click('[data-example="shop"]');
    await openSettings(page);
    await page.check('input[data-fault="quota"]');
    assert.match(await deploy(page, 'error'), /Failed: OSError/);
    assert.match(await page.textContent('#deploy-panel-result'), /Quota exceeded for instances/);
    assert.match(await page.textContent('.deploy-log'), /Unexpected stack state (CREATE|UPDATE)_FAILED/);
  });
});

test('a broken example shows its exception and the MuranoPL stack trace opens the file there', async () => {
  await withDeploy(async ({ page }) => {
    await page.click('[data-example="flaky"]');
    assert.match(await deploy(page, 'error'), /HealthCheckFailed/);
    assert.match(await page.textContent('#deploy-panel-result'), /the health check answered None instead of healthy/);
    await page.click('.deploy-stack .button-link[data-file="Classes/Flaky.yaml"] >> nth=0');
    await page.waitForSelector('.deploy-file .cm-content');
    assert.match(await page.textContent('.deploy-file-title'), /Classes\/Flaky\.yaml:36:13/);
    assert.match(await page.textContent('.deploy-file .cm-activeLine'), /Throw: HealthCheckFailed/);

    await openSettings(page);
    await page.selectOption('#deploy-scripts', 'fixtures');
    await page.fill('#deploy-fixtures', '[{"script": "healthCheck", "stdout": "healthy", "code": 0}]');
    assert.match(await deploy(page), /Deployed/);
    assert.match(await page.textContent('.deploy-log'), /The service is healthy/);
  });
});

test('redeploys after an application was removed: the changes first, then murano 14.0.0’s behaviour', async () => {
  await withDeploy(async ({ page }) => {
    await page.click('[data-example="shop"]');
    await deploy(page);
    await page.click('button[aria-label="Remove WebServer"]');
    assert.match(await page.textContent('#deploy-changes'), /delete WebServer/);
    assert.match(await page.textContent('#deploy-run'), /Deploy 1 change/);
    await deploy(page);
    await page.click('#deploy-tab-result');
    await page.waitForSelector('#deploy-panel-result:has-text("push(async => true) failed")');
    assert.match(await page.textContent('#deploy-changes'), /Nothing changed since the last deploy/);
  });
});

test('an action runs on the deployed environment with its arguments, and Delete releases everything', async () => {
  await withDeploy(async ({ page }) => {
    await page.click('[data-example="shop"]');
    await deploy(page);
    const form = page.locator('.deploy-action', { hasText: 'backup' });
    await form.locator('input[name="target"]').fill('/srv/backups');
    await form.locator('button[type="submit"]').click();
    await finished(page);
    assert.match(await page.textContent('.deploy-log'), /Backing up 2 database\(s\) to \/srv\/backups/);
    await page.click('#deploy-tab-result');
    await page.waitForSelector('#deploy-panel-result:has-text("/srv/backups")');

    await page.click('#deploy-delete');
    await page.click('#deploy-delete');
    await finished(page);
    await page.click('#deploy-tab-heat');
    await page.waitForSelector('.deploy-panel-heat .list-item:has-text("delete")');
    assert.equal(await page.isDisabled('#deploy-delete'), true);
  });
});

test('a reload restores the environment, its state and the last run', async () => {
  const playground = await openPlayground(session.browser, session.server.url + '#deploy');
  try {
    const { page } = playground;
    await page.click('[data-example="shop"]');
    await deploy(page);
    await page.reload();
    await page.waitForSelector('body[data-engine="ready"]', { timeout: 60_000 });
    await page.waitForSelector('.deploy-app:has-text("orders-db")');
    assert.match(await page.textContent('#deploy-status'), /Deployed/);
    assert.match(await page.textContent('.deploy-log'), /www\.example\.org is served/);
    assert.match(await page.textContent('#deploy-changes'), /Nothing changed since the last deploy/);
    assert.deepEqual(playground.external, []);
    assert.deepEqual(playground.errors, []);
  } finally {
    await playground.context.close();
  }
});

test('Stop ends a slow deploy at once; the environment deploys again', async () => {
  await withDeploy(async ({ page }) => {
    await page.click('[data-example="shop"]');
    await openSettings(page);
    await page.locator('input[name="deploy-speed"][value="1"]').check({ force: true });
    await page.click('#deploy-run');
    await page.waitForSelector('#deploy-status[data-state="running"]');
    await page.waitForSelector('.log-line');
    await page.click('#deploy-stop');
    assert.match(await finished(page, 'stopped'), /Stopped/);
    await page.waitForSelector('body[data-engine="ready"]');
    await page.locator('input[name="deploy-speed"][value="0"]').check({ force: true });
    assert.match(await deploy(page), /Deployed/);
  });
});

test('the state exports as the file muranopl deploy --state reads, and imports back', async () => {
  let state;
  await withDeploy(async ({ page }) => {
    await page.click('[data-example="shop"]');
    await deploy(page);
    state = await downloadJSON(page, '#deploy-export');
  });
  assert.equal(state.format, 'murano-playground-deploy/1');
  const file = join(mkdtempSync(join(tmpdir(), 'deploy-state-')), 'state.json');
  writeFileSync(file, JSON.stringify(state));
  const db = state.model.Objects.applications.find((a) => a['?'].name === 'orders-db')['?'].id;
  const out = JSON.parse(muranopl('deploy', '--packages', 'web/packages', '--state', file, '--action', `${db}.backup`, '--args', '{"target": "/tmp"}'));
  assert.equal(out.ok, true);
  assert.equal(out.result, '/tmp');

  await withDeploy(async ({ page }) => {
    await page.setInputFiles('#deploy-import-input', file);
    await page.waitForSelector('.deploy-app:has-text("orders-db")');
    assert.match(await page.textContent('#deploy-status'), /Imported the state/);
    await page.waitForSelector('.deploy-action:has-text("backup")');
    assert.match(await page.textContent('#deploy-changes'), /Nothing changed since the last deploy/);
  });
});

test('the Deploy view works at 375 px and with the keyboard', async () => {
  await withDeploy(async ({ page }) => {
    await page.click('[data-example="hot"]');
    await page.focus('#deploy-run');
    await page.keyboard.press('Enter');
    await finished(page);
    await page.focus('#deploy-tab-log');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.getAttribute('#deploy-tab-timeline', 'aria-selected'), 'true');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.getAttribute('#deploy-tab-cloud', 'aria-selected'), 'true');
    await page.focus('.cloudmap .server');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#deploy-cloud-details:has-text("server hot-server")');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 375, `the page is ${width} px wide`);
  }, { width: 375, height: 740 });
});
