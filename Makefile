# skill-ls: `make test` is the whole test suite (what .ci/run runs after
# installing the editors the real-client tests need).
GO ?= go

.PHONY: test test-go test-fuzz test-nvim test-emacs test-vscode build install demo

test: test-go test-fuzz test-nvim test-emacs test-vscode

test-go:
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || { echo "gofmt needed:"; gofmt -l $$(git ls-files '*.go'); exit 1; }
	$(GO) vet ./...
	$(GO) test -race -shuffle=on ./...

# Each fuzz target for a bounded number of inputs (the corpus under testdata/fuzz seeds them).
test-fuzz:
	./scripts/fuzz.sh 20000x

# Neovim 0.7.2 (Debian bookworm's), then 0.10 and the newest from Debian
# trixie and sid, unpacked into the e2e cache by newer-nvim.sh.
test-nvim:
	sh editors/nvim/test/run.sh
	sh editors/nvim/test/newer-nvim.sh

test-emacs:
	sh editors/emacs/test/run.sh

test-vscode:
	bash editors/vscode/test/e2e.sh

build:
	$(GO) build -o skill-ls ./cmd/skill-ls

install:
	$(GO) install ./cmd/skill-ls

# Check the example skills (broken on purpose) the README tours.
demo: install
	cd testdata/examples && skill-ls check --project-root project --dsh-home home/.dsh --agents-home home/.agents; true
