// Shared set-up of the browser tests: the playground server, Debian's headless
// Chromium driven by playwright-core, and pages that may only talk to
// 127.0.0.1.
//
// `go run ./scripts test` starts the server itself and passes its URL in
// PLAYGROUND_URL; without it, startServer runs `go run ./scripts serve` on a
// free port.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

export const chromiumPath = '/usr/bin/chromium';

export async function startServer() {
  if (process.env.PLAYGROUND_URL) return { url: process.env.PLAYGROUND_URL, close: async () => {} };
  const server = spawn('go', ['run', './scripts', 'serve', '-addr', '127.0.0.1:0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const lines = createInterface({ input: server.stdout });
  let url;
  for await (const line of lines) {
    const match = line.match(/^Murano playground: (http:\/\/\S+)/);
    if (match) {
      url = match[1];
      break;
    }
  }
  if (!url) throw new Error('the playground server did not print its URL');
  return {
    url,
    close: async () => {
      process.kill(-server.pid, 'SIGINT');
      await once(server, 'exit');
    },
  };
}

/**
 * Starts the server and the browser before the tests of a file and stops
 * them after; the returned object holds them (server, browser) meanwhile.
 */
export function playgroundSession() {
  const session = {};
  before(async () => {
    session.server = await startServer();
    session.browser = await launchBrowser();
  });
  after(async () => {
    await session.browser?.close();
    await session.server?.close();
  });
  return session;
}

export function launchBrowser() {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
    ],
  });
}

/**
 * Opens the playground in a fresh browser context. Requests to any host but
 * 127.0.0.1 are aborted and listed in `external`; every request URL is listed
 * in `requests` and page errors in `errors`. Options: `route(context)` adds
 * routes before the page loads (they take precedence), and `waitForEngine:
 * false` returns before the engine is ready.
 */
export async function openPlayground(browser, url, viewport = { width: 1280, height: 800 }, { route, waitForEngine = true } = {}) {
  const context = await browser.newContext({ viewport });
  const external = [];
  const errors = [];
  const requests = [];
  await context.route('**/*', (route) => {
    const { hostname } = new URL(route.request().url());
    if (hostname === '127.0.0.1') return route.continue();
    external.push(route.request().url());
    return route.abort();
  });
  await route?.(context);
  const page = await context.newPage();
  page.on('request', (request) => requests.push(request.url()));
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  const started = Date.now();
  await page.goto(url);
  if (waitForEngine) await page.waitForSelector('body[data-engine="ready"]', { timeout: 60_000 });
  return { page, context, external, errors, requests, loadMs: Date.now() - started };
}

/**
 * Runs fn on a fresh page at url, then checks that nothing left 127.0.0.1
 * and that no error happened on the page.
 */
export async function withPage(browser, url, fn, viewport) {
  const playground = await openPlayground(browser, url, viewport);
  try {
    await fn(playground);
    assert.deepEqual(playground.external, [], 'requests to hosts other than 127.0.0.1');
    assert.deepEqual(playground.errors, [], 'errors on the page');
  } finally {
    await playground.context.close();
  }
}

/** Waits until the Packages view has finished what it was doing, checks its state and returns the status text. */
export async function packageStatus(page, state = 'done') {
  await page.waitForSelector('#pkg-status:is([data-state="done"], [data-state="error"])', { timeout: 30_000 });
  const status = await page.textContent('#pkg-status');
  assert.equal(await page.getAttribute('#pkg-status', 'data-state'), state, status);
  return status;
}

/** Replaces the text of the CodeMirror editor inside the element with the given id. */
export async function setEditor(page, id, text) {
  await page.click(`#${id} .cm-content`);
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

/** The text of the editor's rendered lines (all of them for short documents). */
export async function editorText(page, id) {
  return page.$$eval(`#${id} .cm-line`, (lines) => lines.map((line) => line.textContent).join('\n'));
}

/** Waits until the status line reaches state and returns its text. */
export async function waitForStatus(page, state, timeout = 30_000) {
  await page.waitForSelector(`#status[data-state="${state}"]`, { timeout });
  return page.textContent('#status');
}

/** Waits until the result pane holds JSON equal to expected. */
export async function waitForResult(page, expected, timeout = 30_000) {
  const want = JSON.stringify(expected);
  try {
    await page.waitForFunction(
      (want) => {
        const text = [...document.querySelectorAll('#result .cm-line')].map((l) => l.textContent).join('\n');
        try {
          return !document.querySelector('#result').hidden && JSON.stringify(JSON.parse(text)) === want;
        } catch {
          return false;
        }
      },
      want,
      { timeout },
    );
  } catch {
    const shown = (await page.isHidden('#result')) ? await page.textContent('#error') : await editorText(page, 'result');
    throw new Error(`result is not ${want}; the page shows: ${shown} (status: ${await page.textContent('#status')})`);
  }
}
