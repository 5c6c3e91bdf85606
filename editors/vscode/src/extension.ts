// skill-ls for VS Code: starts the skill-ls language server over stdio and
// adds what an agent sees: the Skills view, the skill report, the catalog in
// the status bar and previews (catalog, skill content, invocations). The
// server decides everything about skills; this file wires views to it.
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  CloseAction,
  DidChangeConfigurationNotification,
  ErrorHandler,
  ExecuteCommandRequest,
  LanguageClient,
  LanguageClientOptions,
  RevealOutputChannelOn,
  ServerOptions,
  State,
  TransportKind,
} from 'vscode-languageclient/node';
import { ChatFiles } from './chatFiles';
import { createObserver, Observer } from './observer';
import {
  baseName, ExecuteCommand, parseQuery, pickFolder, PreviewProvider, PreviewQuery, previewUri, SCHEME,
  SERVER_COMMANDS, showPreview,
} from './preview';
import { parseReport } from './report';
import { ReportView } from './reportView';
import { EVAL_COMMAND, SERVER_EVAL_COMMAND, TriggerEval } from './evalRun';
import { findServer, INSTALL_HINT, probeServer, ServerBinary } from './server';
import { askSelector, documentSelector, RESTART_KEYS, ServerSelector, serverSettings } from './settings';
import { openEntry, SkillsView, VIEW_ID } from './skillsView';
import { CatalogStatus, DocumentInfo } from './status';
import { TraceChannel } from './trace';

/** Server command ids in code lenses etc., mapped to this extension's commands. */
const COMMAND_REWRITES: Record<string, string> = {
  [SERVER_COMMANDS.catalog]: 'skillLs.previewCatalog',
  [SERVER_COMMANDS.skill]: 'skillLs.previewSkill',
  [SERVER_COMMANDS.invocation]: 'skillLs.previewInvocation',
  [SERVER_EVAL_COMMAND]: EVAL_COMMAND,
};

let ctx: vscode.ExtensionContext;
let output: vscode.LogOutputChannel;
let traceChannel: TraceChannel;
let client: LanguageClient | undefined;
let starting: Promise<LanguageClient | undefined> | undefined;
let selectorKey = '';
let notified = false;
let observer: Observer;
let provider: PreviewProvider;
let view: SkillsView;
let report: ReportView;
let status: CatalogStatus;
let chatFiles: ChatFiles;
/** doStart is awaiting client.start() and reports its failure itself. */
let startingClient = false;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  ctx = context;
  observer = createObserver(context);
  output = vscode.window.createOutputChannel('skill-ls', { log: true });
  traceChannel = new TraceChannel(output);
  context.subscriptions.push(output, traceChannel);

  provider = new PreviewProvider(execute);
  view = new SkillsView((folder) => execute(SERVER_COMMANDS.list, folder ? { uri: folder.uri.toString() } : {}),
    skillLsWarnings);
  report = new ReportView(async (folder) => {
    const arg = folder ? { uri: folder.uri.toString() } : {};
    const table = await execute(SERVER_COMMANDS.listTable, arg);
    const info = folder ? await documentInfo(folder.uri, 'markdown').catch(() => undefined) : undefined;
    return { table, catalog: info?.catalog };
  });
  status = new CatalogStatus((doc) => documentInfo(doc.uri, doc.languageId));
  chatFiles = new ChatFiles(
    async (doc) => (await execute(SERVER_COMMANDS.documentInfo,
      { uri: doc.uri.toString(), languageId: doc.languageId, kindOnly: true }) as { kind?: string } | undefined)?.kind,
    () => serverSettings().chatLanguages ?? []);
  observer.watch({ previews: provider, view, report, status });
  const evals = new TriggerEval(() => { const f = findServer(context); return 'error' in f ? undefined : f.command; }, output);
  const tree = vscode.window.createTreeView(VIEW_ID, { treeDataProvider: view, showCollapseAll: true });
  context.subscriptions.push(
    provider, view, report, status, chatFiles, tree,
    vscode.workspace.registerTextDocumentContentProvider(SCHEME, provider),
    vscode.commands.registerCommand('skillLs.previewCatalog', previewCatalog),
    vscode.commands.registerCommand('skillLs.previewSkill', previewSkill),
    vscode.commands.registerCommand('skillLs.previewInvocation', previewInvocation),
    vscode.commands.registerCommand('skillLs.showReport', showReport),
    vscode.commands.registerCommand('skillLs.restartServer', () => restart(true)),
    vscode.commands.registerCommand('skillLs.showOutput', () => output.show(true)),
    vscode.commands.registerCommand('skillLs.refreshSkills', () => refreshAll(0)),
    vscode.commands.registerCommand('skillLs.openEntry', openEntry),
    vscode.commands.registerCommand('skillLs.previewEntryContent', async (node: unknown) => {
      const e = SkillsView.entryOf(node);
      if (e) await previewSkill({ uri: vscode.Uri.file(e.path) });
    }),
    vscode.commands.registerCommand('skillLs.previewEntryInvocation', async (node: unknown) => {
      const e = SkillsView.entryOf(node);
      if (e) await previewInvocation({ text: `/${e.skill?.name ?? e.name}` });
    }),
    vscode.commands.registerCommand('skillLs.revealEntryProblems', async (node: unknown) => {
      const e = SkillsView.entryOf(node);
      if (!e) return;
      await openEntry(vscode.Uri.file(e.path), e.line, e.column);
      await vscode.commands.executeCommand('workbench.actions.view.problems');
    }),
    vscode.commands.registerCommand('skillLs.setProjectRoot', setProjectRoot),
    evals, vscode.commands.registerCommand(EVAL_COMMAND, (arg?: { uri?: string; folder?: string; host?: string }) => evals.run(arg)),
    vscode.workspace.onDidChangeConfiguration(onConfigChange),
    vscode.window.onDidChangeActiveTextEditor(() => void status.update()),
  );
  registerRefreshTriggers(context);
  await start();
  void status.update();
}

export async function deactivate(): Promise<void> {
  await stop();
}

/** The skill-ls warnings the editor holds for a file (the server publishes them for closed files too). */
function skillLsWarnings(p: string): number {
  return vscode.languages.getDiagnostics(vscode.Uri.file(p))
    .filter((d) => d.source === 'skill-ls' && d.severity === vscode.DiagnosticSeverity.Warning).length;
}

// ---------------------------------------------------------------- client

function notifyOnce(message: string, detail?: string): void {
  output.error(detail ? `${message}\n${detail}` : message);
  observer.notification(message);
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
    observer.noClient('no-server');
    return undefined;
  }
  output.info(`skill-ls: using ${found.command} (${found.source})`);
  const probe = await probeServer(found.command);
  if ('error' in probe) {
    notifyOnce(probe.error);
    observer.noClient('probe-failed');
    return undefined;
  }
  output.info(`skill-ls: ${probe.version}`);
  const c = createClient(found, await serverSelector(found.command));
  client = c;
  observer.clientCreated(c, found);
  c.onDidChangeState((ev) => {
    if (ev.newState === State.Running) {
      refreshAll(0);
      chatFiles.checkAll();
    }
  });
  try {
    startingClient = true;
    await c.start();
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    notifyOnce(`skill-ls: the language server ${found.command} failed to start (${msg}). ` +
      'Its log is in the skill-ls output. ' + INSTALL_HINT, msg);
    observer.error(`start: ${msg}`);
    return undefined;
  } finally {
    startingClient = false;
  }
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
  if (byUser) notified = false;
  output.info('skill-ls: restarting the server');
  await stop();
  await start();
  refreshAll(0);
}

/** The server's document selector under the current settings, or undefined (logged) when it cannot say. */
async function serverSelector(command: string): Promise<ServerSelector | undefined> {
  const sel = await askSelector(command, serverSettings());
  if ('error' in sel) {
    output.warn(`skill-ls: ${sel.error}; syncing Markdown files and the skill languages`);
    return undefined;
  }
  return sel;
}

function createClient(bin: ServerBinary, sel: ServerSelector | undefined): LanguageClient {
  const settings = serverSettings();
  const selector = documentSelector(sel);
  selectorKey = JSON.stringify(selector);
  observer.selector(selector);
  // The client's own restart handling, except for a server that never came
  // up: that is not restarted, and the start failure is reported once.
  let reachedRunning = false;
  let defaults: ErrorHandler | undefined;
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
      error: (error, message, count) => defaults!.error(error, message, count),
      closed: () => {
        if (!reachedRunning) {
          output.error('skill-ls: the server exited before it was initialized');
          return { action: CloseAction.DoNotRestart, handled: true };
        }
        return defaults!.closed();
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
  defaults = c.createDefaultErrorHandler();
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

/** What the server says a document is (skill file, chat buffer, other) and the catalog it sees. */
async function documentInfo(uri: vscode.Uri, languageId: string): Promise<DocumentInfo | undefined> {
  return (await execute(SERVER_COMMANDS.documentInfo, { uri: uri.toString(), languageId })) as DocumentInfo | undefined;
}

async function onConfigChange(e: vscode.ConfigurationChangeEvent): Promise<void> {
  if (!e.affectsConfiguration('skillLs')) return;
  const bin = findServer(ctx);
  const needsRestart = e.affectsConfiguration('skillLs.serverPath') ||
    (RESTART_KEYS.some((k) => e.affectsConfiguration(`skillLs.${k}`)) &&
      'command' in bin && JSON.stringify(documentSelector(await serverSelector(bin.command))) !== selectorKey);
  if (needsRestart) {
    await restart(true);
    return;
  }
  const c = client;
  if (c && c.state === State.Running) {
    await c.sendNotification(DidChangeConfigurationNotification.type, { settings: { skillLs: serverSettings() } });
    chatFiles.checkAll(); // the chat patterns may have changed
  }
  refreshAll();
}

async function setProjectRoot(): Promise<void> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  const picked = await vscode.window.showOpenDialog({
    canSelectFiles: false, canSelectFolders: true, canSelectMany: false, defaultUri: folder?.uri,
    openLabel: 'Use as project root', title: 'The project root whose .dsh/skills and .agents/skills hold your skills',
  });
  if (!picked?.[0]) return;
  const target = folder ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
  await vscode.workspace.getConfiguration('skillLs').update('projectRoot', picked[0].fsPath, target);
}

// ---------------------------------------------------------------- refresh

/** Everything that shows skills is fetched again (debounced). */
function refreshAll(delay = 300): void {
  if (provider.hasOpenPreviews()) provider.refreshAll(delay);
  view.refresh(delay);
  setTimeout(() => {
    void status.update();
    if (report.isOpen()) void report.render();
  }, delay + 50);
}

function registerRefreshTriggers(context: vscode.ExtensionContext): void {
  // Markdown and chat buffers: the server decides which are skill files.
  const relevant = (doc: vscode.TextDocument) => doc.uri.scheme !== SCHEME && doc.uri.scheme !== 'output' &&
    (doc.languageId === 'markdown' || doc.languageId === 'skill' || doc.languageId === 'skill-chat' ||
      doc.uri.path.endsWith('.md'));
  context.subscriptions.push(
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.contentChanges.length && relevant(e.document)) refreshAll(400);
    }),
    vscode.workspace.onDidSaveTextDocument((doc) => {
      if (relevant(doc)) refreshAll();
    }),
    // The server re-checks the workspace (and the user roots it watches)
    // after a change and republishes diagnostics: a good "skills changed" signal.
    vscode.languages.onDidChangeDiagnostics((e) => {
      if (e.uris.some((u) => u.scheme === 'file' && u.path.endsWith('.md'))) refreshAll(300);
    }),
  );
  const w = vscode.workspace.createFileSystemWatcher('**/*.md');
  const onDisk = () => refreshAll();
  context.subscriptions.push(w, w.onDidCreate(onDisk), w.onDidChange(onDisk), w.onDidDelete(onDisk));
}

// ---------------------------------------------------------------- commands

interface CommandArg {
  uri?: string | vscode.Uri;
  name?: string;
  text?: string;
  /** the skill name a code lens's file gives (the server's), for the preview's title */
  label?: string;
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
  observer.error(`${what}: ${msg}`);
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
      const editor = vscode.window.activeTextEditor;
      const doc = editor?.document;
      const info = doc && doc.uri.scheme !== SCHEME ? await documentInfo(doc.uri, doc.languageId).catch(() => undefined) : undefined;
      if (info?.kind === 'skill') uri = doc!.uri;
      if (info?.kind === 'chat' && editor) {
        // The skill of the /name token at the cursor, if there is one: the
        // server finds the token and names the skill.
        const pos = editor.selection.active;
        const at = await execute(SERVER_COMMANDS.skillAt, {
          uri: doc!.uri.toString(), position: { line: pos.line, character: pos.character },
        }).then((r) => r as { name?: string } | undefined, () => undefined);
        if (at?.name) {
          await showPreview(previewUri(`Skill — ${at.name}`, { kind: 'skill', name: at.name }));
          return;
        }
      }
    }
    if (uri) {
      const label = arg && typeof arg === 'object' && !(arg instanceof vscode.Uri) ? (arg as CommandArg).label : undefined;
      await showPreview(previewUri(`Skill — ${label || skillLabel(uri)}`, { kind: 'skill', uri: uri.toString() }));
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
    const rep = parseReport(await execute(SERVER_COMMANDS.list, folder ? { uri: folder.uri.toString() } : {}));
    return rep.skills.map((s) => ({
      label: s.name,
      description: s.source,
      detail: [s.description.replace(/\s+/g, ' ').slice(0, 200), s.path ?? ''].filter(Boolean).join(' — '),
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
      const info = await documentInfo(doc.uri, doc.languageId).catch(() => undefined);
      if (info?.kind === 'chat') uri = doc.uri;
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
    const folderUri = argUri(arg);
    const folder = folderUri ? vscode.workspace.getWorkspaceFolder(folderUri) : await pickFolder();
    await report.show(folder);
  } catch (err) {
    reportError('Show Skill Report', err);
  }
}

// Exported for tests of the URI format.
export const _internal = { parseQuery };
