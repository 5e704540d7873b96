// The Forms sub-view of the Packages view: the package's UI/ui.yaml as
// the dashboard's "Configure Application" wizard, the object model that
// Create produces (read-only JSON, copy, download) and the page's
// environment of created applications. The "+" of an application
// reference runs the referenced package's wizard in a dialog.

import { resultViewer } from '../editors';
import type { Engine } from '../engine';
import { closePackage, exportPackage, type OpenedPackage, type Problem } from '../api/packages';
import { importFrom } from '../api/repo';
import { problemList } from '../packages/overview';
import { download, el } from '../dom';
import { registerSubView, type SubViewContext } from '../packages/subview';
import type { AppModel } from '../api/ui';
import { environment } from './environment';
import { createWizard, type Wizard, type WizardHost } from './wizard';

/** The same-origin repository of the built-in examples. */
const builtinRepo = () => new URL('repo/', location.href).href;

/** Closes a package the wizard opened; nothing waits for the answer. */
function release(engine: Engine, handle: string): void {
  void closePackage(engine, handle).catch(() => {});
}

/** Keeps the package an application came from with the environment, so that a deploy can open it again. */
async function keepPackage(engine: Engine, handle: string, fullName: string | undefined): Promise<void> {
  if (!fullName) return;
  try {
    const exported = await exportPackage(engine, handle);
    if (exported.ok) environment.addPackage(fullName, exported.zip);
  } catch {
    // A stopped engine: the Deploy view imports the package from the site's repository instead.
  }
}

function appLabel(app: AppModel): string {
  return app['?'].name ?? app['?'].type.split('.').pop() ?? app['?'].type;
}

registerSubView({
  id: 'forms',
  lazy: true,
  label: 'Forms',
  badge(pkg) {
    return pkg.package?.ui ? undefined : { text: '–', tone: 'muted' };
  },
  mount(panel, ctx) {
    panel.classList.add('forms');
    const title = el('h3', 'forms-title');
    const notice = el('div', 'forms-notice');
    const wizardBox = el('div', 'forms-wizard');
    const copy = el('button', 'button', 'Copy');
    copy.type = 'button';
    const save = el('button', 'button', 'Download');
    save.type = 'button';
    const again = el('button', 'button button-quiet', 'Configure another');
    again.type = 'button';
    const resultHead = el('div', 'pane-head', el('h3', undefined, 'Object model'), el('div', 'tools', copy, save, again));
    const viewerBox = el('div', 'forms-json');
    viewerBox.id = 'forms-object-model';
    const result = el('section', 'forms-result', resultHead, el('p', 'muted small forms-result-note'), viewerBox);
    result.hidden = true;
    const envList = el('ul', 'env-list');
    const envBox = el('section', 'forms-env', el('h3', undefined, 'Environment'), el('p', 'muted small', 'Applications created on this page; application-reference fields offer them.'), envList);
    envBox.setAttribute('aria-label', 'Environment');
    const dialog = el('dialog', 'nested-dialog');
    dialog.setAttribute('aria-label', 'Add a referenced application');
    panel.append(el('div', 'forms-main', title, notice, wizardBox, result), envBox, dialog);
    const viewer = resultViewer(viewerBox);

    let pkg: OpenedPackage | undefined;
    /** The handle the wizard runs on: the package's, or one this view reopened after an engine restart. */
    let handle = '';
    let ownHandle = false;
    let wizard: Wizard | undefined;
    let wizardHost: WizardHost | undefined;
    let json = '';

    function stop(): void {
      wizard?.close();
      wizard = undefined;
      wizardBox.replaceChildren();
    }

    /** The package being edited has errors: the form that worked last stays, marked stale, under them. */
    let updating = false;
    function markStale(stale: boolean): void {
      panel.classList.toggle('stale', stale);
      staleMark.hidden = !stale;
    }
    const staleMark = el('p', 'stale-mark', 'Stale: the form that worked last, until the package is fixed.');
    staleMark.hidden = true;
    panel.prepend(staleMark);

    function showProblems(problems: Problem[], heading: string): void {
      if (updating && wizard) {
        markStale(true);
        notice.replaceChildren(el('div', 'callout callout-error', el('p', 'error-title', heading), problemList(problems, ctx, 'UI errors')));
        return;
      }
      stop();
      notice.replaceChildren(el('div', 'callout callout-error', el('p', 'error-title', heading), problemList(problems, ctx, 'UI errors')));
    }

    function showGone(): void {
      stop();
      const reopen = el('button', 'button', 'Reopen');
      reopen.type = 'button';
      reopen.addEventListener('click', () => void reopenPackage());
      notice.replaceChildren(
        el('div', 'callout callout-warning', el('p', undefined, 'The engine was restarted and no longer holds this package. '), reopen),
      );
    }

    async function reopenPackage(): Promise<void> {
      const name = pkg?.package?.fullName;
      if (!name) return;
      notice.replaceChildren(el('p', 'muted', 'Reopening…'));
      try {
        const response = await importFrom(ctx.engine, { url: builtinRepo() }, name);
        if (!response.ok) throw new Error(response.error.message);
        if (ownHandle) release(ctx.engine, handle);
        handle = response.handle;
        ownHandle = true;
        await begin();
      } catch (err) {
        notice.replaceChildren(el('div', 'callout callout-warning', el('p', undefined, `Could not reopen ${name}: ${(err as Error).message}. Open the package again.`)));
      }
    }

    async function begin(): Promise<void> {
      stop();
      notice.replaceChildren();
      result.hidden = true;
      const info = pkg?.package;
      if (!info) {
        notice.replaceChildren(el('p', 'muted', 'The package does not open, so its forms cannot be shown — see the Overview tab.'));
        return;
      }
      if (!info.ui) {
        notice.replaceChildren(el('p', 'muted', 'This package has no UI/ui.yaml: Murano would deploy it without asking anything.'));
        return;
      }
      title.textContent = `Configure Application: ${info.name}`;
      const w = createWizard((wizardHost = {
        engine: ctx.engine,
        handle,
        nested: false,
        idPrefix: 'f',
        onCreated(app) {
          stop();
          environment.add(app);
          void keepPackage(ctx.engine, handle, pkg?.package?.fullName);
          json = JSON.stringify(app, null, 2);
          viewer.show(json);
          result.querySelector('.forms-result-note')!.textContent = `${appLabel(app)} (${app['?'].type}) joined the environment. This is what the dashboard would send to Murano.`;
          result.hidden = false;
        },
        onProblems: showProblems,
        onGone: showGone,
        createReference: (fqns) => nested(ctx, fqns),
      }));
      wizard = w;
      wizardBox.replaceChildren(w.element);
      await w.start();
    }

    copy.addEventListener('click', async () => {
      await navigator.clipboard.writeText(json).then(
        () => (copy.textContent = 'Copied'),
        () => (copy.textContent = 'Copy failed'),
      );
      setTimeout(() => (copy.textContent = 'Copy'), 1500);
    });
    save.addEventListener('click', () => download(`${pkg?.package?.fullName ?? 'application'}.json`, json));
    again.addEventListener('click', () => void begin());

    function renderEnvironment(): void {
      const apps = environment.list();
      envList.replaceChildren(
        ...(apps.length
          ? apps.map((app) => {
              const remove = el('button', 'button button-quiet', 'Remove');
              remove.type = 'button';
              remove.setAttribute('aria-label', `Remove ${appLabel(app)} from the environment`);
              remove.addEventListener('click', () => environment.remove(app['?'].id));
              const item = el('li', 'env-app', el('span', 'env-name', appLabel(app)), el('span', 'mono muted', app['?'].type.split('.').pop()!), remove);
              item.title = `${app['?'].type} · ${app['?'].id}`;
              item.dataset.id = app['?'].id;
              return item;
            })
          : [el('li', 'muted small', 'Empty — Create adds the application here.')]),
      );
    }
    renderEnvironment();
    environment.onChange(() => {
      renderEnvironment();
      if (!dialog.open) void wizard?.refresh();
    });

    /** The "+" of an application reference: the referenced package's nested wizard in a dialog. */
    async function nested(context: SubViewContext, fqns: string[]): Promise<AppModel | undefined> {
      const choose = el('select', 'input');
      for (const fqn of fqns) choose.append(Object.assign(el('option', undefined, fqn), { value: fqn }));
      const cancel = el('button', 'button button-quiet', 'Cancel');
      cancel.type = 'button';
      const body = el('div', 'nested-body');
      const head = el('div', 'nested-head', el('h3', undefined, 'Add application'), fqns.length > 1 ? choose : el('span', 'mono', fqns[0]), cancel);
      dialog.replaceChildren(head, body);
      dialog.showModal();
      let nestedHandle = '';
      let inner: Wizard | undefined;
      const finished = new Promise<AppModel | undefined>((resolve) => {
        const open = async (fqn: string) => {
          inner?.close();
          if (nestedHandle) release(context.engine, nestedHandle);
          body.replaceChildren(el('p', 'muted', `Opening ${fqn} from the repository…`));
          const response = await importFrom(context.engine, { url: builtinRepo() }, fqn).catch((err: Error) => ({ ok: false as const, error: { message: err.message } }));
          if (!response.ok) {
            body.replaceChildren(el('div', 'callout callout-error', el('p', undefined, `${fqn} is not in the repository of the page: ${response.error.message}`)));
            return;
          }
          nestedHandle = response.handle;
          const name = response.package?.name ?? fqn;
          head.querySelector('h3')!.textContent = `Configure Application: ${name}`;
          inner = createWizard({
            engine: context.engine,
            handle: nestedHandle,
            nested: true,
            idPrefix: 'n',
            onCreated(app) {
              environment.add(app);
              void keepPackage(context.engine, nestedHandle, response.package?.fullName).finally(() => resolve(app));
            },
            onProblems(problems, heading) {
              body.replaceChildren(el('div', 'callout callout-error', el('p', 'error-title', heading), problemList(problems, context, 'UI errors')));
            },
            onGone() {
              body.replaceChildren(el('p', 'muted', 'The engine was restarted; cancel and try again.'));
            },
            createReference: async () => undefined,
          });
          body.replaceChildren(inner.element);
          await inner.start();
        };
        choose.addEventListener('change', () => void open(choose.value));
        cancel.addEventListener('click', () => resolve(undefined));
        dialog.addEventListener('cancel', () => resolve(undefined), { once: true });
        void open(fqns[0]);
      });
      const app = await finished;
      inner?.close();
      if (nestedHandle) release(context.engine, nestedHandle);
      dialog.close();
      dialog.replaceChildren();
      return app;
    }

    return {
      update(opened) {
        // The package was opened again from its edited files: the running
        // wizard starts over on it with the values typed so far.
        if (!wizard || !wizardHost || !opened.package?.ui) {
          if (wizard && !opened.package) {
            pkg = opened;
            markStale(true);
            notice.replaceChildren(el('div', 'callout callout-error', el('p', 'error-title', 'The package does not open'), problemList(opened.errors, ctx, 'Errors')));
            return;
          }
          this.show(opened);
          return;
        }
        if (ownHandle) release(ctx.engine, handle);
        ownHandle = false;
        pkg = opened;
        handle = wizardHost.handle = opened.handle;
        updating = true;
        notice.replaceChildren();
        markStale(false);
        void wizard.refresh().finally(() => {
          updating = false;
          panel.dataset.updated = String(Number(panel.dataset.updated ?? 0) + 1);
        });
      },
      show(opened) {
        markStale(false);
        if (ownHandle) release(ctx.engine, handle);
        ownHandle = false;
        pkg = opened;
        handle = opened.handle;
        title.textContent = '';
        void begin();
      },
    };
  },
});

