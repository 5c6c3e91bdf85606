package main

import (
	"runtime/debug"
	"strings"
	"time"

	gomodule "golang.org/x/mod/module"
	"golang.org/x/mod/semver"
)

// version is the release version, set at link time by `make release` and
// `make npm` when they build for a release:
//
//	go build -ldflags "-X main.version=v1.2.3" ./cmd/skill-ls
//
// When it is empty, the build information names the build (versionString).
var version string

// versionString is what `skill-ls --version`, the server's serverInfo and
// SARIF's tool version say.
func versionString() string {
	bi, _ := debug.ReadBuildInfo()
	return describeVersion(version, bi)
}

// describeVersion names a build: the version set at link time; else a
// released module version (`go install …@v1.2.3`, or a build of a clean
// checkout at a tag); else "devel" with the commit and its date, from the
// VCS settings of a build in a checkout (with " dirty" when the work tree
// had changes) or from the pseudo-version of a `go install …@COMMIT`. bi
// may be nil (a binary without build information).
func describeVersion(linked string, bi *debug.BuildInfo) string {
	if linked != "" {
		return linked
	}
	if bi == nil {
		return "devel"
	}
	mv := bi.Main.Version
	if semver.IsValid(mv) && semver.Build(mv) == "" && !gomodule.IsPseudoVersion(mv) {
		return mv
	}
	var rev, when string
	dirty := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			when = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" && gomodule.IsPseudoVersion(mv) {
		rev, _ = gomodule.PseudoVersionRev(mv)
		if t, err := gomodule.PseudoVersionTime(mv); err == nil {
			when = t.UTC().Format(time.RFC3339)
		}
		dirty = strings.HasSuffix(mv, "+dirty")
	}
	if rev == "" {
		return "devel"
	}
	parts := []string{"devel", shortRevision(rev)}
	if when != "" {
		parts = append(parts, when)
	}
	if dirty {
		parts = append(parts, "dirty")
	}
	return strings.Join(parts, " ")
}

// shortRevision cuts a commit hash to the 12 digits of a pseudo-version.
func shortRevision(rev string) string {
	if len(rev) > 12 {
		return rev[:12]
	}
	return rev
}
