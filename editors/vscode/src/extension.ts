// skill-ls for VS Code: starts the skill-ls language server over stdio and
// adds previews of what an agent sees (catalog, skill content, invocations).
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  CloseAction,
  DidChangeConfigurationNotification,
  ErrorAction,
  ExecuteCommandRequest,
  LanguageClient,
  LanguageClientOptions,
  RevealOutputChannelOn,
  ServerOptions,
  State,
  TransportKind,
} from 'vscode-languageclient/node';
import * as e2e from './e2e';
import {
  baseName, ExecuteCommand, parseQuery, pickFolder, PreviewProvider, PreviewQuery, previewUri, SCHEME,
  SERVER_COMMANDS, showPreview,
} from './preview';
import { entryPath, field, SkillList } from './report';
import { findServer, INSTALL_HINT, probeServer, ServerBinary } from './server';
import {
  absoluteRoots, documentSelector, isChatDocument, isSkillDocument, RESTART_KEYS, serverSettings,
} from './settings';
import { TraceChannel } from './trace';

/** Server command ids in code lenses etc., mapped to this extension's commands. */
const COMMAND_REWRITES: Record<string, string> = {
  [SERVER_COMMANDS.catalog]: 'skillLs.previewCatalog',
  [SERVER_COMMANDS.skill]: 'skillLs.previewSkill',
  [SERVER_COMMANDS.invocation]: 'skillLs.previewInvocation',
};

let ctx: vscode.ExtensionContext;
let output: vscode.LogOutputChannel;
let traceChannel: TraceChannel;
let client: LanguageClient | undefined;
let starting: Promise<LanguageClient | undefined> | undefined;
let selectorKey = '';
let notified = false;
let provider: PreviewProvider;
/** doStart is awaiting client.start() and reports its failure itself. */
let startingClient = false;
const crashes: number[] = [];

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  ctx = context;
  e2e.init(context);
  output = vscode.window.createOutputChannel('skill-ls', { log: true });
  traceChannel = new TraceChannel(output);
  context.subscriptions.push(output, traceChannel);

  provider = new PreviewProvider(execute);
  context.subscriptions.push(
    provider,
    vscode.workspace.registerTextDocumentContentProvider(SCHEME, provider),
    vscode.commands.registerCommand('skillLs.previewCatalog', previewCatalog),
    vscode.commands.registerCommand('skillLs.previewSkill', previewSkill),
    vscode.commands.registerCommand('skillLs.previewInvocation', previewInvocation),
    vscode.commands.registerCommand('skillLs.showReport', showReport),
    vscode.commands.registerCommand('skillLs.restartServer', () => restart(true)),
    vscode.commands.registerCommand('skillLs.showOutput', () => output.show(true)),
    vscode.workspace.onDidChangeConfiguration(onConfigChange),
  );
  registerRefreshTriggers(context);
  await start();
}

export async function deactivate(): Promise<void> {
  await stop();
}

// ---------------------------------------------------------------- client

function notifyOnce(message: string, detail?: string): void {
  output.error(detail ? `${message}\n${detail}` : message);
  e2e.notification(message);
  if (notified) return;
  notified = true;
  const actions = ['Show Log', 'Open Settings'];
  void vscode.window.showErrorMessage(message, ...actions).then((choice) => {
    if (choice === 'Show Log') output.show(true);
    if (choice === 'Open Settings') void vscode.commands.executeCommand('workbench.action.openSettings', 'skillLs.serverPath');
  });
}

function start(): Promise<LanguageClient | undefined> {
  starting = doStart().finally(() => {
    starting = undefined;
  });
  return starting;
}

async function doStart(): Promise<LanguageClient | undefined> {
  const found = findServer(ctx);
  if ('error' in found) {
    notifyOnce(found.error);
    e2e.update({ clientState: 'no-server' });
    return undefined;
  }
  output.info(`skill-ls: using ${found.command} (${found.source})`);
  e2e.update({ server: { command: found.command, source: found.source } });
  const probe = await probeServer(found.command);
  if ('error' in probe) {
    notifyOnce(probe.error);
    e2e.update({ clientState: 'probe-failed' });
    return undefined;
  }
  output.info(`skill-ls: ${probe.version}`);
  const c = createClient(found);
  client = c;
  c.onDidChangeState((ev) => {
    e2e.update({ clientState: State[ev.newState] });
    if (ev.newState === State.Running) provider.refreshAll(0);
  });
  try {
    startingClient = true;
    await c.start();
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    notifyOnce(`skill-ls: the language server ${found.command} failed to start (${msg}). ` +
      'Its log is in the skill-ls output. ' + INSTALL_HINT, msg);
    e2e.error(`start: ${msg}`);
    return undefined;
  } finally {
    startingClient = false;
  }
  e2e.update({ initializeResult: c.initializeResult, clientState: State[c.state] });
  return c;
}

async function stop(): Promise<void> {
  if (starting) await starting.catch(() => undefined);
  const c = client;
  client = undefined;
  if (c && c.state !== State.Stopped) {
    try {
      await c.stop(2000);
    } catch (err) {
      output.warn(`skill-ls: stopping the server: ${err}`);
    }
  }
  // Drop the diagnostics of the old client.
  try {
    await c?.dispose(2000);
  } catch {
    // already stopped
  }
}

async function restart(byUser = false): Promise<void> {
  if (byUser) {
    notified = false;
    crashes.length = 0;
  }
  output.info('skill-ls: restarting the server');
  await stop();
  await start();
  provider.refreshAll(0);
}

function createClient(bin: ServerBinary): LanguageClient {
  const settings = serverSettings();
  const selector = documentSelector(settings);
  selectorKey = JSON.stringify(selector);
  // A server that never came up is not restarted: the start failure is reported once.
  let reachedRunning = false;
  const serverOptions: ServerOptions = {
    run: { command: bin.command, transport: TransportKind.stdio },
    debug: { command: bin.command, args: ['-v'], transport: TransportKind.stdio },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: selector,
    outputChannel: output,
    traceOutputChannel: traceChannel,
    revealOutputChannelOn: RevealOutputChannelOn.Never,
    initializationOptions: settings,
    markdown: { isTrusted: false, supportHtml: false },
    initializationFailedHandler: (error) => {
      output.error(`skill-ls: initialize failed: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    },
    errorHandler: {
      error: (_error, _message, count) => ({
        action: (count ?? 0) <= 3 ? ErrorAction.Continue : ErrorAction.Shutdown,
        handled: true,
      }),
      closed: () => {
        if (!reachedRunning) {
          output.error('skill-ls: the server exited before it was initialized');
          return { action: CloseAction.DoNotRestart, handled: true };
        }
        const now = Date.now();
        crashes.push(now);
        while (crashes.length && now - crashes[0] > 3 * 60 * 1000) crashes.shift();
        if (crashes.length <= 4) {
          output.warn('skill-ls: the server exited; restarting it');
          return { action: CloseAction.Restart, handled: true };
        }
        notifyOnce(`skill-ls: the language server ${bin.command} exited ${crashes.length} times in 3 minutes ` +
          'and was not restarted. See the skill-ls output for its log, then run "Skills: Restart Language Server". ' +
          INSTALL_HINT);
        return { action: CloseAction.DoNotRestart, handled: true };
      },
    },
    middleware: {
      handleDiagnostics: (uri, diagnostics, next) => {
        for (const d of diagnostics) if (!d.source) d.source = 'skill-ls';
        next(uri, diagnostics);
      },
      provideCodeLenses: async (document, token, next) => {
        const lenses = await next(document, token);
        for (const lens of lenses ?? []) rewriteCommand(lens.command);
        return lenses;
      },
      resolveCodeLens: async (lens, token, next) => {
        const resolved = await next(lens, token);
        if (resolved) rewriteCommand(resolved.command);
        return resolved;
      },
    },
  };
  const c = new SkillLsClient('skillLs', 'skill-ls', serverOptions, clientOptions);
  c.onDidChangeState((ev) => {
    if (ev.newState === State.Running) reachedRunning = true;
  });
  return c;
}

/**
 * The client's own forced error notifications ("couldn't create connection
 * to server", "Restarting server failed") go through notifyOnce, so a failing
 * server gives one notification that names the fix.
 */
class SkillLsClient extends LanguageClient {
  override error(message: string, data?: unknown, showNotification: boolean | 'force' = true): void {
    super.error(message, data, false);
    if (showNotification === 'force' && !startingClient) {
      const detail = data instanceof Error ? data.message : typeof data === 'string' ? data : '';
      notifyOnce(`skill-ls: the language server failed: ${message}${detail ? ` (${detail})` : ''}. ` +
        'See the skill-ls output for its log. ' + INSTALL_HINT);
    }
  }
}

function rewriteCommand(cmd: vscode.Command | undefined): void {
  if (cmd && COMMAND_REWRITES[cmd.command]) cmd.command = COMMAND_REWRITES[cmd.command];
}

async function runningClient(): Promise<LanguageClient> {
  let c = client;
  if (starting) c = await starting;
  if (!c) throw new Error('the skill-ls language server is not running (see the skill-ls output).');
  if (c.state === State.Starting) {
    await new Promise<void>((resolve) => {
      const d = c!.onDidChangeState((ev) => {
        if (ev.newState !== State.Starting) {
          d.dispose();
          resolve();
        }
      });
    });
  }
  if (c.state !== State.Running) throw new Error('the skill-ls language server is not running (see the skill-ls output).');
  return c;
}

const execute: ExecuteCommand = async (command, arg) => {
  const c = await runningClient();
  return c.sendRequest(ExecuteCommandRequest.type, { command, arguments: [arg] });
};

async function onConfigChange(e: vscode.ConfigurationChangeEvent): Promise<void> {
  if (!e.affectsConfiguration('skillLs')) return;
  const needsRestart = e.affectsConfiguration('skillLs.serverPath') ||
    (RESTART_KEYS.some((k) => e.affectsConfiguration(`skillLs.${k}`)) &&
      JSON.stringify(documentSelector(serverSettings())) !== selectorKey);
  if (needsRestart) {
    watchRoots();
    await restart(true);
    return;
  }
  const c = client;
  if (c && c.state === State.Running) {
    await c.sendNotification(DidChangeConfigurationNotification.type, { settings: { skillLs: serverSettings() } });
  }
  provider.refreshAll();
}

// ---------------------------------------------------------------- refresh

function registerRefreshTriggers(context: vscode.ExtensionContext): void {
  const relevant = (doc: vscode.TextDocument) => doc.uri.scheme !== SCHEME &&
    (isSkillDocument(doc) || isChatDocument(doc));
  context.subscriptions.push(
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.contentChanges.length && provider.hasOpenPreviews() && relevant(e.document)) provider.refreshAll(400);
    }),
    vscode.workspace.onDidSaveTextDocument((doc) => {
      if (provider.hasOpenPreviews() && relevant(doc)) provider.refreshAll();
    }),
    // The server re-checks the workspace (and the user roots it watches)
    // after a change and republishes diagnostics: a good "skills changed" signal.
    vscode.languages.onDidChangeDiagnostics((e) => {
      if (provider.hasOpenPreviews() && e.uris.some((u) => u.scheme === 'file' && u.path.endsWith('.md'))) {
        provider.refreshAll(300);
      }
    }),
  );
  context.subscriptions.push(watch(vscode.workspace.createFileSystemWatcher('**/{.agents,.dsh}/skills/**/*.md')));
  watchRoots();
  context.subscriptions.push({ dispose: () => rootWatchers.forEach((d) => d.dispose()) });
}

let rootWatchers: vscode.Disposable[] = [];

function watch(w: vscode.FileSystemWatcher): vscode.Disposable {
  const refresh = () => {
    if (provider.hasOpenPreviews()) provider.refreshAll();
  };
  return vscode.Disposable.from(w, w.onDidCreate(refresh), w.onDidChange(refresh), w.onDidDelete(refresh));
}

/** Watches the roots outside the workspace (user, custom, bundled); redone when the settings change. */
function watchRoots(): void {
  rootWatchers.forEach((d) => d.dispose());
  rootWatchers = absoluteRoots(serverSettings()).map((root) =>
    watch(vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.file(root), '**/*.md'))));
}

// ---------------------------------------------------------------- commands

interface CommandArg {
  uri?: string | vscode.Uri;
  name?: string;
  text?: string;
}

function argUri(arg: unknown): vscode.Uri | undefined {
  if (arg instanceof vscode.Uri) return arg;
  if (arg && typeof arg === 'object') {
    const u = (arg as CommandArg).uri;
    if (u instanceof vscode.Uri) return u;
    if (typeof u === 'string' && u) return vscode.Uri.parse(u);
  }
  if (typeof arg === 'string' && /^[a-z][a-z0-9+.-]*:/i.test(arg)) return vscode.Uri.parse(arg);
  return undefined;
}

function reportError(what: string, err: unknown): void {
  const msg = err instanceof Error ? err.message : String(err);
  e2e.error(`${what}: ${msg}`);
  void vscode.window.showErrorMessage(`skill-ls: ${what}: ${msg}`);
}

async function previewCatalog(arg?: unknown): Promise<void> {
  try {
    let folderUri = argUri(arg);
    let label: string;
    if (folderUri) {
      label = vscode.workspace.getWorkspaceFolder(folderUri)?.name ?? baseName(folderUri);
    } else {
      const folder = await pickFolder();
      folderUri = folder?.uri;
      label = folder?.name ?? 'no folder';
    }
    const q: PreviewQuery = { kind: 'catalog', uri: folderUri?.toString() };
    await showPreview(previewUri(`Catalog — ${label}`, q));
  } catch (err) {
    reportError('Preview Catalog', err);
  }
}

function skillLabel(uri: vscode.Uri): string {
  const base = path.posix.basename(uri.path);
  return base === 'SKILL.md' ? path.posix.basename(path.posix.dirname(uri.path)) : base.replace(/\.md$/, '');
}

async function previewSkill(arg?: unknown): Promise<void> {
  try {
    let uri = argUri(arg);
    const name = arg && typeof arg === 'object' && !(arg instanceof vscode.Uri) ? (arg as CommandArg).name : undefined;
    if (!uri && !name) {
      const doc = vscode.window.activeTextEditor?.document;
      if (doc && isSkillDocument(doc)) uri = doc.uri;
      else if (doc && doc.uri.scheme === 'file' && path.posix.basename(doc.uri.path) === 'SKILL.md') uri = doc.uri;
    }
    if (uri) {
      await showPreview(previewUri(`Skill — ${skillLabel(uri)}`, { kind: 'skill', uri: uri.toString() }));
      return;
    }
    const picked = name ?? (await pickSkill());
    if (!picked) return;
    await showPreview(previewUri(`Skill — ${picked}`, { kind: 'skill', name: picked }));
  } catch (err) {
    reportError('Preview Skill Content', err);
  }
}

async function pickSkill(): Promise<string | undefined> {
  const folder = await pickFolder();
  const items = (async () => {
    const raw = await execute(SERVER_COMMANDS.list, folder ? { uri: folder.uri.toString() } : {});
    const list = (typeof raw === 'string' ? JSON.parse(raw) : raw) as SkillList;
    return (list.skills ?? []).map((s) => ({
      label: field(s, 'name'),
      description: field(s, 'source'),
      detail: [field(s, 'description').replace(/\s+/g, ' ').slice(0, 200), entryPath(s)].filter(Boolean).join(' — '),
    }));
  })();
  const choice = await vscode.window.showQuickPick(items, {
    placeHolder: 'Skill to preview (as the skill tool returns it)',
    matchOnDescription: true,
    matchOnDetail: true,
  });
  return choice?.label;
}

async function previewInvocation(arg?: unknown): Promise<void> {
  try {
    if (arg && typeof arg === 'object' && !(arg instanceof vscode.Uri) && typeof (arg as CommandArg).text === 'string') {
      const text = (arg as CommandArg).text!;
      await showPreview(previewUri(`Invocation — ${text.slice(0, 40)}`, { kind: 'invocation', text }));
      return;
    }
    let uri = argUri(arg);
    const editor = vscode.window.activeTextEditor;
    if (!uri && editor && editor.document.uri.scheme !== SCHEME) {
      const doc = editor.document;
      const sel = editor.selection;
      if (!sel.isEmpty) {
        const text = doc.getText(sel);
        await showPreview(previewUri(`Invocation — ${text.trim().slice(0, 40)}`, { kind: 'invocation', text }));
        return;
      }
      if (isChatDocument(doc)) uri = doc.uri;
    }
    if (uri) {
      await showPreview(previewUri(`Invocation — ${baseName(uri)}`, { kind: 'invocation', uri: uri.toString() }));
      return;
    }
    const text = await vscode.window.showInputBox({
      prompt: 'A chat message to preview, e.g. "/pdf summarize report.pdf"',
      placeHolder: '/name arguments',
    });
    if (!text) return;
    await showPreview(previewUri(`Invocation — ${text.slice(0, 40)}`, { kind: 'invocation', text }));
  } catch (err) {
    reportError('Preview Invocation', err);
  }
}

async function showReport(arg?: unknown): Promise<void> {
  try {
    let folderUri = argUri(arg);
    let label = folderUri ? baseName(folderUri) : 'no folder';
    if (!folderUri) {
      const folder = await pickFolder();
      folderUri = folder?.uri;
      if (folder) label = folder.name;
    }
    await showPreview(previewUri(`Skill Report — ${label}.md`, { kind: 'report', uri: folderUri?.toString() }));
  } catch (err) {
    reportError('Show Skill Report', err);
  }
}

// Exported for tests of the URI format.
export const _internal = { parseQuery };
