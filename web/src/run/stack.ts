// An exception of MuranoPL code as the Run and Tests sub-views show it:
// its type and message, its stack trace innermost first, each frame's
// file:line:col a link, and its cause. A frame in the opened package
// opens the file in the Files tab; one in another package (a requirement,
// the core library) opens it read-only below the trace.

import type { Exception, StackFrame } from '../api/run';
import { readFile } from '../api/packages';
import type { SubViewContext } from '../packages/subview';
import { fileViewer, type FileViewer } from '../packages/viewer';
import { el } from '../dom';
import type { PackageSession } from './session';

function frameLink(f: StackFrame, open: (f: StackFrame) => void): HTMLElement {
  if (!f.file) return el('span', 'muted', '<unknown>');
  const link = el('button', 'button-link', `${f.file}:${f.line}:${f.col}`);
  link.type = 'button';
  link.dataset.file = f.file;
  link.dataset.package = f.package;
  link.title = `Open ${f.file} of ${f.package} at line ${f.line}, column ${f.col}`;
  link.addEventListener('click', () => open(f));
  return link;
}

/** The exception's trace with links, or only its header when it has no frames. */
export function exceptionView(e: Exception, ctx: SubViewContext, session: PackageSession): HTMLElement {
  const box = el('div', 'run-exception');
  const fileTitle = el('div', 'deploy-file-title');
  const fileHost = el('div', 'deploy-file-view');
  const fileBox = el('div', 'deploy-file', fileTitle, fileHost);
  fileBox.hidden = true;
  let viewer: FileViewer | undefined;

  async function open(f: StackFrame): Promise<void> {
    if (f.package === session.name) {
      ctx.openFile(f.file, f.line, Math.max(f.col, 1));
      return;
    }
    fileBox.hidden = false;
    fileTitle.textContent = `${f.package}: ${f.file}:${f.line}:${f.col}`;
    try {
      const handle = await session.handleOf(f.package);
      const r = handle ? await readFile(session.engine, handle, f.file) : undefined;
      if (!r?.ok || !('text' in r)) throw new Error('the file cannot be shown');
      viewer ??= fileViewer(fileHost);
      viewer.show(f.file, r.text, []);
      viewer.reveal(f.line, Math.max(f.col, 1));
    } catch (err) {
      fileTitle.textContent += ` — ${(err as Error).message}`;
    }
  }

  for (let x: Exception | null | undefined = e, first = true; x; x = x.cause, first = false) {
    if (!first) box.append(el('p', 'run-cause', 'Caused by ', el('strong', undefined, x.type), `: ${x.message}`));
    if (x.stack.length) {
      const frames = el('ol', 'deploy-stack');
      frames.setAttribute('aria-label', 'MuranoPL stack trace');
      for (const f of [...x.stack].reverse()) {
        frames.append(
          el('li', undefined,
            el('code', undefined, f.class ? `${f.class}::${f.method}` : f.method), ' at ', frameLink(f, (g) => void open(g)),
            f.package && f.package !== session.name ? el('span', 'muted small', ` ${f.package}`) : undefined,
            f.instruction && f.instruction !== 'None' ? el('div', 'muted small mono', f.instruction) : undefined),
        );
      }
      box.append(el('p', 'muted small run-stack-title', 'MuranoPL stack trace, innermost first'), frames);
    }
    for (const w of x.where ?? []) box.append(el('p', 'small mono', w));
  }
  box.append(fileBox);
  return box;
}
