import { execFile } from 'child_process';
import * as path from 'path';
import * as vscode from 'vscode';

/**
 * The trigger eval of a skill's query file (evals/eval_queries.json or
 * trigger-queries.json): the server's code lens names the skill's folder and
 * the host, and this runs `skill-ls eval FOLDER --host HOST --format json`
 * (the server never starts a host). The program and its arguments go to
 * execFile as a list, never through a shell; the results become diagnostics
 * on the query lines and a table in the output channel.
 */
export const EVAL_COMMAND = 'skillLs.runTriggerEval';
/** The server's lens command, rewritten to EVAL_COMMAND. */
export const SERVER_EVAL_COMMAND = 'skill-ls.runTriggerEval';

const QUERY_FILES = new Set(['eval_queries.json', 'trigger-queries.json']);

interface EvalQuery { query: string; should_trigger: boolean; triggered: number; runs: number; pass: boolean; error?: string }
interface EvalReport { skill?: string; host?: string; passed?: number; queries?: EvalQuery[] }

/** The 0-based line of each query: the next line not taken that holds it as a JSON string (0 when none). */
export function queryLines(text: string, queries: string[]): number[] {
  const lines = text.split(/\r?\n/);
  const taken = new Set<number>();
  return queries.map((q) => {
    const needle = JSON.stringify(q);
    const i = lines.findIndex((l, n) => !taken.has(n) && l.includes(needle));
    if (i < 0) return 0;
    taken.add(i);
    return i;
  });
}

export class TriggerEval implements vscode.Disposable {
  readonly diagnostics = vscode.languages.createDiagnosticCollection('skill-ls eval');

  constructor(private readonly server: () => string | undefined, private readonly output: vscode.LogOutputChannel) {}

  dispose(): void {
    this.diagnostics.dispose();
  }

  /** Runs the eval of the query file arg.uri (else the active editor's). */
  async run(arg?: { uri?: string; folder?: string; host?: string }): Promise<void> {
    const uri = arg?.uri ? vscode.Uri.parse(arg.uri) : vscode.window.activeTextEditor?.document.uri;
    const doc = uri && vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (!uri || uri.scheme !== 'file' || !QUERY_FILES.has(path.basename(uri.fsPath)) || path.basename(path.dirname(uri.fsPath)) !== 'evals') {
      void vscode.window.showWarningMessage('skill-ls eval: open a skill\'s evals/eval_queries.json (or trigger-queries.json) first.');
      return;
    }
    if (doc?.isDirty) {
      void vscode.window.showWarningMessage('skill-ls eval reads the query file from disk: save it first.');
      return;
    }
    const bin = this.server();
    if (!bin) {
      void vscode.window.showErrorMessage('skill-ls eval: no skill-ls binary (see the skill-ls output).');
      return;
    }
    const folder = typeof arg?.folder === 'string' ? arg.folder : path.dirname(path.dirname(uri.fsPath));
    const host = typeof arg?.host === 'string' && arg.host ? arg.host : 'claude';
    const args = ['eval', '--host', host, '--format', 'json'];
    const hostCommand = vscode.workspace.getConfiguration('skillLs').get<string>('evalHostCommand', '').trim();
    if (hostCommand) args.push('--host-command', hostCommand);
    args.push('--', folder);
    const cwd = vscode.workspace.getWorkspaceFolder(uri)?.uri.fsPath ?? folder;
    this.output.info(`skill-ls eval: ${bin} ${args.join(' ')}`);
    const result = await vscode.window.withProgress({
      location: vscode.ProgressLocation.Notification, cancellable: true,
      title: `skill-ls eval: running the trigger queries through ${host}`,
    }, (_, token) => new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(bin, args, { cwd, maxBuffer: 64 << 20, windowsHide: true }, (err, stdout, stderr) => {
        const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 2) : 0;
        resolve({ code, stdout: String(stdout), stderr: String(stderr) });
      });
      token.onCancellationRequested(() => child.kill());
    }));
    await this.show(uri, result);
  }

  private async show(uri: vscode.Uri, r: { code: number; stdout: string; stderr: string }): Promise<void> {
    let report: EvalReport | undefined;
    try {
      report = r.code <= 1 ? JSON.parse(r.stdout) as EvalReport : undefined;
    } catch {
      report = undefined;
    }
    if (!report || !Array.isArray(report.queries)) {
      const why = r.stderr.trim() || `exit status ${r.code}`;
      this.output.error(`skill-ls eval failed: ${why}`);
      void vscode.window.showErrorMessage(`skill-ls eval failed: ${why.split('\n')[0]}`);
      return;
    }
    const doc = await vscode.workspace.openTextDocument(uri);
    const lines = queryLines(doc.getText(), report.queries.map((q) => String(q.query)));
    const diags = report.queries.map((q, i) => {
      const line = doc.lineAt(Math.min(lines[i], doc.lineCount - 1));
      const msg = `eval (${report!.host}): ${q.should_trigger ? 'should trigger' : 'should not trigger'}, ` +
        `triggered ${q.triggered} of ${q.runs}: ${q.pass ? 'pass' : 'FAIL'}${q.error ? ` (${q.error})` : ''}`;
      const d = new vscode.Diagnostic(line.range, msg, q.pass ? vscode.DiagnosticSeverity.Information : vscode.DiagnosticSeverity.Warning);
      d.source = 'skill-ls eval';
      this.output.info(`${q.pass ? 'pass' : 'FAIL'}  ${q.triggered}/${q.runs}  ${JSON.stringify(q.query)}`);
      return d;
    });
    this.diagnostics.set(uri, diags);
    const n = report.queries.length;
    void vscode.window.showInformationMessage(`skill-ls eval: ${report.passed ?? 0} of ${n} queries pass (${report.skill ?? ''} through ${report.host ?? ''}).`);
  }
}
