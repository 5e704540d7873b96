// The top bar's tools beside the engine's status — the colour theme's
// switch (theme.ts) and the button of the keyboard shortcuts' overlay
// (shortcuts.ts) — and the page-wide commands: stop (Esc) presses the
// Stop button of the view shown, as a click would. The app calls
// initChrome once; the keys are bound then.

import { bindKeys, isShown, registerCommand } from './commands';
import { el } from './dom';
import { shortcutsOverlay } from './shortcuts';
import { initTheme } from './theme';

/** The enabled Stop button of the view shown, if any. */
function stopButton(): HTMLButtonElement | undefined {
  return [...document.querySelectorAll<HTMLButtonElement>('.button-stop')].find((b) => !b.disabled && isShown(b));
}

export function initChrome(): void {
  const topbar = document.querySelector('.topbar')!;
  const theme = el('div');
  theme.id = 'theme-switch';
  const help = el('button', 'button icon-button', '?');
  help.type = 'button';
  help.id = 'shortcuts-open';
  help.title = 'Keyboard shortcuts (?)';
  help.setAttribute('aria-label', 'Keyboard shortcuts');
  const tools = el('div', 'topbar-tools', theme, help);
  topbar.insertBefore(tools, topbar.querySelector('.engine')?.nextSibling ?? null);
  initTheme(theme);
  shortcutsOverlay(help);
  registerCommand({ id: 'stop', label: 'Press the Stop button of the view shown', when: () => stopButton() !== undefined, run: () => stopButton()?.click() });
  bindKeys();
}
