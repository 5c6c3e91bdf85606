#!/usr/bin/env node
// The skill-ls command of the npm package: runs the binary of the platform
// package npm chose through optionalDependencies (@skill-ls/<platform>-<arch>,
// selected by its os and cpu fields), with the same arguments, stdin, stdout
// and stderr, and exits with its status. Nothing is downloaded: the binary is
// in the platform package. Signals sent to this process go on to the binary.
'use strict';

const { spawn } = require('node:child_process');
const path = require('node:path');

const target = `${process.platform}-${process.arch}`;
const platformPackage = `@skill-ls/${target}`;
const exe = process.platform === 'win32' ? 'skill-ls.exe' : 'skill-ls';
const own = require('../package.json');

function fail(message) {
  process.stderr.write(`skill-ls: ${message}\n`);
  process.exit(2);
}

function binaryPath() {
  if (!Object.prototype.hasOwnProperty.call(own.optionalDependencies || {}, platformPackage)) {
    const known = Object.keys(own.optionalDependencies || {}).map((p) => p.replace('@skill-ls/', ''));
    fail(`there is no skill-ls binary for ${target} on npm (there is for ${known.join(', ')}); ` +
      'build one with `go install github.com/skill-ls/skill-ls/cmd/skill-ls@latest`');
  }
  try {
    return path.join(path.dirname(require.resolve(`${platformPackage}/package.json`)), 'bin', exe);
  } catch {
    fail(`the package ${platformPackage} is not installed. npm installs it with skill-ls ` +
      'unless optional dependencies are left out (--omit=optional, --no-optional) ' +
      'or the lock file was made on another platform; reinstall skill-ls without those');
  }
  return undefined;
}

const bin = binaryPath();
const child = spawn(bin, process.argv.slice(2), { stdio: 'inherit', windowsHide: true });
const forwarded = ['SIGINT', 'SIGTERM', 'SIGHUP'];
for (const signal of forwarded) {
  process.on(signal, () => child.kill(signal));
}
child.on('error', (err) => fail(`cannot run ${bin}: ${err.message}`));
child.on('exit', (code, signal) => {
  if (signal) {
    // End the same way, so whoever started this sees the signal.
    for (const s of forwarded) process.removeAllListeners(s);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code);
});
