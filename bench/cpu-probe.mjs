// Loaded with `--import` into each app the bench spawns: answers 'cpu?' on the IPC channel with the
// process's own `process.cpuUsage()` (user and system microseconds), and 'mem?' with
// `process.memoryUsage()` and V8's heap spaces (physical bytes each); 'mem-gc?' first runs a full
// garbage collection (V8's gc, reached at runtime: the app is not started with --expose-gc), so the
// answer says what is live. The channel is unref'd, so it never keeps a process alive.
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const memory = () => ({ ...process.memoryUsage(), spaces: Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, s.physical_space_size])) });

if (process.send) {
  process.on('message', (message) => {
    if (message === 'cpu?') process.send({ cpu: process.cpuUsage() });
    if (message === 'mem?') process.send({ mem: memory() });
    if (message === 'mem-gc?') {
      setFlagsFromString('--expose-gc');
      runInNewContext('gc')();
      process.send({ mem: memory() });
    }
  });
  process.channel?.unref();
}
