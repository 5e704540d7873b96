// The engine as the page sees it: the WebAssembly module is downloaded and
// compiled once (with byte progress), then handed to a Web Worker. stop()
// terminates the worker and starts a new one from the same compiled module.

import type { FromWorker, ToWorker } from './protocol';

/** Where the build put the engine files; index.html carries them as JSON. */
export interface Assets {
  engine: string;
  engineSize: number;
  wasmExec: string;
  /** The Unicode name table of \N{NAME} escapes, which the engine fetches on first use. */
  runeNames: string;
  /** The simulated cloud's module, which the worker loads on the first deploy. */
  cloud: string;
  /** The module of the forms of JSON schemas, which the worker loads when the first opens. */
  forms: string;
  /** The project's core libraries (a .zip), which the engine does not embed: the worker fetches them as it starts it. */
  corelib: string;
  worker: string;
}

export type EngineState =
  | { kind: 'loading'; loaded: number; total: number }
  | { kind: 'starting' }
  | { kind: 'ready'; startedInMs: number }
  | { kind: 'failed'; message: string };

/** Rejects the calls that were running or waiting when the worker was stopped. */
export class StoppedError extends Error {
  constructor() {
    super('stopped');
  }
}

interface Pending {
  resolve(text: string): void;
  reject(err: Error): void;
  /** Hears the events of a call that streams them, as the texts the method wrote. */
  onEvent?: (event: string) => void;
  /** When the call was handed to the worker. */
  sentAt?: number;
  method: string;
}

export class Engine {
  private stateListeners: ((state: EngineState) => void)[] = [];
  onBusy: (busy: boolean) => void = () => {};

  private module?: Promise<WebAssembly.Module>;
  private worker?: Worker;
  private ready: Promise<void>;
  /** Makes the calls made before start() follow the first worker's readiness. */
  private firstSpawn?: (ready: Promise<void>) => void;
  private abandonReady: (err: Error) => void = () => {};
  private pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(private readonly assets: Assets) {
    this.ready = new Promise<void>((resolve) => (this.firstSpawn = resolve));
  }

  /** Downloads and compiles the module (unless done before) and starts a fresh worker. */
  start(): void {
    this.worker?.terminate();
    if (!this.module) {
      this.module = compileWithProgress(this.assets.engine, this.assets.engineSize, (loaded, total) =>
        this.setState({ kind: 'loading', loaded, total }),
      );
      this.module.catch(() => (this.module = undefined));
    }
    this.spawn(this.module);
  }

  /** Calls listener on every change of the engine's state. */
  onStateChange(listener: (state: EngineState) => void): void {
    this.stateListeners.push(listener);
  }

  private setState(state: EngineState): void {
    for (const listener of this.stateListeners) listener(state);
  }

  /** Resolves once the current worker can take calls. */
  whenReady(): Promise<void> {
    return this.ready;
  }

  /**
   * Sends one request; resolves with the parsed JSON response. onEvent,
   * when given, hears the events the method streams before it answers.
   */
  async call(method: string, params: unknown, onEvent?: (event: string) => void): Promise<unknown> {
    return JSON.parse(await this.callText(method, params, onEvent));
  }

  /** As call, but resolves with the response as the method wrote it. */
  async callText(method: string, params: unknown, onEvent?: (event: string) => void): Promise<string> {
    const id = this.nextId++;
    const response = new Promise<string>((resolve, reject) =>
      this.pending.set(id, { resolve, reject, onEvent, method }),
    );
    this.onBusy(true);
    try {
      await this.ready;
    } catch (err) {
      this.settle(id, (p) => p.reject(err as Error));
    }
    const p = this.pending.get(id);
    if (p) {
      p.sentAt = performance.now();
      this.worker!.postMessage({ type: 'call', id, method, params: JSON.stringify(params), stream: onEvent !== undefined } satisfies ToWorker);
    }
    return response;
  }

  /** How long the engine has been working on the oldest unanswered call, in ms (0 if none). */
  busyFor(): number {
    let oldest = Infinity;
    for (const p of this.pending.values()) if (p.sentAt !== undefined) oldest = Math.min(oldest, p.sentAt);
    return oldest === Infinity ? 0 : performance.now() - oldest;
  }

  /** Terminates the worker, rejects its calls with StoppedError and starts a new one. */
  stop(): void {
    this.abandonReady(new StoppedError());
    for (const id of [...this.pending.keys()]) this.settle(id, (p) => p.reject(new StoppedError()));
    this.start();
  }

  private spawn(module: Promise<WebAssembly.Module>): void {
    const worker = new Worker(this.assets.worker);
    this.worker = worker;
    let spawnedAt = 0;
    this.ready = new Promise<void>((resolve, reject) => {
      this.abandonReady = reject;
      const fail = (message: string) => {
        reject(new Error(message));
        this.setState({ kind: 'failed', message });
      };
      worker.onmessage = (event: MessageEvent<FromWorker>) => {
        const message = event.data;
        switch (message.type) {
          case 'ready':
            resolve();
            this.setState({ kind: 'ready', startedInMs: performance.now() - spawnedAt });
            break;
          case 'failed':
            fail(message.message);
            for (const id of [...this.pending.keys()]) this.settle(id, (p) => p.reject(new Error(message.message)));
            break;
          case 'result':
            this.settle(message.id, (p) => {
              // Each call in the browser's performance timeline, as "engine <method>".
              if (p.sentAt !== undefined) performance.measure(`engine ${p.method}`, { start: p.sentAt });
              p.resolve(message.response);
            });
            break;
          case 'events': {
            const onEvent = this.pending.get(message.id)?.onEvent;
            if (onEvent) for (const e of message.events) onEvent(e);
            break;
          }
          case 'error':
            this.settle(message.id, (p) => p.reject(new Error(message.message)));
            break;
        }
      };
      worker.onerror = (event) => fail(event.message || 'the engine worker failed to start');
    });
    this.ready.catch(() => {});
    this.firstSpawn?.(this.ready);
    this.firstSpawn = undefined;
    module.then(
      (compiled) => {
        if (worker !== this.worker) return;
        spawnedAt = performance.now();
        this.setState({ kind: 'starting' });
        worker.postMessage({
          type: 'init',
          module: compiled,
          wasmExec: new URL(this.assets.wasmExec, location.href).href,
          runeNames: new URL(this.assets.runeNames, location.href).href,
          cloud: new URL(this.assets.cloud, location.href).href,
          forms: new URL(this.assets.forms, location.href).href,
          corelib: new URL(this.assets.corelib, location.href).href,
        } satisfies ToWorker);
      },
      (err: Error) => {
        this.abandonReady(err);
        this.setState({ kind: 'failed', message: err.message });
      },
    );
  }

  private settle(id: number, how: (p: Pending) => void): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    how(p);
    if (this.pending.size === 0) this.onBusy(false);
  }
}

/**
 * Fetches the module and compiles it while it streams in, reporting the
 * bytes received against total, the size of the module: the body is
 * counted after the browser decodes it (brotli or gzip), so the count
 * ends at total exactly.
 */
async function compileWithProgress(
  url: string,
  total: number,
  onProgress: (loaded: number, total: number) => void,
): Promise<WebAssembly.Module> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (err) {
    throw new Error(`could not download the engine (${(err as Error).message})`);
  }
  if (!response.ok || !response.body) throw new Error(`could not download the engine (HTTP ${response.status})`);
  let loaded = 0;
  onProgress(loaded, total);
  const counted = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        loaded += chunk.byteLength;
        onProgress(loaded, total);
        controller.enqueue(chunk);
      },
    }),
  );
  const tracked = new Response(counted, { headers: { 'Content-Type': 'application/wasm' } });
  try {
    if (typeof WebAssembly.compileStreaming === 'function') return await WebAssembly.compileStreaming(tracked);
    return await WebAssembly.compile(await tracked.arrayBuffer());
  } catch (err) {
    throw new Error(`the engine did not load (${(err as Error).message})`);
  }
}
