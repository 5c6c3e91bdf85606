#!/bin/sh
# End-to-end test of skill-ls with Emacs eglot in batch mode. Builds the
# server, copies the Neovim test's fixture workspace to a temp dir and runs
# eglot-e2e.el. Prints one line per check and, last, "N passed, N failed";
# exits non-zero on any failure. A missing emacs or eglot is a failure.
#
#   editors/emacs/test/run.sh
#   KEEP=1 editors/emacs/test/run.sh    (keep the temp dir)
set -u

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
fixture=$repo/editors/nvim/test/fixture

. "$repo/editors/nvim/test/common.sh"
# HOME stays (Debian's site-start must load elpa-eglot; batch mode reads no
# init file anyway); only the skill roots are isolated.
e2e_setup emacs "apt-get install -y emacs-nox elpa-eglot" "$fixture" "$repo"
export SKILL_LS_BIN="$T/skill-ls"
export SKILL_LS_WS="$ws"
export SKILL_LS_RESULT="$T/result.json"
export SKILL_LS_DEADLINE="${SKILL_LS_DEADLINE:-60}"

(cd "$ws" && timeout 90 emacs --batch -l "$here/eglot-e2e.el") >"$T/emacs.out" 2>"$T/emacs.err"
rc=$?

grep -E '^(PASS|FAIL) ' "$T/emacs.out"
if [ -n "${RESULT_OUT:-}" ] && [ -f "$T/result.json" ]; then
	cp "$T/result.json" "$RESULT_OUT"
fi
summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$T/emacs.out" | tail -n 1)
if [ -z "$summary" ] || [ "$rc" -ne 0 ]; then
	echo "--- emacs stderr (last 30 lines)"
	tail -n 30 "$T/emacs.err"
fi
if [ -z "$summary" ]; then
	echo "FAIL emacs ended without a summary (exit $rc)"
	echo "0 passed, 1 failed"
	exit 1
fi
if [ "$rc" -ne 0 ] && echo "$summary" | grep -q ' 0 failed$'; then
	echo "FAIL emacs exited $rc although every check passed"
	echo "$summary" | sed 's/ 0 failed$/ 1 failed/'
	exit 1
fi
echo "$summary"
[ "$rc" -eq 0 ] || exit 1
exit 0
