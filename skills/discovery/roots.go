// Package discovery finds skill files where DSH looks and reads them: the
// roots in rank order, each root's entries in DSH's visit order with the
// problems of the entries that are not skills, and the bounded read of a
// skill file. It is the engine's only reader of root folders.
package discovery

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/skill-ls/skill-ls/skills/skillfile"
)

// Root is one directory DSH scans for skills.
type Root struct {
	// Dir is the root directory as DSH builds it (lexical, absolute).
	Dir string
	// Source is the DSH source label; Rank follows from it.
	Source Source
	Rank   int
	// Index is the root's position in the scan order.
	Index int
	// SkipSystem skips the entry named ".system" (only the user-dsh root).
	SkipSystem bool
	// Mode is the read path used for files under this root.
	Mode skillfile.ReadMode
	// Only, when non-empty, restricts the root to these entry names (used
	// for explicit file arguments of `skill-ls check`).
	Only []string
}

// RootOptions configures root discovery like DSH's filesystem provider
// (docs/dsh.md §3.1). Empty strings take the environment fallback, then the default.
type RootOptions struct {
	// Cwd is the session cwd; "" means no cwd, so no project roots.
	Cwd string
	// ProjectRoot overrides the project root that Cwd would give (the
	// nearest ancestor holding .git). A skill-ls extension: DSH always walks.
	ProjectRoot string
	// DSHHome is the DSH home (default $DSH_HOME, else ~/.dsh).
	DSHHome string
	// AgentsHome is the agents home (default $DSH_AGENTS_HOME, else ~/.agents).
	AgentsHome string
	// CustomDirs are extra roots, rank 300, earlier wins.
	CustomDirs []string
	// BundledDir is the bundled root (default $DSH_BUNDLED_SKILL_DIR when
	// default roots are on).
	BundledDir string
	// NoDefaultRoots leaves only the custom and explicit bundled roots.
	NoDefaultRoots bool
	// NodeRead reads every root through Node's readFile path (DSH without
	// ctx.fs): BOM kept, invalid UTF-8 replaced. The bundled root always is.
	NodeRead bool
	// Getenv reads the environment (nil means os.Getenv).
	Getenv func(string) string
	// HomeDir is the user's home for ~ (empty means os.UserHomeDir).
	HomeDir string
}

func (o RootOptions) getenv(k string) string {
	if o.Getenv != nil {
		return o.Getenv(k)
	}
	return os.Getenv(k)
}

func (o RootOptions) home() string {
	if o.HomeDir != "" {
		return o.HomeDir
	}
	if h, err := os.UserHomeDir(); err == nil {
		return h
	}
	return "/"
}

// ProjectRoot returns the nearest ancestor of cwd (inclusive) that holds an
// entry named .git, or cwd itself when none does (docs/dsh.md §3.2).
func ProjectRoot(cwd string) string {
	abs := absPath(cwd)
	for dir := abs; ; {
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return abs
		}
		dir = parent
	}
}

// DSHHomeDir resolves the DSH home as resolveDshHome does: the option, else a
// non-blank $DSH_HOME, else ~/.dsh; a leading ~ is expanded.
func (o RootOptions) DSHHomeDir() string {
	h := o.DSHHome
	if h == "" {
		if e := o.getenv("DSH_HOME"); strings.TrimSpace(e) != "" {
			h = e
		}
	}
	if h == "" {
		return filepath.Join(o.home(), ".dsh")
	}
	switch {
	case h == "~":
		h = o.home()
	case strings.HasPrefix(h, "~/"), strings.HasPrefix(h, `~\`):
		h = filepath.Join(o.home(), h[2:])
	}
	return absPath(h)
}

// AgentsHomeDir resolves the agents home: the option, else $DSH_AGENTS_HOME,
// else ~/.agents, with no tilde expansion.
func (o RootOptions) AgentsHomeDir() string {
	h := o.AgentsHome
	if h == "" {
		h = o.getenv("DSH_AGENTS_HOME")
	}
	if h == "" {
		return filepath.Join(o.home(), ".agents")
	}
	return absPath(h)
}

// Roots returns the roots in DSH's scan order (docs/dsh.md §3.1).
func Roots(o RootOptions) []Root {
	mode := skillfile.ReadFS
	if o.NodeRead {
		mode = skillfile.ReadNode
	}
	var roots []Root
	add := func(dir string, src Source, skipSystem bool, m skillfile.ReadMode) {
		roots = append(roots, Root{Dir: dir, Source: src, Rank: src.Rank(), Index: len(roots), SkipSystem: skipSystem, Mode: m})
	}
	if !o.NoDefaultRoots && (o.Cwd != "" || o.ProjectRoot != "") {
		project := ProjectRoot(o.Cwd)
		if o.ProjectRoot != "" {
			project = absPath(o.ProjectRoot)
		}
		add(filepath.Join(project, ".dsh", "skills"), SourceProjectDSH, false, mode)
		add(filepath.Join(project, ".agents", "skills"), SourceProjectAgents, false, mode)
	}
	for _, d := range o.CustomDirs {
		if d == "" {
			continue
		}
		add(absPath(d), SourceCustom, false, mode)
	}
	if !o.NoDefaultRoots {
		add(filepath.Join(o.DSHHomeDir(), "skills"), SourceUserDSH, true, mode)
		add(filepath.Join(o.AgentsHomeDir(), "skills"), SourceUserAgents, false, mode)
	}
	bundled := o.BundledDir
	if bundled == "" && !o.NoDefaultRoots {
		bundled = o.getenv("DSH_BUNDLED_SKILL_DIR")
	}
	if bundled != "" {
		add(absPath(bundled), SourceBundled, false, skillfile.ReadNode)
	}
	return roots
}

// absPath resolves p against the process working directory, like Node's
// path.resolve, and cleans it.
func absPath(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return filepath.Clean(p)
}

// Source is the label DSH gives the root a skill was found in.
type Source string

// The sources of the DeepSeek Harness, in rank order (docs/dsh.md §3.1).
const (
	SourceProjectDSH    Source = "project-dsh"
	SourceProjectAgents Source = "project-agents"
	SourceRuntime       Source = "runtime"
	SourceCustom        Source = "custom"
	SourceUserDSH       Source = "user-dsh"
	SourceUserAgents    Source = "user-agents"
	SourceBundled       Source = "bundled"
)

// Rank returns the DSH rank of a source: a lower rank wins a duplicate name.
func (s Source) Rank() int {
	switch s {
	case SourceProjectDSH:
		return 100
	case SourceProjectAgents:
		return 200
	case SourceRuntime:
		return 250
	case SourceCustom:
		return 300
	case SourceUserDSH:
		return 400
	case SourceUserAgents:
		return 500
	case SourceBundled:
		return 600
	}
	return 1000
}
