# skill-ls: `make test` is the whole test suite (what .ci/run runs after
# installing the editors the real-client tests need).
GO ?= go

.PHONY: test test-go test-fuzz test-nvim test-emacs test-vscode test-snippets test-precommit test-action test-npm test-peers test-workflows test-hosts hosts-update build install demo npm release

test: test-go test-fuzz test-nvim test-emacs test-vscode test-snippets test-precommit test-action test-npm test-peers test-workflows test-hosts

# SKILL_LS_SLOW=1 runs the slow tests too (TestManyEntries, TestStressChurn,
# TestSoak); a plain `go test ./...` skips them to stay fast.
test-go:
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { echo "gofmt needed:"; gofmt -l $$(git ls-files '*.go'); exit 1; }
	$(GO) vet ./...
	SKILL_LS_SLOW=1 $(GO) test -race -shuffle=on ./...

# Each fuzz target for a bounded number of inputs (the corpus under testdata/fuzz seeds them).
test-fuzz:
	./scripts/fuzz.sh 20000x

# Neovim 0.7.2 (Debian bookworm's), then 0.9.5 (Ubuntu 24.04), 0.10
# (Debian trixie), 0.11 (Ubuntu 26.04) and the newest (Debian sid),
# unpacked into the e2e cache by newer-nvim.sh.
test-nvim:
	sh editors/nvim/test/run.sh
	sh editors/nvim/test/newer-nvim.sh

test-emacs:
	sh editors/emacs/test/run.sh

test-vscode:
	bash editors/vscode/test/e2e.sh

# The Helix, Zed, Emacs and Kakoune snippets of docs/editors.md.
test-snippets:
	bash scripts/test-editor-snippets.sh

# .pre-commit-hooks.yaml with pre-commit in a temp repository.
test-precommit:
	bash scripts/test-precommit.sh

# action.yml's shell steps with the GitHub environment faked.
test-action:
	bash scripts/test-action.sh

# The npm launcher and linux-x64 tarballs installed into a fresh project
# with no network: npx skill-ls --version, check, the server over stdio.
test-npm:
	bash scripts/test-npm.sh

# The peer linters (skill-check, skills-ref, claude-code-lint) on a corpus
# of common defects: skill-ls must report what they report (docs/peers.md).
test-peers:
	bash scripts/test-peers.sh

# actionlint over .github/workflows (and shellcheck over their run: steps).
test-workflows:
	$(GO) run github.com/rhysd/actionlint/cmd/actionlint@v1.7.12

# The host releases pinned in scripts/hosts/versions.txt (Claude Code, Codex,
# Gemini CLI, OpenCode, Copilot CLI), installed from npm into the e2e cache and run offline in a
# network namespace of their own, against render catalog --host and
# matrix --json over skills/hosts/testdata and the generated pitfall corpus
# (docs/hosts.md, "Checked against the releases"). Needs unshare, ip, node.
test-hosts:
	bash scripts/hosts/run.sh

# The same suite against the newest release of each host: what changed.
hosts-update:
	bash scripts/hosts/run.sh --latest

build:
	$(GO) build -o skill-ls ./cmd/skill-ls

# The release version (vX.Y.Z) `make npm` and `make release` link into the
# binaries and give the packages. Empty: `make npm` makes a development
# build named after the commit; `make release` takes the version of
# editors/vscode/package.json.
VERSION ?=

# The npm packages (the skill-ls launcher, @skill-ls/<platform>-<arch>) packed
# into dist/npm.
npm:
	node npm/build.mjs --version "$(VERSION)" --out dist/npm

# Every release artifact in dist/release: the binaries, the platform .vsix
# files, the npm tarballs and SHA256SUMS.
release:
	node scripts/release.mjs --version "$(VERSION)" --out dist/release

install:
	$(GO) install ./cmd/skill-ls

# Check the example skills (broken on purpose) the README tours.
demo: install
	cd testdata/examples && skill-ls check --project-root project --dsh-home home/.dsh --agents-home home/.agents; true
