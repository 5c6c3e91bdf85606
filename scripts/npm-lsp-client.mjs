#!/usr/bin/env node
// A minimal LSP client for scripts/test-npm.sh: starts COMMAND (the npm
// launcher) in WORKSPACE, initializes, opens FILE, waits for its
// diagnostics, shuts the server down and checks that it exits 0. Prints one
// JSON line: {"serverInfo": ..., "codes": [...], "exit": N}; exits non-zero
// when a step fails or takes more than 30 seconds.
//
//   node scripts/npm-lsp-client.mjs WORKSPACE FILE COMMAND [ARG...]
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';

const [workspace, file, command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: npm-lsp-client.mjs WORKSPACE FILE COMMAND [ARG...]');
  process.exit(2);
}
const timer = setTimeout(() => {
  console.error('npm-lsp-client: no answer within 30 s');
  process.exit(1);
}, 30000);

const child = spawn(command, args, { cwd: workspace, stdio: ['pipe', 'pipe', 'inherit'] });
const waiting = new Map(); // request id -> resolve
const notifications = []; // [method, params, ...] waiters
let buffer = Buffer.alloc(0);
let nextId = 1;

function send(message) {
  const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }));
  child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
  child.stdin.write(body);
}
function request(method, params) {
  const id = nextId++;
  send({ id, method, params });
  return new Promise((resolve) => waiting.set(id, resolve));
}
function notification(method, match) {
  return new Promise((resolve) => notifications.push({ method, match, resolve }));
}

function dispatch(msg) {
  if (msg.id !== undefined && msg.method === undefined) {
    const resolve = waiting.get(msg.id);
    waiting.delete(msg.id);
    if (resolve) resolve(msg);
    return;
  }
  if (msg.id !== undefined) {
    // A request of the server (workspace/configuration, registerCapability...).
    send({ id: msg.id, result: msg.method === 'workspace/configuration' ? (msg.params.items || []).map(() => null) : null });
    return;
  }
  for (let i = 0; i < notifications.length; i++) {
    const n = notifications[i];
    if (n.method === msg.method && n.match(msg.params)) {
      notifications.splice(i, 1);
      n.resolve(msg.params);
      return;
    }
  }
}

child.stdout.on('data', (chunk) => {
  buffer = Buffer.concat([buffer, chunk]);
  for (;;) {
    const end = buffer.indexOf('\r\n\r\n');
    if (end < 0) return;
    const m = /Content-Length: (\d+)/i.exec(buffer.subarray(0, end).toString());
    if (!m) throw new Error(`bad header: ${buffer.subarray(0, end)}`);
    const len = Number(m[1]);
    if (buffer.length < end + 4 + len) return;
    const body = buffer.subarray(end + 4, end + 4 + len).toString();
    buffer = buffer.subarray(end + 4 + len);
    dispatch(JSON.parse(body));
  }
});
const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(signal ? `signal ${signal}` : code)));

const rootUri = pathToFileURL(workspace).href;
const uri = pathToFileURL(path.resolve(workspace, file)).href;
const init = await request('initialize', {
  processId: process.pid,
  rootUri,
  workspaceFolders: [{ uri: rootUri, name: path.basename(workspace) }],
  capabilities: { textDocument: { publishDiagnostics: {} } },
});
if (init.error) {
  console.error(`initialize failed: ${JSON.stringify(init.error)}`);
  process.exit(1);
}
send({ method: 'initialized', params: {} });
const published = notification('textDocument/publishDiagnostics', (p) => p.uri === uri && p.diagnostics.length > 0);
send({
  method: 'textDocument/didOpen',
  params: { textDocument: { uri, languageId: 'markdown', version: 1, text: fs.readFileSync(path.resolve(workspace, file), 'utf8') } },
});
const diagnostics = await published;
await request('shutdown', null);
send({ method: 'exit', params: null });
const exit = await exited;
clearTimeout(timer);
console.log(JSON.stringify({
  serverInfo: init.result.serverInfo,
  codes: diagnostics.diagnostics.map((d) => d.code),
  exit,
}));
process.exit(exit === 0 ? 0 : 1);
