// The engine worker: instantiates the compiled WebAssembly module it is sent,
// runs the Go program and forwards calls to globalThis.muranoBridge. The
// simulated cloud is a second Go program (cloud.wasm) that the engine has
// the worker load the first time it deploys (muranoLoadCloud); the engine
// then calls it synchronously through globalThis.muranoCloud. The forms
// of JSON schemas and the YAML formatter are a third (forms.wasm), loaded
// with the first call of a "form." or "yaml." method, which the worker
// answers from it.

import type { FromWorker, ToWorker } from './protocol';

interface GoRuntime {
  importObject: WebAssembly.Imports;
  run(instance: WebAssembly.Instance): Promise<void>;
}

interface WorkerScope {
  importScripts(...urls: string[]): void;
  postMessage(message: FromWorker): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  Go: new () => GoRuntime;
  muranoReady?: () => void;
  /** Read by the engine (wasm/main.go): where its lazily fetched files are, and the core libraries' archive. */
  muranoAssets?: { runeNames: string; corelib?: Uint8Array };
  muranoBridge?: { call(method: string, params: string, onEvent?: (event: string) => void): Promise<string> };
  /** Called by the engine before its first call of the cloud. */
  muranoLoadCloud?: () => Promise<void>;
  muranoCloudReady?: () => void;
  muranoForms?: { call(method: string, params: string): string };
  muranoFormsReady?: () => void;
}

const scope = self as unknown as WorkerScope;
let loadForms: () => Promise<void> = () => Promise.reject(new Error('the worker was not started'));

scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'init') {
    scope.muranoAssets = { runeNames: message.runeNames };
    const corelib = fetchBytes(message.corelib);
    corelib.catch(() => {}); // start() reports a failure
    scope.muranoLoadCloud = moduleLoader(message.cloud, 'the simulated cloud', (ready) => (scope.muranoCloudReady = ready));
    loadForms = moduleLoader(message.forms, 'the forms module', (ready) => (scope.muranoFormsReady = ready));
    void start(message.module, message.wasmExec, corelib);
  } else {
    void call(message.id, message.method, message.params, message.stream ?? false);
  }
};

/** The bytes at a URL; a failure says which file could not be read. */
async function fetchBytes(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function start(module: WebAssembly.Module, wasmExec: string, corelib: Promise<Uint8Array>): Promise<void> {
  try {
    scope.importScripts(wasmExec);
    scope.muranoAssets!.corelib = await corelib.catch((err: unknown) => {
      throw new Error(`the core libraries could not be fetched (${errorText(err)})`);
    });
    const go = new scope.Go();
    const ready = new Promise<void>((resolve) => (scope.muranoReady = resolve));
    const instance = await WebAssembly.instantiate(module, go.importObject);
    const exited = go.run(instance).then(() => {
      throw new Error('the engine exited');
    });
    await Promise.race([ready, exited]);
    scope.postMessage({ type: 'ready' });
    await exited;
  } catch (err) {
    scope.postMessage({ type: 'failed', message: `the engine did not start (${errorText(err)})` });
  }
}

/** A loader of a Go module of its own, run once; a failed load is tried again next time. */
function moduleLoader(url: string, what: string, onReady: (ready: () => void) => void): () => Promise<void> {
  let loading: Promise<void> | undefined;
  return () => {
    loading ??= (async () => {
      const go = new scope.Go();
      const ready = new Promise<void>((resolve) => onReady(resolve));
      const { instance } = await WebAssembly.instantiateStreaming(fetch(url), go.importObject);
      const exited = go.run(instance).then(() => {
        throw new Error(`${what} exited`);
      });
      await Promise.race([ready, exited]);
    })().catch((err: unknown) => {
      loading = undefined;
      throw err;
    });
    return loading;
  };
}

async function call(id: number, method: string, params: string, stream: boolean): Promise<void> {
  try {
    // Events are posted in batches: the engine hands them over while it
    // runs, and a message each would keep the page busy receiving them.
    // A timer flushes what waits while the engine sleeps on a paced clock.
    let batch: string[] = [];
    let sentAt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      clearTimeout(timer);
      timer = undefined;
      if (batch.length) scope.postMessage({ type: 'events', id, events: batch });
      batch = [];
      sentAt = performance.now();
    };
    const onEvent = stream
      ? (event: string) => {
          batch.push(event);
          if (batch.length >= 500 || performance.now() - sentAt > 50) flush();
          else timer ??= setTimeout(flush, 50);
        }
      : undefined;
    let response: string;
    if (method.startsWith('form.') || method.startsWith('yaml.')) {
      await loadForms();
      response = scope.muranoForms!.call(method, params);
    } else response = await scope.muranoBridge!.call(method, params, onEvent);
    flush();
    scope.postMessage({ type: 'result', id, response });
  } catch (err) {
    scope.postMessage({ type: 'error', id, message: errorText(err) });
  }
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
