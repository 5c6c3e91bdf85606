#!/bin/sh
# End-to-end test of skill-ls in a real, headless Neovim, through the
# editors/nvim module. Builds the server, copies the fixture workspace to a
# temp dir and runs test/e2e.lua, then test/health.lua (:checkhealth
# skill_ls) in a second Neovim. Prints one line per check and, last,
# "N passed, N failed"; exits non-zero on any failure. Never skipped: a
# missing nvim is a failure.
#
#   editors/nvim/test/run.sh            (from anywhere)
#   KEEP=1 editors/nvim/test/run.sh     (keep the temp dir for debugging)
set -u

here=$(cd "$(dirname "$0")" && pwd)
nvim_dir=$(dirname "$here")
repo=$(cd "$nvim_dir/../.." && pwd)

# SKILL_LS_NVIM_BIN runs another Neovim (newer-nvim.sh sets it).
NVIM=${SKILL_LS_NVIM_BIN:-nvim}

. "$here/common.sh"
e2e_setup "$NVIM" "apt-get install -y neovim" "$here/fixture" "$repo"
echo "$("$NVIM" --version | head -n 1)"
# Isolate everything: no user config, logs in $T.
mkdir -p "$T/cache" "$T/state" "$T/data" "$T/config"
export HOME="$T/home"
export XDG_CACHE_HOME="$T/cache" XDG_STATE_HOME="$T/state" XDG_DATA_HOME="$T/data" XDG_CONFIG_HOME="$T/config"

# The exact catalog text the CLI renders for this workspace, same env.
(cd "$ws" && "$T/skill-ls" render catalog --cwd "$ws") >"$T/catalog.txt" 2>"$T/catalog.err" || {
	echo "note: skill-ls render catalog --cwd failed (exit $?): $(head -c 300 "$T/catalog.err")"
	: >"$T/catalog.txt"
}

export SKILL_LS_BIN="$T/skill-ls"
export SKILL_LS_WS="$ws"
export SKILL_LS_NVIM="$nvim_dir"
export SKILL_LS_CATALOG="$T/catalog.txt"
export SKILL_LS_RESULT="$T/result.json"
export SKILL_LS_DEADLINE_MS="${SKILL_LS_DEADLINE_MS:-60000}"

timeout 90 "$NVIM" --headless -u NONE -i NONE -n -c "luafile $here/e2e.lua" >"$T/nvim.out" 2>"$T/nvim.err"
rc=$?

grep -E '^(PASS|FAIL) ' "$T/nvim.out"
if [ -s "$T/nvim.err" ]; then
	echo "--- nvim stderr (first 40 lines)"
	head -n 40 "$T/nvim.err"
	echo
fi
if [ -n "${RESULT_OUT:-}" ] && [ -f "$T/result.json" ]; then
	cp "$T/result.json" "$RESULT_OUT"
fi

# :checkhealth skill_ls, in a Neovim of its own (the e2e run stopped its server).
timeout 60 "$NVIM" --headless -u NONE -i NONE -n -c "luafile $here/health.lua" >"$T/health.out" 2>"$T/health.err"
health_rc=$?
grep -E '^(PASS|FAIL) ' "$T/health.out"
health=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$T/health.out" | tail -n 1)
health_extra=0
if [ -z "$health" ]; then
	echo "FAIL health.lua ended without a summary (exit $health_rc)"
	head -n 20 "$T/health.err"
	health="0 passed, 1 failed"
elif [ "$health_rc" -ne 0 ] && echo "$health" | grep -q ' 0 failed$'; then
	echo "FAIL health.lua exited $health_rc although every check passed"
	health_extra=1
fi

summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$T/nvim.out" | tail -n 1)
if [ -z "$summary" ]; then
	echo "FAIL nvim ended without a summary (exit $rc)"
	if [ -f "$XDG_CACHE_HOME/nvim/lsp.log" ]; then
		echo "--- lsp.log (last 20 lines)"
		tail -n 20 "$XDG_CACHE_HOME/nvim/lsp.log"
	fi
	echo "0 passed, 1 failed"
	exit 1
fi
if [ "$rc" -ne 0 ] && echo "$summary" | grep -q ' 0 failed$'; then
	echo "FAIL nvim exited $rc although every check passed"
	echo "$summary" | sed 's/ 0 failed$/ 1 failed/'
	exit 1
fi
# One summary for both runs ("N passed, N failed" twice: words 1, 3, 5, 7).
# shellcheck disable=SC2086
set -- $summary $health
failed=$(($3 + $7 + health_extra))
echo "$(($1 + $5)) passed, $failed failed"
[ "$rc" -eq 0 ] && [ "$failed" -eq 0 ] || exit 1
exit 0
