// Light and dark: the page follows the system's colour scheme unless the
// top bar's switch says light or dark, a choice kept in localStorage
// (synchronous, so that the page opens in it). The colours are CSS
// variables (style.css) whose values are light-dark() pairs, chosen by
// the root's color-scheme: "light dark" follows the system, data-theme
// fixes one. CodeMirror's editors get a theme of the same variables and a
// highlight style of their own; their dark flag (which CodeMirror's own
// tooltips and panels read) follows the scheme in force. An editor that
// was made without editorTheme() gets it when it appears in the page.

import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { Compartment, type Extension, StateEffect } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { tags as t } from '@lezer/highlight';

export type ThemeChoice = 'light' | 'dark' | 'system';

const storageKey = 'murano-playground.theme';
const systemDark = matchMedia('(prefers-color-scheme: dark)');
const listeners = new Set<(dark: boolean) => void>();

/** The choice kept by an earlier visit (system when none). */
export function themeChoice(): ThemeChoice {
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(storageKey);
  } catch {
    // Storage refused (private modes): the system's scheme.
  }
  return saved === 'light' || saved === 'dark' ? saved : 'system';
}

/** Whether the page is dark now. */
export function isDark(): boolean {
  const choice = themeChoice();
  return choice === 'dark' || (choice === 'system' && systemDark.matches);
}

/** Puts the page in a scheme and keeps the choice. */
export function setTheme(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(storageKey);
    else localStorage.setItem(storageKey, choice);
  } catch {
    // Not kept, but applied.
  }
  apply(choice);
}

function apply(choice: ThemeChoice): void {
  const root = document.documentElement;
  root.dataset.theme = choice;
  const dark = choice === 'dark' || (choice === 'system' && systemDark.matches);
  root.dataset.scheme = dark ? 'dark' : 'light';
  syncEditors();
  for (const l of listeners) l(dark);
}

/** Calls listener with the scheme in force whenever it changes. */
export function onThemeChange(listener: (dark: boolean) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// CodeMirror ------------------------------------------------------------------

const themed = new Compartment();

const editorColours = {
  '&': { color: 'var(--text)', backgroundColor: 'var(--panel)' },
  '.cm-content': { caretColor: 'var(--text)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--text)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection': {
    backgroundColor: 'var(--cm-selection)',
  },
  '.cm-activeLine': { backgroundColor: 'var(--cm-active-line)' },
  '.cm-gutters': { color: 'var(--cm-gutter-text)', backgroundColor: 'var(--panel)', borderRight: '1px solid var(--border)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--cm-active-line)', color: 'var(--text)' },
  '&.cm-focused .cm-matchingBracket': { backgroundColor: 'var(--cm-bracket)', outline: 'none' },
  '&.cm-focused .cm-nonmatchingBracket': { backgroundColor: 'var(--danger-soft)' },
  '.cm-searchMatch': { backgroundColor: 'var(--warn-soft)', outline: '1px solid var(--warn)' },
  '.cm-searchMatch.cm-searchMatch-selected': { backgroundColor: 'var(--cm-selection)' },
  '.cm-selectionMatch': { backgroundColor: 'var(--cm-selection-match)' },
  '.cm-foldPlaceholder': { backgroundColor: 'var(--bg)', color: 'var(--muted)', border: '1px solid var(--border)' },
  '.cm-tooltip': { color: 'var(--text)', backgroundColor: 'var(--panel)', border: '1px solid var(--border-strong)' },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': { backgroundColor: 'var(--accent-soft)', color: 'var(--text)' },
  '.cm-panels': { color: 'var(--text)', backgroundColor: 'var(--bg)' },
  '.cm-panels.cm-panels-top': { borderBottom: '1px solid var(--border)' },
  '.cm-panels.cm-panels-bottom': { borderTop: '1px solid var(--border)' },
  '.cm-textfield': { color: 'var(--text)', backgroundColor: 'var(--panel)', border: '1px solid var(--border-strong)' },
  '.cm-button': { color: 'var(--text)', backgroundImage: 'none', backgroundColor: 'var(--panel)', border: '1px solid var(--border-strong)' },
  '.cm-placeholder': { color: 'var(--muted)' },
};
const lightEditor = EditorView.theme(editorColours, { dark: false });
const darkEditor = EditorView.theme(editorColours, { dark: true });

/** Syntax colours, as variables: one style for both schemes. */
const highlight = HighlightStyle.define([
  { tag: t.comment, color: 'var(--syn-comment)', fontStyle: 'italic' },
  { tag: [t.propertyName, t.definition(t.propertyName)], color: 'var(--syn-key)' },
  { tag: [t.string, t.special(t.string), t.content], color: 'var(--syn-string)' },
  { tag: [t.number, t.integer, t.float], color: 'var(--syn-number)' },
  { tag: [t.bool, t.null, t.atom, t.keyword], color: 'var(--syn-atom)' },
  { tag: [t.typeName, t.tagName, t.labelName, t.meta, t.processingInstruction, t.attributeName], color: 'var(--syn-meta)' },
  { tag: [t.punctuation, t.separator, t.bracket], color: 'var(--muted)' },
  { tag: t.invalid, color: 'var(--danger)' },
]);

function editorExtension(dark: boolean): Extension {
  return dark ? darkEditor : lightEditor;
}

/** The theme every editor of the page carries: add it to an editor's extensions. */
export function editorTheme(): Extension {
  return [themed.of(editorExtension(isDark())), syntaxHighlighting(highlight)];
}

/** Gives every editor in the page the theme in force (and the theme to one made without it). */
function syncEditors(): void {
  const dark = isDark();
  for (const element of document.querySelectorAll<HTMLElement>('.cm-editor')) {
    const view = EditorView.findFromDOM(element);
    if (!view) continue;
    const current = themed.get(view.state);
    if (current === undefined) view.dispatch({ effects: StateEffect.appendConfig.of(editorTheme()) });
    else if (current !== editorExtension(dark)) view.dispatch({ effects: themed.reconfigure(editorExtension(dark)) });
  }
}

let scheduled = false;
function scheduleSync(): void {
  if (scheduled) return;
  scheduled = true;
  requestAnimationFrame(() => {
    scheduled = false;
    syncEditors();
  });
}

// The switch --------------------------------------------------------------------

const choices: { value: ThemeChoice; text: string; label: string }[] = [
  { value: 'light', text: 'Light', label: 'Light theme' },
  { value: 'dark', text: 'Dark', label: 'Dark theme' },
  { value: 'system', text: 'Auto', label: 'The system’s theme' },
];

/** Applies the kept choice, follows the system's scheme and fills the top bar's switch (a radio group). */
export function initTheme(container: HTMLElement): void {
  apply(themeChoice());
  systemDark.addEventListener('change', () => apply(themeChoice()));
  // Editors made by any module get the theme when they appear.
  new MutationObserver(scheduleSync).observe(document.body, { childList: true, subtree: true });
  container.classList.add('segmented', 'theme-switch');
  container.setAttribute('role', 'radiogroup');
  container.setAttribute('aria-label', 'Colour theme');
  const current = themeChoice();
  for (const c of choices) {
    const input = Object.assign(document.createElement('input'), { type: 'radio', name: 'theme', value: c.value, checked: c.value === current });
    input.id = `theme-${c.value}`;
    input.setAttribute('aria-label', c.label);
    input.addEventListener('change', () => {
      if (input.checked) setTheme(c.value);
    });
    const text = document.createElement('span');
    text.textContent = c.text;
    const label = document.createElement('label');
    label.title = c.label;
    label.append(input, text);
    container.append(label);
  }
}
