#!/usr/bin/env node
// Builds every artifact of a release into one folder, offline (`make release`):
//
//   node scripts/release.mjs [--version vX.Y.Z] [--targets linux-x64,...] [--out dist/release]
//
// For each platform (npm/build.mjs's TARGETS: linux, darwin and win32, x64
// and arm64): the binary skill-ls-<target>[.exe] (cross-compiled, -trimpath,
// linked with the version), the VS Code extension skill-ls-<target>-X.Y.Z.vsix
// carrying it, and the npm package @skill-ls/<target>; then the npm launcher
// skill-ls-X.Y.Z.tgz and SHA256SUMS (`sha256sum -c` reads it) over all of
// them. The version defaults to editors/vscode/package.json's; the files that
// name the release (that package.json, the npm pins of .pre-commit-hooks.yaml)
// must name this version, so a tag is made on a commit that says what it is.
// The extension's locked npm dependencies come from node_modules, else from
// npm's cache (npm ci --prefer-offline).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TARGETS, binaryName, buildBinary, buildPackages } from '../npm/build.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const extDir = path.join(repoRoot, 'editors', 'vscode');

function parseArgs(argv) {
  const opts = { version: '', targets: Object.keys(TARGETS), out: path.join(repoRoot, 'dist', 'release') };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--version') opts.version = val().trim();
    else if (a === '--targets') opts.targets = val().split(',').map((s) => s.trim()).filter(Boolean);
    else if (a === '--out') opts.out = path.resolve(val());
    else throw new Error(`unknown argument ${a}`);
  }
  for (const t of opts.targets) if (!TARGETS[t]) throw new Error(`unknown target ${t} (known: ${Object.keys(TARGETS).join(', ')})`);
  return opts;
}

// checkVersion fails unless every file that names the release names v.
function checkVersion(v) {
  const problems = [];
  const ext = JSON.parse(fs.readFileSync(path.join(extDir, 'package.json'), 'utf8')).version;
  if (ext !== v) problems.push(`editors/vscode/package.json has version ${ext}`);
  const hooks = fs.readFileSync(path.join(repoRoot, '.pre-commit-hooks.yaml'), 'utf8');
  for (const m of hooks.matchAll(/\bskill-ls@([^\s'"\],]+)/g)) {
    if (m[1] !== v) problems.push(`.pre-commit-hooks.yaml installs skill-ls@${m[1]}`);
  }
  if (problems.length) throw new Error(`release v${v}: ${[...new Set(problems)].join('; ')}: make them say ${v} first`);
}

function extensionDependencies() {
  if (fs.existsSync(path.join(extDir, 'node_modules', '@vscode', 'vsce'))) return;
  console.log('npm ci --prefer-offline (editors/vscode)');
  execFileSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: extDir, stdio: ['ignore', 'inherit', 'inherit'] });
}

function vsix(t, binary, version, out) {
  execFileSync(process.execPath, [path.join(extDir, 'scripts', 'package.mjs'), '--target', t, '--server', binary, '--out', out, '--version', version], {
    cwd: extDir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const file = path.join(out, `skill-ls-${t}-${version}.vsix`);
  if (!fs.existsSync(file)) throw new Error(`vsce wrote no ${file}`);
  return file;
}

function writeChecksums(out, files) {
  const lines = files.map((f) => path.basename(f)).sort().map((name) => {
    const sum = createHash('sha256').update(fs.readFileSync(path.join(out, name))).digest('hex');
    return `${sum}  ${name}\n`;
  });
  fs.writeFileSync(path.join(out, 'SHA256SUMS'), lines.join(''));
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  const ext = JSON.parse(fs.readFileSync(path.join(extDir, 'package.json'), 'utf8')).version;
  const version = (opts.version || `v${ext}`).replace(/^v/, '');
  if (!/^\d+\.\d+\.\d+$/.test(version)) throw new Error(`the release version must be vX.Y.Z, not ${opts.version}`);
  checkVersion(version);
  extensionDependencies();
  fs.rmSync(opts.out, { recursive: true, force: true });
  fs.mkdirSync(opts.out, { recursive: true });
  const files = [];
  for (const t of opts.targets) {
    const binary = path.join(opts.out, binaryName(t));
    buildBinary(t, binary, `v${version}`);
    files.push(binary);
  }
  files.push(...buildPackages({ version, targets: opts.targets, binaries: opts.out, out: opts.out }));
  for (const t of opts.targets) {
    console.log(`vsce package --target ${t}`);
    files.push(vsix(t, path.join(opts.out, binaryName(t)), version, opts.out));
  }
  writeChecksums(opts.out, files);
  for (const f of [...files, path.join(opts.out, 'SHA256SUMS')]) {
    console.log(`${(fs.statSync(f).size / 1048576).toFixed(1).padStart(6)} MiB  ${path.relative(repoRoot, f)}`);
  }
}

try {
  main();
} catch (err) {
  console.error(`scripts/release.mjs: ${err.message}`);
  process.exit(1);
}
