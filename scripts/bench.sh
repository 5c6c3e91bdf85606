#!/usr/bin/env bash
# Benchmarks skill-ls against the floor (read, split and YAML-decode every
# skill file on all cores) at 1k, 10k and 100k generated skills: the CLI's
# check, list and render catalog in interleaved rounds, and the language
# server over stdio. See docs/performance.md for what each figure means.
#
#   scripts/bench.sh                      this tree
#   scripts/bench.sh --base main          REV "before" and this tree "after",
#                                         paired in one run
#   scripts/bench.sh --base main -sizes 1000,10000 -runs 3 -no-lsp
#
# Flags after --base REV go to the Go driver (scripts/bench, `-h` lists
# them). Corpora are generated once (skilltest.WriteCorpus, seed 1) and
# cached in ${SKILL_LS_BENCH_CACHE:-~/.cache/skill-ls-bench}; the 100k one
# takes about 2.2 GB of disk and 1.5 minutes to write.
set -euo pipefail
cd "$(dirname "$0")/.."
cache=${SKILL_LS_BENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/skill-ls-bench}
mkdir -p "$cache/bin"

base=""
if [[ ${1:-} == --base ]]; then
	base=${2:?--base needs a git revision}
	shift 2
fi

go build -o "$cache/bin/bench" ./scripts/bench
go build -o "$cache/bin/skill-ls-after" ./cmd/skill-ls
bins=("after=$cache/bin/skill-ls-after")

if [[ -n $base ]]; then
	rev=$(git rev-parse --short "$base")
	src="$cache/src-$rev"
	if [[ ! -d $src ]]; then
		mkdir -p "$src.tmp"
		git archive "$rev" | tar -x -C "$src.tmp"
		mv "$src.tmp" "$src"
	fi
	(cd "$src" && go build -o "$cache/bin/skill-ls-$rev" ./cmd/skill-ls)
	bins=("before=$cache/bin/skill-ls-$rev" "${bins[@]}")
fi

echo "bench: after = $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- . || echo '+dirty')${base:+, before = $base ($rev)}" >&2
exec "$cache/bin/bench" run -cache "$cache" "$@" "${bins[@]}"
