// Which documents are chat buffers is the server's decision (docs/server.md,
// "Chat buffers"): the extension matches no file name itself. The language
// client syncs Markdown, VS Code's "skill" language and the chat languages;
// any other document that opens is offered to the server
// (skill-ls.documentInfo with kindOnly), and one it calls a chat buffer gets
// the language skill-chat, which syncs it and gives it the chat grammar.
import * as vscode from 'vscode';

/** Asks the server what a document is: "skill", "chat" or "other". */
export type AskKind = (doc: vscode.TextDocument) => Promise<string | undefined>;

export const CHAT_LANGUAGE = 'skill-chat';

export class ChatFiles implements vscode.Disposable {
  /** Documents given the chat language once: a user who changes it back keeps their choice. */
  private readonly switched = new Set<string>();
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly ask: AskKind, private readonly chatLanguages: () => string[]) {
    this.disposables.push(vscode.workspace.onDidOpenTextDocument((doc) => void this.check(doc)));
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }

  /** Offers every open document to the server again (after a start or a settings change). */
  checkAll(): void {
    for (const doc of vscode.workspace.textDocuments) void this.check(doc);
  }

  private async check(doc: vscode.TextDocument): Promise<void> {
    const key = doc.uri.toString();
    if (doc.uri.scheme !== 'file' && doc.uri.scheme !== 'untitled') return;
    if (doc.languageId === CHAT_LANGUAGE || this.chatLanguages().includes(doc.languageId)) return;
    if (this.switched.has(key)) return;
    let kind: string | undefined;
    try {
      kind = await this.ask(doc);
    } catch {
      return; // the server is not running: nothing to decide with
    }
    if (kind !== 'chat' || doc.isClosed || this.switched.has(key)) return;
    this.switched.add(key);
    await vscode.languages.setTextDocumentLanguage(doc, CHAT_LANGUAGE);
  }
}
