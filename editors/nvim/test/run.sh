#!/bin/sh
# End-to-end test of skill-ls in a real, headless Neovim, through the
# editors/nvim module. Builds the server, copies the fixture workspace to a
# temp dir and runs test/e2e.lua, then test/health.lua (:checkhealth
# skill_ls) in a second Neovim, then test/plain.lua in a third, whose
# init.lua is the docs' plain setup. Prints one line per check and, last,
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

# The plain setup of the docs: its init.lua is the block after
# "<!-- check: nvim plain -->" in editors/nvim/README.md, which
# docs/editors.md must print the same; the repository is where the docs
# clone it (~/src/skill-ls) and skill-ls is on PATH.
block() { awk '/^<!-- check: nvim plain -->$/ { on = 1; next } on && /^```/ { if (in_code) exit; in_code = 1; next } in_code { print }' "$1"; }
plain_rc=0
{
	block "$nvim_dir/README.md" >"$T/plain-init.lua"
	block "$repo/docs/editors.md" >"$T/plain-init-docs.lua"
	if [ ! -s "$T/plain-init.lua" ]; then
		echo "FAIL editors/nvim/README.md has no <!-- check: nvim plain --> block"
	elif ! cmp -s "$T/plain-init.lua" "$T/plain-init-docs.lua"; then
		echo "FAIL docs/editors.md prints another plain Neovim config than editors/nvim/README.md"
	else
		echo "PASS docs/editors.md and editors/nvim/README.md print the same plain config"
	fi
	P=$T/plain
	mkdir -p "$P/home/src" "$P/config/nvim" "$P/cache" "$P/state" "$P/data" "$P/bin"
	ln -s "$repo" "$P/home/src/skill-ls"
	cp "$T/plain-init.lua" "$P/config/nvim/init.lua"
	ln -s "$T/skill-ls" "$P/bin/skill-ls"
	cp -R "$here/fixture" "$P/ws" && mkdir -p "$P/ws/.git"
	(cd "$P/ws" && HOME="$P/home" PATH="$P/bin:$PATH" XDG_CONFIG_HOME="$P/config" XDG_CACHE_HOME="$P/cache" \
		XDG_STATE_HOME="$P/state" XDG_DATA_HOME="$P/data" SKILL_LS_WS="$P/ws" SKILL_LS_README="$nvim_dir/README.md" \
		SKILL_LS_RESULT="$P/result.json" timeout 60 "$NVIM" --headless -i NONE -n -c "luafile $here/plain.lua")
} >"$T/plain.out" 2>"$T/plain.err" || plain_rc=$?

grep -E '^(PASS|FAIL) ' "$T/nvim.out" "$T/plain.out" | sed 's/^[^:]*://'
for err in "$T/nvim.err" "$T/plain.err"; do
	if [ -s "$err" ]; then
		echo "--- $(basename "$err") (first 40 lines)"
		head -n 40 "$err"
		echo
	fi
done
if [ -n "${RESULT_OUT:-}" ] && [ -f "$T/result.json" ]; then
	cp "$T/result.json" "$RESULT_OUT"
fi

# lua_results NAME RC: NAME.lua's checks, and a failure when it ended
# without its summary (exit RC).
lua_results() {
	if ! grep -qE '^[0-9]+ passed, [0-9]+ failed$' "$T/$1.out"; then
		echo "FAIL $1.lua ended without a summary (exit $2)" >>"$T/$1.out"
		head -n 20 "$T/$1.err" >&2
	fi
	grep -E '^(PASS|FAIL) ' "$T/$1.out"
}

# in_repo NAME DIR: NAME.lua in a Neovim of its own, in the repository
# DIR/ws with HOME DIR/home, beside what a plain `skill-ls check` prints
# there (SKILL_LS_CHECK), which it compares the editor's findings with.
in_repo() {
	(cd "$2/ws" && HOME="$2/home" "$T/skill-ls" check --format json >"$2/check.json" 2>"$2/check.err")
	HOME="$2/home" SKILL_LS_WS="$2/ws" SKILL_LS_CHECK="$2/check.json" SKILL_LS_RESULT="$T/$1-result.json" \
		timeout 90 "$NVIM" --headless -u NONE -i NONE -n -c "luafile $here/$1.lua" >"$T/$1.out" 2>"$T/$1.err"
	lua_results "$1" $?
}

# A skill's eval file, in a Neovim of its own: the server's findings and
# :SkillEval through a fake host that calls pdf-tools for a query that says
# "pdf" (the arguments are eval's; the query is the last).
cat >"$T/fake-claude" <<'FAKE'
#!/bin/sh
for a; do q=$a; done
echo '{"type":"system","subtype":"init","tools":["Skill"]}'
case $q in *pdf*) echo '{"type":"assistant","message":{"content":[{"type":"tool_use","id":"t1","name":"Skill","input":{"skill":"pdf-tools"}}]}}' ;; esac
echo '{"type":"result","subtype":"success","is_error":false,"result":"ok"}'
FAKE
chmod +x "$T/fake-claude"
SKILL_LS_FAKE_HOST="$T/fake-claude" SKILL_LS_RESULT="$T/evals-result.json" timeout 90 "$NVIM" --headless -u NONE -i NONE -n -c "luafile $here/evals.lua" >"$T/evals.out" 2>"$T/evals.err"
lua_results evals $?

# Neovim 0.11+: vim.lsp.enable("skill_ls") without setup(), in a Neovim of
# its own: the buffers offered are the server's selector's (enable.lua).
: >"$T/enable.out"
if "$NVIM" --headless -u NONE -i NONE -n -c 'lua io.stdout:write(vim.fn.has("nvim-0.11"))' -c 'qall!' 2>/dev/null | grep -q 1; then
	SKILL_LS_RESULT="$T/enable-result.json" timeout 60 "$NVIM" --headless -u NONE -i NONE -n -c "luafile $here/enable.lua" >"$T/enable.out" 2>"$T/enable.err"
	lua_results enable $?
fi

# A repository shaped like most authors' (issue 40): .claude/skills the
# main folder, a copy and a symbolic link in .agents/skills, a personal
# ~/.claude/skills, in a Neovim of its own (claude.lua). Its diagnostics
# are compared with what a plain `skill-ls check` prints for the same file.
C=$T/claude
mkdir -p "$C/ws/.git" "$C/ws/.claude/skills/pdf-helper" "$C/ws/.claude/skills/deploy-staging" \
	"$C/ws/.claude/skills/onboarding" "$C/ws/.agents/skills" "$C/home/.claude/skills/personal-notes"
printf -- '---\nname: PDF-Helper\ndescription: Fill PDF forms. Use when: the user sends a PDF\nwhen_to_use: when a form must be filled\n---\nFill the form.\n' >"$C/ws/.claude/skills/pdf-helper/SKILL.md"
printf -- '---\nname: deploy-staging\ndescription: Deploys the branch to staging.\n---\nDeploy.\n' >"$C/ws/.claude/skills/deploy-staging/SKILL.md"
printf -- '---\nname: onboarding\ndescription: Onboards a new engineer.\n---\nWelcome.\n' >"$C/ws/.claude/skills/onboarding/skill.md"
printf -- '---\nname: quick-fix\ndescription: Applies a quick fix.\n---\nFix.\n' >"$C/ws/.claude/skills/quick-fix.md"
printf -- '---\nname: personal-notes\ndescription: Keeps personal notes.\n---\nNotes.\n' >"$C/home/.claude/skills/personal-notes/SKILL.md"
cp -R "$C/ws/.claude/skills/deploy-staging" "$C/ws/.agents/skills/"
ln -s ../../.claude/skills/pdf-helper "$C/ws/.agents/skills/pdf-helper"
: >"$C/ws/talk.chat.md"
in_repo claude "$C"

# Bundles linked from a shared folder (issue 40), in a Neovim of its own
# (linked.lua): Neovim opens a linked SKILL.md by its real path, and the
# buffer gets what a plain `skill-ls check` prints for the linked path.
L=$T/linked
mkdir -p "$L/ws/.git" "$L/ws/.claude/skills/deploy-staging" "$L/ws/.claude/skills/file-link" "$L/ws/shared-skills/tdd" "$L/home"
printf -- '---\nname: deploy-staging\ndescription: Deploys the branch to staging.\n---\nDeploy.\n' >"$L/ws/.claude/skills/deploy-staging/SKILL.md"
printf -- '---\nname: tdd\ndescription: Drive a change with tests first. Note: the test comes first.\nwhen_to_use: When the user says TDD.\n---\nWrite the failing test first.\n' >"$L/ws/shared-skills/tdd/SKILL.md"
printf -- '---\nname: file-link\ndescription: Summarize: the linked file.\n---\nBody.\n' >"$L/ws/shared-skills/file-link.md"
ln -s ../../shared-skills/tdd "$L/ws/.claude/skills/tdd"
ln -s ../../../shared-skills/file-link.md "$L/ws/.claude/skills/file-link/SKILL.md"
mkdir -p "$L/ws/shared-skills/linked-colon" "$L/ws/.agents/skills"
printf -- '---\nname: linked-colon\ndescription: Lint the repo: run golangci-lint and fix.\n---\nRead the lint output.\n' >"$L/ws/shared-skills/linked-colon/SKILL.md"
ln -s ../../shared-skills/linked-colon "$L/ws/.claude/skills/linked-colon"
ln -s ../../shared-skills/linked-colon "$L/ws/.agents/skills/linked-colon"
in_repo linked "$L"

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
plain=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$T/plain.out" | tail -n 1)
if [ -z "$summary" ] || [ -z "$plain" ]; then
	[ -z "$summary" ] && echo "FAIL nvim (e2e.lua) ended without a summary (exit $rc)"
	[ -z "$plain" ] && echo "FAIL nvim (plain.lua, the docs' init.lua) ended without a summary (exit $plain_rc)"
	if [ -f "$XDG_CACHE_HOME/nvim/lsp.log" ]; then
		echo "--- lsp.log (last 20 lines)"
		tail -n 20 "$XDG_CACHE_HOME/nvim/lsp.log"
	fi
	echo "0 passed, 1 failed"
	exit 1
fi
# One summary for every run: the checks of e2e.lua and plain.lua (with the
# config-block check) and health.lua's "N passed, N failed".
count() { grep -chE "^$1 " "$T/nvim.out" "$T/plain.out" "$T/evals.out" "$T/enable.out" "$T/claude.out" "$T/linked.out" | awk '{ n += $1 } END { print n }'; }
# shellcheck disable=SC2086
set -- $health
passed=$(($(count PASS) + $1))
failed=$(($(count FAIL) + $3 + health_extra))
if [ "$failed" -eq 0 ] && { [ "$rc" -ne 0 ] || [ "$plain_rc" -ne 0 ]; }; then
	echo "FAIL nvim exited $rc (e2e.lua) and $plain_rc (plain.lua) although every check passed"
	failed=1
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] || exit 1
exit 0
