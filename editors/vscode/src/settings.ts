// Settings: what the server receives, and which documents the client syncs.
// The server decides which documents may be its (skill-ls
// --document-selector, docs/server.md "Which documents an editor offers"):
// the client syncs the documents its selector names, and asks the server
// about the others (chatFiles.ts).
import * as cp from 'node:child_process';
import * as vscode from 'vscode';
import type { DocumentFilter } from 'vscode-languageclient/node';
import { CHAT_LANGUAGE } from './chatFiles';

/** The settings object of docs/server.md (initializationOptions and didChangeConfiguration). */
export interface ServerSettings {
  profile?: string;
  catalogDescriptionMaxLength?: number;
  catalogVersion?: string;
  dshHome?: string;
  agentsHome?: string;
  customDirs?: string[];
  bundledDir?: string;
  noDefaultRoots?: boolean;
  projectRoot?: string;
  chatLanguages?: string[];
  chatPatterns?: string[];
  diagnosticsDelay?: number;
  hosts?: string[];
  contextWindow?: number;
  verbose?: boolean;
  chatHost?: string;
}

const SERVER_KEYS: (keyof ServerSettings)[] = [
  'profile', 'catalogDescriptionMaxLength', 'catalogVersion', 'dshHome', 'agentsHome', 'customDirs',
  'bundledDir', 'noDefaultRoots', 'projectRoot', 'chatLanguages', 'chatPatterns', 'diagnosticsDelay',
  'hosts', 'contextWindow', 'verbose', 'chatHost',
];

/** Keys whose change may alter the server's document selector: the client asks again, and restarts when it changed. */
export const RESTART_KEYS = ['serverPath', 'chatLanguages', 'chatPatterns'];

function nonEmpty(v: unknown): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v === 'string') return v.trim() !== '';
  if (Array.isArray(v)) return v.length > 0;
  return true;
}

/**
 * Reads the skillLs.* settings into the server's settings object. Empty
 * strings are left out so the server applies its defaults (including the
 * DSH_HOME / DSH_AGENTS_HOME / DSH_BUNDLED_SKILL_DIR environment fallbacks).
 */
export function serverSettings(): ServerSettings {
  const cfg = vscode.workspace.getConfiguration('skillLs');
  const out: Record<string, unknown> = {};
  for (const key of SERVER_KEYS) {
    const v = cfg.get(key);
    if (nonEmpty(v)) out[key] = typeof v === 'string' ? v.trim() : v;
  }
  return out as ServerSettings;
}

/** The server's answer to `skill-ls --document-selector` (docs/server.md, "Which documents an editor offers"). */
export interface ServerSelector {
  languages: string[];
  fileNames: string[];
}

/**
 * Asks the server which documents may be its under these settings:
 * `<command> --document-selector --settings JSON`. Resolves to undefined
 * when it cannot say (a skill-ls older than the flag), with the reason.
 */
export function askSelector(command: string, s: ServerSettings, timeoutMs = 10000): Promise<ServerSelector | { error: string }> {
  return new Promise((resolve) => {
    cp.execFile(command, ['--document-selector', '--settings', JSON.stringify(s)], { timeout: timeoutMs, windowsHide: true },
      (err, stdout, stderr) => {
        if (err) {
          resolve({ error: `${command} --document-selector failed: ${(stderr || err.message).trim().slice(0, 300)}` });
          return;
        }
        try {
          const sel = JSON.parse(stdout) as Partial<ServerSelector>;
          const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
          resolve({ languages: strings(sel.languages), fileNames: strings(sel.fileNames) });
        } catch (e) {
          resolve({ error: `${command} --document-selector printed no selector: ${(e as Error).message}` });
        }
      });
  });
}

/**
 * The documents the language client syncs: those the server's selector
 * names (its languages on disk and in untitled buffers, so an untitled chat
 * buffer counts too, a git diff view does not; its file names on disk), and
 * the extension's own chat language, which
 * chatFiles.ts gives a document the server calls a chat buffer. Without a
 * selector (an older server), Markdown files and the skill languages, so
 * that the server still decides about them.
 */
export function documentSelector(sel: ServerSelector | undefined): DocumentFilter[] {
  if (!sel) {
    return [{ scheme: 'file', language: 'markdown' }, ...languageFilters(['skill', CHAT_LANGUAGE])];
  }
  const selector = languageFilters([...new Set([...sel.languages, CHAT_LANGUAGE])]);
  for (const name of sel.fileNames) selector.push({ scheme: 'file', pattern: `**/${name}` });
  return selector;
}

function languageFilters(languages: string[]): DocumentFilter[] {
  return languages.flatMap((language) => [{ scheme: 'file', language }, { scheme: 'untitled', language }]);
}
