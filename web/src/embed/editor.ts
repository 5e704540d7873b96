// The editors of an example's files: CodeMirror with the least set-up
// (YAML highlighting for YAML files), read-only when the file is.

import { yaml } from '@codemirror/lang-yaml';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { minimalSetup } from 'codemirror';
import { setDiagnostics } from '@codemirror/lint';
import { errorRange, type EnginePosition } from '../editors';

export interface FileEditor {
  view: EditorView;
  text(): string;
  set(text: string): void;
  mark(pos: EnginePosition | undefined, message: string): void;
}

export function fileEditor(parent: HTMLElement, path: string, doc: string, readonly: boolean, hooks: { onChange(): void; onRunNow(): void }): FileEditor {
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc,
      extensions: [
        minimalSetup,
        path === 'expression' ? [] : yaml(),
        EditorView.lineWrapping,
        EditorState.readOnly.of(readonly),
        EditorView.editable.of(!readonly),
        EditorView.contentAttributes.of({ 'aria-label': path === 'expression' ? 'YAQL expression' : path }),
        keymap.of([
          {
            key: 'Mod-Enter',
            run: () => {
              hooks.onRunNow();
              return true;
            },
          },
        ]),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) hooks.onChange();
        }),
      ],
    }),
  });
  return {
    view,
    text: () => view.state.doc.toString(),
    set(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    mark(pos, message) {
      const range = pos ? errorRange(view.state.doc.toString(), pos) : undefined;
      view.dispatch(setDiagnostics(view.state, range ? [{ ...range, severity: 'error', message }] : []));
    },
  };
}
