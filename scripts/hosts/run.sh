#!/usr/bin/env bash
# `make test-hosts`: installs the pinned host releases (install.sh; cached),
# builds skill-ls, then runs the suite (run.mjs) over the host trees of the
# repository and the pitfall corpus inside a network namespace of its own:
# nothing a host tries can leave the machine.
#   --latest   the newest release of each host instead (make hosts-update)
#   --hosts L  only these hosts (claude,codex,opencode,copilot-cli)
#   --collections L  the public collections' cases to run (collections.mjs):
#              COLL@LAYOUT,... or "all" (48); "none" for none; default its suite
set -euo pipefail
cd "$(dirname "$0")/../.."
install=()
hosts=
collections=
while [ $# -gt 0 ]; do
	case $1 in
	--latest) install+=(--latest) ;;
	--hosts) hosts=$2; shift ;;
	--collections) collections=$2; shift ;;
	*) echo "usage: run.sh [--latest] [--hosts LIST] [--collections LIST|all|none]" >&2; exit 2 ;;
	esac
	shift
done
work=$(mktemp -d "${TMPDIR:-/tmp}/skill-ls-hosts.XXXXXX")
# SKILL_LS_HOSTS_KEEP=1 keeps the cases and what each host printed.
if [ -n "${SKILL_LS_HOSTS_KEEP:-}" ]; then
	echo "keeping $work" >&2
else
	trap 'rm -rf "$work"' EXIT
fi
scripts/hosts/install.sh "${install[@]}" >"$work/releases"
if [ ${#install[@]} -gt 0 ]; then
	# make hosts-update: say which releases are newer than the pinned ones;
	# the suite's differences below are what changed in them.
	while read -r id version _; do
		pinned=$(awk -v id="$id" '$1 == id {print $3}' scripts/hosts/versions.txt)
		if [ "$pinned" = "$version" ]; then
			echo "$id: $version is the newest release (pinned)"
		else
			echo "$id: $version is newer than the pinned $pinned"
		fi
	done <"$work/releases"
fi
go build -o "$work/skill-ls" ./cmd/skill-ls
# The runner's own test: a host's output is read whole (from files).
node --test scripts/hosts/hostrun.test.mjs >"$work/runner-test.log" 2>&1 || { cat "$work/runner-test.log"; exit 1; }
node scripts/hosts/pitfalls.mjs "$work/cases"
# The public collections as users install them (testdata/collections).
if [ "$collections" != none ]; then
	node scripts/hosts/collections.mjs "$work/cases" ${collections:+--only "$collections"}
fi
cases=(skills/hosts/testdata/*.txtar "$work"/cases/*.txtar)
[ -n "$hosts" ] || hosts=$(awk '!/^#/ && NF && $1 != "inspector" {print $1}' scripts/hosts/versions.txt | paste -sd,)
# One namespace per host, the hosts side by side: most of a host's time is
# its own start-up, not the machine's.
status=0
pids=()
for h in ${hosts//,/ }; do
	unshare -n -- sh -c 'ip link set lo up && exec "$@"' sh \
		node scripts/hosts/run.mjs --skill-ls "$work/skill-ls" --releases "$work/releases" \
		--out "$work/out" --hosts "$h" "${cases[@]}" >"$work/$h.log" 2>&1 &
	pids+=($!)
done
# skill-ls mcp as Claude Code's MCP server, and the MCP Inspector's
# (mcp.mjs, docs/mcp.md); skill-ls eval through the real Claude Code and
# Codex, the stand-in scripted to trigger the skill for some queries
# (eval.mjs, eval-codex.mjs).
logs=(${hosts//,/ })
scenarios=()
[[ ",$hosts," == *,claude,* ]] && scenarios+=(mcp eval)
[[ ",$hosts," == *,codex,* ]] && scenarios+=(eval-codex)
if ((${#scenarios[@]})); then
	for scenario in "${scenarios[@]}"; do
		unshare -n -- sh -c 'ip link set lo up && exec "$@"' sh \
			node "scripts/hosts/$scenario.mjs" --skill-ls "$work/skill-ls" --releases "$work/releases" \
			--out "$work/out" >"$work/$scenario.log" 2>&1 &
		pids+=($!)
		logs+=("$scenario")
	done
fi
for p in "${pids[@]}"; do wait "$p" || status=1; done
for h in "${logs[@]}"; do cat "$work/$h.log"; echo; done
exit $status
