// Settings: what the server receives, and which documents the client syncs.
// The server decides which documents are skill files (docs/server.md, "Which
// documents are skill files") and which are chat buffers: the client sends it
// every Markdown file and every document of a chat language, and asks it
// about the others (chatFiles.ts).
import * as vscode from 'vscode';
import type { DocumentFilter } from 'vscode-languageclient/node';

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

/** Keys whose change alters the document selector, so the client restarts. */
export const RESTART_KEYS = ['serverPath', 'chatLanguages'];

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

/**
 * The documents the language client syncs: every Markdown file (the server
 * answers only for skill files), VS Code's own "skill" language, a skill
 * bundle's eval files (evals/*.json), and the chat languages. No file-name pattern: a file the server's chatPatterns name gets
 * the language skill-chat when it opens (chatFiles.ts).
 */
export function documentSelector(s: ServerSettings): DocumentFilter[] {
  const selector: DocumentFilter[] = [
    { scheme: 'file', language: 'markdown' },
    { scheme: 'file', language: 'skill' },
    // A skill bundle's eval files: the server checks them as check does.
    { scheme: 'file', pattern: '**/evals/{eval_queries,trigger-queries,evals}.json' },
  ];
  // Chat buffers: any scheme, so untitled buffers set to skill-chat count too.
  for (const language of new Set(['skill-chat', ...(s.chatLanguages ?? [])])) selector.push({ language });
  return selector;
}
