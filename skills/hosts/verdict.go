package hosts

import (
	"os"
	"strings"
	"sync"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
)

// Status is what a host does with one skill file.
type Status string

// The four verdicts of the load matrix.
const (
	Loads         Status = "loads"          // the host loads it (notes may say what it changes)
	Dropped       Status = "dropped"        // the host reads the file and skips it
	Shadowed      Status = "shadowed"       // another file with the same name wins
	NotDiscovered Status = "not-discovered" // the host does not look where the file is
)

// Note is one remark a host makes on a skill file: a truncated description,
// a name taken from the folder, an unconfirmed rule.
type Note struct {
	// Code is a stable kebab-case code: the code of the diagnostics rule
	// for the problem the note is about when one names it
	// ("name-missing", "yaml-unquoted-colon", "description-truncated"),
	// else a host code (codes.go: "yaml-repaired", "not-read"), or, for a
	// rule docs/hosts.md marks unconfirmed, "unconfirmed-...".
	Code string
	// Message is in the host's terms, e.g. "Gemini CLI skips this skill: it
	// has no description".
	Message string
	// Key is the frontmatter key the note is about ("name", "description",
	// "disable-model-invocation"), or "" when it is about the whole file or
	// frontmatter, so an editor can put it at the right place.
	Key string
	// Reason is why a host cannot read the file, without the host's name
	// (a read error: "too many levels of symbolic links"), so that one
	// finding can name every host that reads it; "" for other notes.
	Reason string `json:"-"`
	// SameFile marks a duplicate note whose same-name files are one file
	// by several paths (links resolved): the same bytes load whichever
	// wins, so it gives no finding.
	SameFile bool `json:"-"`
}

// CannotRead words a read error of a skill file for the hosts named
// (who): the note of each host, and the one finding that names them all.
func CannotRead(who, reason string) string { return who + " cannot read this file: " + reason }

// Unconfirmed reports whether the note only says that a host's behaviour
// is unconfirmed or undocumented (a rule docs/hosts.md marks unconfirmed):
// the class of notes a plain check leaves out (diagnostics'
// host-unconfirmed rule).
func (n Note) Unconfirmed() bool { return strings.HasPrefix(n.Code, "unconfirmed-") }

// Verdict is one host's decision on one skill file.
type Verdict struct {
	Status Status
	// Notes explain the status, the most important first. A dropped or
	// not-discovered verdict has at least one note; a loading skill may have
	// none.
	Notes []Note
	// Name is the name the host registers the skill under ("" when it does
	// not load it).
	Name string
	// ShadowedBy is the path of the winning file for a shadowed verdict.
	ShadowedBy string
	// WinnerLabel names the winner the way the shadowed verdict's message
	// does (".agents/skills/pr-review/SKILL.md", "one of a, b"), so that
	// a reader that groups verdicts by winner need not parse the message.
	WinnerLabel string
	// SameFile reports a shadowed verdict whose winner is this very file
	// by another path (links resolved, samefile.go): the host loads the
	// same bytes either way.
	SameFile bool
}

// Code returns the code of the first note, or "".
func (v Verdict) Code() string {
	if len(v.Notes) == 0 {
		return ""
	}
	return v.Notes[0].Code
}

// Message joins the notes' messages with "; ".
func (v Verdict) Message() string {
	parts := make([]string, len(v.Notes))
	for i, n := range v.Notes {
		parts[i] = n.Message
	}
	return strings.Join(parts, "; ")
}

// Scope says which kind of root a file was found in.
type Scope string

// The scopes of skill roots.
const (
	ScopeProject Scope = "project"
	ScopeUser    Scope = "user"
	ScopeSystem  Scope = "system"
)

// File is one skill file a host discovered.
type File struct {
	// Path is the absolute path of the skill file.
	Path string
	// Root is the skill root it was found under.
	Root string
	// RootLabel names the root the way users write it: ".agents/skills"
	// (relative to the project root), "~/.claude/skills", or an absolute path.
	RootLabel string
	// Scope is the root's scope.
	Scope Scope
	// Folder is the skill's folder name (the parent directory of SKILL.md,
	// or the file name without .md for a flat file).
	Folder string
}

// BrokenLink is an entry of a host's root that is a symbolic link to
// nothing (Result.Broken).
type BrokenLink struct {
	File
	// Target is where the link points, as written; Loops says that
	// following it loops instead.
	Target string
	Loops  bool
}

// Budget is a host's catalog (skill listing) size against its budget.
type Budget struct {
	// Used is the size of the listing the host would send.
	Used int
	// Limit is the budget; 0 means the host sets no listing budget, or none
	// is known (see Note).
	Limit int
	// Unit is "characters" or, for a budget in tokens, "tokens".
	Unit string
	// Over reports Used > Limit (never true when Limit is 0).
	Over bool
	// Builtin is the part of Used the host's own skills take, which are in
	// no folder skill-ls reads and which Result.Listing leaves out (Claude
	// Code's); 0 for none.
	Builtin int
	// Note says how the numbers were computed and what the host does when
	// over.
	Note string
}

// Result is one host's view of a skill tree.
type Result struct {
	Host *Host
	// Files are the skill files the host discovered, in its scan order.
	Files []File
	// Verdicts holds a verdict for each discovered file, by path.
	Verdicts map[string]Verdict
	// Misses are the files in the host's roots that its search passes
	// over and that look meant as skill files (DiscoverMisses); they have
	// no verdict, Explain says why the host does not find them.
	Misses []File
	// Broken are the entries of the host's roots outside DSH's that are
	// symbolic links to nothing where a skill folder would be
	// (.claude/skills/x -> ../../nowhere): the host finds no skill there
	// and says nothing.
	Broken []BrokenLink
	// Budget is the catalog size against the host's budget.
	Budget Budget
	// Roots are the skill roots the host scans, in its order (whether or not
	// they exist).
	Roots []Root
	// Warning is the line the host itself prints about this tree, "" for
	// none: Codex's "Skipped loading N skill(s) due to invalid SKILL.md
	// files." when its loader skipped files (it prints one "<path>:
	// <reason>" line after it for each, the reasons of the dropped
	// verdicts; the first of those verdicts carries a skip-warning note).
	Warning string

	specs       []rootSpec
	explainRoot func(r rootSpec, path string) (code, why string)
	listing     []string
	hasListing  bool
	listed      int               // the winners the listing shows (see EmptyListing)
	listingOf   map[string]string // each listed winner's listing text, by path (ListingText)
	skill       func(name string) (string, bool)
	skillOf     func(name string, fold bool) (*entry, bool)
}

// SkillText returns what the host's model reads when the host's own tool
// loads the skill name (Claude Code's Skill tool), and whether the host
// has that skill; ok is false too for a host whose tool result skill-ls
// cannot render.
func (r *Result) SkillText(name string) (text string, ok bool) {
	if r.skill == nil {
		return "", false
	}
	return r.skill(name)
}

// SkillRefused returns why the host's own tool refuses the skill name
// (the message of its skill-tool-asks note), "" when it loads it: SkillText
// is then the error the model reads instead of the skill.
func (r *Result) SkillRefused(name string) string {
	if reg, _ := r.SkillCalled(name); reg != "" {
		name = reg
	}
	for _, v := range r.Verdicts {
		if v.Status != Loads || v.Name != name {
			continue
		}
		for _, n := range v.Notes {
			if n.Code == "skill-tool-asks" {
				return n.Message
			}
		}
	}
	return ""
}

// SkillCalled returns the name the host registers the skill its own tool
// runs for name, and the skill's file, when name is another name the tool
// answers to (Claude Code's frontmatter name beside folder y): "" when
// name is the registered one or no skill answers to it.
func (r *Result) SkillCalled(name string) (registered, path string) {
	if r.skillOf == nil {
		return "", ""
	}
	if w, own := r.skillOf(name, false); w != nil && !own && w.name != name {
		return w.name, w.file.Path
	}
	return "", ""
}

// SkillNear is, for a name the host's tool runs none of the user's skills
// by, the skill the user may have meant, and its file: one whose name
// differs from name only in case, which near then names (Claude Code:
// "Unknown skill: x. Did you mean X?"), or, own set, the skill whose
// frontmatter name is that of one of the host's own skills, which the
// tool runs instead, and near is the name that runs it (its folder).
// "" when there is none.
func (r *Result) SkillNear(name string) (near, path string, own bool) {
	if r.skillOf == nil {
		return "", "", false
	}
	w, own := r.skillOf(name, false)
	switch {
	case own:
		return w.name, w.file.Path, true
	case w != nil:
		return "", "", false
	}
	if w, _ = r.skillOf(name, true); w == nil {
		return "", "", false
	}
	if strings.EqualFold(w.name, name) {
		return w.name, w.file.Path, false
	}
	return w.called, w.file.Path, false
}

// RendersSkill reports whether SkillText renders the host's tool result.
func (r *Result) RendersSkill() bool { return r.skill != nil }

// Listing returns the lines of the skill listing the host's model
// receives, in the host's order, with its cuts, escaping and budget
// applied; ok is false for a host whose listing skill-ls cannot render
// byte for byte (no release of it runs in the host suite).
func (r *Result) Listing() (lines []string, ok bool) {
	return r.listing, r.hasListing
}

// Root is one directory a host scans for skills.
type Root struct {
	Dir   string
	Label string
	Scope Scope
	// Shipped marks the skills folder of a plugin the project ships
	// (Options.ShippedPlugins): the host lists its skills only once a user
	// installs the plugin, so a session in the project does not.
	Shipped bool
}

// Options are the inputs of every host: the same as skills.RootOptions for
// DSH, plus the user's home that the other hosts read.
type Options struct {
	// Cwd is the session's working directory (absolute).
	Cwd string
	// ProjectRoot overrides the project root (the nearest ancestor of Cwd
	// holding .git) for every host that has one.
	ProjectRoot string
	// Home is the user's home directory for ~ paths.
	Home string
	// Getenv reads the environment (CODEX_HOME, GEMINI_CLI_HOME, ...); nil
	// reads nothing, so tests never see the real environment.
	Getenv func(string) string
	// DSH are the DSH root options. When DSH.Cwd is empty they are built
	// from Cwd, ProjectRoot, Home and Getenv.
	DSH discovery.RootOptions
	// ContextWindow is the model's context window in tokens, for budgets
	// that are a share of it (Claude Code, Codex); 0 means the window of
	// each host release's default model (Host.Window).
	ContextWindow int
	// ReadFile, when set, gives the bytes of a skill file the hosts other
	// than DSH discover when the caller holds them (an editor's unsaved
	// buffer, a snapshot's bytes); ok false, or a nil ReadFile, reads the
	// disk. Discovery always lists the disk.
	ReadFile func(path string) (src []byte, ok bool)
	// DSHSnapshot, when set, is the snapshot DSH's verdicts come from (the
	// one a check or an editor holds) instead of a fresh load of DSH's roots.
	DSHSnapshot *skills.Snapshot
	// DSHCatalogCap is DSH's catalogDescriptionMaxLength, the cap of each
	// catalog description in UTF-16 units; below 3 means the default, 500.
	DSHCatalogCap int
	// ShippedPlugins adds the skills of the plugins the project ships
	// (ShippedPlugins) to the hosts that install them, named as those hosts
	// name them: what users get once they install the plugin. check and
	// the server set it, to judge those skills; a listing of the project
	// (render catalog, matrix) leaves it off, as the host lists none of
	// them before the plugin is installed.
	ShippedPlugins bool
	// Tree, when set, remembers what each host finds on disk across the
	// Builds of one tree whose skill files change only in ReadFile's
	// buffers (Tree); nil walks the disk at every Build.
	Tree *Tree

	// yaml holds the frontmatters already parsed in one Build (the hosts
	// read the same text): string → yamlDoc.
	yaml *sync.Map
}

func (o Options) getenv(k string) string {
	if o.Getenv == nil {
		return ""
	}
	return o.Getenv(k)
}

// projectRoot returns the override, else the nearest ancestor of Cwd
// holding .git, else Cwd.
func (o Options) projectRoot() string {
	if o.ProjectRoot != "" {
		return o.ProjectRoot
	}
	if o.Cwd == "" {
		return ""
	}
	return discovery.ProjectRoot(o.Cwd)
}

// dshOptions returns the DSH root options for o.
func (o Options) dshOptions() discovery.RootOptions {
	if o.DSH.Cwd != "" || o.DSH.NoDefaultRoots {
		return o.DSH
	}
	d := o.DSH
	d.Cwd, d.ProjectRoot, d.HomeDir = o.Cwd, o.ProjectRoot, o.Home
	getenv := o.Getenv
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	d.Getenv = getenv
	return d
}

// exists reports whether p exists (following symbolic links).
func exists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// InShippedPlugin reports whether the file at path lies in the skills
// folder of a plugin the project ships (Root.Shipped): the host loads it
// once the plugin is installed, not in a session of the project.
func (r *Result) InShippedPlugin(path string) bool {
	for _, root := range r.Roots {
		if _, ok := depthBelow(root.Dir, path); ok && root.Shipped {
			return true
		}
	}
	return false
}
