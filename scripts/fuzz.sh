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
		# Each input of FuzzFixNeverDrops writes a tree to disk and runs four
		# whole fix passes, each fix judged by every host profile: about 6 s
		# an input, so its seed corpus alone takes minutes. Its seeds run in
		# `go test` (test-go); fuzzing it is left to a run by hand
		# (`go test ./diagnostics/fix -fuzz FuzzFixNeverDrops -fuzztime 50x`).
		if [ "$target" = FuzzFixNeverDrops ]; then
			echo "fuzz $pkg $target: seeds only (run in go test)"
			continue
		fi
		echo "fuzz $pkg $target ($n)"
		go test "$pkg" -run '^$' -fuzz "^${target}\$" -fuzztime "$n"
	done
done
