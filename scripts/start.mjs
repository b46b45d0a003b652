// `npm start`: rebuilds the SPA and the server when their sources changed, then runs the server in this process.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) for (const entry of readdirSync(path)) visit(join(path, entry));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  paths.forEach(visit);
  return newest;
}

function builtAt(file) {
  return existsSync(file) ? statSync(file).mtimeMs : 0;
}

function run(label, args) {
  console.log(`Building ${label}…`);
  const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`Building ${label} failed.`);
    process.exit(result.status ?? 1);
  }
}

const lockfile = ['package-lock.json'];
const web = { out: 'dist/web/index.html', inputs: ['src', 'public', 'webpack.config.ts', ...lockfile] };
const server = {
  out: 'dist/server/main.mjs',
  inputs: ['server', 'src/domain', 'scripts/build-server.mjs', ...lockfile],
};

if (newestMtime(web.inputs) > builtAt(web.out)) {
  run('the web app', ['node_modules/webpack-cli/bin/cli.js', '--mode', 'production']);
}
if (newestMtime(server.inputs) > builtAt(server.out)) {
  run('the server', ['scripts/build-server.mjs']);
}
await import(pathToFileURL(server.out).href);
