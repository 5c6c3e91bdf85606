#!/usr/bin/env node
// Packages the extension with @vscode/vsce, offline.
//
//   node scripts/package.mjs                       universal .vsix (no server binary: serverPath or PATH)
//   node scripts/package.mjs --target linux-x64 --server /tmp/skill-ls
//                                                  platform .vsix carrying that binary
//   node scripts/package.mjs --build-server --target linux-x64,darwin-arm64,darwin-x64,win32-x64
//                                                  cross-compiles ../../cmd/skill-ls (CGO_ENABLED=0) per target
//
// Options: --out DIR (default: this folder); --version X.Y.Z gives the
// .vsix that version instead of package.json's (make release), leaving
// package.json alone. Each platform .vsix carries exactly one binary,
// bin/skill-ls-<platform>-<arch>[.exe].
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const extDir = path.resolve(here, '..');
const repoRoot = path.resolve(extDir, '..', '..');
const pkg = JSON.parse(fs.readFileSync(path.join(extDir, 'package.json'), 'utf8'));

// vsce target -> Go target and the binary's platform-arch name (process.platform-process.arch).
const TARGETS = {
  'linux-x64': { goos: 'linux', goarch: 'amd64', bin: 'linux-x64' },
  'linux-arm64': { goos: 'linux', goarch: 'arm64', bin: 'linux-arm64' },
  'alpine-x64': { goos: 'linux', goarch: 'amd64', bin: 'linux-x64' },
  'alpine-arm64': { goos: 'linux', goarch: 'arm64', bin: 'linux-arm64' },
  'darwin-x64': { goos: 'darwin', goarch: 'amd64', bin: 'darwin-x64' },
  'darwin-arm64': { goos: 'darwin', goarch: 'arm64', bin: 'darwin-arm64' },
  'win32-x64': { goos: 'windows', goarch: 'amd64', bin: 'win32-x64' },
  'win32-arm64': { goos: 'windows', goarch: 'arm64', bin: 'win32-arm64' },
};

function parseArgs(argv) {
  const opts = { targets: [], server: undefined, buildServer: false, out: extDir, version: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--target') opts.targets.push(...val().split(',').map((s) => s.trim()).filter(Boolean));
    else if (a === '--server') opts.server = path.resolve(val());
    else if (a === '--build-server') opts.buildServer = true;
    else if (a === '--out') opts.out = path.resolve(val());
    else if (a === '--version') opts.version = val().replace(/^v/, '');
    else if (a === '-h' || a === '--help') {
      console.log(fs.readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').slice(1, 15).join('\n'));
      process.exit(0);
    } else throw new Error(`unknown argument ${a}`);
  }
  for (const t of opts.targets) if (!TARGETS[t]) throw new Error(`unknown target ${t} (known: ${Object.keys(TARGETS).join(', ')})`);
  if (opts.server && opts.targets.length !== 1) throw new Error('--server needs exactly one --target');
  if (opts.server && opts.buildServer) throw new Error('use either --server or --build-server');
  if (opts.targets.length && !opts.server && !opts.buildServer) throw new Error('a --target needs --server PATH or --build-server');
  if (opts.version !== undefined && !/^\d+\.\d+\.\d+$/.test(opts.version)) throw new Error(`--version ${opts.version} is not X.Y.Z (the Marketplace takes no other)`);
  return opts;
}

function run(cmd, args, options = {}) {
  console.log(`+ ${cmd} ${args.join(' ')}`);
  execFileSync(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
}

function binName(t) {
  return `skill-ls-${TARGETS[t].bin}${TARGETS[t].goos === 'windows' ? '.exe' : ''}`;
}

function buildServer(t, outFile) {
  const { goos, goarch } = TARGETS[t];
  run('go', ['build', '-trimpath', '-ldflags=-s -w', '-o', outFile, './cmd/skill-ls'], {
    cwd: repoRoot,
    env: { ...process.env, GOOS: goos, GOARCH: goarch, CGO_ENABLED: '0' },
  });
}

// Relative links and images in README.md resolve against this folder of the repository.
function baseUrls() {
  const repo = pkg.repository ?? {};
  const m = /github\.com[/:]([^/]+\/[^/.]+)/.exec(repo.url ?? '');
  if (!m) return [];
  const dir = repo.directory ? `/${repo.directory}` : '';
  return ['--baseContentUrl', `https://github.com/${m[1]}/blob/HEAD${dir}`,
    '--baseImagesUrl', `https://github.com/${m[1]}/raw/HEAD${dir}`];
}

function vsce(args, version) {
  const bin = path.join(extDir, 'node_modules', '@vscode', 'vsce', 'vsce');
  const stamp = version === undefined ? [] : [version, '--no-update-package-json', '--no-git-tag-version'];
  run(process.execPath, [bin, 'package', ...stamp, '--no-dependencies', '--skip-license', ...baseUrls(), ...args], { cwd: extDir });
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  const version = opts.version ?? pkg.version;
  fs.mkdirSync(opts.out, { recursive: true });
  const binDir = path.join(extDir, 'bin');
  const stage = path.join(extDir, '.stage');
  const clearBin = () => fs.rmSync(binDir, { recursive: true, force: true });

  if (opts.targets.length === 0) {
    clearBin();
    const out = path.join(opts.out, `${pkg.name}-${version}.vsix`);
    vsce(['-o', out], opts.version);
    console.log(`wrote ${out}`);
    return;
  }

  // Build (or take) every binary first, so a failing build packages nothing.
  fs.mkdirSync(stage, { recursive: true });
  for (const t of opts.targets) {
    const staged = path.join(stage, `${t}-${binName(t)}`);
    if (opts.server) fs.copyFileSync(opts.server, staged);
    else buildServer(t, staged);
    fs.chmodSync(staged, 0o755);
  }
  const written = [];
  try {
    for (const t of opts.targets) {
      clearBin();
      fs.mkdirSync(binDir, { recursive: true });
      const dest = path.join(binDir, binName(t));
      fs.copyFileSync(path.join(stage, `${t}-${binName(t)}`), dest);
      fs.chmodSync(dest, 0o755);
      const out = path.join(opts.out, `${pkg.name}-${t}-${version}.vsix`);
      vsce(['--target', t, '-o', out], opts.version);
      written.push(out);
    }
  } finally {
    clearBin();
    fs.rmSync(stage, { recursive: true, force: true });
  }
  for (const w of written) console.log(`wrote ${w}`);
}

try {
  main();
} catch (err) {
  console.error(`package: ${err.message}`);
  process.exit(1);
}
