package diagnostics

import "slices"

// Profile is a set of rule grades: it re-grades some rules (an error instead
// of a warning) and turns others on or off. A rule a profile does not grade
// keeps its default severity. Adding a host's rules is adding rows and one
// profile value.
type Profile struct {
	// Name is how users select the profile (--profile, the profile setting).
	Name string
	// Summary says in one line what the profile enforces.
	Summary string
	// Grades re-grade rules by code; SeverityOff turns a rule off.
	Grades map[string]Severity
}

// ProfileDSH reports what the DeepSeek Harness drops as errors and
// everything else as advice. It is the default.
var ProfileDSH = &Profile{
	Name:    "dsh",
	Summary: "what DSH enforces: drops are errors, the rest is advice",
}

// ProfileAgentSkills enforces the agentskills.io specification strictly:
// its limits become errors and unknown keys are reported.
var ProfileAgentSkills = &Profile{
	Name:    "agentskills",
	Summary: "the agentskills.io specification, strictly",
	Grades: map[string]Severity{
		CodeNameFolderMismatch:   SeverityError,
		CodeNameTooLong:          SeverityError,
		CodeDescriptionTooLong:   SeverityError,
		CodeCompatibilityTooLong: SeverityError,
		CodeUnknownKey:           SeverityWarning,
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

// Options configure a diagnostics run.
type Options struct {
	// Profile grades the rules (nil is ProfileDSH).
	Profile *Profile
	// MaxDescription is the catalog description cap (default 500).
	MaxDescription int
}

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
