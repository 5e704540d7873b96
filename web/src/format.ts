// The Format command's work on an editor: the YAML of a CodeMirror editor
// formatted in the forms module (api/format.ts) and put back as one
// change, which undo takes back and through which the cursor keeps its
// place; a file that does not parse is left as it is, its cursor put
// where the problem is and a note says what it is. The editor of a
// package's files registers the command (commands.ts) with a run() that
// calls formatEditor on the file shown.

import type { EditorView } from '@codemirror/view';
import { EditorSelection } from '@codemirror/state';
import { type Formatted, formatYaml } from './api/format';
import { notify } from './commands';
import type { Engine } from './engine';

/** Whether a file is YAML the formatter takes (by its name). */
export function isFormattable(path: string): boolean {
  return /\.(ya?ml|template)$/i.test(path);
}

/** Formats the editor's YAML; the answer says what happened (also told in a note). */
export async function formatEditor(engine: Engine, view: EditorView, name = 'the file'): Promise<Formatted> {
  const before = view.state.doc.toString();
  const result = await formatYaml(engine, before);
  if (view.state.doc.toString() !== before) return result; // typed on meanwhile: leave it
  if (!result.ok) {
    const { line, col, message } = result.error;
    if (line > 0 && line <= view.state.doc.lines) {
      const l = view.state.doc.line(line);
      const at = Math.min(l.from + Math.max(0, col - 1), l.to);
      view.dispatch({ selection: EditorSelection.cursor(at), scrollIntoView: true });
    }
    notify(`${name} was not formatted: ${line > 0 ? `${line}:${col}: ` : ''}${message}`);
    return result;
  }
  if (!result.changed) {
    notify(`${name} is formatted already`);
    return result;
  }
  // One change covering what differs, so that the cursor and undo keep their places.
  const after = result.text;
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  view.dispatch({
    changes: { from: start, to: before.length - end, insert: after.slice(start, after.length - end) },
    userEvent: 'input.format',
  });
  notify(`Formatted ${name}`);
  return result;
}
