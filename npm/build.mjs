#!/usr/bin/env node
// Builds the npm packages of skill-ls and packs them, offline:
//
//   node npm/build.mjs [--version v1.2.3] [--targets linux-x64,...] [--binaries DIR] [--out DIR]
//
// The launcher package `skill-ls` (npm/skill-ls: bin/skill-ls.js runs the
// platform binary) lists every platform package in optionalDependencies;
// each platform package @skill-ls/<platform>-<arch> holds one binary and
// says with its os and cpu fields where npm installs it. No package has an
// install script: npm downloads nothing but the packages, and installs only
// the one platform package that fits.
//
// --version  the release (v1.2.3 or 1.2.3): every package gets it and each
//            binary is linked with -X main.version=v1.2.3. Empty (the
//            default) makes a development build: the packages are
//            0.0.0-devel.<commit date>.g<commit>[.dirty] and the binaries
//            name their commit themselves (skill-ls --version).
// --targets  the platform packages to build (default: all of them); the
//            launcher lists all of them whatever is built.
// --binaries a folder holding skill-ls-<target>[.exe] built already (make
//            release); else each is cross-compiled here (CGO_ENABLED=0,
//            -trimpath, -s -w).
// --out      where the tarballs go (default dist/npm, emptied first).
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '..');

// npm's platform-arch (process.platform, process.arch) -> Go's GOOS/GOARCH.
export const TARGETS = {
  'linux-x64': { goos: 'linux', goarch: 'amd64', os: 'linux', cpu: 'x64', label: 'Linux x64' },
  'linux-arm64': { goos: 'linux', goarch: 'arm64', os: 'linux', cpu: 'arm64', label: 'Linux arm64' },
  'darwin-x64': { goos: 'darwin', goarch: 'amd64', os: 'darwin', cpu: 'x64', label: 'macOS x64' },
  'darwin-arm64': { goos: 'darwin', goarch: 'arm64', os: 'darwin', cpu: 'arm64', label: 'macOS arm64 (Apple silicon)' },
  'win32-x64': { goos: 'windows', goarch: 'amd64', os: 'win32', cpu: 'x64', label: 'Windows x64' },
  'win32-arm64': { goos: 'windows', goarch: 'arm64', os: 'win32', cpu: 'arm64', label: 'Windows arm64' },
};

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$/;

function parseArgs(argv) {
  const opts = { version: '', targets: Object.keys(TARGETS), binaries: '', out: path.join(repoRoot, 'dist', 'npm') };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--version') opts.version = val().trim();
    else if (a === '--targets') opts.targets = val().split(',').map((s) => s.trim()).filter(Boolean);
    else if (a === '--binaries') opts.binaries = path.resolve(val());
    else if (a === '--out') opts.out = path.resolve(val());
    else if (a === '-h' || a === '--help') {
      console.log(fs.readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').slice(1, 23).join('\n'));
      process.exit(0);
    } else throw new Error(`unknown argument ${a}`);
  }
  for (const t of opts.targets) if (!TARGETS[t]) throw new Error(`unknown target ${t} (known: ${Object.keys(TARGETS).join(', ')})`);
  if (opts.version && !SEMVER.test(opts.version.replace(/^v/, ''))) {
    throw new Error(`--version ${opts.version} is not a semantic version such as v1.2.3`);
  }
  return opts;
}

function git(args) {
  return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
}

// devVersion names a development build after its commit, as a semver
// pre-release npm accepts: 0.0.0-devel.20261201221400.g52c5ae3abcd1.dirty.
function devVersion() {
  try {
    const [rev, when] = git(['log', '-1', '--format=%H %cI']).split(' ');
    const stamp = new Date(when).toISOString().replace(/[-:T]/g, '').slice(0, 14);
    const dirty = git(['status', '--porcelain', '--untracked-files=no']) !== '' ? '.dirty' : '';
    return `0.0.0-devel.${stamp}.g${rev.slice(0, 12)}${dirty}`;
  } catch {
    return '0.0.0-devel';
  }
}

function exeName(t) {
  return TARGETS[t].goos === 'windows' ? 'skill-ls.exe' : 'skill-ls';
}

// binaryName is the file name of a target's binary in --binaries and in a
// release: skill-ls-linux-x64, skill-ls-win32-x64.exe.
export function binaryName(t) {
  return `skill-ls-${t}${TARGETS[t].goos === 'windows' ? '.exe' : ''}`;
}

// buildBinary cross-compiles cmd/skill-ls for t into outFile.
export function buildBinary(t, outFile, linkedVersion) {
  const { goos, goarch } = TARGETS[t];
  const ldflags = ['-s', '-w'];
  if (linkedVersion) ldflags.push(`-X main.version=${linkedVersion}`);
  console.log(`go build ${t} -> ${path.relative(repoRoot, outFile)}`);
  // -buildvcs=auto outranks a GOFLAGS=-buildvcs=false of the machine, so a
  // development build still names its commit.
  execFileSync('go', ['build', '-trimpath', '-buildvcs=auto', `-ldflags=${ldflags.join(' ')}`, '-o', outFile, './cmd/skill-ls'], {
    cwd: repoRoot,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, GOOS: goos, GOARCH: goarch, CGO_ENABLED: '0' },
  });
}

const common = {
  homepage: 'https://github.com/skill-ls/skill-ls#readme',
  bugs: 'https://github.com/skill-ls/skill-ls/issues',
  repository: { type: 'git', url: 'git+https://github.com/skill-ls/skill-ls.git', directory: 'npm/skill-ls' },
};

function writeJSON(file, value) {
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

function pack(dir, out) {
  const json = execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', out], {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [info] = JSON.parse(json);
  const file = path.join(out, info.filename);
  console.log(`packed ${path.relative(repoRoot, file) || file} (${(fs.statSync(file).size / 1048576).toFixed(1)} MiB)`);
  return file;
}

function platformPackage(t, version, binary, stage, out) {
  const { os: npmOS, cpu, label } = TARGETS[t];
  const dir = path.join(stage, t);
  fs.mkdirSync(path.join(dir, 'bin'), { recursive: true });
  const dest = path.join(dir, 'bin', exeName(t));
  fs.copyFileSync(binary, dest);
  fs.chmodSync(dest, 0o755);
  writeJSON(path.join(dir, 'package.json'), {
    name: `@skill-ls/${t}`,
    version,
    description: `The skill-ls binary for ${label}. Install the skill-ls package, which installs this one where it fits.`,
    ...common,
    os: [npmOS],
    cpu: [cpu],
    files: [`bin/${exeName(t)}`],
    preferUnplugged: true,
  });
  fs.writeFileSync(path.join(dir, 'README.md'),
    `# @skill-ls/${t}\n\nThe \`skill-ls\` binary for ${label}. Do not install it yourself: ` +
    'install [skill-ls](https://www.npmjs.com/package/skill-ls), whose `optionalDependencies` ' +
    'make npm install the package of your platform.\n');
  return pack(dir, out);
}

function launcherPackage(version, stage, out) {
  const src = path.join(here, 'skill-ls');
  const dir = path.join(stage, 'skill-ls');
  fs.mkdirSync(path.join(dir, 'bin'), { recursive: true });
  fs.copyFileSync(path.join(src, 'bin', 'skill-ls.js'), path.join(dir, 'bin', 'skill-ls.js'));
  fs.chmodSync(path.join(dir, 'bin', 'skill-ls.js'), 0o755);
  fs.copyFileSync(path.join(src, 'README.md'), path.join(dir, 'README.md'));
  const pkg = JSON.parse(fs.readFileSync(path.join(src, 'package.json'), 'utf8'));
  pkg.version = version;
  pkg.optionalDependencies = Object.fromEntries(Object.keys(TARGETS).map((t) => [`@skill-ls/${t}`, version]));
  writeJSON(path.join(dir, 'package.json'), pkg);
  return pack(dir, out);
}

// buildPackages builds and packs the packages of opts (parseArgs's fields)
// and returns the tarballs' paths, the launcher's last.
export function buildPackages(opts) {
  const version = opts.version ? opts.version.replace(/^v/, '') : devVersion();
  const linked = opts.version ? `v${version}` : '';
  fs.mkdirSync(opts.out, { recursive: true });
  const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'skill-ls-npm-'));
  try {
    // Every binary first, so a failing build packs nothing.
    const binaries = {};
    for (const t of opts.targets) {
      binaries[t] = opts.binaries ? path.join(opts.binaries, binaryName(t)) : path.join(stage, 'build', binaryName(t));
      if (opts.binaries) {
        if (!fs.existsSync(binaries[t])) throw new Error(`${binaries[t]} does not exist`);
      } else {
        buildBinary(t, binaries[t], linked);
      }
    }
    const packed = opts.targets.map((t) => platformPackage(t, version, binaries[t], stage, opts.out));
    packed.push(launcherPackage(version, stage, opts.out));
    console.log(`npm packages ${version} in ${opts.out}`);
    return packed;
  } finally {
    fs.rmSync(stage, { recursive: true, force: true });
  }
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  fs.rmSync(opts.out, { recursive: true, force: true });
  buildPackages(opts);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (err) {
    console.error(`npm/build.mjs: ${err.message}`);
    process.exit(1);
  }
}
