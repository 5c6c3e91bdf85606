#!/usr/bin/env bash
# Installs the host releases of scripts/hosts/versions.txt from npm into the
# e2e cache ($SKILL_LS_E2E_CACHE, default ~/.cache/skill-ls-e2e), one folder
# per release: hosts/<id>-<version>. A release already there (its .done
# marker) is not downloaded again. With --latest, the newest version of each
# package is installed instead of the pinned one.
#
# Prints "<id> <version> <folder>" per host on stdout (what run.sh reads).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
CACHE=${SKILL_LS_E2E_CACHE:-$HOME/.cache/skill-ls-e2e}
latest=0
only=
for a in "$@"; do
	case $a in
	--latest) latest=1 ;;
	--only=*) only=${a#--only=} ;;
	*) echo "usage: install.sh [--latest] [--only=ID]" >&2; exit 2 ;;
	esac
done
mkdir -p "$CACHE/hosts"
grep -v '^#' "$here/versions.txt" | while read -r id pkg version; do
	[ -n "$id" ] || continue
	[ -z "$only" ] || [ "$only" = "$id" ] || continue
	if [ $latest = 1 ]; then
		version=$(npm view "$pkg" version)
	fi
	dir=$CACHE/hosts/$id-$version
	if [ ! -e "$dir/.done" ]; then
		echo "installing $pkg@$version into $dir" >&2
		rm -rf "$dir"
		mkdir -p "$dir"
		# --ignore-scripts: no package code runs outside the network
		# namespace; the native binaries come as optional dependencies.
		(cd "$dir" && echo '{"private":true}' >package.json &&
			npm install --no-audit --no-fund --ignore-scripts --loglevel=error \
				--cache "$CACHE/npm" "$pkg@$version" >&2)
		touch "$dir/.done"
	fi
	echo "$id $version $dir"
done
