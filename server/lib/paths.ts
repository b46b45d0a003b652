import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The folder holding package.json, found from this module whether it runs from source or from the bundle. */
function findProjectRoot(start: string): string {
  let dir = resolve(start);
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot(__dirname);
export const migrationsFolder = join(projectRoot, 'server', 'db', 'migrations');
