// The status bar item on skill files and chat buffers: how many skills the
// catalog lists and how long the catalog is; a click opens its preview.
import * as vscode from 'vscode';
import { formatCount } from './report';

export interface DocumentInfo {
  kind: 'skill' | 'chat' | 'other';
  catalog: {
    skills: number;
    characters: number;
    /** Why DSH publishes no catalog, when it does not. */
    note?: string;
    /**
     * With the skillLs.hosts setting: each host's skill listing against its
     * budget ("812 of 8000 characters"): the skill lines only, so DSH's is
     * smaller than `characters`, the whole catalog message.
     */
    hosts?: Record<string, string>;
  };
}

/**
 * The tooltip's lines on each selected host's skill listing. A listing is
 * the skill lines alone, so DSH's is smaller than the whole catalog message
 * counted above; its line says whose lines they are.
 */
export function hostListings(hosts: Record<string, string> | undefined): string {
  const budgets = Object.entries(hosts ?? {}).sort(([a], [b]) => a.localeCompare(b));
  if (budgets.length === 0) return '';
  const line = ([id, b]: [string, string]) =>
    id === 'dsh' ? `dsh: ${b} (the skill lines of the catalog above)` : `${id}: ${b}`;
  return '\n\nSkill listing of each host (its skill lines only, without the text around them):\n' +
    budgets.map(line).join('\n');
}

export type GetInfo = (doc: vscode.TextDocument) => Promise<DocumentInfo | undefined>;

export class CatalogStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('skillLs.catalog', vscode.StatusBarAlignment.Right, 100);
  private readonly updated = new vscode.EventEmitter<{ visible: boolean; text: string; tooltip?: string }>();
  /** Fires after each update, for the e2e observer. */
  readonly onDidUpdate = this.updated.event;
  private seq = 0;

  constructor(private readonly info: GetInfo) {
    this.item.name = 'skill-ls catalog';
    this.item.command = 'skillLs.previewCatalog';
  }

  dispose(): void {
    this.item.dispose();
    this.updated.dispose();
  }

  async update(): Promise<void> {
    const seq = ++this.seq;
    const doc = vscode.window.activeTextEditor?.document;
    let info: DocumentInfo | undefined;
    if (doc && doc.uri.scheme !== 'skill-preview') {
      try {
        info = await this.info(doc);
      } catch {
        info = undefined;
      }
    }
    if (seq !== this.seq) return; // a newer update is under way
    if (!info || info.kind === 'other') {
      this.item.hide();
      this.updated.fire({ visible: false, text: '' });
      return;
    }
    const { skills, characters, hosts } = info.catalog;
    this.item.text = `$(book) ${skills} skill${skills === 1 ? '' : 's'} · ${formatCount(characters)} characters`;
    let tooltip = `The catalog the model receives lists ${skills} skill${skills === 1 ? '' : 's'} ` +
      `in ${formatCount(characters)} characters (the whole message). Click to preview it.`;
    tooltip += hostListings(hosts);
    this.item.tooltip = tooltip;
    this.item.show();
    this.updated.fire({ visible: true, text: this.item.text, tooltip });
  }
}
