# Shared setup of the real-editor tests (sourced by editors/nvim/test/run.sh
# and editors/emacs/test/run.sh): checks the tools, builds the server into a
# temp dir $T, copies the fixture workspace to $ws with a .git marker, and
# points the DSH user roots at empty temp dirs so the real home never leaks in.

fail() {
	echo "FAIL $1"
	echo "0 passed, 1 failed"
	exit 1
}

# e2e_setup EDITOR INSTALL_HINT FIXTURE_DIR REPO_DIR (EDITOR: a command or a path)
e2e_setup() {
	command -v "$1" >/dev/null 2>&1 || fail "$1 not found on PATH ($2)"
	command -v go >/dev/null 2>&1 || fail "go not found on PATH"
	T=$(mktemp -d "${TMPDIR:-/tmp}/skill-ls-$(basename "$1").XXXXXX") || fail "mktemp"
	if [ "${KEEP:-}" = 1 ]; then
		echo "temp dir: $T"
	else
		trap 'rm -rf "$T"' EXIT
	fi
	(cd "$4" && go build -o "$T/skill-ls" ./cmd/skill-ls) >"$T/build.log" 2>&1 || {
		cat "$T/build.log"
		fail "go build ./cmd/skill-ls"
	}
	ws=$T/ws
	cp -R "$3" "$ws" || fail "copy fixture"
	mkdir -p "$ws/.git" "$T/home" "$T/dsh-home" "$T/agents-home"
	export DSH_HOME="$T/dsh-home"
	export DSH_AGENTS_HOME="$T/agents-home"
	unset DSH_BUNDLED_SKILL_DIR
}
