// The read-only file viewer of the Packages view: CodeMirror 6 with YAML
// highlighting where it fits, the file's lint problems underlined, and
// jumps to a line and column.

import { yaml } from '@codemirror/lang-yaml';
import { type Diagnostic, lintGutter, setDiagnostics } from '@codemirror/lint';
import { Compartment, EditorSelection, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { errorRange } from '../editors';
import { editorTheme } from '../theme';
import type { Problem } from '../api/packages';

export interface FileViewer {
  /** Shows a text file; problems are the lint findings and errors located in it. */
  show(path: string, text: string, problems: Problem[]): void;
  /** Puts the cursor on a 1-based line and column and scrolls it into view. */
  reveal(line: number, col: number): void;
}

function isYaml(path: string): boolean {
  return /\.(ya?ml|template|lst|bundle)$/i.test(path);
}

export function fileViewer(parent: HTMLElement): FileViewer {
  const language = new Compartment();
  const label = new Compartment();
  const view = new EditorView({
    parent,
    state: EditorState.create({
      extensions: [
        basicSetup,
        editorTheme(),
        lintGutter(),
        EditorState.readOnly.of(true),
        language.of([]),
        label.of(EditorView.contentAttributes.of({ 'aria-label': 'File contents (read-only)' })),
      ],
    }),
  });
  return {
    show(path, text, problems) {
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: text },
        selection: EditorSelection.cursor(0),
        effects: [
          language.reconfigure(isYaml(path) ? yaml() : []),
          label.reconfigure(EditorView.contentAttributes.of({ 'aria-label': `${path} (read-only)` })),
          EditorView.scrollIntoView(0),
        ],
      });
      const diagnostics: Diagnostic[] = [];
      for (const p of problems) {
        const range = p.line > 0 ? errorRange(text, { line: p.line, col: Math.max(1, p.col) }) : undefined;
        if (range) diagnostics.push({ ...range, severity: p.severity, message: `${p.code ? p.code + ' ' : ''}${p.message}` });
      }
      view.dispatch(setDiagnostics(view.state, diagnostics));
    },
    reveal(line, col) {
      const doc = view.state.doc;
      const target = doc.line(Math.min(Math.max(1, line), doc.lines));
      const pos = Math.min(target.from + Math.max(0, col - 1), target.to);
      view.dispatch({ selection: EditorSelection.cursor(pos), effects: EditorView.scrollIntoView(pos, { y: 'center' }) });
      view.focus();
    },
  };
}
