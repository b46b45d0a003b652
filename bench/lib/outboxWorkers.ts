/** Runs a simulated device (outboxDevice.ts) in a worker thread: its own globals, modules and IndexedDB. */
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { DevicePlan, DeviceReport } from './outboxPlan';

const DEVICE = resolve(__dirname, 'outboxDevice.ts');
// Node 20 does not pass `--import tsx` on to worker threads: the thread registers tsx's loaders itself, both, since
// the app's modules load each other with require (compiled TypeScript) and import() (the lazy outbox sender).
const BOOT = `
  require('tsx/cjs/api').register();
  import('tsx/esm/api').then((tsx) => {
    tsx.register();
    require(${JSON.stringify(DEVICE)});
  });
`;

export function runDevice(plan: DevicePlan): Promise<DeviceReport> {
  return new Promise((done, fail) => {
    // The libraries' production builds, as in the app's bundle: no dev-only checks of every action.
    const env = { ...process.env, NODE_ENV: 'production' };
    const worker = new Worker(BOOT, { eval: true, workerData: plan, env });
    worker.once('message', (report: DeviceReport) => {
      done(report);
      void worker.terminate();
    });
    worker.once('error', fail);
    worker.once('exit', (code) => fail(new Error(`device ${plan.index} exited with ${code} before reporting`)));
  });
}
