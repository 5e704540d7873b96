// The live form of a form or model example: the package's Dynamic UI
// wizard, as the Packages view's Forms tab draws it, in place of the form
// the build drew; Create shows the object model the dashboard would send.

import type { Engine } from '../engine';
import { el } from '../dom';
import { createWizard } from '../forms/wizard';
import { prettyValue } from './format';
import { closeAll, type ExampleFile, openAll } from './runner';

export interface LiveForm {
  close(): void;
}

export async function liveForm(
  engine: Engine,
  files: ExampleFile[],
  idPrefix: string,
  box: HTMLElement,
  show: (text: string, raised: boolean) => void,
): Promise<LiveForm> {
  await engine.whenReady();
  const opened = await openAll(engine, files);
  const wizard = createWizard({
    engine,
    handle: opened[0].handle,
    nested: false,
    idPrefix,
    onCreated(app) {
      show(prettyValue(app), false);
    },
    onProblems(problems, title) {
      show([title, ...problems.map((p) => `${p.file ? `${p.file}:${p.line}:${p.col}: ` : ''}${p.message}`)].join('\n'), true);
    },
    onGone() {
      show('The engine was restarted: run the example again.', true);
    },
    async createReference() {
      return undefined;
    },
  });
  box.replaceChildren(wizard.element);
  box.classList.add('mpl-live-form');
  if (!(await wizard.start())) box.replaceChildren(el('p', 'muted', 'The form did not start.'));
  return {
    close() {
      wizard.close();
      closeAll(engine, opened);
    },
  };
}
