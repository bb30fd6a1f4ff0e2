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
export const SocketModeReceiver = (load('@slack/bolt/dist/receivers/SocketModeReceiver.js') as { default: typeof Bolt.SocketModeReceiver }).default;
/** The HTTP receiver's parts Radar's own receiver reuses: the signature check, the ack, the error answer. */
export const verifySlackRequest = (load('@slack/bolt/dist/receivers/verify-request.js') as Pick<typeof Bolt, 'verifySlackRequest'>).verifySlackRequest;
export const HTTPResponseAck = (load('@slack/bolt/dist/receivers/HTTPResponseAck.js') as Pick<typeof Bolt, 'HTTPResponseAck'>).HTTPResponseAck;
export const HTTPModuleFunctions = load('@slack/bolt/dist/receivers/HTTPModuleFunctions.js') as typeof Bolt.HTTPModuleFunctions;
/** The Web API client Bolt itself builds on (the module Bolt's App has loaded already). */
export const WebClient = (load('@slack/web-api') as Pick<typeof Bolt.webApi, 'WebClient'>).WebClient;

export type App = Bolt.App;
export type LogLevel = Bolt.LogLevel;
export type SocketModeReceiver = Bolt.SocketModeReceiver;
