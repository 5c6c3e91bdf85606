#!/usr/bin/env bash
# Runs every Go fuzz target in the repository for a short time each
# (default 10s). Crashers land in the package's testdata/fuzz and fail the run.
set -euo pipefail
cd "$(dirname "$0")/.."
fuzztime=${1:-10s}
for pkg in $(go list ./...); do
	dir=$(go list -f '{{.Dir}}' "$pkg")
	for target in $(grep -ho '^func Fuzz[A-Za-z0-9_]*' "$dir"/*_test.go 2>/dev/null | sed 's/^func //' | sort -u); do
		echo "fuzz $pkg $target ($fuzztime)"
		go test "$pkg" -run '^$' -fuzz "^${target}\$" -fuzztime "$fuzztime"
	done
done
