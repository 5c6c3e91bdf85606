// Read-only previews (scheme skill-preview:) backed by the server's
// workspace/executeCommand results, refreshed as the skills change.
import * as path from 'node:path';
import * as vscode from 'vscode';

export const SCHEME = 'skill-preview';

/** Server command ids (docs/server.md); the extension's own ids are skillLs.*. */
export const SERVER_COMMANDS = {
  catalog: 'skill-ls.previewCatalog',
  skill: 'skill-ls.previewSkill',
  invocation: 'skill-ls.previewInvocation',
  list: 'skill-ls.listSkills',
  listTable: 'skill-ls.listTable',
  skillAt: 'skill-ls.skillAt',
  documentInfo: 'skill-ls.documentInfo',
} as const;

export type PreviewKind = 'catalog' | 'skill' | 'invocation';

export interface PreviewQuery {
  kind: PreviewKind;
  /** folder URI (catalog), skill file URI (skill) or chat buffer URI (invocation) */
  uri?: string;
  /** skill name (skill) */
  name?: string;
  /** message text (invocation of a selection) */
  text?: string;
}

/** The preview of a catalog DSH does not publish: a note, not model text. */
export function noCatalogNote(note: string | undefined): string {
  return [
    '── skill-ls: no catalog (this note is not model text) ──',
    '',
    note || 'DSH publishes no catalog: no skill the model may load.',
    '',
    'The model receives no skill catalog message in this workspace folder.',
    '',
  ].join('\n');
}

export type ExecuteCommand = (command: string, arg: Record<string, unknown>) => Promise<unknown>;

export function previewUri(label: string, q: PreviewQuery): vscode.Uri {
  // A "/" would start a new path segment: show U+2215 (∕), which looks the same in the tab.
  const safe = label.replace(/\//g, '\u2215').replace(/[\\?#]/g, '_');
  return vscode.Uri.from({ scheme: SCHEME, path: '/' + safe, query: JSON.stringify(q) });
}

export function parseQuery(uri: vscode.Uri): PreviewQuery {
  return JSON.parse(uri.query) as PreviewQuery;
}

export class PreviewProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.emitter.event;
  private refreshTimer: NodeJS.Timeout | undefined;
  private readonly rendered = new vscode.EventEmitter<{ uri: vscode.Uri; kind: string; text: string; error?: string }>();
  /** Fires with each rendered preview. */
  readonly onDidRender = this.rendered.event;

  constructor(private readonly exec: ExecuteCommand) {}

  dispose(): void {
    this.emitter.dispose();
    this.rendered.dispose();
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
  }

  async provideTextDocumentContent(uri: vscode.Uri, token: vscode.CancellationToken): Promise<string> {
    let q: PreviewQuery;
    try {
      q = parseQuery(uri);
    } catch {
      return `skill-ls: malformed preview URI ${uri.toString()}`;
    }
    let text: string;
    let error: string | undefined;
    try {
      text = await this.render(q);
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      text = `skill-ls could not render this preview:\n\n${error}\n`;
    }
    if (!token.isCancellationRequested) this.rendered.fire({ uri, kind: q.kind, text, error });
    return text;
  }

  private async render(q: PreviewQuery): Promise<string> {
    switch (q.kind) {
      case 'catalog': {
        const text = asText(await this.exec(SERVER_COMMANDS.catalog, q.uri ? { uri: q.uri } : {}));
        if (text !== '' || !q.uri) return text;
        // DSH publishes no catalog: say why, set apart from model text.
        const info = (await this.exec(SERVER_COMMANDS.documentInfo, { uri: q.uri })) as { catalog?: { note?: string } } | undefined;
        return noCatalogNote(info?.catalog?.note);
      }
      case 'skill': {
        const arg: Record<string, unknown> = {};
        if (q.uri) arg.uri = q.uri;
        if (q.name) arg.name = q.name;
        return asText(await this.exec(SERVER_COMMANDS.skill, arg));
      }
      case 'invocation': {
        const arg: Record<string, unknown> = {};
        if (q.text !== undefined) arg.text = q.text;
        else if (q.uri) {
          const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === q.uri && !d.isClosed);
          if (open) arg.uri = q.uri;
          else {
            // The server only knows open buffers; a closed chat file is previewed from disk.
            const uri = vscode.Uri.parse(q.uri);
            if (uri.scheme === 'untitled') return 'The chat buffer of this preview was closed.\n';
            arg.text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
          }
        }
        return asText(await this.exec(SERVER_COMMANDS.invocation, arg));
      }
    }
  }

  /** Re-renders every open preview (debounced). */
  refreshAll(delay = 250): void {
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = undefined;
      for (const doc of vscode.workspace.textDocuments) {
        if (doc.uri.scheme === SCHEME && !doc.isClosed) this.emitter.fire(doc.uri);
      }
    }, delay);
  }

  hasOpenPreviews(): boolean {
    return vscode.workspace.textDocuments.some((d) => d.uri.scheme === SCHEME && !d.isClosed);
  }
}

function asText(result: unknown): string {
  if (typeof result === 'string') return result;
  if (result === null || result === undefined) return '';
  return JSON.stringify(result, null, 2);
}

export async function showPreview(uri: vscode.Uri): Promise<vscode.TextEditor> {
  let doc = await vscode.workspace.openTextDocument(uri);
  if (!uri.path.endsWith('.md') && doc.languageId !== 'skill-preview') {
    // wraps long catalog lines (configurationDefaults [skill-preview])
    doc = await vscode.languages.setTextDocumentLanguage(doc, 'skill-preview');
  }
  return vscode.window.showTextDocument(doc, {
    viewColumn: vscode.ViewColumn.Beside,
    preview: false,
    preserveFocus: true,
  });
}

/** The workspace folder the user means: the active editor's, the only one, or picked. */
export async function pickFolder(): Promise<vscode.WorkspaceFolder | undefined> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  const active = vscode.window.activeTextEditor?.document.uri;
  if (active && active.scheme !== SCHEME) {
    const f = vscode.workspace.getWorkspaceFolder(active);
    if (f) return f;
  }
  if (active?.scheme === SCHEME) {
    try {
      const q = parseQuery(active);
      if (q.uri) {
        const f = vscode.workspace.getWorkspaceFolder(vscode.Uri.parse(q.uri));
        if (f) return f;
      }
    } catch {
      // not ours
    }
  }
  if (folders.length <= 1) return folders[0];
  return vscode.window.showWorkspaceFolderPick({ placeHolder: 'Workspace folder whose skills to use' });
}

export function baseName(uri: vscode.Uri): string {
  return path.posix.basename(uri.path) || uri.toString();
}
