// vscode-languageclient 10+ only traces when its trace channel's log level is
// Trace. This wrapper makes the `skillLs.trace.server` setting alone enough:
// when it is not "off" the channel reports level Trace and writes the trace
// lines to the skill-ls output channel.
import * as vscode from 'vscode';

function traceSetting(): string {
  return vscode.workspace.getConfiguration('skillLs').get<string>('trace.server', 'off');
}

export class TraceChannel implements vscode.LogOutputChannel {
  private readonly emitter = new vscode.EventEmitter<vscode.LogLevel>();
  readonly onDidChangeLogLevel = this.emitter.event;
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly ch: vscode.LogOutputChannel) {
    this.disposables.push(
      ch.onDidChangeLogLevel(() => this.emitter.fire(this.logLevel)),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('skillLs.trace.server')) this.emitter.fire(this.logLevel);
      }),
    );
  }

  get name(): string {
    return this.ch.name;
  }

  get logLevel(): vscode.LogLevel {
    return traceSetting() !== 'off' ? vscode.LogLevel.Trace : this.ch.logLevel;
  }

  trace(message: string, ...args: unknown[]): void {
    if (traceSetting() !== 'off' && this.ch.logLevel !== vscode.LogLevel.Trace) {
      this.ch.appendLine(`[trace] ${message}`);
    } else {
      this.ch.trace(message, ...args);
    }
  }
  debug(message: string, ...args: unknown[]): void { this.ch.debug(message, ...args); }
  info(message: string, ...args: unknown[]): void { this.ch.info(message, ...args); }
  warn(message: string, ...args: unknown[]): void { this.ch.warn(message, ...args); }
  error(error: string | Error, ...args: unknown[]): void { this.ch.error(error, ...args); }
  append(value: string): void { this.ch.append(value); }
  appendLine(value: string): void { this.ch.appendLine(value); }
  replace(value: string): void { this.ch.replace(value); }
  clear(): void { this.ch.clear(); }
  show(columnOrPreserveFocus?: vscode.ViewColumn | boolean, preserveFocus?: boolean): void {
    if (typeof columnOrPreserveFocus === 'boolean') this.ch.show(columnOrPreserveFocus);
    else this.ch.show(columnOrPreserveFocus, preserveFocus);
  }
  hide(): void { this.ch.hide(); }
  dispose(): void {
    // The underlying channel is owned by the extension.
    this.emitter.dispose();
    for (const d of this.disposables) d.dispose();
  }
}
