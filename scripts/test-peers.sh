#!/usr/bin/env bash
# Runs the linters skill authors already use (skill-check, skills-ref,
# claude-code-lint, pinned in scripts/peers/package.json) on a generated
# corpus of common defects (scripts/peers/corpus.mjs) and checks that
# `skill-ls check --profile agentskills` reports every defect they report
# (scripts/peers/compare.mjs; docs/peers.md). The peers are installed once
# into ${SKILL_LS_E2E_CACHE:-$HOME/.cache/skill-ls-e2e}/peers-<lock hash>
# and run inside a network namespace with only loopback. Prints one line
# per comparison and "N passed, N failed"; exits non-zero on a failure.
# Needs node, npm, go and unshare (util-linux).
#
#   scripts/test-peers.sh
#   KEEP=1 scripts/test-peers.sh     (keep the temp dir)
set -u

repo=$(cd "$(dirname "$0")/.." && pwd)
peers=$repo/scripts/peers
fail() { echo "FAIL $*"; echo "0 passed, 1 failed"; exit 1; }
for tool in node npm go unshare sha256sum; do
	command -v "$tool" >/dev/null 2>&1 || fail "$tool is not installed"
done

T=$(mktemp -d)
if [ -z "${KEEP:-}" ]; then
	trap 'rm -rf "$T"' EXIT
else
	echo "temp dir: $T"
fi

# The install, once per lock file: into a temp dir renamed into place when
# complete, so an interrupted run leaves no half install behind. No
# install scripts (none of the three needs one).
CACHE=${SKILL_LS_E2E_CACHE:-$HOME/.cache/skill-ls-e2e}
dir=$CACHE/peers-$(sha256sum "$peers/package-lock.json" | cut -c1-12)
if [ ! -f "$dir/.complete" ]; then
	echo "installing the peers into $dir (once)"
	tmp=$dir.partial.$$
	rm -rf "$tmp" && mkdir -p "$tmp" && cp "$peers/package.json" "$peers/package-lock.json" "$tmp/"
	if ! (cd "$tmp" && npm ci --ignore-scripts --no-audit --no-fund >install.log 2>&1); then
		tail -40 "$tmp/install.log"
		rm -rf "$tmp"
		fail "npm ci of scripts/peers"
	fi
	touch "$tmp/.complete"
	rm -rf "$dir" && mv "$tmp" "$dir"
fi

(cd "$repo" && go build -o "$T/skill-ls" ./cmd/skill-ls) || fail "go build"

netns=(unshare -n)
[ "$(id -u)" -eq 0 ] || netns=(unshare -rn)
"${netns[@]}" true 2>/dev/null || fail "${netns[*]} does not work here"
# No update checks, banners, installs or colour from the peers; nothing of
# this machine's home (HOME is the temp dir).
export HOME=$T/home CI=1 NO_UPDATE_NOTIFIER=1 DO_NOT_TRACK=1 NO_COLOR=1
export SKILL_CHECK_NO_INSTALLS=1 SKILL_CHECK_NO_BANNER=1 npm_config_update_notifier=false
unset DSH_HOME DSH_AGENTS_HOME DSH_BUNDLED_SKILL_DIR FORCE_COLOR
mkdir -p "$HOME"
# Not exec: the trap must still remove the temp dir.
"${netns[@]}" sh -c 'ip link set lo up 2>/dev/null; exec "$@"' sh \
	node "$peers/compare.mjs" "$T/skill-ls" "$dir/node_modules" "$T"
