#!/usr/bin/env bash
# Tries the npm packages as a user installs them: builds the launcher and
# the linux-x64 package with npm/build.mjs (a release version, so the
# binary is linked with it), installs both tarballs into a fresh project
# with a fresh npm cache inside a network namespace with no way out
# (nothing may be downloaded at install time), then runs `npx skill-ls
# --version`, `npx skill-ls check` on a broken and a clean skill, the
# language server over stdio through the launcher (scripts/npm-lsp-client.mjs),
# a SIGTERM to the launcher (it must reach the server), and an install without
# optional dependencies (the launcher must say what is missing). Prints one
# line per check and "N passed, N failed"; exits non-zero on a failure.
# Needs node, npm, go and unshare (util-linux).
#
#   scripts/test-npm.sh
#   KEEP=1 scripts/test-npm.sh     (keep the temp dir)
set -u

repo=$(cd "$(dirname "$0")/.." && pwd)
version=v1.2.3-installtest.1
pass=0
fail=0
ok() { echo "PASS $*"; pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
finish() {
	echo "$pass passed, $fail failed"
	[ "$fail" -eq 0 ]
	exit
}
for tool in node npm go unshare; do
	command -v "$tool" >/dev/null 2>&1 || { bad "$tool is not installed"; finish; }
done

T=$(mktemp -d)
if [ -z "${KEEP:-}" ]; then
	trap 'rm -rf "$T"' EXIT
else
	echo "temp dir: $T"
fi

# offline CMD...: runs CMD in a new network namespace with only loopback
# (as root, or as a user mapped to root where user namespaces are allowed).
netns=(unshare -n)
[ "$(id -u)" -eq 0 ] || netns=(unshare -rn)
"${netns[@]}" true 2>/dev/null || { bad "${netns[*]} does not work here"; finish; }
offline() {
	"${netns[@]}" sh -c 'ip link set lo up 2>/dev/null; exec "$@"' sh "$@"
}
# Nothing of this machine's npm set-up may help the install: a fresh cache,
# no user config, no retries of a fetch that cannot work.
export npm_config_cache=$T/npm-cache npm_config_userconfig=$T/npmrc npm_config_fetch_retries=0
export npm_config_audit=false npm_config_fund=false npm_config_update_notifier=false
export DSH_HOME=$T/home/.dsh DSH_AGENTS_HOME=$T/home/.agents
unset DSH_BUNDLED_SKILL_DIR

start=$(date +%s)
if node "$repo/npm/build.mjs" --version "$version" --targets linux-x64 --out "$T/npm" >"$T/build.log" 2>&1; then
	ok "npm/build.mjs packed the launcher and linux-x64 ($(($(date +%s) - start)) s)"
else
	bad "npm/build.mjs"
	cat "$T/build.log"
	finish
fi
launcher=$T/npm/skill-ls-${version#v}.tgz
platform=$T/npm/skill-ls-linux-x64-${version#v}.tgz
ls -l "$T/npm"

# The packages as packed: no install scripts, the platform fields, the versions.
mkdir -p "$T/unpacked/launcher" "$T/unpacked/platform"
tar xzf "$launcher" -C "$T/unpacked/launcher" && tar xzf "$platform" -C "$T/unpacked/platform"
if node - "$T/unpacked" "${version#v}" <<'EOF'; then ok "manifests: no scripts, os/cpu set, six optionalDependencies at $version"; else bad "manifests"; fi
const fs = require('fs');
const [dir, v] = process.argv.slice(2);
const l = JSON.parse(fs.readFileSync(`${dir}/launcher/package/package.json`));
const p = JSON.parse(fs.readFileSync(`${dir}/platform/package/package.json`));
const deps = Object.entries(l.optionalDependencies);
const problems = [];
if (l.scripts || p.scripts) problems.push('a package has scripts');
if (l.version !== v || p.version !== v) problems.push(`versions ${l.version}, ${p.version}`);
if (deps.length !== 6 || deps.some(([, dv]) => dv !== v)) problems.push(`optionalDependencies ${JSON.stringify(l.optionalDependencies)}`);
if (l.bin['skill-ls'] !== 'bin/skill-ls.js') problems.push('bin');
if (p.name !== '@skill-ls/linux-x64' || p.os.join() !== 'linux' || p.cpu.join() !== 'x64') problems.push(`platform ${p.name} ${p.os} ${p.cpu}`);
if (!(fs.statSync(`${dir}/platform/package/bin/skill-ls`).mode & 0o111)) problems.push('the binary is not executable');
if (problems.length) { console.error(problems.join('; ')); process.exit(1); }
EOF

# A fresh project with skills, one of them broken.
p=$T/project
write() { mkdir -p "$(dirname "$1")" && cat >"$1"; }
mkdir -p "$p/.git"
echo '{ "name": "my-skills", "version": "1.0.0", "private": true }' >"$p/package.json"
write "$p/.agents/skills/good/SKILL.md" <<'EOF'
---
name: good
description: Fill PDF forms and extract their tables.
---
Body.
EOF
write "$p/.agents/skills/broken/SKILL.md" <<'EOF'
---
name: broken
description: Use when: the user asks
---
Body.
EOF

cd "$p" || exit 1
if offline npm install --save-dev "$launcher" "$platform" >"$T/install.log" 2>&1; then
	ok "npm install with no network: $(tail -n 1 "$T/install.log")"
else
	bad "npm install with no network"
	cat "$T/install.log"
	finish
fi
installed=$(ls node_modules/@skill-ls)
if [ "$installed" = linux-x64 ]; then
	ok "only @skill-ls/linux-x64 is installed"
else
	bad "installed platform packages: $installed"
fi

out=$(offline npx skill-ls --version 2>&1)
if [ "$out" = "skill-ls $version" ]; then ok "npx skill-ls --version: $out"; else bad "npx skill-ls --version: $out"; fi

offline npx skill-ls check >"$T/check.out" 2>"$T/check.err"
rc=$?
if [ "$rc" -eq 1 ] && grep -q '^\.agents/skills/broken/SKILL\.md:3:14: error: .*\[yaml-unquoted-colon\]' "$T/check.out"; then
	ok "npx skill-ls check on the broken skill: exit 1, $(tail -n 1 "$T/check.err")"
else
	bad "npx skill-ls check on the broken skill: exit $rc"
	cat "$T/check.out" "$T/check.err"
fi
offline npx skill-ls check .agents/skills/good >"$T/good.out" 2>&1
rc=$?
if [ "$rc" -eq 0 ]; then ok "npx skill-ls check on the good skill: exit 0"; else bad "npx skill-ls check on the good skill: exit $rc" && cat "$T/good.out"; fi
offline npx skill-ls no-such-verb >/dev/null 2>"$T/usage.err"
rc=$?
if [ "$rc" -eq 2 ] && grep -q 'unknown command "no-such-verb"' "$T/usage.err"; then
	ok "a usage error keeps exit 2 through the launcher"
else
	bad "a usage error: exit $rc"
	cat "$T/usage.err"
fi

# The language server over stdio through npx and the launcher.
if out=$(offline node "$repo/scripts/npm-lsp-client.mjs" "$p" .agents/skills/broken/SKILL.md npx skill-ls 2>"$T/lsp.err"); then
	ok "LSP over stdio through npx: $out"
else
	bad "LSP over stdio through npx: $out"
	cat "$T/lsp.err"
fi
if node -e 'const r = JSON.parse(process.argv[1]); process.exit(r.serverInfo.name === "skill-ls" && r.serverInfo.version === process.argv[2] && r.codes.includes("yaml-unquoted-colon") ? 0 : 1)' "$out" "$version" 2>/dev/null; then
	ok "serverInfo names $version; the broken skill has yaml-unquoted-colon"
else
	bad "serverInfo or diagnostics: $out"
fi

# SIGTERM to the launcher ends the server too, and the launcher ends by it.
mkfifo "$T/stdin"
node_modules/.bin/skill-ls serve <"$T/stdin" >/dev/null 2>"$T/serve.err" &
launcher_pid=$!
exec 3>"$T/stdin" # the server's stdin stays open: only the signal can end it
server_pid=
for _ in $(seq 100); do
	server_pid=$(pgrep -P "$launcher_pid" -x skill-ls) && break
	sleep 0.1
done
if [ -z "$server_pid" ]; then
	bad "the launcher started no skill-ls process"
	kill "$launcher_pid" 2>/dev/null
else
	kill -TERM "$launcher_pid"
	wait "$launcher_pid"
	rc=$?
	gone=yes
	for _ in $(seq 50); do
		kill -0 "$server_pid" 2>/dev/null || break
		sleep 0.1
	done
	kill -0 "$server_pid" 2>/dev/null && gone=no && kill "$server_pid"
	if [ "$rc" -eq 143 ] && [ "$gone" = yes ]; then
		ok "SIGTERM to the launcher ended the server; the launcher exited 143"
	else
		bad "SIGTERM to the launcher: exit $rc, server gone: $gone"
	fi
fi
exec 3>&-

# Without the optional dependencies there is no binary: the launcher says so.
q=$T/no-optional
mkdir -p "$q"
echo '{ "name": "q", "version": "1.0.0", "private": true }' >"$q/package.json"
cd "$q" || exit 1
if offline npm install --omit=optional "$launcher" >"$T/install2.log" 2>&1; then
	offline npx skill-ls --version >/dev/null 2>"$T/missing.err"
	rc=$?
	if [ "$rc" -eq 2 ] && grep -q '@skill-ls/linux-x64 is not installed' "$T/missing.err"; then
		ok "--omit=optional: the launcher names the missing package, exit 2"
	else
		bad "--omit=optional: exit $rc: $(cat "$T/missing.err")"
	fi
else
	bad "npm install --omit=optional"
	cat "$T/install2.log"
fi
finish
