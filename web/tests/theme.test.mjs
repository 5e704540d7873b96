// Browser tests of dark mode, in Debian's headless Chromium against the
// real server: the page follows the system's colour scheme, the top bar's
// switch fixes one, the choice survives a reload, and every pane — the top
// bar, the YAQL console and its editors, the Packages view and its tabs,
// the Deploy view with its cloud picture and timeline, the dialogs — is
// dark with legible text (contrast ratios by WCAG's formula).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openPlayground, packageStatus, playgroundSession } from './harness.mjs';

const session = playgroundSession();

/** WCAG's contrast ratio of two CSS colours ("rgb(…)" or "rgba(…)"); a translucent one is laid on the page's background. */
function contrast(fg, bg, base = [255, 255, 255]) {
  const lum = (c) => {
    const [r, g, b] = c.map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [l1, l2] = [lum(solid(fg, base)), lum(solid(bg, base))].sort((a, b) => b - a);
  return (l1 + 0.05) / (l2 + 0.05);
}

function parse(css) {
  const m = css.match(/rgba?\(([^)]+)\)/);
  assert.ok(m, `a colour: ${css}`);
  const [r, g, b, a = 1] = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
  return { rgb: [r, g, b], a };
}

function solid(css, base) {
  const { rgb, a } = parse(css);
  return rgb.map((v, i) => v * a + base[i] * (1 - a));
}

/** How light a colour is, 0 (black) to 1 (white). */
function lightness(css) {
  const [r, g, b] = parse(css).rgb;
  return (Math.max(r, g, b) + Math.min(r, g, b)) / 2 / 255;
}

/** The computed colour of the first element matching selector and its background: the backgrounds up the tree laid over each other down to the first opaque one. */
async function colours(page, selector, property = 'color') {
  return page.$eval(
    selector,
    (e, property) => {
      const layers = [];
      for (let n = e; n; n = n.parentElement) {
        const m = getComputedStyle(n).backgroundColor.match(/rgba?\(([^)]+)\)/);
        if (!m) continue;
        const [r, g, b, a = 1] = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
        if (a === 0) continue;
        layers.push([r, g, b, a]);
        if (a === 1) break;
      }
      let bg = [255, 255, 255];
      for (const [r, g, b, a] of layers.reverse()) bg = [r, g, b].map((v, i) => v * a + bg[i] * (1 - a));
      return { fg: getComputedStyle(e)[property], bg: `rgb(${bg.map(Math.round).join(', ')})` };
    },
    property,
  );
}

/** Checks that a pane is dark (or light) and its text legible on it. */
async function checkPane(page, selector, dark, min = 4.5, property = 'color') {
  const { fg, bg } = await colours(page, selector, property);
  const base = dark ? [15, 18, 23] : [255, 255, 255];
  if (dark) assert.ok(lightness(bg) < 0.25, `${selector}: background ${bg} is not dark`);
  else assert.ok(lightness(bg) > 0.85, `${selector}: background ${bg} is not light`);
  const ratio = contrast(fg, bg, base);
  assert.ok(ratio >= min, `${selector}: ${fg} on ${bg} has a contrast of ${ratio.toFixed(2)}, under ${min}`);
  return ratio;
}

async function choose(page, theme) {
  await page.click(`label:has(#theme-${theme})`);
  await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
}

test('follows the system, switches to dark, and every pane is dark with legible text', async () => {
  const playground = await openPlayground(session.browser, session.server.url + '#yaql');
  const { page } = playground;
  try {
    // No choice kept: the system's scheme, whichever it is.
    assert.equal(await page.getAttribute('html', 'data-theme'), 'system');
    assert.equal(await page.isChecked('#theme-system'), true);
    await page.emulateMedia({ colorScheme: 'light' });
    await checkPane(page, 'body', false);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.dataset.scheme === 'dark');
    await checkPane(page, 'body', true);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.waitForFunction(() => document.documentElement.dataset.scheme === 'light');

    // The switch fixes dark whatever the system says.
    await choose(page, 'dark');
    assert.equal(await page.getAttribute('html', 'data-scheme'), 'dark');
    await checkPane(page, 'body', true);
    await checkPane(page, '.topbar .name', true);
    await checkPane(page, '#tab-yaql', true, 4.5);
    await checkPane(page, '.pane-expr .pane-head h2', true, 4.5);
    await checkPane(page, '#expr .cm-content', true);
    await checkPane(page, '#data .cm-content', true);
    await checkPane(page, '#data .cm-gutters', true, 3);
    // A YAML key and a string of the data, in the editor's own colours.
    await checkPane(page, '#data .cm-line span', true, 4.5);
    await checkPane(page, '#result .cm-content', true);
    await checkPane(page, '.chip', true);

    // The Packages view, its tabs, and a form.
    await page.click('#tab-packages');
    await page.click('#pkg-examples .chip[data-package="org.playground.examples.WebServer"]');
    await page.waitForSelector('#pkg-tab-forms');
    await packageStatus(page);
    await checkPane(page, '#pkg-name', true);
    await checkPane(page, '.pkg-meta', true, 4.5);
    await checkPane(page, '#pkg-tab-forms', true, 4.5);
    await page.click('#pkg-tab-forms');
    await page.waitForSelector('.wizard-form .input');
    await checkPane(page, '.wizard-form .form-label', true);
    await checkPane(page, '.wizard-form .input', true);
    await checkPane(page, '.wizard-side', true);
    await page.click('#pkg-tab-overview');
    await checkPane(page, '.overview .description', true);
    await page.click('#pkg-tab-files');
    await page.waitForSelector('#pkg-viewer .cm-line');
    await checkPane(page, '#pkg-viewer .cm-content', true);
    await checkPane(page, '.tree-file', true);
    await page.click('#pkg-tab-lint');
    await checkPane(page, '.lint-summary', true);
    await page.click('#pkg-tab-run');
    await page.waitForSelector('#run-classes .run-method');
    await checkPane(page, '#run-classes .run-method', true);
    await page.click('#pkg-tab-tests');
    await checkPane(page, '.tests-view h3', true);
    await page.click('#pkg-tab-schema');
    await page.waitForSelector('.schema-side h3');
    await checkPane(page, '.schema-side h3', true);

    // The Deploy view, its cloud picture and timeline (SVG, coloured by CSS classes).
    await page.click('#tab-deploy');
    await page.click('[data-example="shop"]');
    await checkPane(page, '.deploy-app-name', true);
    await page.click('#deploy-run');
    await page.waitForSelector('#deploy-status:not([data-state="running"])', { timeout: 90_000 });
    await checkPane(page, '.log-line', true);
    await page.click('#deploy-tab-cloud');
    await page.waitForSelector('.cloudmap .server');
    await checkPane(page, '.cloudmap .server-name', true, 4.5, 'fill');
    const server = await page.$eval('.cloudmap .server rect', (r) => getComputedStyle(r).fill);
    assert.ok(lightness(server) < 0.25, `a server's box is ${server}`);
    await page.click('#deploy-tab-timeline');
    await page.waitForSelector('.timeline .lane-label');
    await checkPane(page, '.timeline .lane-label', true, 4.5, 'fill');

    // A dialog: the shortcuts' overlay.
    await page.keyboard.press('?');
    await page.waitForSelector('#shortcuts[open]');
    await checkPane(page, '#shortcuts h2', true);
    await page.keyboard.press('Escape');

    assert.deepEqual(playground.external, []);
    assert.deepEqual(playground.errors, []);
  } finally {
    await playground.context.close();
  }
});

test('the choice survives a reload; light and the system come back', async () => {
  const playground = await openPlayground(session.browser, session.server.url + '#yaql');
  const { page } = playground;
  try {
    await page.emulateMedia({ colorScheme: 'light' });
    await choose(page, 'dark');
    await page.reload();
    await page.waitForSelector('body[data-engine="ready"]', { timeout: 60_000 });
    assert.equal(await page.getAttribute('html', 'data-theme'), 'dark');
    assert.equal(await page.isChecked('#theme-dark'), true);
    await checkPane(page, 'body', true);
    await checkPane(page, '#expr .cm-content', true);

    await choose(page, 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await page.waitForSelector('body[data-engine="ready"]', { timeout: 60_000 });
    assert.equal(await page.getAttribute('html', 'data-theme'), 'light');
    await checkPane(page, 'body', false);
    await checkPane(page, '#expr .cm-content', false);

    await choose(page, 'system');
    await page.reload();
    await page.waitForSelector('body[data-engine="ready"]', { timeout: 60_000 });
    assert.equal(await page.getAttribute('html', 'data-theme'), 'system');
    await checkPane(page, 'body', true);
    assert.deepEqual(playground.external, []);
    assert.deepEqual(playground.errors, []);
  } finally {
    await playground.context.close();
  }
});
