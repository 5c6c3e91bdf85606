package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/jstext"
	"github.com/skill-ls/skill-ls/skills/skillfile"

	"github.com/skill-ls/skill-ls/skills"
)

// builtinVectors is the folder of the golden vectors shipped with the repo.
const builtinVectors = "../testdata/vectors"

// vectorsEnv names an extra vector folder (same layout) to run as well.
const vectorsEnv = "SKILL_LS_VECTORS"

// pureKinds are the vector kinds this file checks; fsKinds need a skill
// tree and are checked elsewhere in the package.
var (
	pureKinds = []string{
		"is-skill-name", "escape-text", "catalog-description", "catalog-render",
		"catalog-render-v1", "digest", "gesture-tokens", "render-skill-content",
		"tui-skill-command", "tui-parse-skill-command",
	}
	fsKinds = []string{"catalog", "catalog-update", "skill-tool", "gesture"}
)

// indexEntry is one element of index.json.
type indexEntry struct {
	ID    string `json:"id"`
	Kind  string `json:"kind"`
	About string `json:"about"`
}

// vectorCase is one vector case folder, loaded.
type vectorCase struct {
	// Dir is the case folder (<vectors>/<id>).
	Dir string
	// ID and Kind come from index.json (and agree with case.json).
	ID, Kind string
	// Case is case.json decoded; CaseRaw is its bytes.
	Case    caseFile
	CaseRaw json.RawMessage
	// Input is input.json (pure kinds only; nil otherwise).
	Input json.RawMessage
	// Expected maps every expected*.txt and expected.json file name to its
	// exact bytes.
	Expected map[string][]byte
}

// caseFile is case.json (see testdata/vectors/README.md).
type caseFile struct {
	ID               string         `json:"id"`
	Kind             string         `json:"kind"`
	About            string         `json:"about"`
	Runner           string         `json:"runner"`
	Options          *caseOptions   `json:"options"`
	GitDirs          []string       `json:"gitDirs"`
	ToolArgs         map[string]any `json:"toolArgs"`
	GestureTexts     []string       `json:"gestureTexts"`
	PriorEntries     []Entry        `json:"priorEntries"`
	Outputs          []string       `json:"outputs"`
	HasLoneSurrogate bool           `json:"hasLoneSurrogate"`
	TreeFiles        []string       `json:"treeFiles"`
}

// caseOptions is case.json's options (filesystem kinds). Paths are relative
// to the case's tree folder; nil Cwd means no cwd (no project roots).
type caseOptions struct {
	Cwd                         *string     `json:"cwd"`
	DSHHome                     string      `json:"dshHome"`
	AgentsHome                  string      `json:"agentsHome"`
	CustomSkillDirs             []string    `json:"customSkillDirs"`
	BundledSkillDir             *string     `json:"bundledSkillDir"`
	IncludeDefaultRoots         bool        `json:"includeDefaultRoots"`
	UseFS                       bool        `json:"useFs"`
	CatalogDescriptionMaxLength int         `json:"catalogDescriptionMaxLength"`
	RuntimeSkills               []jsonSkill `json:"runtimeSkills"`
}

// jsonSkill is a skill as the vectors spell it (runtimeSkills, the TUI
// cases' input.skill, render-skill-content's input).
type jsonSkill struct {
	Name         string                `json:"name"`
	Description  string                `json:"description"`
	Invocation   *skillfile.Invocation `json:"invocation"`
	Source       string                `json:"source"`
	Provider     string                `json:"provider"`
	ResourceBase *skills.ResourceBase  `json:"resourceBase"`
	Content      string                `json:"content"`
}

// skill converts j; a missing invocation means both flags on, as DSH's
// runtime registration defaults them.
func (j jsonSkill) skill() *skills.Skill {
	s := &skills.Skill{
		Definition: &skillfile.Definition{
			Name:        j.Name,
			Description: j.Description,
			Invocation:  skillfile.Invocation{ModelInvocable: true, UserInvocable: true},
		},
		Source:   discovery.Source(j.Source),
		Provider: j.Provider,
		Content:  j.Content,
	}
	if j.Invocation != nil {
		s.Invocation = *j.Invocation
	}
	if j.ResourceBase != nil {
		s.ResourceBase = *j.ResourceBase
	}
	return s
}

// Tree returns the case's tree folder (filesystem kinds).
func (c vectorCase) Tree() string { return filepath.Join(c.Dir, "tree") }

// Outputs returns the expected outputs in order: expected-1.txt,
// expected-2.txt, ... when they exist, else expected.txt alone.
func (c vectorCase) Outputs(t *testing.T) [][]byte {
	t.Helper()
	var out [][]byte
	for n := 1; ; n++ {
		b, ok := c.Expected["expected-"+strconv.Itoa(n)+".txt"]
		if !ok {
			break
		}
		out = append(out, b)
	}
	if len(out) > 0 {
		return out
	}
	return [][]byte{c.want(t)}
}

// want returns expected.txt.
func (c vectorCase) want(t *testing.T) []byte {
	t.Helper()
	b, ok := c.Expected["expected.txt"]
	if !ok {
		t.Fatalf("%s: no expected.txt", c.Dir)
	}
	return b
}

// decodeInput decodes input.json into v.
func (c vectorCase) decodeInput(t *testing.T, v any) {
	t.Helper()
	if c.Input == nil {
		t.Fatalf("%s: no input.json", c.Dir)
	}
	if err := json.Unmarshal(c.Input, v); err != nil {
		t.Fatalf("%s: input.json: %v", c.Dir, err)
	}
}

// decodeExpectedJSON decodes expected.json into v.
func (c vectorCase) decodeExpectedJSON(t *testing.T, v any) {
	t.Helper()
	b, ok := c.Expected["expected.json"]
	if !ok {
		t.Fatalf("%s: no expected.json", c.Dir)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: expected.json: %v", c.Dir, err)
	}
}

// vectorSource is one folder of vectors.
type vectorSource struct {
	label string // "" for the built-in vectors
	dir   string
}

// vectorSources returns the built-in vectors and, when SKILL_LS_VECTORS is
// set, that folder too.
func vectorSources() []vectorSource {
	srcs := []vectorSource{{dir: builtinVectors}}
	if dir := os.Getenv(vectorsEnv); dir != "" {
		srcs = append(srcs, vectorSource{label: vectorsEnv, dir: dir})
	}
	return srcs
}

// readIndex reads dir/index.json.
func readIndex(t *testing.T, dir string) []indexEntry {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "index.json"))
	if err != nil {
		t.Fatalf("vectors index: %v", err)
	}
	var idx []indexEntry
	if err := json.Unmarshal(b, &idx); err != nil {
		t.Fatalf("%s/index.json: %v", dir, err)
	}
	return idx
}

// loadCase reads one case folder.
func loadCase(t *testing.T, dir string, e indexEntry) vectorCase {
	t.Helper()
	c := vectorCase{Dir: filepath.Join(dir, e.ID), ID: e.ID, Kind: e.Kind, Expected: map[string][]byte{}}
	b, err := os.ReadFile(filepath.Join(c.Dir, "case.json"))
	if err != nil {
		t.Fatal(err)
	}
	c.CaseRaw = b
	if err := json.Unmarshal(b, &c.Case); err != nil {
		t.Fatalf("%s/case.json: %v", c.Dir, err)
	}
	if c.Case.ID != e.ID || c.Case.Kind != e.Kind {
		t.Fatalf("%s/case.json: id/kind %q/%q, index says %q/%q", c.Dir, c.Case.ID, c.Case.Kind, e.ID, e.Kind)
	}
	if b, err := os.ReadFile(filepath.Join(c.Dir, "input.json")); err == nil {
		c.Input = b
	} else if !os.IsNotExist(err) {
		t.Fatal(err)
	}
	ents, err := os.ReadDir(c.Dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, ent := range ents {
		name := ent.Name()
		if ent.Type().IsRegular() && strings.HasPrefix(name, "expected") && (strings.HasSuffix(name, ".txt") || name == "expected.json") {
			b, err := os.ReadFile(filepath.Join(c.Dir, name))
			if err != nil {
				t.Fatal(err)
			}
			c.Expected[name] = b
		}
	}
	for _, out := range c.Case.Outputs {
		if _, ok := c.Expected[out]; !ok {
			t.Fatalf("%s: case.json lists output %s, which is missing", c.Dir, out)
		}
	}
	return c
}

// forEachCase runs fn as a subtest named by the case id for every case of
// kind, from the built-in vectors and, when SKILL_LS_VECTORS is set, from
// that folder too (under a "SKILL_LS_VECTORS" subtest). It fails when the
// built-in vectors hold no case of kind.
func forEachCase(t *testing.T, kind string, fn func(t *testing.T, c vectorCase)) {
	t.Helper()
	for _, src := range vectorSources() {
		run := func(t *testing.T) {
			t.Helper()
			n := 0
			for _, e := range readIndex(t, src.dir) {
				if e.Kind != kind {
					continue
				}
				n++
				t.Run(e.ID, func(t *testing.T) {
					fn(t, loadCase(t, src.dir, e))
				})
			}
			if n == 0 && src.label == "" {
				t.Fatalf("no %q case in %s", kind, src.dir)
			}
		}
		if src.label == "" {
			run(t)
		} else {
			t.Run(src.label, run)
		}
	}
}

// checkBytes fails when got differs from want, showing both quoted.
func checkBytes(t *testing.T, what string, got string, want []byte) {
	t.Helper()
	if !bytes.Equal([]byte(got), want) {
		t.Errorf("%s:\n got %q\nwant %q", what, got, want)
	}
}

// checkRawString fails when the JSON string token raw (as Node's
// JSON.stringify wrote it) is not jstext.JSONString(got). It compares the exact
// UTF-16 string, lone surrogates included.
func checkRawString(t *testing.T, what string, got string, raw json.RawMessage) {
	t.Helper()
	if want := string(raw); jstext.JSONString(got) != want {
		t.Errorf("%s: got %s, want %s", what, jstext.JSONString(got), want)
	}
}

func TestVectorKindsKnown(t *testing.T) {
	known := append(slices.Clone(pureKinds), fsKinds...)
	for _, src := range vectorSources() {
		for _, e := range readIndex(t, src.dir) {
			if !slices.Contains(known, e.Kind) {
				t.Errorf("%s: case %s has kind %q, which no test checks", src.dir, e.ID, e.Kind)
			}
		}
	}
}

func TestVectorIsSkillName(t *testing.T) {
	forEachCase(t, "is-skill-name", func(t *testing.T, c vectorCase) {
		var in struct {
			Names []string `json:"names"`
		}
		c.decodeInput(t, &in)
		var b strings.Builder
		for _, name := range in.Names {
			fmt.Fprintf(&b, "%t\n", skillfile.IsSkillName(name))
		}
		checkBytes(t, "isSkillName lines", b.String(), c.want(t))
	})
}

func TestVectorEscapeText(t *testing.T) {
	forEachCase(t, "escape-text", func(t *testing.T, c vectorCase) {
		var in struct {
			Value string `json:"value"`
		}
		c.decodeInput(t, &in)
		checkBytes(t, "EscapeText", jstext.EscapeText(in.Value), c.want(t))
	})
}

func TestVectorCatalogDescription(t *testing.T) {
	forEachCase(t, "catalog-description", func(t *testing.T, c vectorCase) {
		var in struct {
			Description string `json:"description"`
			MaxLength   int    `json:"maxLength"`
		}
		c.decodeInput(t, &in)
		if err := ValidateMaxLength(in.MaxLength); err != nil {
			t.Fatal(err)
		}
		got := jstext.Shorten(in.Description, in.MaxLength)
		checkBytes(t, "jstext.ModelText(CatalogDescription)", jstext.ModelText(got), c.want(t))
		if hasLone := !utf8.ValidString(got); hasLone != c.Case.HasLoneSurrogate {
			t.Errorf("lone surrogate in %q: %t, case.json says %t", got, hasLone, c.Case.HasLoneSurrogate)
		}

		var exp struct {
			Text   json.RawMessage `json:"text"`
			Detail struct {
				Result      json.RawMessage `json:"result"`
				UTF16Length int             `json:"utf16Length"`
				Escaped     json.RawMessage `json:"escaped"`
				CatalogLine json.RawMessage `json:"catalogLine"`
			} `json:"detail"`
		}
		c.decodeExpectedJSON(t, &exp)
		checkRawString(t, "text", got, exp.Text)
		checkRawString(t, "detail.result", got, exp.Detail.Result)
		checkRawString(t, "detail.escaped", jstext.EscapeText(got), exp.Detail.Escaped)
		line := catalogLine(Entry{Name: "demo", Description: got})
		checkRawString(t, "detail.catalogLine", line, exp.Detail.CatalogLine)
		if n := jstext.Len(got); n != exp.Detail.UTF16Length {
			t.Errorf("utf16 length %d, want %d", n, exp.Detail.UTF16Length)
		}
		// The line appears, as model text, in a rendered catalog.
		cat := Catalog([]Entry{{Name: "demo", Description: got}}, CatalogOptions{})
		if !strings.Contains(cat, "\n"+jstext.ModelText(line)+"\n") {
			t.Errorf("catalog does not hold line %q:\n%s", jstext.ModelText(line), cat)
		}
	})
}

func TestVectorCatalogRender(t *testing.T) {
	for _, kind := range []string{"catalog-render", "catalog-render-v1"} {
		t.Run(kind, func(t *testing.T) {
			forEachCase(t, kind, func(t *testing.T, c vectorCase) {
				var in struct {
					Variant string  `json:"variant"`
					Entries []Entry `json:"entries"`
				}
				c.decodeInput(t, &in)
				var opts CatalogOptions
				switch in.Variant {
				case "initial":
				case "replacement":
					opts.Replacement = true
				default:
					t.Fatalf("unknown variant %q", in.Variant)
				}
				opts.V1 = kind == "catalog-render-v1"
				checkBytes(t, "Catalog", Catalog(in.Entries, opts), c.want(t))
			})
		})
	}
}

func TestVectorDigest(t *testing.T) {
	forEachCase(t, "digest", func(t *testing.T, c vectorCase) {
		var in struct {
			Entries   []Entry `json:"entries"`
			MaxLength int     `json:"maxLength"`
		}
		c.decodeInput(t, &in)
		entries := make([]Entry, len(in.Entries))
		for i, e := range in.Entries {
			entries[i] = Entry{Name: e.Name, Description: jstext.Shorten(e.Description, in.MaxLength)}
		}
		checkBytes(t, "Digest", Digest(entries)+"\n", c.want(t))

		var exp struct {
			Detail struct {
				NormalizedEntries []struct {
					Name        json.RawMessage `json:"name"`
					Description json.RawMessage `json:"description"`
				} `json:"normalizedEntries"`
				Canonical json.RawMessage `json:"canonical"`
			} `json:"detail"`
		}
		c.decodeExpectedJSON(t, &exp)
		checkRawString(t, "detail.canonical", digestInput(entries), exp.Detail.Canonical)
		if len(exp.Detail.NormalizedEntries) != len(entries) {
			t.Fatalf("%d normalized entries, want %d", len(entries), len(exp.Detail.NormalizedEntries))
		}
		for i, e := range exp.Detail.NormalizedEntries {
			checkRawString(t, "normalized name", entries[i].Name, e.Name)
			checkRawString(t, "normalized description", entries[i].Description, e.Description)
		}
	})
}

func TestVectorGestureTokens(t *testing.T) {
	forEachCase(t, "gesture-tokens", func(t *testing.T, c vectorCase) {
		var in struct {
			Messages []struct {
				Kind  string   `json:"kind"`
				Texts []string `json:"texts"`
			} `json:"messages"`
		}
		c.decodeInput(t, &in)
		var texts []string
		for _, m := range in.Messages {
			if m.Kind == "user" {
				texts = append(texts, m.Texts...)
			}
		}
		var b strings.Builder
		for _, name := range GestureNames(texts) {
			b.WriteString(name + "\n")
		}
		checkBytes(t, "GestureNames lines", b.String(), c.want(t))
	})
}

func TestVectorRenderSkillContent(t *testing.T) {
	forEachCase(t, "render-skill-content", func(t *testing.T, c vectorCase) {
		var in jsonSkill
		c.decodeInput(t, &in)
		checkBytes(t, "SkillContent", SkillContent(in.skill()), c.want(t))
	})
}

func TestVectorTUISkillCommand(t *testing.T) {
	forEachCase(t, "tui-skill-command", func(t *testing.T, c vectorCase) {
		var in struct {
			Submission string    `json:"submission"`
			Skill      jsonSkill `json:"skill"`
		}
		c.decodeInput(t, &in)
		s := in.Skill.skill()
		l := LookupFunc(func(name string) *skills.Skill {
			if name == s.Name {
				return s
			}
			return nil
		})
		text, notice := TUI(l, in.Submission)
		if notice != "" {
			t.Fatalf("notice %q", notice)
		}
		checkBytes(t, "TUI", text, c.want(t))

		var exp struct {
			Detail struct {
				Parsed struct {
					Name         json.RawMessage `json:"name"`
					Instructions json.RawMessage `json:"instructions"`
				} `json:"parsed"`
			} `json:"detail"`
		}
		c.decodeExpectedJSON(t, &exp)
		name, instructions, ok := ParseTUICommand(in.Submission)
		if !ok {
			t.Fatalf("ParseTUICommand(%q): not a command", in.Submission)
		}
		checkRawString(t, "parsed.name", name, exp.Detail.Parsed.Name)
		checkRawString(t, "parsed.instructions", instructions, exp.Detail.Parsed.Instructions)
	})
}

func TestVectorTUIParseSkillCommand(t *testing.T) {
	forEachCase(t, "tui-parse-skill-command", func(t *testing.T, c vectorCase) {
		var in struct {
			Submissions []string `json:"submissions"`
		}
		c.decodeInput(t, &in)
		var b strings.Builder
		for _, sub := range in.Submissions {
			name, instructions, ok := ParseTUICommand(sub)
			if !ok {
				t.Errorf("ParseTUICommand(%q): not a command", sub)
			}
			b.WriteString(jstext.JSONArray(name, instructions) + "\n")
		}
		checkBytes(t, "ParseTUICommand lines", b.String(), c.want(t))
	})
}
