// Preloaded into a benchmarked server (node --expose-gc --import): answers the parent's memory requests over IPC
// with RSS and heap measured right after a full garbage collection, so a flat series means no leak.
process.on('message', (message) => {
  if (message !== 'tourdesk-bench:memory') return;
  globalThis.gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  process.send?.({ type: 'tourdesk-bench:memory', rss, heapUsed });
});
// The IPC channel alone must not keep a server alive that is shutting down.
process.channel?.unref();
