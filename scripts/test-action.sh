#!/usr/bin/env bash
# Tries the composite GitHub Action (action.yml) here: scripts/run-action.py
# runs its shell steps as the runner would (bash -eo pipefail, GITHUB_OUTPUT,
# GITHUB_PATH, RUNNER_TEMP, GITHUB_WORKSPACE faked; the `uses:` steps
# setup-go and upload-sarif are recorded, not run) on temp repositories with
# broken and clean skills, and checks the exit status, the outputs, the
# SARIF file the upload step is given and the job summary. A release is
# served from 127.0.0.1 (release-url) to try the download and its checksum. Prints one line
# per check and "N passed, N failed"; exits non-zero on a failure. Needs
# python3 with yaml and shellcheck (apt-get install python3-yaml shellcheck).
#
#   scripts/test-action.sh
#   KEEP=1 scripts/test-action.sh     (keep the temp dir)
set -u

repo=$(cd "$(dirname "$0")/.." && pwd)
pass=0
fail=0
ok() { echo "PASS $*"; pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }
finish() {
	echo "$pass passed, $fail failed"
	[ "$fail" -eq 0 ]
	exit
}
for tool in go python3 git; do
	command -v "$tool" >/dev/null 2>&1 || { bad "$tool is not installed"; finish; }
done
# A python3 with yaml: the one on PATH, else Debian's (python3-yaml).
py=python3
"$py" -c 'import yaml' 2>/dev/null || py=/usr/bin/python3
"$py" -c 'import yaml' 2>/dev/null || { bad "python3 has no yaml module (apt-get install python3-yaml)"; finish; }

T=$(mktemp -d)
if [ -z "${KEEP:-}" ]; then
	trap 'rm -rf "$T"' EXIT
else
	echo "temp dir: $T"
fi
export GOBIN=$T/bin # the install step's go install goes here, not ~/go/bin
export DSH_HOME=$T/home/.dsh DSH_AGENTS_HOME=$T/home/.agents

write() { mkdir -p "$(dirname "$1")" && cat >"$1"; }

# A workspace: a git repository with skills.
ws=$T/ws
mkdir -p "$ws"
git -C "$ws" init -q
write "$ws/.agents/skills/good/SKILL.md" <<'EOF'
---
name: good
description: Fill PDF forms and extract their tables.
---
Body.
EOF
write "$ws/.agents/skills/broken/SKILL.md" <<'EOF'
---
name: broken
description: Use when: the user asks
---
Body.
EOF
# A warning only (the folder differs from the name): an error under
# --profile agentskills.
write "$ws/.dsh/skills/notes-folder/SKILL.md" <<'EOF'
---
name: notes
description: Keep notes.
---
Body.
EOF

# run NAME WANT_EXIT INPUT=VALUE...: runs the action in $ws; the result is
# in $T/NAME.json, the log in $T/NAME.log, RUNNER_TEMP is $T/NAME.tmp.
run() {
	local name=$1 want=$2
	shift 2
	mkdir -p "$T/$name.tmp"
	local start rc
	start=$(date +%s%N)
	GITHUB_WORKSPACE=$ws RUNNER_TEMP=$T/$name.tmp GITHUB_STEP_SUMMARY=$T/$name.summary \
		"$py" "$repo/scripts/run-action.py" "$repo/action.yml" "$T/$name.json" "$@" >"$T/$name.log" 2>&1
	rc=$?
	echo "     ($name: $((($(date +%s%N) - start) / 1000000)) ms)"
	if [ "$rc" -eq "$want" ]; then
		ok "$name: exit $rc"
	else
		bad "$name: exit $rc, want $want"
		cat "$T/$name.log"
	fi
}
# check NAME DESCRIPTION PYTHON-EXPR: r is the result JSON, sarif the SARIF
# file the upload step got (None when it did not run), log the log text,
# ann the annotations the runner would make of it, ann_files their files.
check() {
	local name=$1 what=$2 expr=$3
	if python3 - "$T/$name.json" "$T/$name.log" "$expr" <<'EOF'; then ok "$name: $what"; else bad "$name: $what"; fi
import json, sys
r = json.load(open(sys.argv[1]))
log = open(sys.argv[2]).read()
uploads = [u for u in r["uses"] if u["uses"].startswith("github/codeql-action/upload-sarif@")]
sarif = json.load(open(uploads[0]["with"]["sarif_file"])) if uploads else None
results = sarif["runs"][0]["results"] if sarif else []
names = [s["name"] for s in r["steps"]]
step = lambda name: r["steps"][names.index(name)]
after = lambda name: r["steps"][names.index(name) + 1:]
rules = sorted({x["ruleId"] for x in results})
# The annotations the runner would make (run-action.py reads the log as it does).
ann = r["annotations"]
ann_files = sorted({a["properties"].get("file", "") for a in ann})
ok = eval(sys.argv[3])
if not ok:
    print("  result:", json.dumps(r["outputs"]), "rules:", rules, file=sys.stderr)
sys.exit(0 if ok else 1)
EOF
}

# 0. shellcheck passes the run: steps (as bash -e scripts) and the test scripts.
if ! command -v shellcheck >/dev/null 2>&1; then
	bad "shellcheck is not installed (apt-get install shellcheck)"
else
	mkdir -p "$T/steps"
	"$py" - "$repo/action.yml" "$T/steps" <<'PY'
import sys, yaml
for i, step in enumerate(yaml.safe_load(open(sys.argv[1]))["runs"]["steps"]):
    if "run" in step:
        open(f"{sys.argv[2]}/step-{i}.sh", "w").write("#!/bin/bash -e\n" + step["run"])
PY
	if shellcheck -s bash "$T"/steps/*.sh "$repo"/scripts/test-*.sh; then
		ok "shellcheck: the action's run steps and the test scripts"
	else
		bad "shellcheck: the action's run steps and the test scripts"
	fi
fi

# 1. Broken skills, the defaults: SARIF uploaded, the action fails.
run broken 1
check broken "the install step built skill-ls from the action's checkout" \
	'"skill-ls devel" in log and step("Install skill-ls from source")["exit"] == 0 and step("Install skill-ls from the release").get("skipped")'
check broken "setup-go is given the action's go.mod" 'r["uses"][0]["uses"].startswith("actions/setup-go@") and r["uses"][0]["with"]["go-version-file"].endswith("/go.mod")'
check broken "the SARIF is valid 2.1.0 with results, uploaded with the category" \
	'sarif["version"] == "2.1.0" and sarif["runs"][0]["tool"]["driver"]["name"] == "skill-ls" and len(results) >= 2 and uploads[0]["with"]["category"] == "skill-ls"'
check broken "every result has a rule, a message and a repository-relative location" \
	'all(x["ruleId"] and x["message"]["text"] and not x["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].startswith(("/", "file:")) and x["locations"][0]["physicalLocation"]["region"]["startLine"] >= 1 for x in results)'
check broken "the broken skill is reported as yaml-unquoted-colon" \
	'any(x["ruleId"] == "yaml-unquoted-colon" and x["level"] == "error" and x["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == ".agents/skills/broken/SKILL.md" for x in results)'
check broken "the fail step says why" '"::error title=skill-ls::skill-ls found 1 error(s) and 1 warning(s); fail-on: error" in log'
check broken "outputs: 1 error, 1 warning, exit code 1" 'r["outputs"]["errors"] == "1" and r["outputs"]["warnings"] == "1" and r["outputs"]["exit-code"] == "1" and r["outputs"]["sarif-file"].endswith(".sarif")'
check broken "the text run is in the log, and the fail step failed" \
	'".agents/skills/broken/SKILL.md:3:14: error:" in log and "1 error, 1 warning in 3 skill files" in log and r["steps"][-1]["name"] == "Fail on findings" and r["steps"][-1]["exit"] == 1'
check broken "no annotations when the SARIF is uploaded (annotations: auto)" '"::error file=" not in log'
check broken "the job summary has the findings" '"### skill-ls check" in r["summary"] and "[yaml-unquoted-colon]" in r["summary"]'

# 2. sarif off: no upload step, annotations instead.
run no-sarif 1 sarif=false
check no-sarif "the upload step is skipped" 'not uploads and any(s.get("skipped") for s in r["steps"])'
check no-sarif "annotations are printed" '"::error file=.agents/skills/broken/SKILL.md,line=3" in log'

# 3. fail-on never: findings do not fail the job.
run never 0 fail-on=never
check never "outputs still count the findings" 'r["outputs"]["errors"] == "1" and r["outputs"]["exit-code"] == "1"'

# 4. path narrows the check: the good skill alone passes, SARIF has no result.
run path-good 0 'path=.agents/skills/good'
check path-good "a clean SARIF with no result" 'sarif["version"] == "2.1.0" and results == [] and r["outputs"]["errors"] == "0"'

# 5. fail-on warning: a warning alone fails; args reach check.
run warning 1 'path=.dsh/skills/notes-folder' fail-on=warning
check warning "the warning is counted" 'r["outputs"]["errors"] == "0" and r["outputs"]["warnings"] == "1" and rules == ["name-folder-mismatch"]'
run strict 1 'path=.dsh/skills/notes-folder .agents/skills/good' 'args=--profile agentskills'
check strict "--profile agentskills makes it an error" 'r["outputs"]["errors"] == "1" and [x["level"] for x in results] == ["error"]'

# 6. A missing path is an I/O error: the check step fails with exit 2.
run missing 2 'path=no/such/skill'
check missing "the check step fails with the reason" '"no/such/skill: no such file or directory" in log and step("Check the skills")["exit"] == 2 and r["outputs"]["exit-code"] == "2"'

# 7. A bad input value is refused before anything runs.
run bad-input 2 fail-on=sometimes
check bad-input "the reason is shown" "\"fail-on must be error, warning or never, not 'sometimes'\" in log"
# The message of an annotation is escaped (workflow_data): a newline, "%"
# and "::" stay in its text and start no command.
run bad-input-escaped 2 $'fail-on=x\n::error file=SECURITY.md::forged %0A|\\'
check bad-input-escaped "one annotation, the value in its message as typed" \
	'len(r["commands"]) == 1 and ann[0]["properties"] == {"title": "skill-ls"} and ann[0]["data"].endswith("not \x27x\n::error file=SECURITY.md::forged %0A|\\\x27")'
run missing-escaped 2 'path=no/such%0A::error::forged'
check missing-escaped "the could-not-run annotation keeps the path as it is" \
	'len(ann) == 1 and "no/such%0A::error::forged: no such file or directory" in ann[0]["data"]'

# 8. A version that is not a release (a commit) is built with go install
# (here the module proxy is off, so the install step must fail, naming it).
GOPROXY=off GOFLAGS=-mod=mod run version 1 version=52c5ae3abcd1
check version "the install step ran go install module@version" \
	'"github.com/skill-ls/skill-ls/cmd/skill-ls@52c5ae3abcd1" in log and step("Install skill-ls from source")["exit"] == 1 and all(s.get("skipped") for s in after("Install skill-ls from source"))'

# 9. A release: the binary comes from release-url, checked against the
# release's SHA256SUMS; Go is neither set up nor used.
rel=$T/release
mkdir -p "$rel/v0.7.0" "$rel/v0.7.1"
if (cd "$repo" && go build -ldflags "-X main.version=v0.7.0" -o "$rel/v0.7.0/skill-ls-linux-x64" ./cmd/skill-ls); then
	(cd "$rel/v0.7.0" && sha256sum skill-ls-linux-x64 >SHA256SUMS && echo "$(printf '0%.0s' $(seq 64))  skill-ls-darwin-arm64" >>SHA256SUMS)
	cp "$rel/v0.7.0/SHA256SUMS" "$rel/v0.7.1/SHA256SUMS" # v0.7.1: its binary is another one
	printf 'not the release binary\n' >"$rel/v0.7.1/skill-ls-linux-x64"
	port=$("$py" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
	"$py" -m http.server --bind 127.0.0.1 --directory "$rel" "$port" >"$T/http.log" 2>&1 &
	http_pid=$!
	for _ in $(seq 50); do curl -fs "http://127.0.0.1:$port/" >/dev/null && break; sleep 0.1; done
	run release 1 version=v0.7.0 "release-url=http://127.0.0.1:$port"
	check release "setup-go and the source build are skipped" \
		'not any(u["uses"].startswith("actions/setup-go@") for u in r["uses"]) and step("Install skill-ls from source").get("skipped") and step("Set up Go").get("skipped")'
	check release "the release binary was downloaded, checked and run" \
		'"skill-ls-linux-x64: OK" in log and "skill-ls v0.7.0" in log and step("Install skill-ls from the release")["exit"] == 0'
	check release "the check ran with it" 'r["outputs"]["errors"] == "1" and sarif["runs"][0]["tool"]["driver"]["version"] == "v0.7.0"'
	run tampered 1 version=v0.7.1 "release-url=http://127.0.0.1:$port"
	check tampered "a binary that differs from SHA256SUMS is refused" \
		'"does not match the SHA-256" in log and step("Install skill-ls from the release")["exit"] == 1 and all(s.get("skipped") for s in after("Install skill-ls from the release"))'
	run no-release 1 version=v0.7.2 "release-url=http://127.0.0.1:$port"
	check no-release "a version with no release says so" \
		'"cannot download http://127.0.0.1:" in log and "is v0.7.2 a skill-ls release?" in log and step("Install skill-ls from the release")["exit"] == 1'
	RUNNER_OS=FreeBSD run no-platform 1 version=v0.7.0 "release-url=http://127.0.0.1:$port"
	check no-platform "a platform without a release binary says so" '"no skill-ls release binary for FreeBSD/X64" in log'
	kill "$http_pid"
else
	bad "go build of the fake release binary"
fi

# 10. Fixed skills: the whole action passes.
sed -i 's/^description: Use when: the user asks$/description: "Use when: the user asks"/' "$ws/.agents/skills/broken/SKILL.md"
run fixed 0
check fixed "0 errors, the SARIF holds just the warning" 'r["outputs"]["errors"] == "0" and rules == ["name-folder-mismatch"] and r["steps"][-1]["exit"] == 0'

# 11. Another agent's folder: a broken skill in .claude/skills fails the
# job too, checked with the rules of the agents that read it.
write "$ws/.claude/skills/review/SKILL.md" <<'EOF'
---
name: review
description: Review code: find bugs
---
Body.
EOF
run claude 1
check claude "the .claude/skills skill is reported, and the summary names the agents" \
	'".claude/skills/review/SKILL.md:3:14: error: GitHub Copilot CLI and Goose skip this skill" in log and "hosts: DSH, Claude Code" in log and r["outputs"]["errors"] == "1"'

# 12. Folders whose names are workflow commands, in a collection checked
# with path: . (its report lines start with the folder names): the log
# obeys none of them. "::error …::" would forge an annotation on
# SECURITY.md, "::stop-commands::x" would switch off the annotations that
# follow, "##[error]" works anywhere in a line; a newline, "|", a
# backslash and an escape sequence ride along, and backticks that would end
# the job summary's code block. The real annotations, made
# after the report, still appear, on the real files.
ws=$T/ws-hostile
mkdir -p "$ws"
git -C "$ws" init -q
hostile=(
	'::error file=SECURITY.md,line=1::forged'
	'::stop-commands::x'
	'##[error]legacy'
	$'line\n::error::forged-newline'
	'pipe|::warning::forged-pipe'
	'back\\slash::notice::forged-backslash'
	$'esc\e]8;;x\a::error::forged-control'
	"tick\`\`\`"
)
for d in "${hostile[@]}"; do
	write "$ws/$d/SKILL.md" <<'EOF'
---
name: hostile
description: A skill whose folder name is a workflow command.
---
Body.
EOF
done
write "$ws/broken/SKILL.md" <<'EOF'
---
name: broken
description: Use when: the user asks
---
Body.
EOF
run hostile 1 'path=.' sarif=false
check hostile "the report reached the log, folder names and all" \
	'"::error file=SECURITY.md,line=1::forged/SKILL.md:2:7:" in log and "\t::stop-commands::x/SKILL.md:2:7:" in log and "broken/SKILL.md:3:14: error:" in log'
check hostile "no annotation was forged: none on SECURITY.md, none from a folder name" \
	'not any(a["properties"].get("file") == "SECURITY.md" or not a["properties"].get("title") for a in ann)'
check hostile "the runner obeyed no command but annotations with a title (--format github's, the action's own)" \
	'all(c["command"] in ("error", "warning", "notice") and c["properties"].get("title") for c in r["commands"])'
check hostile "the real annotations still appear after the report, on the real files" \
	'"broken/SKILL.md" in ann_files and "::stop-commands::x/SKILL.md" in ann_files and "##[error]legacy/SKILL.md" in ann_files and any(a["command"] == "error" and a["properties"].get("file") == "broken/SKILL.md" and a["properties"].get("line") == "3" for a in ann)'
check hostile "the fail step's error is an annotation too" \
	'any(a["command"] == "error" and a["properties"] == {"title": "skill-ls"} and "fail-on: error" in a["data"] for a in ann)'
check hostile "the job summary's code block holds the whole report: its fence is longer than tick\`\`\`" \
	'(lambda s, tick: s.count("\n" + tick * 4 + "\n") == 2 and s.index("::error file=SECURITY.md,line=1::forged/SKILL.md:2:7:") > s.index(tick * 4) and "tick" + tick * 3 + "/SKILL.md:" in s)(r["summary"], chr(96))'

finish
