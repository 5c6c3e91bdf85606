// Settings: what the server receives, and which documents the client syncs.
import * as os from 'node:os';
import * as path from 'node:path';
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
  chatLanguages?: string[];
  chatPatterns?: string[];
  diagnosticsDelay?: number;
}

export const DEFAULT_CHAT_LANGUAGES = [
  'skill-chat', 'codecompanion', 'Avante', 'AvanteInput', 'copilot-chat', 'gp', 'chatgpt-input', 'dsh-chat',
];
export const DEFAULT_CHAT_PATTERNS = ['*.chat.md', '*.chat', '*.skill-chat'];

const SERVER_KEYS: (keyof ServerSettings)[] = [
  'profile', 'catalogDescriptionMaxLength', 'catalogVersion', 'dshHome', 'agentsHome', 'customDirs',
  'bundledDir', 'noDefaultRoots', 'chatLanguages', 'chatPatterns', 'diagnosticsDelay',
];

/** Keys whose change alters the document selector, so the client restarts. */
export const RESTART_KEYS = ['serverPath', 'dshHome', 'agentsHome', 'customDirs', 'bundledDir', 'noDefaultRoots',
  'chatLanguages', 'chatPatterns'];

function nonEmpty(v: unknown): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v === 'string') return v.trim() !== '';
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

function expandHome(p: string): string {
  if (p === '~') return os.homedir();
  if (p.startsWith('~/') || p.startsWith('~\\')) return path.join(os.homedir(), p.slice(2));
  return p;
}

function globDir(dir: string): string {
  // Glob patterns use forward slashes on every platform.
  return dir.replace(/\\/g, '/').replace(/\/+$/, '');
}

/** The skill roots outside the project, as absolute directories (best effort, as the server resolves them). */
export function absoluteRoots(s: ServerSettings, env: NodeJS.ProcessEnv = process.env): string[] {
  const roots: string[] = [];
  const folders = vscode.workspace.workspaceFolders ?? [];
  const resolve = (p: string): string[] => {
    p = expandHome(p);
    if (path.isAbsolute(p)) return [p];
    return folders.length ? folders.map((f) => path.join(f.uri.fsPath, p)) : [path.resolve(p)];
  };
  if (!s.noDefaultRoots) {
    const dshHome = s.dshHome || (env.DSH_HOME?.trim() ? env.DSH_HOME : undefined) || path.join(os.homedir(), '.dsh');
    const agentsHome = s.agentsHome || env.DSH_AGENTS_HOME || path.join(os.homedir(), '.agents');
    roots.push(...resolve(path.join(dshHome, 'skills')), ...resolve(path.join(agentsHome, 'skills')));
  }
  for (const d of s.customDirs ?? []) roots.push(...resolve(d));
  const bundled = s.bundledDir || (!s.noDefaultRoots ? env.DSH_BUNDLED_SKILL_DIR : undefined);
  if (bundled) roots.push(...resolve(bundled));
  return [...new Set(roots)];
}

/** Glob patterns of skill files: bundles' SKILL.md and flat <name>.md directly in a root. */
export function skillFilePatterns(s: ServerSettings): string[] {
  const rootGlobs: string[] = [];
  if (!s.noDefaultRoots) rootGlobs.push('**/.dsh/skills', '**/.agents/skills');
  for (const r of absoluteRoots(s)) rootGlobs.push(globDir(r));
  const patterns: string[] = [];
  for (const g of rootGlobs) patterns.push(`${g}/*.md`, `${g}/*/SKILL.md`);
  return patterns;
}

/** The documents the language client syncs to the server. */
export function documentSelector(s: ServerSettings): DocumentFilter[] {
  const selector: DocumentFilter[] = [];
  for (const pattern of skillFilePatterns(s)) {
    for (const language of ['skill', 'markdown']) selector.push({ language, pattern });
  }
  const chatLanguages = s.chatLanguages ?? DEFAULT_CHAT_LANGUAGES;
  const chatPatterns = s.chatPatterns ?? DEFAULT_CHAT_PATTERNS;
  // Chat buffers: any scheme, so untitled buffers set to skill-chat count too.
  for (const language of new Set(['skill-chat', ...chatLanguages])) selector.push({ language });
  for (const p of chatPatterns) selector.push({ pattern: p.includes('/') ? p : `**/${p}` });
  return selector;
}

export function isChatDocument(doc: vscode.TextDocument, s: ServerSettings = serverSettings()): boolean {
  const langs = s.chatLanguages ?? DEFAULT_CHAT_LANGUAGES;
  if (doc.languageId === 'skill-chat' || langs.includes(doc.languageId)) return true;
  const base = path.basename(doc.uri.path);
  return (s.chatPatterns ?? DEFAULT_CHAT_PATTERNS).some((p) => simpleGlob(p).test(base));
}

export function isSkillDocument(doc: vscode.TextDocument, s: ServerSettings = serverSettings()): boolean {
  if (doc.uri.scheme !== 'file') return false;
  if (doc.languageId !== 'skill' && doc.languageId !== 'markdown') return false;
  return vscode.languages.match(skillFilePatterns(s).map((pattern) => ({ pattern })), doc) > 0;
}

/** A tiny glob (for base names: *, ?) to RegExp. */
function simpleGlob(glob: string): RegExp {
  const re = glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*').replace(/\?/g, '[^/]');
  return new RegExp(`^${re}$`);
}
