// Test hook: when SKILL_LS_E2E_OUT is set, the extension writes what it
// observed (server, diagnostics, preview texts) to that JSON file. End-to-end
// tests read it instead of scraping the workbench DOM.
import * as fs from 'node:fs';
import * as vscode from 'vscode';

interface PreviewRecord {
  uri: string;
  kind: string;
  text: string;
  count: number;
  at: string;
}

interface State {
  pid: number;
  activatedAt: string;
  server?: { command: string; source: string };
  clientState?: string;
  initializeResult?: unknown;
  errors: string[];
  notifications: string[];
  previews: Record<string, PreviewRecord>;
  diagnostics: { uri: string; items: { source?: string; code?: unknown; severity: number; message: string; range: number[] }[] }[];
  writes: number;
}

const outPath = process.env.SKILL_LS_E2E_OUT;
let state: State | undefined;
let timer: NodeJS.Timeout | undefined;

export const enabled = !!outPath;

function flush(): void {
  timer = undefined;
  if (!outPath || !state) return;
  state.writes++;
  state.diagnostics = vscode.languages.getDiagnostics()
    .filter(([, ds]) => ds.length > 0)
    .map(([uri, ds]) => ({
      uri: uri.toString(),
      items: ds.map((d) => ({
        source: d.source,
        code: typeof d.code === 'object' ? d.code.value : d.code,
        severity: d.severity,
        message: d.message,
        range: [d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character],
      })),
    }));
  try {
    const tmp = `${outPath}.tmp-${process.pid}`;
    fs.writeFileSync(tmp, JSON.stringify(state, null, 2));
    fs.renameSync(tmp, outPath);
  } catch (err) {
    console.error(`skill-ls e2e hook: cannot write ${outPath}: ${err}`);
  }
}

function schedule(): void {
  if (!state) return;
  if (!timer) timer = setTimeout(flush, 100);
}

export function init(context: vscode.ExtensionContext): void {
  if (!outPath) return;
  state = {
    pid: process.pid, activatedAt: new Date().toISOString(), errors: [], notifications: [], previews: {},
    diagnostics: [], writes: 0,
  };
  context.subscriptions.push(vscode.languages.onDidChangeDiagnostics(schedule));
  schedule();
}

export function update(patch: Partial<State>): void {
  if (!state) return;
  Object.assign(state, patch);
  schedule();
}

export function error(msg: string): void {
  if (!state) return;
  state.errors.push(msg);
  schedule();
}

export function notification(msg: string): void {
  if (!state) return;
  state.notifications.push(msg);
  schedule();
}

export function preview(uri: vscode.Uri, kind: string, text: string): void {
  if (!state) return;
  const key = uri.toString();
  const prev = state.previews[key];
  state.previews[key] = { uri: key, kind, text, count: (prev?.count ?? 0) + 1, at: new Date().toISOString() };
  schedule();
}
