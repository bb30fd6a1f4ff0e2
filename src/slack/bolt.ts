/**
 * The parts of Bolt Radar runs, loaded by path. `@slack/bolt`'s index loads every receiver it ships,
 * Express and AWS Lambda among them, which Radar never uses: about 35 ms of every start. Types still
 * come from `@slack/bolt` (type imports load nothing). Tests and tools may import the index freely;
 * the classes are the same modules either way.
 */
import { createRequire } from 'node:module';
import type * as Bolt from '@slack/bolt';

const load = createRequire(import.meta.url);

export const App = (load('@slack/bolt/dist/App.js') as { default: typeof Bolt.App }).default;
export const LogLevel = (load('@slack/bolt/dist/App.js') as { LogLevel: typeof Bolt.LogLevel }).LogLevel;
export const HTTPReceiver = (load('@slack/bolt/dist/receivers/HTTPReceiver.js') as { default: typeof Bolt.HTTPReceiver }).default;
export const SocketModeReceiver = (load('@slack/bolt/dist/receivers/SocketModeReceiver.js') as { default: typeof Bolt.SocketModeReceiver }).default;

export type App = Bolt.App;
export type LogLevel = Bolt.LogLevel;
export type HTTPReceiver = Bolt.HTTPReceiver;
export type SocketModeReceiver = Bolt.SocketModeReceiver;
