// The help overlay of the keyboard shortcuts: a modal dialog listing the
// commands (commands.ts) with their keys and whether they apply here,
// opened by the `?` key (the help command) or the top bar's button. Tab
// stays inside it, Esc closes it and the focus goes back where it was.

import './shortcuts.css';
import { type CommandState, keyLabel, listCommands, onCommandsChange, registerCommand } from './commands';
import { el } from './dom';

const stateText: Record<CommandState, string> = {
  ready: 'here',
  elsewhere: 'in another view',
  unavailable: 'not available yet',
};

/** Sets up the overlay and the button that opens it. */
export function shortcutsOverlay(opener: HTMLButtonElement): void {
  const dialog = el('dialog', 'shortcuts-dialog');
  dialog.id = 'shortcuts';
  dialog.setAttribute('aria-labelledby', 'shortcuts-title');
  const title = el('h2', undefined, 'Keyboard shortcuts');
  title.id = 'shortcuts-title';
  const close = el('button', 'button button-quiet', 'Close');
  close.type = 'button';
  close.id = 'shortcuts-close';
  const table = el('table', 'shortcuts-table');
  const body = el('tbody');
  table.append(el('thead', undefined, row('th', 'Keys', 'Command', 'Where')), body);
  const note = el('p', 'muted small', 'A key does what its command does in the view shown; Esc also closes this list.');
  dialog.append(el('div', 'shortcuts-head', title, close), table, note);
  document.body.append(dialog);

  function row(cell: 'td' | 'th', ...texts: (string | Node)[]): HTMLTableRowElement {
    const tr = el('tr');
    for (const t of texts) tr.append(el(cell, undefined, t));
    return tr;
  }

  function render(): void {
    body.replaceChildren();
    for (const c of listCommands()) {
      if (!c.key) continue;
      const keys = el('span', 'keys');
      keyLabel(c.key).forEach((k, i) => {
        if (i > 0) keys.append('+');
        keys.append(el('kbd', undefined, k));
      });
      const what = el('span', undefined, el('strong', undefined, c.title), el('span', 'shortcuts-label muted', c.label));
      const where = el('span', `shortcut-state shortcut-${c.state}`, stateText[c.state]);
      const tr = row('td', keys, what, where);
      tr.dataset.command = c.id;
      tr.dataset.state = c.state;
      body.append(tr);
    }
  }

  let returnTo: HTMLElement | null = null;
  function open(): void {
    if (dialog.open) return;
    returnTo = document.activeElement as HTMLElement | null;
    render();
    dialog.showModal();
    close.focus();
    opener.setAttribute('aria-expanded', 'true');
  }
  function shut(): void {
    if (dialog.open) dialog.close();
  }
  dialog.addEventListener('close', () => {
    opener.setAttribute('aria-expanded', 'false');
    returnTo?.focus?.();
  });
  onCommandsChange(() => {
    if (dialog.open) render();
  });

  // The focus trap: Tab past the last control comes back to the first.
  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab') return;
    const focusable = [...dialog.querySelectorAll<HTMLElement>('button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])')].filter(
      (e) => !e.hasAttribute('disabled'),
    );
    if (focusable.length === 0) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      last.focus();
      event.preventDefault();
    } else if (!event.shiftKey && document.activeElement === last) {
      first.focus();
      event.preventDefault();
    }
  });
  // A click on the backdrop (outside the dialog's box) closes it.
  dialog.addEventListener('click', (event) => {
    const r = dialog.getBoundingClientRect();
    if (event.target === dialog && (event.clientX < r.left || event.clientX > r.right || event.clientY < r.top || event.clientY > r.bottom)) shut();
  });
  close.addEventListener('click', shut);
  opener.addEventListener('click', open);
  opener.setAttribute('aria-haspopup', 'dialog');
  opener.setAttribute('aria-expanded', 'false');
  opener.setAttribute('aria-controls', dialog.id);

  registerCommand({ id: 'help', run: () => (dialog.open ? shut() : open()) });
}
