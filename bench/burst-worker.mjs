// The worker's entry: registers tsx in this thread (loaders registered by the main thread do not
// reach workers on Node 20), then runs the TypeScript sender.
import { register } from 'tsx/esm/api';

register();
await import('./burst-worker.ts');
