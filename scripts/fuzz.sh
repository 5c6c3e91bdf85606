#!/usr/bin/env bash
# Runs every Go fuzz target in the repository for a bounded number of inputs
# each (default 2000x). A count, not a duration: with a -fuzztime duration,
# Go 1.26's fuzz coordinator can fail a target with a bare "context deadline
# exceeded" at the deadline (golang/go#75804, fixed in Go 1.27). Crashers are
# written to the package's testdata/fuzz/<target> and fail the run.
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-2000x}
for pkg in $(go list ./...); do
	dir=$(go list -f '{{.Dir}}' "$pkg")
	for target in $(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //' | sort -u); do
		n=$count
		flags=()
		# FuzzFixNeverDrops runs four whole fix passes an input, each fix
		# judged by every host profile: about 0.03 s of CPU an input, against
		# well under a millisecond for the parsers, so it gets a tenth of the
		# count (2000 inputs, about a minute of CPU). A third to a half of its
		# inputs reach code no input reached before; Go would minimize each
		# for up to 60 s, counting those runs against the count, and keep
		# each in its cache, to be replayed before the next run fuzzes. So it
		# does not minimize (a failing input is written as found) and each
		# run starts from its seeds and testdata/fuzz.
		if [ "$target" = FuzzFixNeverDrops ]; then
			n=$(( ${count%x} / 10 ))x
			flags=(-fuzzminimizetime 0)
			rm -rf "$(go env GOCACHE)/fuzz/$pkg/$target"
		fi
		echo "fuzz $pkg $target ($n)"
		go test "$pkg" -run '^$' -fuzz "^${target}\$" -fuzztime "$n" "${flags[@]}"
	done
done
