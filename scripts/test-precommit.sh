#!/usr/bin/env bash
# Tries the pre-commit hooks of .pre-commit-hooks.yaml as a user would: a
# temp git repository with a good and a broken skill gets a
# .pre-commit-config.yaml naming this repository (a snapshot of the work
# tree, committed in a temp clone, so uncommitted changes are tried too);
# pre-commit builds skill-ls with `go install` and runs the hooks, on
# `pre-commit run` and on a real `git commit`. Then the language: node hook
# in a repository with no Go on PATH and no network: pre-commit installs the
# npm tarballs npm/build.mjs packs (the hook's npm pin replaced by them) and
# the hook fails on a broken skill. Prints one line per check and
# "N passed, N failed"; exits non-zero on a failure, or when pre-commit or
# go is missing (apt-get install pre-commit).
#
#   scripts/test-precommit.sh
#   KEEP=1 scripts/test-precommit.sh     (keep the temp dir)
set -u

repo=$(cd "$(dirname "$0")/.." && pwd)
pass=0
fail=0
skipped=0
ok() { echo "PASS $*"; pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
finish() {
	if [ "$skipped" -gt 0 ]; then
		echo "$pass passed, $fail failed, $skipped skipped"
	else
		echo "$pass passed, $fail failed"
	fi
	[ "$fail" -eq 0 ]
	exit
}
for tool in pre-commit go git; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		bad "$tool is not installed (apt-get install pre-commit; Go from go.dev)"
		finish
	fi
done
echo "pre-commit: $(pre-commit --version), $(go version)"

T=$(mktemp -d)
if [ -z "${KEEP:-}" ]; then
	trap 'rm -rf "$T"' EXIT
else
	echo "temp dir: $T"
fi
export PRE_COMMIT_HOME="$T/cache" # a fresh hook environment: the build is tried
# pre-commit sets GOPATH to its environment dir; keep the module and build
# caches of this machine so the build needs no download when they are warm.
export GOMODCACHE="${GOMODCACHE:-$(go env GOMODCACHE)}"
export GOCACHE="${GOCACHE:-$(go env GOCACHE)}"
export GIT_AUTHOR_NAME=test GIT_AUTHOR_EMAIL=test@example.invalid
export GIT_COMMITTER_NAME=test GIT_COMMITTER_EMAIL=test@example.invalid
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
# No skill root of the real home may leak in.
export DSH_HOME="$T/home/.dsh" DSH_AGENTS_HOME="$T/home/.agents"

# The hook repository: the work tree's files (tracked and untracked, not
# ignored), committed.
hooks=$T/hooks
mkdir -p "$hooks"
(cd "$repo" && git ls-files -z --cached --others --exclude-standard) |
	(cd "$repo" && xargs -0 cp --parents -t "$hooks" 2>/dev/null)
git -C "$hooks" init -q
git -C "$hooks" add -A
git -C "$hooks" commit -q -m snapshot
rev=$(git -C "$hooks" rev-parse HEAD)

# The user's repository.
u=$T/user
mkdir -p "$u"
cd "$u" || exit 1
git init -q
write() {
	[ "$1" != -- ] || shift
	mkdir -p -- "$(dirname -- "$1")" && cat >"$1"
}
write .pre-commit-config.yaml <<EOF
repos:
  - repo: file://$hooks
    rev: $rev
    hooks:
      - id: skill-ls-check
EOF
write .agents/skills/good/SKILL.md <<'EOF'
---
name: good
description: Fill PDF forms and extract their tables.
---
# Good

See [the reference](reference.md).
EOF
# Markdown that is not a skill file: never passed to check.
write .agents/skills/good/reference.md <<'EOF'
# Reference, no frontmatter
EOF
write README.md <<'EOF'
# A README, no frontmatter
EOF
# Broken: an unquoted ": " in the description (DSH drops the skill).
write .agents/skills/broken/SKILL.md <<'EOF'
---
name: broken
description: Use when: the user asks
---
Body.
EOF
# Broken flat skill: no description.
write .dsh/skills/notes.md <<'EOF'
---
name: notes
---
Body.
EOF
# A SKILL.md outside the project roots (a skills collection) is checked too.
write skills/Bad-Name/SKILL.md <<'EOF'
---
name: Bad_Name
description: A skill whose name DSH rejects.
---
Body.
EOF
git add -A

start=$(date +%s)
pre-commit run --all-files >"$T/run1.out" 2>&1
rc=$?
echo "first run (builds the hook): $(($(date +%s) - start)) s"
if [ "$rc" -eq 1 ] && grep -q '^skill-ls check.*Failed$' "$T/run1.out"; then
	ok "a broken skill fails the hook"
else
	bad "a broken skill fails the hook (exit $rc)"
	cat "$T/run1.out"
fi
for want in \
	'\.agents/skills/broken/SKILL\.md:3:.*\[yaml-unquoted-colon\]' \
	'\.dsh/skills/notes\.md:.*\[description-missing\]' \
	'skills/Bad-Name/SKILL\.md:.*\[name-invalid\]'; do
	if grep -Eq "$want" "$T/run1.out"; then ok "reported: $want"; else bad "not reported: $want"; fi
done
if grep -Eq 'README|reference\.md|good/SKILL' "$T/run1.out"; then
	bad "a file that is not a skill, or the good skill, was reported"
	cat "$T/run1.out"
else
	ok "README.md, reference.md and the good skill are not reported"
fi

# Only the good skill changed: per-file checking passes.
pre-commit run --files .agents/skills/good/SKILL.md .agents/skills/good/reference.md README.md >"$T/run2.out" 2>&1
rc=$?
if [ "$rc" -eq 0 ] && grep -q '^skill-ls check.*Passed$' "$T/run2.out"; then
	ok "the good skill alone passes"
else
	bad "the good skill alone passes (exit $rc)"
	cat "$T/run2.out"
fi
# A new skill named like an old one, committed alone: the old one now
# loses (its folder comes later in the root), and the hook reports it
# although only the new file was passed.
write .agents/skills/a-good/SKILL.md <<'EOF'
---
name: good
description: Another skill named good.
---
Body.
EOF
git add .agents/skills/a-good/SKILL.md
pre-commit run --files .agents/skills/a-good/SKILL.md >"$T/run-dup.out" 2>&1
rc=$?
if [ "$rc" -eq 1 ] && grep -Eq '\.agents/skills/good/SKILL\.md:2:7: error: .*\[skill-duplicate\]' "$T/run-dup.out"; then
	ok "a duplicated name fails the hook, on the file it makes lose"
else
	bad "a duplicated name fails the hook, on the file it makes lose (exit $rc)"
	cat "$T/run-dup.out"
fi
git rm -q -f .agents/skills/a-good/SKILL.md

pre-commit run --files README.md >"$T/run3.out" 2>&1
rc=$?
if [ "$rc" -eq 0 ] && grep -q 'no files to check.*Skipped' "$T/run3.out"; then
	ok "no skill file changed: the hook is skipped"
else
	bad "no skill file changed: the hook is skipped (exit $rc)"
	cat "$T/run3.out"
fi

# A real commit: the installed git hook refuses the broken skills.
pre-commit install >/dev/null
if git commit -q -m broken >"$T/commit1.out" 2>&1; then
	bad "git commit with broken skills is refused"
	cat "$T/commit1.out"
else
	ok "git commit with broken skills is refused"
fi
sed -i 's/^description: Use when: the user asks$/description: "Use when: the user asks"/' .agents/skills/broken/SKILL.md
sed -i 's/^name: notes$/name: notes\ndescription: Keep notes./' .dsh/skills/notes.md
sed -i 's/^name: Bad_Name$/name: bad-name/' skills/Bad-Name/SKILL.md
git add -A
if git commit -q -m fixed >"$T/commit2.out" 2>&1; then
	ok "git commit after fixing the skills goes through"
else
	bad "git commit after fixing the skills goes through"
	cat "$T/commit2.out"
fi

# A committed file named like a flag is a PATH (the hooks pass "--" before
# the file names): --config=cfg/SKILL.md must not load cfg/SKILL.md as a
# config that selects one harmless rule and lets a skill DSH drops through.
write cfg/SKILL.md <<'EOF'
select: [name-folder-mismatch]
EOF
write -- '--config=cfg/SKILL.md' <<'EOF'
---
name: config-flag
description: A skill whose path is a flag.
---
Body.
EOF
write .agents/skills/dropped/SKILL.md <<'EOF'
---
name: dropped
description: Use when: the user asks
---
Body.
EOF
git add -A
if git commit -q -m flag-named >"$T/commit-flag.out" 2>&1; then
	bad "a commit with a file named --config=cfg/SKILL.md still checks every file (the commit went through)"
	cat "$T/commit-flag.out"
elif grep -Eq '^\.agents/skills/dropped/SKILL\.md:3:14: error: .*\[yaml-unquoted-colon\]' "$T/commit-flag.out" &&
	grep -Eq '^--config=cfg/SKILL\.md:2:7: warning: .*\[name-folder-mismatch\]' "$T/commit-flag.out" &&
	grep -Eq '^cfg/SKILL\.md:1:1: error: ' "$T/commit-flag.out"; then
	ok "a committed --config=cfg/SKILL.md is a PATH, not a flag: the commit is refused"
else
	bad "a committed --config=cfg/SKILL.md is a PATH, not a flag: the commit is refused"
	cat "$T/commit-flag.out"
fi
git rm -q -r -f --cached --ignore-unmatch -- cfg '--config=cfg' .agents/skills/dropped
rm -rf -- cfg '--config=cfg' .agents/skills/dropped

# skill-ls-fix: `check --fix` rewrites a fixable file, so pre-commit fails
# the hook ("files were modified"); the second run passes.
skill_ls=$(find "$PRE_COMMIT_HOME" -path '*/golangenv-*/bin/skill-ls' -type f | head -n 1)
if [ -z "$skill_ls" ]; then
	bad "pre-commit installed no skill-ls binary under $PRE_COMMIT_HOME"
elif ! "$skill_ls" check --help 2>&1 | grep -q -- '-fix'; then
	echo "SKIP skill-ls-fix: this skill-ls has no check --fix yet (the hook runs 'skill-ls check --fix')"
	skipped=$((skipped + 1))
else
	cat >>.pre-commit-config.yaml <<'EOF'
      - id: skill-ls-fix
EOF
	write .agents/skills/fixme/SKILL.md <<'EOF'
---
name: fixme
description: Use when: the user asks
---
Body.
EOF
	git add -A
	pre-commit run skill-ls-fix --files .agents/skills/fixme/SKILL.md >"$T/fix1.out" 2>&1
	rc=$?
	if [ "$rc" -eq 1 ] && grep -q 'files were modified by this hook' "$T/fix1.out" &&
		grep -q '^description: ["'"'"']Use when: the user asks["'"'"']$' .agents/skills/fixme/SKILL.md; then
		ok "skill-ls-fix quotes the description and fails as modified"
	else
		bad "skill-ls-fix quotes the description and fails as modified (exit $rc)"
		cat "$T/fix1.out" .agents/skills/fixme/SKILL.md
	fi
	git add -A
	if pre-commit run skill-ls-fix --files .agents/skills/fixme/SKILL.md >"$T/fix2.out" 2>&1; then
		ok "skill-ls-fix passes once fixed"
	else
		bad "skill-ls-fix passes once fixed"
		cat "$T/fix2.out"
	fi
fi
# skill-ls-check-node: no Go on PATH, no network. The hook's
# additional_dependencies (skill-ls@<release> from npm) are replaced by the
# tarballs of this work tree.
if node "$repo/npm/build.mjs" --version v0.0.0-precommit --targets linux-x64 --out "$T/npm" >"$T/npm-build.log" 2>&1; then
	nogo=$(printf '%s\n' "$PATH" | tr ':' '\n' | while read -r d; do [ -x "$d/go" ] || printf '%s:' "$d"; done)
	netns=(unshare -n)
	[ "$(id -u)" -eq 0 ] || netns=(unshare -rn)
	n=$T/user-node
	mkdir -p "$n"
	cd "$n" || exit 1
	git init -q
	write .pre-commit-config.yaml <<EOF
repos:
  - repo: file://$hooks
    rev: $rev
    hooks:
      - id: skill-ls-check-node
        additional_dependencies: ['$T/npm/skill-ls-0.0.0-precommit.tgz', '$T/npm/skill-ls-linux-x64-0.0.0-precommit.tgz']
EOF
	write .agents/skills/broken/SKILL.md <<'EOF'
---
name: broken
description: Use when: the user asks
---
Body.
EOF
	git add -A
	PATH=${nogo%:} npm_config_cache=$T/npm-cache npm_config_fetch_retries=0 npm_config_audit=false npm_config_fund=false \
		"${netns[@]}" sh -c 'command -v go && exit 99; exec pre-commit run --all-files' >"$T/node1.out" 2>&1
	rc=$?
	if [ "$rc" -eq 1 ] && grep -q '^skill-ls check.*Failed$' "$T/node1.out" &&
		grep -q '\.agents/skills/broken/SKILL\.md:3:14: error: .*\[yaml-unquoted-colon\]' "$T/node1.out"; then
		ok "skill-ls-check-node (no Go, no network) fails on the broken skill"
	else
		bad "skill-ls-check-node (no Go, no network) fails on the broken skill (exit $rc)"
		cat "$T/node1.out"
	fi
	node_bin=$(find "$PRE_COMMIT_HOME" -path '*/node_env-*/bin/skill-ls' | head -n 1)
	if [ -n "$node_bin" ] && [ "$("$node_bin" --version)" = "skill-ls v0.0.0-precommit" ]; then
		ok "the hook's skill-ls is the npm package's: $("$node_bin" --version)"
	else
		bad "no npm skill-ls in the hook's node environment (${node_bin:-none})"
	fi
	sed -i 's/^description: Use when: the user asks$/description: "Use when: the user asks"/' .agents/skills/broken/SKILL.md
	if PATH=${nogo%:} "${netns[@]}" pre-commit run --all-files >"$T/node2.out" 2>&1; then
		ok "skill-ls-check-node passes once the skill is fixed"
	else
		bad "skill-ls-check-node passes once the skill is fixed"
		cat "$T/node2.out"
	fi
else
	bad "npm/build.mjs for the node hook"
	cat "$T/npm-build.log"
fi
finish
