// The one place test-only hooks live. When SKILL_LS_E2E_OUT is set, the
// observer writes what the extension did (server, client state, diagnostics,
// preview texts, the Skills view, the report, the status bar item) to that
// JSON file, and end-to-end tests read it instead of scraping the workbench.
// Otherwise every method does nothing.
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { LanguageClient, State } from 'vscode-languageclient/node';
import type { PreviewProvider } from './preview';
import type { ReportView } from './reportView';
import type { ServerBinary } from './server';
import type { SkillsView, ViewSnapshot } from './skillsView';
import type { CatalogStatus } from './status';

export interface Observer {
  /** A client was created for this binary; its state changes are recorded. */
  clientCreated(client: LanguageClient, server: ServerBinary): void;
  /** The documents the client syncs, from the server's selector. */
  selector(filters: unknown[]): void;
  /** No client: the binary was not found or did not run. */
  noClient(reason: string): void;
  error(message: string): void;
  notification(message: string): void;
  /** Records what the previews, the Skills view, the report and the status bar show. */
  watch(parts: { previews: PreviewProvider; view: SkillsView; report: ReportView; status: CatalogStatus }): void;
}

interface PreviewRecord {
  uri: string;
  kind: string;
  text: string;
  count: number;
  at: string;
}

interface State_ {
  pid: number;
  activatedAt: string;
  server?: { command: string; source: string };
  clientState?: string;
  selector?: unknown[];
  initializeResult?: unknown;
  errors: string[];
  notifications: string[];
  previews: Record<string, PreviewRecord>;
  view?: ViewSnapshot & { count: number };
  report?: { text: string; count: number };
  status?: { visible: boolean; text: string; tooltip?: string; count: number };
  diagnostics: { uri: string; items: { source?: string; code?: unknown; severity: number; message: string; range: number[] }[] }[];
  writes: number;
}

const noop: Observer = {
  clientCreated() {},
  selector() {},
  noClient() {},
  error() {},
  notification() {},
  watch() {},
};

class FileObserver implements Observer {
  private readonly state: State_ = {
    pid: process.pid, activatedAt: new Date().toISOString(), errors: [], notifications: [], previews: {},
    diagnostics: [], writes: 0,
  };
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly out: string, context: vscode.ExtensionContext) {
    context.subscriptions.push(vscode.languages.onDidChangeDiagnostics(() => this.schedule()));
    this.schedule();
  }

  private schedule(): void {
    if (!this.timer) this.timer = setTimeout(() => this.flush(), 100);
  }

  private flush(): void {
    this.timer = undefined;
    const s = this.state;
    s.writes++;
    s.diagnostics = vscode.languages.getDiagnostics()
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
      const tmp = `${this.out}.tmp-${process.pid}`;
      fs.writeFileSync(tmp, JSON.stringify(s, null, 2));
      fs.renameSync(tmp, this.out);
    } catch (err) {
      console.error(`skill-ls observer: cannot write ${this.out}: ${err}`);
    }
  }

  clientCreated(client: LanguageClient, server: ServerBinary): void {
    this.state.server = { command: server.command, source: server.source };
    this.state.clientState = State[client.state];
    client.onDidChangeState((ev) => {
      this.state.clientState = State[ev.newState];
      if (ev.newState === State.Running) this.state.initializeResult = client.initializeResult;
      this.schedule();
    });
    this.schedule();
  }

  selector(filters: unknown[]): void {
    this.state.selector = filters;
    this.schedule();
  }

  noClient(reason: string): void {
    this.state.clientState = reason;
    this.schedule();
  }

  error(message: string): void {
    this.state.errors.push(message);
    this.schedule();
  }

  notification(message: string): void {
    this.state.notifications.push(message);
    this.schedule();
  }

  watch(parts: { previews: PreviewProvider; view: SkillsView; report: ReportView; status: CatalogStatus }): void {
    parts.previews.onDidRender(({ uri, kind, text, error }) => {
      const key = uri.toString();
      const prev = this.state.previews[key];
      this.state.previews[key] = { uri: key, kind, text, count: (prev?.count ?? 0) + 1, at: new Date().toISOString() };
      if (error) this.state.errors.push(`preview ${kind}: ${error}`);
      this.schedule();
    });
    parts.view.onDidRefresh((snap) => {
      this.state.view = { ...snap, count: (this.state.view?.count ?? 0) + 1 };
      this.schedule();
    });
    parts.report.onDidRender((text) => {
      this.state.report = { text, count: (this.state.report?.count ?? 0) + 1 };
      this.schedule();
    });
    parts.status.onDidUpdate((s) => {
      this.state.status = { ...s, count: (this.state.status?.count ?? 0) + 1 };
      this.schedule();
    });
  }
}

export function createObserver(context: vscode.ExtensionContext): Observer {
  const out = process.env.SKILL_LS_E2E_OUT;
  return out ? new FileObserver(out, context) : noop;
}
