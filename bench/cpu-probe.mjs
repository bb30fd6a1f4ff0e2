// Loaded with `--import` into each app the bench spawns: answers 'cpu?' on the IPC channel with the
// process's own `process.cpuUsage()` (user and system microseconds). The channel is unref'd, so it
// never keeps a process alive.
if (process.send) {
  process.on('message', (message) => {
    if (message === 'cpu?') process.send({ cpu: process.cpuUsage() });
  });
  process.channel?.unref();
}
