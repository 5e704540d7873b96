// Deploys an environment through the WebAssembly engine under Node, as
// the page's worker does: every package folder under PACKAGES is opened
// with package.open, then deploy.run runs the task, the engine calling
// the simulated cloud's module (loaded when it first asks for it). Prints
// the time of the task alone (seconds) on stderr and the deploy document
// on stdout.
// usage: node node_deploy.js WASM_EXEC_JS ENGINE_WASM CLOUD_WASM CORELIB_ZIP PACKAGES ENV.json
'use strict';
const fs = require('fs');
const path = require('path');

require(process.argv[2]);
const go = new globalThis.Go();
const ready = new Promise((resolve) => { globalThis.muranoReady = resolve; });
globalThis.muranoAssets = { corelib: new Uint8Array(fs.readFileSync(process.argv[5])) };

function packageFolders(dir) {
  if (fs.existsSync(path.join(dir, 'manifest.yaml'))) return [dir];
  return fs.readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) => packageFolders(path.join(dir, e.name)));
}

function filesOf(dir, prefix = '') {
  const files = {};
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix + e.name;
    if (e.isDirectory()) Object.assign(files, filesOf(path.join(dir, e.name), rel + '/'));
    else files[rel] = fs.readFileSync(path.join(dir, e.name)).toString('base64');
  }
  return files;
}

async function call(method, params) {
  const resp = JSON.parse(await globalThis.muranoBridge.call(method, JSON.stringify(params)));
  if (!resp.ok) throw new Error(`${method}: ${JSON.stringify(resp.error)}`);
  return resp;
}

globalThis.muranoLoadCloud = async () => {
  const cloud = new globalThis.Go();
  const cloudReady = new Promise((resolve) => { globalThis.muranoCloudReady = resolve; });
  const { instance } = await WebAssembly.instantiate(fs.readFileSync(process.argv[4]), cloud.importObject);
  cloud.run(instance);
  await cloudReady;
};

(async () => {
  const { instance } = await WebAssembly.instantiate(fs.readFileSync(process.argv[3]), go.importObject);
  go.run(instance);
  await ready;
  const handles = [];
  for (const dir of packageFolders(process.argv[6])) {
    handles.push((await call('package.open', { files: filesOf(dir) })).handle);
  }
  const env = JSON.parse(fs.readFileSync(process.argv[7], 'utf8'));
  const start = process.hrtime.bigint();
  const resp = await call('deploy.run', { packages: handles, env });
  const secs = Number(process.hrtime.bigint() - start) / 1e9;
  process.stderr.write(`${secs.toFixed(3)}\n`);
  process.stdout.write(JSON.stringify(resp.output) + '\n', () => process.exit(0));
})().catch((err) => { process.stderr.write(`${err.stack || err}\n`); process.exit(1); });
