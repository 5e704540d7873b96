// CodeMirror 6 editors of the console and the marking of engine errors in them.

import { closeBrackets } from '@codemirror/autocomplete';
import { json } from '@codemirror/lang-json';
import { yaml } from '@codemirror/lang-yaml';
import { bracketMatching } from '@codemirror/language';
import { setDiagnostics } from '@codemirror/lint';
import { Compartment, EditorState, type Extension, Prec } from '@codemirror/state';
import { EditorView, keymap, placeholder } from '@codemirror/view';
import { basicSetup, minimalSetup } from 'codemirror';
import type { DataFormat } from './api/yaql';
import { editorTheme } from './theme';

export interface EditorHooks {
  onChange(): void;
  onRunNow(): void;
}

function common(label: string, hooks: EditorHooks): Extension {
  return [
    editorTheme(),
    EditorView.contentAttributes.of({ 'aria-label': label }),
    EditorView.updateListener.of((update) => {
      if (update.docChanged) hooks.onChange();
    }),
    Prec.highest(
      keymap.of([
        {
          key: 'Mod-Enter',
          run: () => {
            hooks.onRunNow();
            return true;
          },
        },
      ]),
    ),
  ];
}

export function expressionEditor(parent: HTMLElement, doc: string, hooks: EditorHooks): EditorView {
  return new EditorView({
    parent,
    state: EditorState.create({
      doc,
      extensions: [
        minimalSetup,
        bracketMatching(),
        closeBrackets(),
        EditorView.lineWrapping,
        placeholder('Type a YAQL expression, e.g. $.where($ > 1)'),
        common('YAQL expression', hooks),
      ],
    }),
  });
}

export interface DataEditor {
  view: EditorView;
  setFormat(format: DataFormat): void;
}

export function dataEditor(parent: HTMLElement, doc: string, hooks: EditorHooks): DataEditor {
  const language = new Compartment();
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc,
      extensions: [basicSetup, language.of(yaml()), common('Input data', hooks)],
    }),
  });
  let current: DataFormat = 'yaml';
  return {
    view,
    setFormat(format) {
      if (format === current) return;
      current = format;
      view.dispatch({ effects: language.reconfigure(format === 'json' ? json() : yaml()) });
    },
  };
}

export function resultViewer(parent: HTMLElement): { show(text: string): void } {
  const view = new EditorView({
    parent,
    state: EditorState.create({
      extensions: [basicSetup, json(), editorTheme(), EditorState.readOnly.of(true), EditorView.contentAttributes.of({ 'aria-label': 'Result' })],
    }),
  });
  return {
    show(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
  };
}

/** A position reported by the engine: offset counts code points from 0; line, col and endCol count from 1. */
export interface EnginePosition {
  offset?: number;
  line?: number;
  col?: number;
  endCol?: number;
}

/**
 * Converts an engine position into a CodeMirror range (UTF-16 offsets). The
 * range stays on one line; it is empty when the position is at the line's end.
 */
export function errorRange(text: string, pos: EnginePosition): { from: number; to: number } | undefined {
  const points = Array.from(text);
  let start = pos.offset;
  if (start === undefined && pos.line && pos.col) {
    let line = 1;
    let i = 0;
    while (line < pos.line && i < points.length) if (points[i++] === '\n') line++;
    start = i + pos.col - 1;
  }
  if (start === undefined || start < 0) return undefined;
  start = Math.min(start, points.length);
  const width = pos.col && pos.endCol && pos.endCol > pos.col ? pos.endCol - pos.col : 1;
  let end = start;
  while (end < points.length && end - start < width && points[end] !== '\n') end++;
  const utf16 = (n: number) => points.slice(0, n).join('').length;
  return { from: utf16(start), to: utf16(end) };
}

export function markError(view: EditorView, pos: EnginePosition, message: string): void {
  const range = errorRange(view.state.doc.toString(), pos);
  view.dispatch(setDiagnostics(view.state, range ? [{ ...range, severity: 'error', message }] : []));
}

export function clearErrors(view: EditorView): void {
  view.dispatch(setDiagnostics(view.state, []));
}
