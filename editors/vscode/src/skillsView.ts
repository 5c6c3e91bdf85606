// The Skills view, in its own view container of the activity bar: the roots of each workspace folder in
// rank order, and in each root its skill files with what DSH does with them
// (loaded, shadowed by whom, dropped and why), then the folders other agents
// read and DSH does not (.claude/skills), each with its skills, fed by
// skill-ls.listSkills.
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  byRoot, displayPath, Entry, EntryStatus, FileHosts, hasSkillFiles, hostLines, parseReport, Report, ReportHostFolder,
  RootEntries, WarningsOf,
} from './report';

export const VIEW_ID = 'skillLs.skills';

export type ListSkills = (folder: vscode.WorkspaceFolder | undefined) => Promise<unknown>;

type Node =
  | { kind: 'folder'; folder: vscode.WorkspaceFolder; report: Report; roots: RootEntries[] }
  | { kind: 'root'; folder?: vscode.WorkspaceFolder; root: RootEntries }
  | { kind: 'entry'; folder?: vscode.WorkspaceFolder; entry: Entry }
  | { kind: 'hostFolder'; folder?: vscode.WorkspaceFolder; report: Report; hf: ReportHostFolder }
  | { kind: 'hostFile'; folder?: vscode.WorkspaceFolder; name: string; path: string; hosts: string[]; verdicts?: FileHosts }
  | { kind: 'message'; text: string };

const ICONS: Record<EntryStatus, vscode.ThemeIcon> = {
  loaded: new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed')),
  'user-only': new vscode.ThemeIcon('person', new vscode.ThemeColor('charts.blue')),
  'model-only': new vscode.ThemeIcon('hubot', new vscode.ThemeColor('charts.blue')),
  hidden: new vscode.ThemeIcon('circle-slash', new vscode.ThemeColor('disabledForeground')),
  shadowed: new vscode.ThemeIcon('debug-step-over', new vscode.ThemeColor('disabledForeground')),
  dropped: new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground')),
};

/**
 * A skill DSH loads and skill-ls warns about: not the green "loaded". (The
 * other statuses keep their icons, which are not green, and say their
 * warnings in their line.)
 */
const WARNING_ICON = new vscode.ThemeIcon('warning', new vscode.ThemeColor('editorWarning.foreground'));

/** What the view shows, for the e2e observer. */
export interface ViewSnapshot {
  roots: {
    label: string; description: string;
    entries: { name: string; status: EntryStatus; detail: string; warnings: number; hosts: string[] }[];
  }[];
  /** The folders other agents read, after the roots. */
  hostFolders: { label: string; description: string; files: string[]; details: string[]; hosts: string[][] }[];
  empty: boolean;
  error?: string;
}

export class SkillsView implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly refreshed = new vscode.EventEmitter<ViewSnapshot>();
  /** Fires after the view's data was fetched anew. */
  readonly onDidRefresh = this.refreshed.event;
  private timer: NodeJS.Timeout | undefined;
  private data: { folder?: vscode.WorkspaceFolder; report: Report }[] | undefined;
  private error: string | undefined;
  private loading: Promise<void> | undefined;

  constructor(private readonly list: ListSkills, private readonly warningsOf: WarningsOf = () => 0) {}

  dispose(): void {
    this.changed.dispose();
    this.refreshed.dispose();
    if (this.timer) clearTimeout(this.timer);
  }

  /** Fetches the reports again (debounced) and redraws. */
  refresh(delay = 300): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.data = undefined;
      this.changed.fire(undefined);
    }, delay);
  }

  private async load(): Promise<void> {
    const folders = vscode.workspace.workspaceFolders ?? [];
    const targets: (vscode.WorkspaceFolder | undefined)[] = folders.length ? [...folders] : [undefined];
    try {
      const data = [];
      for (const folder of targets) data.push({ folder, report: parseReport(await this.list(folder)) });
      this.data = data;
      this.error = undefined;
    } catch (err) {
      this.data = [];
      this.error = err instanceof Error ? err.message : String(err);
    }
    await vscode.commands.executeCommand('setContext', 'skillLs.hasSkills', this.data.some((d) => hasSkillFiles(d.report)));
    this.refreshed.fire(this.snapshot());
  }

  private rootsOf(d: { folder?: vscode.WorkspaceFolder; report: Report }): RootEntries[] {
    // Roots that do not exist and hold nothing would only be noise.
    return byRoot(d.report, d.folder?.uri.fsPath, this.warningsOf).filter((r) => r.root.exists || r.entries.length > 0);
  }

  snapshot(): ViewSnapshot {
    const roots: ViewSnapshot['roots'] = [];
    for (const d of this.data ?? []) {
      for (const r of this.rootsOf(d)) {
        const item = this.rootItem(r, d.folder);
        roots.push({
          label: String(item.label), description: String(item.description ?? ''),
          entries: r.entries.map((e) => ({
            name: e.name, status: e.status, detail: e.detail, warnings: e.warnings, hosts: hostLines(e.hosts).split('\n').filter(Boolean),
          })),
        });
      }
    }
    const hostFolders: ViewSnapshot['hostFolders'] = [];
    for (const d of this.data ?? []) {
      for (const hf of d.report.hostFolders) {
        const item = this.hostFolderItem(hf, d.folder);
        const files = hf.files.map((f) => this.hostFileNode(d, f, hf));
        hostFolders.push({
          label: String(item.label), description: String(item.description ?? ''), files: hf.files.map((f) => f.name),
          details: files.map((f) => String(this.getTreeItem(f).description ?? '')),
          hosts: files.map((f) => hostLines(f.kind === 'hostFile' ? f.verdicts : undefined).split('\n').filter(Boolean)),
        });
      }
    }
    return { roots, hostFolders, empty: !(this.data ?? []).some((d) => hasSkillFiles(d.report)), error: this.error };
  }

  /** The top-level nodes of one workspace folder: DSH's roots, then the other agents' folders. */
  private topOf(d: { folder?: vscode.WorkspaceFolder; report: Report }): Node[] {
    return [
      ...this.rootsOf(d).map((root): Node => ({ kind: 'root', folder: d.folder, root })),
      ...d.report.hostFolders.map((hf): Node => ({ kind: 'hostFolder', folder: d.folder, report: d.report, hf })),
    ];
  }

  async getChildren(node?: Node): Promise<Node[]> {
    if (!node) {
      if (!this.data) {
        this.loading ??= this.load().finally(() => { this.loading = undefined; });
        await this.loading;
      }
      const data = this.data ?? [];
      if (this.error) return [{ kind: 'message', text: `skill-ls: ${this.error}` }];
      // No skill file anywhere: the welcome view explains what to do.
      if (!data.some((d) => hasSkillFiles(d.report))) return [];
      if (data.length === 1) return this.topOf(data[0]);
      return data.filter((d) => d.folder).map((d) => ({ kind: 'folder', folder: d.folder!, report: d.report, roots: this.rootsOf(d) }));
    }
    switch (node.kind) {
      case 'folder':
        return this.topOf({ folder: node.folder, report: node.report });
      case 'root':
        return node.root.entries.map((entry) => ({ kind: 'entry', folder: node.folder, entry }));
      case 'hostFolder':
        return node.hf.files.map((f) => this.hostFileNode({ folder: node.folder, report: node.report }, f, node.hf));
      default:
        return [];
    }
  }

  /** A file of a folder other agents read, with the server's verdicts on it. */
  private hostFileNode(d: { folder?: vscode.WorkspaceFolder; report: Report }, f: { name: string; path: string }, hf: ReportHostFolder): Node {
    return { kind: 'hostFile', folder: d.folder, name: f.name, path: f.path, hosts: hf.hosts, verdicts: d.report.files[f.path] };
  }

  private rootItem(r: RootEntries, folder?: vscode.WorkspaceFolder): vscode.TreeItem {
    const loaded = r.entries.filter((e) => e.status !== 'shadowed' && e.status !== 'dropped').length;
    const item = new vscode.TreeItem(`${r.root.source} · ${r.root.rank}`,
      r.entries.length ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None);
    const other = r.entries.length - loaded;
    item.description = `${displayPath(r.root.dir, folder?.uri.fsPath)} — ${loaded} loaded${other ? `, ${other} not` : ''}`;
    if (!r.entries.length) item.description = `${displayPath(r.root.dir, folder?.uri.fsPath)} — empty`;
    item.tooltip = `${r.root.dir}\nsource ${r.root.source}, rank ${r.root.rank} (a lower rank wins a duplicate name)`;
    item.iconPath = vscode.ThemeIcon.Folder;
    item.resourceUri = vscode.Uri.file(r.root.dir);
    item.contextValue = 'skillLs.root';
    item.id = `root:${r.root.dir}:${r.root.source}`;
    return item;
  }

  private hostFolderItem(hf: ReportHostFolder, folder?: vscode.WorkspaceFolder): vscode.TreeItem {
    const item = new vscode.TreeItem(hf.label, vscode.TreeItemCollapsibleState.Expanded);
    const n = hf.files.length;
    const where = displayPath(hf.dir, folder?.uri.fsPath);
    // The label is the folder as users write it; its path only when that says more.
    item.description = `${where === hf.label ? '' : where + ' — '}read by ${hf.hosts.join(', ')}, not by DSH — ${n} skill${n === 1 ? '' : 's'}`;
    item.tooltip = `${hf.dir}\nread by ${hf.hosts.join(', ')}; DSH does not read it. skill-ls check checks it with those agents' rules.`;
    item.iconPath = vscode.ThemeIcon.Folder;
    item.contextValue = 'skillLs.hostFolder';
    item.id = `hostFolder:${hf.dir}`;
    return item;
  }

  getTreeItem(node: Node): vscode.TreeItem {
    switch (node.kind) {
      case 'hostFolder':
        return this.hostFolderItem(node.hf, node.folder);
      case 'hostFile': {
        const item = new vscode.TreeItem(node.name, vscode.TreeItemCollapsibleState.None);
        item.id = `hostFile:${node.path}`;
        // The server's line of what each host does with it, when it says.
        item.description = node.verdicts?.line || `read by ${node.hosts.join(', ')}`;
        const verdicts = hostLines(node.verdicts);
        item.tooltip = `${node.name}${verdicts ? `\n\n${verdicts}` : ''}\n\n${displayPath(node.path, node.folder?.uri.fsPath)}`;
        item.iconPath = new vscode.ThemeIcon('file');
        item.command = { command: 'skillLs.openEntry', title: 'Open', arguments: [vscode.Uri.file(node.path), 1, 1] };
        return item;
      }
      case 'message': {
        const item = new vscode.TreeItem(node.text);
        item.iconPath = new vscode.ThemeIcon('warning');
        return item;
      }
      case 'folder': {
        const item = new vscode.TreeItem(node.folder.name, vscode.TreeItemCollapsibleState.Expanded);
        item.iconPath = vscode.ThemeIcon.Folder;
        item.id = `folder:${node.folder.uri.toString()}`;
        return item;
      }
      case 'root':
        return this.rootItem(node.root, node.folder);
      case 'entry': {
        const e = node.entry;
        const item = new vscode.TreeItem(e.name, vscode.TreeItemCollapsibleState.None);
        item.id = `entry:${e.status}:${e.path}`;
        item.description = e.detail;
        item.iconPath = e.warnings && e.status === 'loaded' ? WARNING_ICON : ICONS[e.status];
        const uri = vscode.Uri.file(e.path);
        // A plain string: the name (a folder's, for a dropped file), the
        // description and the path are the author's, never Markdown.
        const text = e.text.length > 600 ? e.text.slice(0, 600) + '…' : e.text;
        const verdicts = hostLines(e.hosts);
        item.tooltip = `${e.name} — ${e.detail}\n\n${text}${verdicts ? `\n\n${verdicts}` : ''}\n\n${displayPath(e.path, node.folder?.uri.fsPath)}`;
        item.contextValue = `skillLs.entry.${e.status}`;
        item.command = {
          command: 'skillLs.openEntry', title: 'Open',
          arguments: [uri, e.line, e.column],
        };
        // The file's own icon and decorations would hide the status icon.
        item.resourceUri = undefined;
        return item;
      }
    }
  }

  /** The skill file of a context-menu target. */
  static entryOf(node: unknown): Entry | undefined {
    const n = node as Node | undefined;
    return n && n.kind === 'entry' ? n.entry : undefined;
  }
}

/** Opens a skill file with the cursor at line:column (1-based). */
export async function openEntry(uri: vscode.Uri, line = 1, column = 1): Promise<void> {
  const pos = new vscode.Position(Math.max(0, line - 1), Math.max(0, column - 1));
  await vscode.window.showTextDocument(uri, { selection: new vscode.Range(pos, pos), preview: true });
}

export function entryLabel(p: string): string {
  const base = path.basename(p);
  return base === 'SKILL.md' ? path.basename(path.dirname(p)) : base.replace(/\.md$/i, '');
}
