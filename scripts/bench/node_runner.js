// Runs JSON-lines YAQL requests through the WebAssembly engine under Node,
// answering in the same format as `muranopl yaql --jsonl`.
// usage: node node_runner.js WASM_EXEC_JS ENGINE_WASM < requests.jsonl
'use strict';
const fs = require('fs');
const readline = require('readline');

require(process.argv[2]);
const go = new globalThis.Go();
const ready = new Promise((resolve) => { globalThis.muranoReady = resolve; });

(async () => {
  const { instance } = await WebAssembly.instantiate(fs.readFileSync(process.argv[3]), go.importObject);
  go.run(instance);
  await ready;
  const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  const out = [];
  for await (const line of rl) {
    if (!line.trim()) continue;
    const req = JSON.parse(line);
    const params = {
      expr: req.expr, data: JSON.stringify(req.data ?? null), dataFormat: 'json',
      vars: req.vars, limitIterators: -1, memoryQuota: 0,
    };
    const resp = JSON.parse(await globalThis.muranoBridge.call('yaql.eval', JSON.stringify(params)));
    out.push(JSON.stringify(resp.ok ? { ok: true, result: resp.result } : { ok: false, error: `${resp.error.class}: ${resp.error.message}` }));
  }
  process.stdout.write(out.join('\n') + '\n');
  process.exit(0);
})();
