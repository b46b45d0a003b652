// Preloaded into a benchmarked server (node --expose-gc --import): answers the parent's memory requests over IPC
// with RSS and heap measured right after a full garbage collection, so a flat series means no leak.
import cluster from 'node:cluster';

process.on('message', (message) => {
  if (message !== 'tourdesk-bench:memory') return;
  globalThis.gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  process.send?.({ type: 'tourdesk-bench:memory', rss, heapUsed });
});
// The IPC channel alone must not keep a server alive that is shutting down. Not in a worker of node:cluster: its
// channel is the primary's, over which listen() waits for the shared port, and with nothing else open yet (the bare
// server's pool connects lazily) the worker would end before it listens.
if (!cluster.isWorker) process.channel?.unref();
