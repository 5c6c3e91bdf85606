#!/usr/bin/env bash
# Checks the editor snippets of docs/editors.md: every fenced block after a
# `<!-- check: KIND [NAME] -->` line.
#   toml, json  parsed, and the keys that wire skill-ls checked
#   elisp       loaded by `emacs --batch` with eglot: the server entry, and the
#               hook starts eglot in SKILL.md and *.chat.md buffers only
#   lua         the lazy.nvim spec: headless Neovim calls its opts and its
#               config with this repository as the plugin folder, as
#               lazy.nvim would: setup() runs from editors/nvim, and cmd is
#               the Mason-style binary once it exists
#   kakoune     loaded by real Kakoune (kak -ui dummy) with kakoune-lsp's
#               option and command stubbed: a SKILL.md buffer gets the
#               lsp_servers table (parsed as TOML) and lsp-enable-window runs;
#               a .txt buffer gets neither
# The Emacs block must also appear verbatim in editors/emacs/README.md.
# Prints one line per check and "N passed, N failed"; a missing emacs, kak or
# nvim is a failure (apt-get install emacs-nox elpa-eglot kakoune neovim).
set -u

repo=$(cd "$(dirname "$0")/.." && pwd)
doc=$repo/docs/editors.md
pass=0
fail=0
ok() { echo "PASS $*"; pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# Extract the blocks to $T/KIND[-NAME].block.
python3 - "$doc" "$T" <<'PY' || { echo "FAIL extracting the blocks"; echo "0 passed, 1 failed"; exit 1; }
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
blocks = re.findall(r"<!-- check: (\w+)(?: ([\w-]+))? -->\n```\w*\n(.*?)\n```\n", text, re.S)
if len(blocks) != len(re.findall(r"^<!-- check:", text, re.M)):
    sys.exit("a <!-- check: --> line is not followed by a fenced block")
for kind, name, body in blocks:
    open(f"{sys.argv[2]}/{kind}{'-' + name if name else ''}.block", "w", encoding="utf-8").write(body + "\n")
PY
for want in lua-lazy toml-helix toml-zed-extension toml-zed-cargo json-zed-settings elisp-emacs kakoune; do
	[ -f "$T/$want.block" ] || bad "docs/editors.md has no checked block $want"
done

# pycheck NAME FILE PYTHON: d is the parsed file (TOML or JSON by suffix).
pycheck() {
	local what=$1 file=$2 expr=$3
	if python3 - "$file" "$expr" <<'PY'; then ok "$what"; else bad "$what"; fi
import json, sys, tomllib
path, expr = sys.argv[1], sys.argv[2]
try:
    d = json.load(open(path)) if path.endswith((".json", "-settings.block")) else tomllib.load(open(path, "rb"))
except Exception as e:
    sys.exit(f"  parse error: {e}")
if not eval(expr):
    sys.exit(f"  unexpected content: {d}")
PY
}
pycheck "Helix languages.toml: skill-ls runs 'skill-ls serve' beside marksman for markdown" "$T/toml-helix.block" \
	'd["language-server"]["skill-ls"]["command"] == "skill-ls" and d["language-server"]["skill-ls"]["args"] == ["serve"] and [l for l in d["language"] if l["name"] == "markdown"][0]["language-servers"] == ["marksman", "skill-ls"]'
pycheck "Zed extension.toml: skill-ls serves Markdown" "$T/toml-zed-extension.block" \
	'd["language_servers"]["skill-ls"]["languages"] == ["Markdown"] and d["schema_version"] == 1 and d["id"] == "skill-ls"'
pycheck "Zed Cargo.toml: a cdylib on zed_extension_api" "$T/toml-zed-cargo.block" \
	'd["lib"]["crate-type"] == ["cdylib"] and "zed_extension_api" in d["dependencies"]'
pycheck "Zed settings.json: skill-ls first among the Markdown servers" "$T/json-zed-settings.block" \
	'd["languages"]["Markdown"]["language_servers"][0] == "skill-ls" and "..." in d["languages"]["Markdown"]["language_servers"] and "skill-ls" in d["lsp"]'

# Neovim: the lazy.nvim spec, called as lazy.nvim calls it (opts, then
# config with the plugin's folder: this repository).
if ! command -v nvim >/dev/null 2>&1; then
	bad "nvim is not installed (apt-get install neovim)"
else
	cat >"$T/lazy-check.lua" <<'EOF'
local block, repo, out = os.getenv("BLOCK"), os.getenv("REPO"), os.getenv("OUT")
local lines = {}
local function say(k, v) table.insert(lines, k .. " " .. tostring(v)) end
local ok, err = pcall(function()
  local spec = dofile(block)
  say("repo", spec[1])
  local function resolve()
    return type(spec.opts) == "function" and spec.opts() or spec.opts
  end
  local opts = resolve()
  say("cmd-default", opts.cmd[1])
  spec.config({ dir = repo, name = "skill-ls" }, opts)
  local skill_ls = require("skill_ls")
  say("setup", skill_ls.mode ~= nil)
  say("module", vim.api.nvim_get_runtime_file("lua/skill_ls/init.lua", false)[1])
  say("config-cmd", skill_ls.config.cmd[1])
  -- Once the Mason-style binary is there, opts finds it.
  local bin = vim.fn.stdpath("data") .. "/skill-ls/bin/skill-ls"
  vim.fn.mkdir(vim.fn.fnamemodify(bin, ":h"), "p")
  vim.fn.writefile({ "#!/bin/sh" }, bin)
  vim.fn.setfperm(bin, "rwxr-xr-x")
  say("cmd-installed", resolve().cmd[1] == bin)
end)
if not ok then say("error", err) end
vim.fn.writefile(lines, out)
vim.cmd("qall!")
EOF
	mkdir -p "$T/nvim-data"
	BLOCK=$T/lua-lazy.block REPO=$repo OUT=$T/lazy.out XDG_DATA_HOME=$T/nvim-data HOME=$T \
		timeout 30 nvim --headless -u NONE -i NONE -n -c "luafile $T/lazy-check.lua" >/dev/null 2>"$T/lazy.err"
	if grep -qx 'repo skill-ls/skill-ls' "$T/lazy.out" && grep -qx 'cmd-default skill-ls' "$T/lazy.out" &&
		grep -qx 'setup true' "$T/lazy.out" && grep -qx "module $repo/editors/nvim/lua/skill_ls/init.lua" "$T/lazy.out" &&
		grep -qx 'config-cmd skill-ls' "$T/lazy.out"; then
		ok "Neovim $(nvim --version | head -n 1 | cut -d' ' -f2): the lazy.nvim spec puts editors/nvim on the runtimepath and runs setup()"
	else
		bad "Neovim: the lazy.nvim spec puts editors/nvim on the runtimepath and runs setup()"
		cat "$T/lazy.out" "$T/lazy.err"
	fi
	if grep -qx 'cmd-installed true' "$T/lazy.out"; then
		ok "Neovim: the spec's cmd is the Mason-style binary once it is installed"
	else
		bad "Neovim: the spec's cmd is the Mason-style binary once it is installed"
		cat "$T/lazy.out"
	fi
fi

# Emacs: load the snippet, then visit files with eglot-ensure recorded.
if python3 -c 'import sys; sys.exit(open(sys.argv[1]).read() not in open(sys.argv[2]).read())' \
	"$T/elisp-emacs.block" "$repo/editors/emacs/README.md"; then
	ok "the Emacs snippet is the one in editors/emacs/README.md"
else
	bad "the Emacs snippet differs from editors/emacs/README.md"
fi
if ! command -v emacs >/dev/null 2>&1; then
	bad "emacs is not installed (apt-get install emacs-nox elpa-eglot)"
else
	cat >"$T/check.el" <<EOF
(require 'eglot)
(unless (fboundp 'markdown-mode) (define-derived-mode markdown-mode text-mode "Markdown"))
(load "$T/elisp-emacs.block" nil t t)
(princ (format "entry %S\n" (cdr (assoc 'markdown-mode eglot-server-programs))))
(dolist (f '("/p/.agents/skills/pdf/SKILL.md" "/p/notes.chat.md" "/p/README.md" "/p/SKILL.md.bak"))
  (let ((started nil))
    (cl-letf (((symbol-function 'eglot-ensure) (lambda () (setq started t))))
      (with-temp-buffer
        (setq buffer-file-name f)
        (markdown-mode)
        (princ (format "%s %s\n" f (if started "eglot" "none")))))))
EOF
	emacs --batch -l "$T/check.el" >"$T/emacs.out" 2>"$T/emacs.err"
	if grep -qx 'entry ("skill-ls" "serve")' "$T/emacs.out"; then
		ok "Emacs: eglot-server-programs maps markdown-mode to skill-ls serve"
	else
		bad "Emacs: eglot-server-programs maps markdown-mode to skill-ls serve"
		cat "$T/emacs.out" "$T/emacs.err"
	fi
	if [ "$(grep -c ' eglot$' "$T/emacs.out")" -eq 2 ] && grep -qx '/p/.agents/skills/pdf/SKILL.md eglot' "$T/emacs.out" &&
		grep -qx '/p/notes.chat.md eglot' "$T/emacs.out"; then
		ok "Emacs: the hook starts eglot in SKILL.md and *.chat.md only"
	else
		bad "Emacs: the hook starts eglot in SKILL.md and *.chat.md only"
		cat "$T/emacs.out"
	fi
fi

# Kakoune: real kak, kakoune-lsp stubbed.
if ! command -v kak >/dev/null 2>&1; then
	bad "kak is not installed (apt-get install kakoune)"
else
	mkdir -p "$T/kak" "$T/ws/.agents/skills/pdf"
	printf -- '---\nname: pdf\ndescription: Fill PDF forms.\n---\nBody.\n' >"$T/ws/.agents/skills/pdf/SKILL.md"
	echo text >"$T/ws/notes.txt"
	{
		echo '# stubs of what kakoune-lsp declares'
		echo 'declare-option str lsp_servers'
		echo 'declare-option str check_marker'
		# shellcheck disable=SC2016 # expanded by Kakoune's %sh, not here
		echo 'define-command lsp-enable-window %{ nop %sh{ touch "$kak_opt_check_marker" } }'
		cat "$T/kakoune.block"
	} >"$T/kak/kakrc"
	kak_run() { # FILE OUT MARKER
		KAKOUNE_CONFIG_DIR=$T/kak timeout 20 kak -ui dummy -e "set-option global check_marker $3; edit $1; echo -to-file $2 %opt{filetype}; echo -to-file $2.servers %opt{lsp_servers}; quit!" 2>"$T/kak.err"
	}
	kak_run "$T/ws/.agents/skills/pdf/SKILL.md" "$T/kak.skill" "$T/kak.skill.enabled"
	if [ "$(cat "$T/kak.skill" 2>/dev/null)" = markdown ] && [ -f "$T/kak.skill.enabled" ]; then
		ok "Kakoune $(dpkg-query -W -f '${Version}' kakoune 2>/dev/null): a SKILL.md buffer is markdown and runs lsp-enable-window"
	else
		bad "Kakoune: a SKILL.md buffer is markdown and runs lsp-enable-window"
		cat "$T/kak.err"
	fi
	cp "$T/kak.skill.servers" "$T/kak-servers.toml" 2>/dev/null
	pycheck "Kakoune: the buffer's lsp_servers is TOML with marksman and skill-ls serve" "$T/kak-servers.toml" \
		'd["skill-ls"]["args"] == ["serve"] and d["skill-ls"]["settings_section"] == "skillLs" and d["skill-ls"]["settings"]["skillLs"]["profile"] == "dsh" and d["marksman"]["args"] == ["server"] and ".git" in d["skill-ls"]["root_globs"]'
	kak_run "$T/ws/notes.txt" "$T/kak.txt" "$T/kak.txt.enabled"
	if [ -f "$T/kak.txt.servers" ] && [ -z "$(tr -d '[:space:]' <"$T/kak.txt.servers")" ] && [ ! -f "$T/kak.txt.enabled" ]; then
		ok "Kakoune: a .txt buffer gets no server"
	else
		bad "Kakoune: a .txt buffer gets no server"
		cat "$T/kak.err"
	fi
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
