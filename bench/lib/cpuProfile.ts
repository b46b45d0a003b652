/** Reads a V8 `.cpuprofile` (node --cpu-prof) and lists where the time went, by self time. */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface Cost {
  name: string;
  selfMs: number;
  share: number;
}

function where(url: string, root: string): string {
  const path = url.replace(/^file:\/\//, '');
  const local = relative(root, path);
  const nodeModules = local.lastIndexOf('node_modules/');
  if (nodeModules >= 0) return local.slice(nodeModules + 'node_modules/'.length);
  return local || url || '(native)';
}

/** The `top` functions by self time, and the same grouped by package or project folder. */
export function topCosts(file: string, root: string, top = 25): { functions: Cost[]; places: Cost[] } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0) || 1;
  const functions = new Map<string, number>();
  const places = new Map<string, number>();
  for (const [id, micros] of self) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const place = where(frame.url, root);
    const name = `${frame.functionName || '(anonymous)'} ${place}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + micros);
    const group = frame.url
      ? (place.startsWith('@') ? place.split('/').slice(0, 2) : place.split('/').slice(0, 1)).join('/')
      : place;
    places.set(group, (places.get(group) ?? 0) + micros);
  }
  const rank = (map: Map<string, number>) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => ({
        name,
        selfMs: Math.round(micros / 1000),
        share: Math.round((micros / total) * 1000) / 10,
      }));
  return { functions: rank(functions), places: rank(places) };
}
