package diagnostics

import (
	"slices"

	"github.com/skill-ls/skill-ls/skills/hosts"
)

// Profile is a set of rule grades: it re-grades some rules (an error instead
// of a warning) and turns others on or off. A rule a profile does not grade
// keeps its default severity. Adding a host's rules is adding rows and one
// profile value.
type Profile struct {
	// Name is how users select the profile (--profile, the profile setting).
	Name string
	// Summary says in one line what the profile enforces; Doc says more
	// (Markdown, for docs/diagnostics.md).
	Summary string
	Doc     string
	// Grades re-grade rules by code; SeverityOff turns a rule off.
	Grades map[string]Severity
}

// ProfileDSH reports what the DeepSeek Harness drops as errors and
// everything else as advice. It is the default.
var ProfileDSH = &Profile{
	Name:    "dsh",
	Summary: "what DSH enforces: drops are errors, the rest is advice",
	Doc:     "The default. Everything that makes DSH drop a skill is an error; everything DSH loads but a user would want to know (a cut description, a shadowed skill, a broken link) is a warning or less.",
}

// ProfileAgentSkills enforces the agentskills.io specification strictly:
// its limits become errors and unknown keys are reported.
var ProfileAgentSkills = &Profile{
	Name:    "agentskills",
	Summary: "the agentskills.io specification, strictly",
	Doc: "Everything the specification requires is an error: a name of at most 64 lowercase ASCII letters, digits and single hyphens that equals its folder; a non-empty description (whitespace only counts as empty) of at most 1,024 characters; `license`, `compatibility` (at most 500 characters) and `allowed-tools` as strings; `metadata` as a mapping of string keys to string values; no other top-level keys (a misspelled key is one: key-misspelled is an error too). " +
		"Where the specification's reference validator (skills-ref) disagrees with the specification, skill-ls follows the specification: the validator splits the frontmatter at any `---`, even one inside a YAML comment or value, while the specification (and DSH) close it only at a line that is exactly `---`; and the validator reads a null `description:` as the text \"null\", while skill-ls reports a description with no value.",
	Grades: map[string]Severity{
		CodeNameFolderMismatch:   SeverityError,
		CodeNameTooLong:          SeverityError,
		CodeDescriptionTooLong:   SeverityError,
		CodeCompatibilityTooLong: SeverityError,
		CodeUnknownKey:           SeverityError,
		CodeKeyMisspelled:        SeverityError, // a key the spec does not define, as unknown-key
		CodeFieldType:            SeverityError,
		CodeDescriptionBlank:     SeverityError,
		CodeDescriptionTooShort:  SeverityWarning,
		CodeDescriptionXMLTag:    SeverityWarning,
	},
}

// Profiles returns the profiles, the default first.
func Profiles() []*Profile { return []*Profile{ProfileDSH, ProfileAgentSkills} }

// LookupProfile returns the profile named name ("" is the default).
func LookupProfile(name string) (*Profile, bool) {
	if name == "" {
		return ProfileDSH, true
	}
	i := slices.IndexFunc(Profiles(), func(p *Profile) bool { return p.Name == name })
	if i < 0 {
		return nil, false
	}
	return Profiles()[i], true
}

// ProfileNames returns the names of the profiles, the default first.
func ProfileNames() []string {
	var out []string
	for _, p := range Profiles() {
		out = append(out, p.Name)
	}
	return out
}

// Grade returns the severity of r under p (SeverityOff when p turns it off).
func (p *Profile) Grade(r *Rule) Severity {
	if p != nil {
		if s, ok := p.Grades[r.Code]; ok {
			return s
		}
	}
	return r.Severity
}

// ElsewhereSkill is a skill file in a folder DSH does not read: its
// path, the folder as users write it and the agents that read it.
type ElsewhereSkill struct {
	Path, Folder string
	Hosts        []string
}

// Options configure a diagnostics run.
type Options struct {
	// Profile grades the rules (nil is ProfileDSH).
	Profile *Profile
	// Rules re-grade rules over the profile, by path, and skip ignored
	// files: the rules, overrides and ignore keys of the config file.
	Rules RuleConfig
	// MaxDescription is the catalog description cap (default 500).
	MaxDescription int
	// Quick leaves out the rules that need facts about every file
	// (Rule.Whole): the language server's per-keystroke path, which keeps
	// their results from its last full Run.
	Quick bool
	// Hosts are the agents whose verdicts are reported besides DSH's rules
	// (`check --host`, the hosts setting); empty means DSH alone. HostEnv
	// places their folders. See hosts.go.
	Hosts   []*hosts.Host
	HostEnv hosts.Options
	// ReadersOnly checks each folder with the rules of the hosts that read
	// it: a file in DSH's roots with DSH's alone, a file elsewhere with
	// those of the selected hosts that read it; no host says it does not
	// read a folder. The hosts a plain check, or the server without the
	// hosts setting, selects (hosts.ChooseForProject) are applied so.
	ReadersOnly bool
	// Verbose reports the rules marked Verbose (host-unconfirmed: what a
	// host does that skill-ls could not confirm) as information; without
	// it they are off (check --verbose, the server's verbose setting).
	Verbose bool
	// Matrix, when set, is the host matrix HostMatrix made for the snapshot
	// the options are run on (the language server's cache): the host rules
	// use it instead of building one, so a Quick run runs them too (the
	// editor's quick fixes offer what check --fix applies on their
	// findings).
	Matrix *hosts.Matrix
	// Elsewhere, when set, finds the skill files whose folder is named name
	// in the project's folders other agents read and DSH does not
	// (.claude/skills): a chat /name of one is said to be there.
	Elsewhere func(name string) []ElsewhereSkill
	// ChatHosts, when set, names the hosts of a chat buffer that load a
	// skill called name (the editor's chat completion offers the same):
	// a name one of them loads is no unknown skill. Nil: DSH's registry.
	ChatHosts func(name string) []string
	// ChatWho names the chat's one host in the unknown-skill message when
	// it is not DSH ("Claude Code leaves /x as plain text").
	ChatWho string
	// EvalFiles are eval files a whole Run checks after the skill files
	// (`check` reads them: evals/*.json of each bundle), with the facts
	// the skill files' rules built.
	EvalFiles []EvalInput
	// PluginManifests are the problems of the plugin manifests the
	// project ships (hosts.ShippedPlugins), which plugin-manifest-invalid
	// reports at their place; the caller reads them.
	PluginManifests []hosts.ManifestProblem
	// Pinned, when set, reports whether a folder is not a skill's own even
	// where a root lists it as a bundle: a skill root DSH scans (a PATH
	// argument can make one a bundle of its parent), the project folder,
	// a repository's top. The name rules offer no fix from such a
	// folder's name: no rename of it, no name taken from it.
	Pinned func(dir string) bool
	// Vetting marks a run that vets skills it does not trust (check
	// --security): their own suppression comments hide nothing
	// (suppression-security reports each one that would have), and a
	// file it did not read whole is an error (vettingBlinds).
	Vetting bool
	// NoFixes makes a whole Run drop the fixes of each file's diagnostics
	// once the file's rules ran, for a caller that shows none (check's
	// text, concise and GitHub formats): the run then does not hold a
	// fix for every finding in the tree while its other rules run, nor
	// index what only a fix reads (the names of every root's entries).
	NoFixes bool
	// Buffer, when set, reports whether path is an editor's open buffer
	// (the language server's). A buffer of a file's other path (VS Code
	// opens the link the user clicked) shows the file's findings of its
	// primary path too, at its own path (see dropLinkedSame).
	Buffer func(path string) bool
}

// isBuffer reports whether path is an editor's open buffer (Buffer).
func (o *Options) isBuffer(path string) bool { return o.Buffer != nil && o.Buffer(path) }

func (o Options) profile() *Profile {
	if o.Profile == nil {
		return ProfileDSH
	}
	return o.Profile
}

func (o Options) maxDescription() int {
	if o.MaxDescription < 3 {
		return 500
	}
	return o.MaxDescription
}
