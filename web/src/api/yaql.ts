// Typed wrappers of the engine's YAQL methods (wasm/bridge/yaql.go): yaql.eval
// and version.

import type { Engine } from '../engine';

export type Flavor = 'plain' | 'legacy' | 'murano' | 'murano-legacy';
export type DataFormat = 'json' | 'yaml';

export interface EvalRequest {
  expr: string;
  data: string;
  dataFormat: DataFormat;
  flavor: Flavor;
}

/**
 * A failed request. Kinds syntax, runtime and budget point into the
 * expression, kind data into the data text; offset counts characters (code
 * points) from 0, line and col count from 1.
 */
export interface EngineError {
  kind: 'syntax' | 'data' | 'runtime' | 'budget' | 'request';
  class?: string;
  message: string;
  /** What the engine expected or found, when it can say more than the message. */
  detail?: string;
  offset?: number;
  line?: number;
  col?: number;
  endCol?: number;
}

export type EvalResponse = { ok: true; result: unknown; unordered?: boolean } | { ok: false; error: EngineError };

export function evalYaql(engine: Engine, request: EvalRequest): Promise<EvalResponse> {
  return engine.call('yaql.eval', request) as Promise<EvalResponse>;
}

export interface Version {
  version: string;
  go: string;
}

/** The engine's version, or undefined when the engine does not report one. */
export async function engineVersion(engine: Engine): Promise<Version | undefined> {
  const response = (await engine.call('version', {})) as Partial<Version> & { ok?: boolean };
  if (response.ok === false || typeof response.version !== 'string') return undefined;
  return { version: response.version, go: String(response.go ?? '') };
}
