package diagnostics

import (
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/skillfile"
)

func TestKeyRules(t *testing.T) {
	codes := []string{CodeFieldIgnored, CodeKeyMisspelled, CodeUnknownKey, CodeCompatibilityTooLong, CodeFieldType}
	runRuleCases(t, codes, []ruleCase{
		{name: "clean", src: skill("skill", "license: MIT\n")},
		{name: "whenToUse empty", src: skill("skill", "whenToUse: ''\n"), want: []string{"warning field-ignored 4:12"}, contains: "non-empty string"},
		{name: "metadata list", src: skill("skill", "metadata: [a]\n"), want: []string{"warning field-ignored 4:11"}, contains: "a mapping"},
		{name: "misspelled", src: skill("skill", "when_to_use: later\n"), want: []string{"warning key-misspelled 4:1"}, contains: `did you mean "whenToUse"`},
		{name: "misspelled but present", src: skill("skill", "Name: x\n")},
		{name: "unknown key off by default", src: skill("skill", "triggers: [a]\n")},
		{name: "unknown key under agentskills", src: skill("skill", "triggers: [a]\n", "license: MIT\n"), profile: ProfileAgentSkills, want: []string{"error unknown-key 4:1"}},
		{name: "DSH keys under agentskills", src: skill("skill", "user-invocable: true\n"), profile: ProfileAgentSkills, want: []string{"error unknown-key 4:1"}, contains: "DSH reads it"},
		{name: "types off by default", src: skill("skill", "license: 3\n", "metadata:\n  version: 1.0\n")},
		{name: "types under agentskills", src: skill("skill", "license: 3\n", "allowed-tools: [Bash]\n", "metadata:\n  version: 1.0\n  owner: me\n"), profile: ProfileAgentSkills,
			want: []string{"error field-type 4:10", "error field-type 5:16", "error field-type 7:12"}, contains: "not a number"},
		{name: "metadata number", src: skill("skill", "metadata:\n  version: 1.0\n"), profile: ProfileAgentSkills, want: []string{"error field-type 5:12"},
			contains: "metadata values to be strings, but version is a number; put it in quotes"},
		{name: "metadata nested mapping", src: skill("skill", "metadata: {nested: {a: b}}\n"), profile: ProfileAgentSkills, want: []string{"error field-type 4:20"},
			contains: "but nested is a mapping; flatten it into keys of metadata with string values, or quote the whole value as one string"},
		{name: "metadata value a list", src: skill("skill", "metadata:\n  tags: [pdf, forms]\n"), profile: ProfileAgentSkills, want: []string{"error field-type 5:9"},
			contains: `but tags is a list; join the items into one quoted string: tags: 'pdf, forms'`},
		{name: "metadata value a block list", src: skill("skill", "metadata:\n  tags:\n    - pdf\n"), profile: ProfileAgentSkills, want: []string{"error field-type 6:5"},
			contains: `but tags is a list; join the items into one quoted string: tags: 'a, b'`},
		{name: "metadata null", src: skill("skill", "metadata:\n  owner: null\n"), profile: ProfileAgentSkills, want: []string{"error field-type 5:10"},
			contains: "but owner is an empty value (null); write a string after owner:, or remove the key"},
		{name: "metadata no value", src: skill("skill", "metadata:\n  owner:\n"), profile: ProfileAgentSkills, want: []string{"error field-type 5:3"},
			contains: "but owner is an empty value (null); write a string after owner:, or remove the key"},
		{name: "license null", src: skill("skill", "license: ~\n"), profile: ProfileAgentSkills, want: []string{"error field-type 4:10"},
			contains: "wants license to be a string, not an empty value (null)"},
		{name: "allowed-tools list", src: skill("skill", "allowed-tools: [Bash, Read]\n"), profile: ProfileAgentSkills, want: []string{"error field-type 4:16"},
			contains: "wants allowed-tools to be a string, not a list; write the tools in one string, separated by spaces"},
		{name: "metadata not a mapping under agentskills", src: skill("skill", "metadata: [a]\n"), profile: ProfileAgentSkills, want: []string{"warning field-ignored 4:11", "error field-type 4:11"}},
		{name: "compatibility too long", src: skill("skill", "compatibility: "+strings.Repeat("c", 501)+"\n"), want: []string{"warning compatibility-too-long 4:16"}},
	})
}

// TestNullNotQuoted: a null value (null, ~) gets no quoting fix, since the
// author wrote no value, not the word; a number does.
func TestNullNotQuoted(t *testing.T) {
	tests := []struct {
		name, src, code string
		fixed           bool
	}{
		{"metadata null", "---\nname: s\ndescription: d\nmetadata:\n  owner: null\n---\n", CodeFieldType, false},
		{"metadata tilde", "---\nname: s\ndescription: d\nmetadata:\n  owner: ~\n---\n", CodeFieldType, false},
		{"metadata number", "---\nname: s\ndescription: d\nmetadata:\n  version: 1.0\n---\n", CodeFieldType, true},
		{"name tilde", "---\nname: ~\ndescription: d\n---\n", CodeNameNotString, false},
		{"name number", "---\nname: 2024\ndescription: d\n---\n", CodeNameNotString, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ds, _ := checkText(t, tt.src, Options{Profile: ProfileAgentSkills})
			i := slices.IndexFunc(ds, func(d Diagnostic) bool { return d.Code == tt.code })
			if i < 0 {
				t.Fatalf("no %s", tt.code)
			}
			if got := len(ds[i].Fixes) > 0; got != tt.fixed {
				t.Errorf("fixes %+v, want a fix: %v", ds[i].Fixes, tt.fixed)
			}
		})
	}
}

func TestMoveUnderMetadata(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"new metadata", "---\nname: skill\ntriggers: [a, b]\ndescription: d\n---\nbody\n",
			"---\nname: skill\ndescription: d\nmetadata:\n  triggers: [a, b]\n---\nbody\n"},
		{"existing metadata, block value", "---\nname: skill\nmetadata:\n    owner: me\ndescription: d\ntags:\n  - x\n  - y\n---\n",
			"---\nname: skill\nmetadata:\n    owner: me\n    tags:\n      - x\n      - y\ndescription: d\n---\n"},
		{"right after metadata", "---\nname: skill\ndescription: d\nmetadata:\n  a: b\nauthor: me\n---\n",
			"---\nname: skill\ndescription: d\nmetadata:\n  a: b\n  author: me\n---\n"},
		{"CRLF", "---\r\nname: skill\r\ndescription: d\r\nversion: '1'\r\n---\r\n",
			"---\r\nname: skill\r\ndescription: d\r\nmetadata:\r\n  version: '1'\r\n---\r\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := skillfile.Parse("/p/skill/SKILL.md", []byte(tt.src), skillfile.ReadFS)
			snap := skills.NewWorkspace(nil, skills.LoadOptions{}).Snapshot()
			var fix *Fix
			for _, d := range CheckFile(snap, f, Options{Profile: ProfileAgentSkills}) {
				if d.Code == CodeUnknownKey && len(d.Fixes) > 0 && fix == nil {
					fix = &d.Fixes[0]
				}
			}
			if fix == nil || !fix.Unsafe {
				t.Fatalf("no unsafe fix: %+v", fix)
			}
			got, err := ApplyEdits(f.InMemory().Src(), fix.Edits)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

// TestMisspelledKeys: the typos people make in the keys DSH (and, under
// the agentskills profile, the specification) reads are caught in both
// profiles, "did you mean" wins over "move it under metadata", and a
// misspelled name or description is one finding, at the key, with the
// rename. Issue 25 point 3.
func TestMisspelledKeys(t *testing.T) {
	codes := []string{CodeKeyMisspelled, CodeUnknownKey, CodeDescriptionMissing, CodeNameMissing}
	// Under the agentskills profile a misspelled key is a key the
	// specification does not define: an error, as unknown-key.
	both := func(name, src string, want []string, contains string) []ruleCase {
		strict := make([]string, len(want))
		for i, w := range want {
			strict[i] = strings.Replace(w, "warning key-misspelled", "error key-misspelled", 1)
		}
		return []ruleCase{{name: name, src: src, want: want, contains: contains},
			{name: name + " (agentskills)", src: src, want: strict, contains: contains, profile: ProfileAgentSkills}}
	}
	var cases []ruleCase
	for _, tc := range []struct{ key, want string }{
		{"when_to_use", "whenToUse"}, {"when-to-use", "whenToUse"}, {"WhenToUse", "whenToUse"},
		{"disable_model_invocation", "disable-model-invocation"}, {"disable-model-invocaiton", "disable-model-invocation"},
		{"disable-modle-invocation", "disable-model-invocation"}, {"disable-model-invocationn", "disable-model-invocation"},
		{"disable-model-invoction", "disable-model-invocation"}, {"Disable-Model-Invocation", "disable-model-invocation"},
		{"user_invocable", "user-invocable"}, {"user-invokable", "user-invocable"}, {"userinvocable", "user-invocable"},
		{"metdata", "metadata"}, {"meta-data", "metadata"}, {"Metadata", "metadata"},
	} {
		cases = append(cases, both(tc.key, skill("skill", tc.key+": true\n"), []string{"warning key-misspelled 4:1"}, `did you mean "`+tc.want+`"?`)...)
	}
	cases = append(cases,
		ruleCase{name: "invocation flag left as it was", src: skill("skill", "disable-model-invocaiton: true\n"), want: []string{"warning key-misspelled 4:1"},
			contains: `DSH ignores the key "disable-model-invocaiton", so the model can still load the skill; did you mean "disable-model-invocation"?`},
		ruleCase{name: "user flag left as it was", src: skill("skill", "user_invocable: false\n"), want: []string{"warning key-misspelled 4:1"},
			contains: `so users can still invoke the skill with /name`},
		// The specification's keys are the agentskills profile's: a typo
		// there is a "did you mean", not "move it under metadata".
		ruleCase{name: "licence (agentskills)", src: skill("skill", "licence: MIT\n"), profile: ProfileAgentSkills, want: []string{"error key-misspelled 4:1"},
			contains: `the agentskills.io spec does not define the key "licence"; did you mean "license"?`},
		ruleCase{name: "allowed_tools (agentskills)", src: skill("skill", "allowed_tools: Bash\n"), profile: ProfileAgentSkills, want: []string{"error key-misspelled 4:1"}, contains: `"allowed-tools"`},
		ruleCase{name: "compatability (agentskills)", src: skill("skill", "compatability: Linux\n"), profile: ProfileAgentSkills, want: []string{"error key-misspelled 4:1"}, contains: `"compatibility"`},
		ruleCase{name: "licence is not DSH's", src: skill("skill", "licence: MIT\n")},
		ruleCase{name: "a key of its own stays unknown (agentskills)", src: skill("skill", "triggers: pdf\n"), profile: ProfileAgentSkills, want: []string{"error unknown-key 4:1"}, contains: "move it under metadata"},
		ruleCase{name: "far from every key", src: skill("skill", "version: 1\n", "author: me\n", "tags: pdf\n")},
	)
	// A misspelled description or name: one finding, at the key.
	cases = append(cases, both("descripton", "---\nname: skill\ndescripton: Summarizes PDFs.\n---\n", []string{"error description-missing 3:1"}, `there is no description: key, and DSH reads keys spelled exactly so: rename "descripton" to description`)...)
	cases = append(cases, both("Description", "---\nname: skill\nDescription: Summarizes PDFs.\n---\n", []string{"error description-missing 3:1"}, `rename "Description" to description`)...)
	cases = append(cases, both("desc", "---\nname: skill\ndesc: Summarizes PDFs.\n---\n", []string{"error description-missing 3:1"}, `rename "desc" to description`)...)
	cases = append(cases, both("Name", "---\nName: skill\ndescription: Summarizes PDFs.\n---\n", []string{"error name-missing 2:1"}, `rename "Name" to name`)...)
	cases = append(cases, both("nmae", "---\nnmae: skill\ndescription: Summarizes PDFs.\n---\n", []string{"error name-missing 2:1"}, `rename "nmae" to name`)...)
	runRuleCases(t, codes, cases)
}
