// Loaded with `--import` into each app the bench spawns: answers 'cpu?' on the IPC channel with the
// process's own `process.cpuUsage()` (user and system microseconds), and 'mem?' with
// `process.memoryUsage()` and V8's heap spaces (committed bytes each). The channel is unref'd, so it
// never keeps a process alive.
import { getHeapSpaceStatistics } from 'node:v8';

if (process.send) {
  process.on('message', (message) => {
    if (message === 'cpu?') process.send({ cpu: process.cpuUsage() });
    if (message === 'mem?') {
      const spaces = Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, s.physical_space_size]));
      process.send({ mem: { ...process.memoryUsage(), spaces } });
    }
  });
  process.channel?.unref();
}
