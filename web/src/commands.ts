// The page's commands and their keyboard shortcuts. A command is a name
// with a default key (run: Ctrl/Cmd+Enter, stop: Esc, share: Ctrl/Cmd+S,
// format: Shift+Alt+F, next problem: F8 …); the views register what the
// command does for them, with when() saying whether it applies now (its
// view or tab shown, something to act on), and the app binds the keys
// once (bindKeys). The help overlay (shortcuts.ts) lists every command,
// marked available here, elsewhere, or not yet available when no view
// has registered it. The built-in commands are defined here so that the
// overlay lists them before a view registers them.

export interface CommandInfo {
  id: string;
  title: string;
  /** The default key, in CodeMirror's notation: "Mod-Enter", "Escape", "Mod-s", "Shift-Alt-f", "F8", "?". */
  key: string;
  description: string;
  /** When nothing handles the key, let the browser have it (Esc closes its own things) instead of saying so. */
  quiet?: boolean;
  /** The views (body[data-view]) it belongs to, when only some: elsewhere it applies in another view, even before they register it. */
  views?: string[];
}

export interface CommandHandler {
  /** Whether it applies now; always when absent. */
  when?(): boolean;
  /** Does it; a rejected promise is reported. */
  run(): unknown;
  /** What it does here, for the overlay; the command's description when absent. */
  label?: string;
}

/** A registration: the command's handler, and its definition when the command is new. */
export type Registration = CommandHandler & { id: string } & Partial<Omit<CommandInfo, 'id'>>;

/** Where a command stands: it would run now, it applies elsewhere on the page, or no view registered it yet. */
export type CommandState = 'ready' | 'elsewhere' | 'unavailable';

const defined = new Map<string, CommandInfo>();
const handlers = new Map<string, CommandHandler[]>();
const listeners = new Set<() => void>();

/** Defines a command (or changes an existing one's definition). */
export function defineCommand(info: CommandInfo): void {
  defined.set(info.id, { ...defined.get(info.id), ...info });
  changed();
}

for (const info of [
  { id: 'run', title: 'Run', key: 'Mod-Enter', description: 'Evaluate the YAQL console now, call the Run tab’s method, run the Tests tab’s tests, deploy the Deploy view’s environment' },
  { id: 'stop', title: 'Stop', key: 'Escape', description: 'Stop what the engine is running, as the Stop button of the view does', quiet: true },
  { id: 'share', title: 'Share', key: 'Mod-s', description: 'Share the package as a link', views: ['packages'] },
  { id: 'format', title: 'Format', key: 'Shift-Alt-f', description: 'Format the YAML file in the editor (indentation; comments kept)', views: ['packages'] },
  { id: 'next-problem', title: 'Next problem', key: 'F8', description: 'Open the file of the package’s next problem at its position', views: ['packages'] },
  { id: 'previous-problem', title: 'Previous problem', key: 'Shift-F8', description: 'Open the file of the package’s previous problem at its position', views: ['packages'] },
  { id: 'help', title: 'Keyboard shortcuts', key: '?', description: 'Show this list' },
] satisfies CommandInfo[]) {
  defined.set(info.id, info);
}

/**
 * Registers what a command does in a view; the command is defined too
 * when its id is new (its title and key taken from the registration).
 * Returns a function that removes the registration.
 */
export function registerCommand(registration: Registration): () => void {
  const { id, title, key, description, quiet, ...handler } = registration;
  if (!defined.has(id) || title || key || description) {
    const old = defined.get(id);
    defined.set(id, {
      id,
      title: title ?? old?.title ?? id,
      key: key ?? old?.key ?? '',
      description: description ?? old?.description ?? handler.label ?? '',
      quiet: quiet ?? old?.quiet,
      views: old?.views,
    });
  }
  const list = handlers.get(id) ?? [];
  list.unshift(handler);
  handlers.set(id, list);
  changed();
  return () => {
    const at = list.indexOf(handler);
    if (at >= 0) list.splice(at, 1);
    changed();
  };
}

/** The handler that would run the command now. */
function active(id: string): CommandHandler | undefined {
  return handlers.get(id)?.find((h) => {
    try {
      return h.when?.() ?? true;
    } catch {
      return false;
    }
  });
}

export function commandState(id: string): CommandState {
  const views = defined.get(id)?.views;
  if (!handlers.get(id)?.length) return views && !views.includes(document.body.dataset.view ?? '') ? 'elsewhere' : 'unavailable';
  return active(id) ? 'ready' : 'elsewhere';
}

/** Runs a command if it applies now; reports whether it ran. */
export function runCommand(id: string): boolean {
  const handler = active(id);
  if (!handler) return false;
  try {
    const result = handler.run();
    if (result instanceof Promise) result.catch((err: unknown) => notify(`${defined.get(id)?.title ?? id} failed: ${(err as Error).message ?? err}`));
  } catch (err) {
    notify(`${defined.get(id)?.title ?? id} failed: ${(err as Error).message}`);
  }
  return true;
}

/** The commands in their order, with where they stand and what they do here. */
export function listCommands(): (CommandInfo & { state: CommandState; label: string })[] {
  return [...defined.values()].map((info) => ({
    ...info,
    state: commandState(info.id),
    label: active(info.id)?.label ?? info.description,
  }));
}

/** Calls listener when commands are defined or registered. */
export function onCommandsChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changed(): void {
  for (const l of listeners) l();
}

// Keys -----------------------------------------------------------------------

const isMac = /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

interface ParsedKey {
  mod: boolean;
  ctrl: boolean;
  meta: boolean;
  alt: boolean;
  shift: boolean;
  key: string;
}

function parseKey(spec: string): ParsedKey {
  const parts = spec.split(/-(?!$)/);
  const key = parts.pop() ?? '';
  const has = (m: string) => parts.includes(m);
  return { mod: has('Mod'), ctrl: has('Ctrl'), meta: has('Meta') || has('Cmd'), alt: has('Alt'), shift: has('Shift'), key };
}

/** Whether a key event is the key spec (in CodeMirror's notation). */
export function matchesKey(event: KeyboardEvent, spec: string): boolean {
  if (!spec) return false;
  const k = parseKey(spec);
  const ctrl = k.ctrl || (k.mod && !isMac);
  const meta = k.meta || (k.mod && isMac);
  if (event.ctrlKey !== ctrl || event.metaKey !== meta || event.altKey !== k.alt) return false;
  if (/^[a-z]$/i.test(k.key)) return event.shiftKey === k.shift && (event.code === `Key${k.key.toUpperCase()}` || event.key.toLowerCase() === k.key.toLowerCase());
  if (k.key.length === 1) return event.key === k.key; // punctuation: the shift that types it is not checked
  return event.shiftKey === k.shift && event.key === k.key;
}

const keyNames: Record<string, string> = { Escape: 'Esc', ArrowUp: '↑', ArrowDown: '↓', ArrowLeft: '←', ArrowRight: '→' };

/** The keys of a spec as shown: ["Ctrl", "Enter"], or ["⌘", "Enter"] on a Mac. */
export function keyLabel(spec: string): string[] {
  if (!spec) return [];
  const k = parseKey(spec);
  const keys: string[] = [];
  if (k.ctrl || (k.mod && !isMac)) keys.push('Ctrl');
  if (k.meta || (k.mod && isMac)) keys.push('⌘');
  if (k.shift) keys.push(isMac ? '⇧' : 'Shift');
  if (k.alt) keys.push(isMac ? '⌥' : 'Alt');
  keys.push(keyNames[k.key] ?? (k.key.length === 1 ? k.key.toUpperCase() : k.key));
  return keys;
}

/** Whether the event's target takes typed text (a field, a select, an editor). */
function typing(event: KeyboardEvent): boolean {
  const t = event.target as HTMLElement | null;
  return !!t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));
}

/**
 * Binds the commands' keys on the document. A key another handler took
 * (an editor's own Ctrl+Enter, a dialog's Esc) is left to it; a key that
 * would type a character does nothing in a field; a modal dialog keeps
 * the keys but its own.
 */
export function bindKeys(): void {
  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.isComposing) return;
    for (const info of defined.values()) {
      if (!matchesKey(event, info.key)) continue;
      const plain = info.key.length === 1 || (/^(Shift-)?[^-]$/.test(info.key));
      if (plain && typing(event)) return;
      const dialog = document.querySelector('dialog[open]');
      if (dialog && !dialog.contains(event.target as Node)) return;
      if (dialog && info.id !== 'help') return;
      if (runCommand(info.id)) {
        event.preventDefault();
      } else if (!info.quiet) {
        event.preventDefault();
        const state = commandState(info.id);
        notify(state === 'unavailable' ? `${info.title} is not available yet` : `${info.title} does not apply here`);
      }
      return;
    }
  });
}

// A passing note, for a key that did nothing -------------------------------

let toast: HTMLElement | undefined;
let toastTimer: ReturnType<typeof setTimeout> | undefined;

/** Shows a short note at the bottom of the page for a few seconds. */
export function notify(text: string): void {
  if (!toast) {
    toast = document.createElement('div');
    toast.className = 'toast';
    toast.id = 'toast';
    toast.setAttribute('role', 'status');
    toast.setAttribute('aria-live', 'polite');
    document.body.append(toast);
  }
  toast.textContent = text;
  toast.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (toast!.hidden = true), 2500);
}

/** Whether an element is shown (it and its ancestors are not hidden, and it has a box). */
export function isShown(element: Element | null | undefined): boolean {
  return !!element && element.getClientRects().length > 0;
}
