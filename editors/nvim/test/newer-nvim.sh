#!/bin/sh
# Runs the Neovim end-to-end test (run.sh) in newer Neovims than Debian
# bookworm's 0.7.2, taken from distribution archives through apt (Neovim's
# own release tarballs are not downloadable on this kind of machine):
#
#   ubuntu:noble     0.9.5   (Ubuntu 24.04)
#   debian:trixie    0.10.4  (Debian 13)
#   ubuntu:resolute  0.11.x  (Ubuntu 26.04)
#   debian:sid       the newest Debian has (0.12.4 at the time of writing)
#
# Each package set is fetched with apt-get download into a private apt
# directory (nothing is installed on the system), unpacked with its own libc
# into the e2e cache and started through its own dynamic loader. Ubuntu's
# archive key comes from Debian's ubuntu-keyring package, fetched the same way.
# A folder is reused for 7 days. Never skipped: a failed download is a failure.
#
#   editors/nvim/test/newer-nvim.sh                     (all four)
#   editors/nvim/test/newer-nvim.sh sid ubuntu:noble    (a bare name is Debian's)
set -u

here=$(cd "$(dirname "$0")" && pwd)
cache=${SKILL_LS_E2E_CACHE:-$HOME/.cache/skill-ls-e2e}
releases=${*:-ubuntu:noble debian:trixie ubuntu:resolute debian:sid}

fail() {
	echo "FAIL $1"
	echo "0 passed, 1 failed"
	exit 1
}

command -v apt-get >/dev/null 2>&1 || fail "apt-get not found (apt fetches the newer Neovims)"
command -v dpkg-deb >/dev/null 2>&1 || fail "dpkg-deb not found"

debian_keyring=/usr/share/keyrings/debian-archive-keyring.gpg
ubuntu_keyring=$cache/ubuntu-keyring/usr/share/keyrings/ubuntu-archive-keyring.gpg

# apt_dir DIR SOURCES_LINE...: makes DIR a private apt state with those
# sources, updates it and sets the positional apt options in $apt_opts.
apt_dir() {
	adir=$1
	shift
	mkdir -p "$adir/lists/partial" "$adir/archives/partial" || return 1
	: >"$adir/status"
	printf '%s\n' "$@" >"$adir/sources.list"
	apt_opts="-o Dir::State=$adir -o Dir::State::Lists=$adir/lists -o Dir::State::status=$adir/status
		-o Dir::Cache=$adir -o Dir::Etc::sourcelist=$adir/sources.list -o Dir::Etc::sourceparts=/nonexistent
		-o Dir::Etc::preferencesparts=/nonexistent -o APT::Architecture=amd64 -o Debug::NoLocking=1
		-o APT::Sandbox::User=root"
	# shellcheck disable=SC2086 # apt_opts is a list of words without spaces inside
	apt-get $apt_opts -qq update >"$adir.log" 2>&1 || { cat "$adir.log"; return 1; }
}

# fetch_ubuntu_keyring: unpacks Debian trixie's ubuntu-keyring (Ubuntu's
# archive signing keys) into $cache/ubuntu-keyring.
fetch_ubuntu_keyring() {
	kdir=$cache/ubuntu-keyring
	ktmp=$kdir.partial.$$
	rm -rf "$ktmp" && mkdir -p "$ktmp/deb" || return 1
	apt_dir "$ktmp/apt" "deb [signed-by=$debian_keyring] http://deb.debian.org/debian trixie main" || return 1
	# shellcheck disable=SC2086
	(cd "$ktmp/deb" && apt-get $apt_opts -qq download ubuntu-keyring) >>"$ktmp/apt.log" 2>&1 || { cat "$ktmp/apt.log"; return 1; }
	dpkg-deb -x "$ktmp"/deb/ubuntu-keyring_*.deb "$ktmp/root" || return 1
	rm -rf "$kdir" && mv "$ktmp/root" "$kdir" && rm -rf "$ktmp"
}

# fetch DISTRO RELEASE DIR: unpacks RELEASE's neovim and its dependencies
# into DIR and writes DIR/nvim, a launcher.
fetch() {
	distro=$1 rel=$2 dir=$3
	case $distro in
	debian) source="deb [signed-by=$debian_keyring] http://deb.debian.org/debian $rel main" ;;
	ubuntu)
		if [ ! -f "$ubuntu_keyring" ] || [ -n "$(find "$ubuntu_keyring" -mtime +7 2>/dev/null)" ]; then
			fetch_ubuntu_keyring || return 1
		fi
		source="deb [signed-by=$ubuntu_keyring] http://archive.ubuntu.com/ubuntu $rel main universe"
		;;
	*)
		echo "unknown distribution $distro (debian or ubuntu)"
		return 1
		;;
	esac
	tmp=$dir.partial.$$
	rm -rf "$tmp" && mkdir -p "$tmp/deb" "$tmp/root" || return 1
	apt_dir "$tmp/apt" "$source" || return 1
	# shellcheck disable=SC2086
	pkgs=$(apt-get $apt_opts -s install --no-install-recommends neovim 2>>"$tmp/apt.log" | awk '/^Inst /{print $2}')
	[ -n "$pkgs" ] || { cat "$tmp/apt.log"; return 1; }
	# shellcheck disable=SC2086
	(cd "$tmp/deb" && apt-get $apt_opts -qq download $pkgs) >>"$tmp/apt.log" 2>&1 || { cat "$tmp/apt.log"; return 1; }
	for deb in "$tmp"/deb/*.deb; do
		dpkg-deb -x "$deb" "$tmp/root" || return 1
	done
	pkglist=$(printf '%s\n' "$pkgs" | tr '\n' ' ')
	cat >"$tmp/nvim" <<LAUNCHER
#!/bin/sh
# Neovim from $distro $rel with its own libc: $pkglist
r=$dir/root
l=\$r/usr/lib/x86_64-linux-gnu
VIMRUNTIME=\$r/usr/share/nvim/runtime exec "\$l/ld-linux-x86-64.so.2" --library-path "\$l" "\$r/usr/bin/nvim" "\$@"
LAUNCHER
	chmod +x "$tmp/nvim"
	rm -rf "$tmp/apt" "$tmp/apt.log" "$tmp/deb"
	rm -rf "$dir" && mv "$tmp" "$dir"
	# the launcher names the final folder already
}

rc=0
for spec in $releases; do
	case $spec in
	*:*) distro=${spec%%:*} rel=${spec#*:} ;;
	*) distro=debian rel=$spec ;;
	esac
	# Debian's folders keep their old names so existing caches stay valid.
	dir=$cache/nvim-$distro-$rel
	if [ ! -x "$dir/nvim" ] || [ -n "$(find "$dir/nvim" -mtime +7 2>/dev/null)" ]; then
		echo "fetching $distro $rel's neovim into $dir"
		fetch "$distro" "$rel" "$dir" || fail "fetching $distro $rel's neovim"
	fi
	# Neovim finds its bundled tree-sitter parsers (usr/lib/nvim/parser)
	# relative to its executable, which is the dynamic loader here: link
	# the folder it looks in, so the parsers load as in a real install.
	[ -e "$dir/root/usr/lib/lib/nvim" ] || [ ! -d "$dir/root/usr/lib/nvim" ] ||
		{ mkdir -p "$dir/root/usr/lib/lib" && ln -s ../nvim "$dir/root/usr/lib/lib/nvim"; } ||
		fail "linking $dir's parser folder"
	"$dir/nvim" --version >/dev/null 2>&1 || fail "$dir/nvim does not start"
	SKILL_LS_NVIM_BIN=$dir/nvim sh "$here/run.sh" || rc=1
done
exit $rc
