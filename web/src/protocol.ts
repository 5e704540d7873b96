// Messages between the page and the engine worker.

export type ToWorker =
  | { type: 'init'; module: WebAssembly.Module; wasmExec: string; runeNames: string; cloud: string }
  | { type: 'call'; id: number; method: string; params: string; stream?: boolean };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'failed'; message: string }
  | { type: 'result'; id: number; response: string }
  | { type: 'event'; id: number; event: string }
  | { type: 'error'; id: number; message: string };
