package main

import (
	"bytes"
	"context"
	"regexp"
	"runtime/debug"
	"strings"
	"testing"
)

func TestDescribeVersion(t *testing.T) {
	vcs := func(rev, when, modified string) []debug.BuildSetting {
		return []debug.BuildSetting{
			{Key: "vcs", Value: "git"},
			{Key: "vcs.revision", Value: rev},
			{Key: "vcs.time", Value: when},
			{Key: "vcs.modified", Value: modified},
		}
	}
	const rev = "52c5ae3abcd1ef0123456789abcdef0123456789"
	tests := []struct {
		name   string
		linked string
		bi     *debug.BuildInfo
		want   string
	}{
		{"linked release version wins", "v1.2.3", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs(rev, "2026-12-01T22:14:00Z", "true")}, "v1.2.3"},
		{"no build information", "", nil, "devel"},
		{"go install at a tag", "", &debug.BuildInfo{Main: debug.Module{Version: "v0.4.0"}}, "v0.4.0"},
		{"clean checkout at a tag", "", &debug.BuildInfo{Main: debug.Module{Version: "v0.4.0"}, Settings: vcs(rev, "2026-12-01T22:14:00Z", "false")}, "v0.4.0"},
		{"dirty checkout at a tag", "", &debug.BuildInfo{Main: debug.Module{Version: "v0.4.0+dirty"}, Settings: vcs(rev, "2026-12-01T22:14:00Z", "true")}, "devel 52c5ae3abcd1 2026-12-01T22:14:00Z dirty"},
		{"checkout after a tag", "", &debug.BuildInfo{Main: debug.Module{Version: "v0.4.1-0.20261201221400-52c5ae3abcd1"}, Settings: vcs(rev, "2026-12-01T22:14:00Z", "false")}, "devel 52c5ae3abcd1 2026-12-01T22:14:00Z"},
		{"checkout without vcs stamping", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "devel"},
		{"older Go: (devel) with vcs settings", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs(rev, "2026-12-01T22:14:00Z", "true")}, "devel 52c5ae3abcd1 2026-12-01T22:14:00Z dirty"},
		{"go install at a commit (pseudo-version)", "", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261201221400-52c5ae3abcd1"}}, "devel 52c5ae3abcd1 2026-12-01T22:14:00Z"},
		{"pre-release pseudo-version", "", &debug.BuildInfo{Main: debug.Module{Version: "v0.5.0-rc.1.0.20261201221400-52c5ae3abcd1"}}, "devel 52c5ae3abcd1 2026-12-01T22:14:00Z"},
		{"pre-release tag", "", &debug.BuildInfo{Main: debug.Module{Version: "v0.5.0-rc.1"}}, "v0.5.0-rc.1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := describeVersion(tt.linked, tt.bi); got != tt.want {
				t.Errorf("describeVersion = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestVersionFlag runs `--version` on the test binary's own build
// information: a test binary has no VCS settings, so it names no commit.
func TestVersionFlag(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run(context.Background(), []string{"--version"}, strings.NewReader(""), &out, &errOut); code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, errOut.String())
	}
	if !regexp.MustCompile(`^skill-ls (devel( [0-9a-f]{12}( \S+)?( dirty)?)?|v\d+\.\d+\.\d+\S*)\n$`).MatchString(out.String()) {
		t.Errorf("--version printed %q", out.String())
	}
}
