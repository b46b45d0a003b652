// The registry these machines use serves only this platform's native binaries, so npm cannot record the other
// platforms' optional packages (@swc/core-darwin-arm64, …) and `npm ci` then rejects the lockfile as out of sync.
// This adds a placeholder entry for each missing optional dependency; npm skips optional packages it cannot
// install, so every platform still gets just its own binary. Run `npm run lockfile:complete` after changing
// dependencies.
import { readFileSync, writeFileSync } from 'node:fs';

const file = 'package-lock.json';
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;
let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path ? `${path}/` : ''}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (packages[nested] || packages[hoisted]) continue;
    packages[hoisted] = { version: range.replace(/^[^0-9]*/, ''), optional: true };
    added += 1;
  }
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: ${added} placeholder entr${added === 1 ? 'y' : 'ies'} added`);
