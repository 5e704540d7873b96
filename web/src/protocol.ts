// Messages between the page and the engine worker.

export type ToWorker =
  | { type: 'init'; module: WebAssembly.Module; wasmExec: string; runeNames: string; cloud: string; forms: string; corelib: string }
  | { type: 'call'; id: number; method: string; params: string; stream?: boolean };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'result'; id: number; response: string }
  /** Events of a streaming call, in order, as the texts the method wrote. */
  | { type: 'events'; id: number; events: string[] }
  | { type: 'error'; id: number; message: string };
