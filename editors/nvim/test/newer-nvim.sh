#!/bin/sh
# Runs the Neovim end-to-end test (run.sh) in newer Neovims than Debian
# bookworm's 0.7.2: the neovim packages of Debian trixie (0.10) and sid (the
# newest Debian has). They come from Debian's archive through apt-get
# download into a private apt directory (nothing is installed on the
# system) and are unpacked with their own libc into the e2e cache, each
# started through its own dynamic loader. A folder is reused for 7 days.
# Never skipped: a failed download is a failure.
#
#   editors/nvim/test/newer-nvim.sh            (trixie and sid)
#   editors/nvim/test/newer-nvim.sh sid
set -u

here=$(cd "$(dirname "$0")" && pwd)
cache=${SKILL_LS_E2E_CACHE:-$HOME/.cache/skill-ls-e2e}
releases=${*:-trixie sid}

fail() {
	echo "FAIL $1"
	echo "0 passed, 1 failed"
	exit 1
}

command -v apt-get >/dev/null 2>&1 || fail "apt-get not found (Debian's apt fetches the newer Neovims)"
command -v dpkg-deb >/dev/null 2>&1 || fail "dpkg-deb not found"

# fetch RELEASE DIR: unpacks RELEASE's neovim and its dependencies into DIR
# and writes DIR/nvim, a launcher.
fetch() {
	rel=$1 dir=$2
	tmp=$dir.partial.$$
	rm -rf "$tmp" && mkdir -p "$tmp/apt/lists/partial" "$tmp/apt/archives/partial" "$tmp/deb" "$tmp/root" || return 1
	: >"$tmp/apt/status"
	echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian $rel main" >"$tmp/apt/sources.list"
	set -- -o Dir::State="$tmp/apt" -o Dir::State::Lists="$tmp/apt/lists" -o Dir::State::status="$tmp/apt/status" \
		-o Dir::Cache="$tmp/apt" -o Dir::Etc::sourcelist="$tmp/apt/sources.list" -o Dir::Etc::sourceparts=/nonexistent \
		-o Dir::Etc::preferencesparts=/nonexistent -o APT::Architecture=amd64 -o Debug::NoLocking=1 \
		-o APT::Sandbox::User=root
	apt-get "$@" -qq update >"$tmp/apt.log" 2>&1 || { cat "$tmp/apt.log"; return 1; }
	pkgs=$(apt-get "$@" -s install --no-install-recommends neovim 2>>"$tmp/apt.log" | awk '/^Inst /{print $2}')
	[ -n "$pkgs" ] || { cat "$tmp/apt.log"; return 1; }
	(cd "$tmp/deb" && apt-get "$@" -qq download $pkgs) >>"$tmp/apt.log" 2>&1 || { cat "$tmp/apt.log"; return 1; }
	for deb in "$tmp"/deb/*.deb; do
		dpkg-deb -x "$deb" "$tmp/root" || return 1
	done
	cat >"$tmp/nvim" <<LAUNCHER
#!/bin/sh
# Neovim from Debian $rel with its own libc ($(echo $pkgs))
r=$dir/root
l=\$r/usr/lib/x86_64-linux-gnu
VIMRUNTIME=\$r/usr/share/nvim/runtime exec "\$l/ld-linux-x86-64.so.2" --library-path "\$l" "\$r/usr/bin/nvim" "\$@"
LAUNCHER
	chmod +x "$tmp/nvim"
	rm -rf "$tmp/apt" "$tmp/deb"
	rm -rf "$dir" && mv "$tmp" "$dir"
	# the launcher names the final folder already
}

rc=0
for rel in $releases; do
	dir=$cache/nvim-debian-$rel
	if [ ! -x "$dir/nvim" ] || [ -n "$(find "$dir/nvim" -mtime +7 2>/dev/null)" ]; then
		echo "fetching Debian $rel's neovim into $dir"
		fetch "$rel" "$dir" || fail "fetching Debian $rel's neovim"
	fi
	"$dir/nvim" --version >/dev/null 2>&1 || fail "$dir/nvim does not start"
	SKILL_LS_NVIM_BIN=$dir/nvim sh "$here/run.sh" || rc=1
done
exit $rc
