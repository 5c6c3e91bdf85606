// Finding and probing the skill-ls binary.
import * as cp from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';

export type ServerSource = 'setting' | 'bundled' | 'path';

export interface ServerBinary {
  command: string;
  source: ServerSource;
}

export const INSTALL_HINT =
  'Install it with `go install github.com/skill-ls/skill-ls/cmd/skill-ls@latest`, ' +
  'install the platform-specific build of this extension, or set `skillLs.serverPath`.';

/** The file name of the binary bundled in a platform .vsix. */
export function bundledName(platform = process.platform, arch = process.arch): string {
  return `skill-ls-${platform}-${arch}${platform === 'win32' ? '.exe' : ''}`;
}

function expandHome(p: string): string {
  if (p === '~') return os.homedir();
  if (p.startsWith('~/') || p.startsWith('~\\')) return path.join(os.homedir(), p.slice(2));
  return p;
}

function isFile(p: string): boolean {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

/** Looks a command up on PATH, honouring PATHEXT on Windows. */
export function whichSync(cmd: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const dirs = (env.PATH ?? env.Path ?? '').split(path.delimiter).filter(Boolean);
  const exts = process.platform === 'win32'
    ? (env.PATHEXT ?? '.EXE;.CMD;.BAT;.COM').split(';').filter(Boolean)
    : [''];
  for (const dir of dirs) {
    for (const ext of exts) {
      const candidate = path.join(dir, cmd + ext);
      if (!isFile(candidate)) continue;
      if (process.platform !== 'win32') {
        try {
          fs.accessSync(candidate, fs.constants.X_OK);
        } catch {
          continue;
        }
      }
      return candidate;
    }
  }
  return undefined;
}

/**
 * Resolves the server binary: the `skillLs.serverPath` setting, then the
 * binary bundled for this platform, then `skill-ls` on PATH. Returns an
 * error message (with the fix) when none is usable.
 */
export function findServer(context: vscode.ExtensionContext): ServerBinary | { error: string } {
  const configured = vscode.workspace.getConfiguration('skillLs').get<string>('serverPath', '').trim();
  if (configured) {
    let p = expandHome(configured);
    if (!path.isAbsolute(p) && !p.includes('/') && !p.includes('\\')) {
      const found = whichSync(p);
      if (found) return { command: found, source: 'setting' };
    }
    const folder = vscode.workspace.workspaceFolders?.[0];
    if (!path.isAbsolute(p) && folder) p = path.join(folder.uri.fsPath, p);
    if (!isFile(p)) {
      return {
        error: `skill-ls: the server binary set in skillLs.serverPath ("${configured}") does not exist. ` +
          'Fix the setting or clear it to use the bundled binary or `skill-ls` on PATH.',
      };
    }
    return { command: p, source: 'setting' };
  }
  const bundled = context.asAbsolutePath(path.join('bin', bundledName()));
  if (isFile(bundled)) {
    if (process.platform !== 'win32') {
      try {
        fs.accessSync(bundled, fs.constants.X_OK);
      } catch {
        try {
          fs.chmodSync(bundled, 0o755);
        } catch {
          // reported by the probe below
        }
      }
    }
    return { command: bundled, source: 'bundled' };
  }
  const onPath = whichSync('skill-ls');
  if (onPath) return { command: onPath, source: 'path' };
  return {
    error: `skill-ls: the language server binary was not found (no skillLs.serverPath, no bundled ${bundledName()}, no skill-ls on PATH). ${INSTALL_HINT}`,
  };
}

/**
 * Runs `<command> --version` to check that the binary runs on this machine
 * and is a skill-ls (wrong architecture, missing exec bit, a crash at start).
 * Resolves to the version line, or to an error message with the fix.
 */
export function probeServer(command: string, timeoutMs = 10000): Promise<{ version: string } | { error: string }> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (r: { version: string } | { error: string }) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(r);
    };
    let out = '';
    let err = '';
    let child: cp.ChildProcess;
    try {
      child = cp.spawn(command, ['--version'], { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    } catch (e) {
      finish({ error: `skill-ls: cannot run ${command}: ${(e as Error).message}. ${INSTALL_HINT}` });
      return;
    }
    const timer = setTimeout(() => {
      child.kill();
      finish({ error: `skill-ls: ${command} --version did not finish within ${timeoutMs / 1000} s; is it skill-ls? ${INSTALL_HINT}` });
    }, timeoutMs);
    child.stdout?.on('data', (d: Buffer) => { out += d.toString(); });
    child.stderr?.on('data', (d: Buffer) => { err += d.toString(); });
    child.on('error', (e) => finish({ error: `skill-ls: cannot run ${command}: ${e.message}. ${INSTALL_HINT}` }));
    child.on('close', (code, signal) => {
      if (code === 0) {
        finish({ version: out.trim().split(/\r?\n/)[0] ?? '' });
        return;
      }
      const tail = (err || out).trim().split(/\r?\n/).slice(-3).join(' ').slice(0, 300);
      finish({
        error: `skill-ls: ${command} --version failed (${signal ? `signal ${signal}` : `exit code ${code}`})` +
          `${tail ? `: ${tail}` : ''}. ${INSTALL_HINT}`,
      });
    });
  });
}
