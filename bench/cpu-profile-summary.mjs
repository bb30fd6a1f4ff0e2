/**
 * Where a process's CPU went, from a V8 .cpuprofile (`BENCH_CPU_PROF=<dir>`, bench/spawn-app.ts):
 * `node bench/cpu-profile-summary.mjs <file> [fromMs] [toMs] [commands]` prints the non-idle time of
 * the window (ms from the profile's start; `bench/cpu-profile-summary.mjs <file> 0 1e9` for all) by
 * part of the work (each sample counted once, under the first part its stack matches), then the
 * top functions by self time, per command when `commands` is given. The window lets the ack rounds
 * be read apart from start-up and from the answers that land 2.5 s later.
 */
import { readFileSync } from 'node:fs';

const [file, fromArg = '0', toArg = '1e9', commandsArg = '1'] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/cpu-profile-summary.mjs <file.cpuprofile> [fromMs] [toMs] [commands]');
  process.exit(2);
}
const [from, to, commands] = [Number(fromArg), Number(toArg), Number(commandsArg)];
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

/** Parts of the work, first match wins, read against every frame of the sample's stack. */
const PARTS = [
  ['ack write (HTTP response)', /^(empty|ack) |HTTPResponseAck|buildContentResponse/],
  ['service request (undici, retries)', /undici\/lib|getBriefing|briefingFacts|pRetry|withRetry/],
  ['store (sqlite3, keyv)', /sqlite|keyv|checkFile/],
  ['signature check', /verifySlackRequest/],
  ['gate parse', /parseSlackBody|payloadProblem|querystring/],
  ['runCommand', /runCommand|parseCommand/],
  ['Bolt middleware', /@slack\/bolt/],
  ['HTTP parsing in', /_http_server|_http_common|parserOn/],
  ['net', /node:net/],
];
const frameName = (node) => {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || '(anonymous)'} ${url.replace(/^file:\/\/.*?\/(node_modules|dist|bench)\//, '$1/')}:${lineNumber + 1}`;
};
const parts = new Map();
const self = new Map();
let total = 0;
let time = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  time += profile.timeDeltas[i];
  const at = (time - profile.startTime) / 1000;
  const spent = profile.timeDeltas[i + 1] ?? 0;
  const leaf = byId.get(profile.samples[i]);
  if (at < from || at > to || leaf.callFrame.functionName === '(idle)') continue;
  const stack = [];
  for (let id = leaf.id; id !== undefined; id = parentOf.get(id)) stack.push(`${byId.get(id).callFrame.functionName} ${byId.get(id).callFrame.url}`);
  const special = leaf.callFrame.functionName.startsWith('(');
  const part = special ? leaf.callFrame.functionName : (PARTS.find(([, pattern]) => stack.some((frame) => pattern.test(frame)))?.[0] ?? 'other');
  parts.set(part, (parts.get(part) ?? 0) + spent);
  self.set(frameName(leaf), (self.get(frameName(leaf)) ?? 0) + spent);
  total += spent;
}
const ms = (us) => (us / 1000).toFixed(1).padStart(8);
const per = (us) => (us / 1000 / commands).toFixed(3).padStart(7);
console.log(`non-idle CPU ${ms(total)} ms in ${from}–${to} ms; per command ${per(total)} ms`);
for (const [part, us] of [...parts].sort((a, b) => b[1] - a[1])) console.log(`${ms(us)} ${per(us)}  ${part}`);
console.log('\ntop self time (ms, per command):');
for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${ms(us)} ${per(us)}  ${name}`);
