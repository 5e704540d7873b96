// The YAQL call of the docs' examples (web/src/embed): yaql.eval as
// api/yaql.ts makes it, but with the result as the engine wrote its JSON
// (numbers keep their text: 1.0 stays 1.0), so that an example prints it
// as the docs' build did.

import type { Engine } from '../engine';
import type { EngineError, EvalRequest } from './yaql';

export type EvalTextResponse = { ok: true; result: string } | { ok: false; error: EngineError };

export async function evalYaqlText(engine: Engine, request: Omit<EvalRequest, 'flavor'> & { flavor: string }): Promise<EvalTextResponse> {
  const text = await engine.callText('yaql.eval', request);
  // The bridge writes {"ok":true,"result":…} or {"ok":true,"result":…,"unordered":true} (keys sorted).
  const head = '{"ok":true,"result":';
  if (!text.startsWith(head)) return JSON.parse(text) as EvalTextResponse;
  let body = text.slice(head.length, -1);
  const unordered = ',"unordered":true';
  if (body.endsWith(unordered)) body = body.slice(0, -unordered.length);
  return { ok: true, result: body };
}
