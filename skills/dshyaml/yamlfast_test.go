package dshyaml_test

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/skill-ls/skill-ls/skills/dshyaml"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// The fast frontmatter reader must give exactly what yaml.v3's decoder
// gives for every text it accepts (it may refuse any, which then goes to
// the decoder). These tests hold it to that over every Markdown text of
// the repository's test trees, a generated corpus, hand-written edge cases
// and FuzzYAMLFast.

// yamlCases are frontmatter texts; fast says the fast reader must accept
// the text (the common shapes of skill files).
var yamlCases = []struct {
	yaml string
	fast bool
}{
	{"name: a\ndescription: b\n", true},
	{"name: a\ndescription: b", true},
	{"name: pdf-tools\ndescription: \"Fill PDF forms: text, boxes.\"\n", true},
	{"name: a\ndescription: 'it is \"quoted\"'\n", true},
	{"name: a\ndescription: x\nmetadata:\n  version: \"2.2\"\n  author: docs-guild\nlicense: MIT\n", true},
	{"name: a\nmetadata:\n    a: 1\n    b: 2\n", true},
	{"name:   spaced\ndescription: two  inner  spaces\n", true},
	{"name: a\ndisable-model-invocation: true\nuser-invocable: False\n", true},
	{"name: a\nversion: 1.10\ncount: 0x1F\noct: 0o17\nneg: -3\nexp: 1e3\ninf: .inf\nnan: .NaN\nnull: ~\n", false}, // null as a key types as null
	{"name: a\nversion: 1.10\ncount: 0x1F\noct: 0o17\nneg: -3\nexp: 1e3\ninf: .inf\nnan: .NaN\nnothing: ~\nn2: null\n", true},
	{"name: a\nurl: http://x.test/a#b\nc: C# and F#\npath: a/b\\c\n", true},
	{"name: a\ndescription: a [b] {c}, d & e * f ! g | h > i % j @ k ` l\n", true},
	{"name: a\n_private: x\nx-y_z9: v\n", true},
	{"name: yes\ndescription: no\non: off\n", true},
	// Refused: the decoder places or reads these itself.
	{"", false},
	{"name:\ndescription: b\n", false},
	{"name: a\ndescription:\n", false},
	{"name: a\ndescription: b\n  continued\n", false},
	{"name: a\n\ndescription: b\n", false},
	{"# comment\nname: a\n", false},
	{"name: a # comment\n", false},
	{"name: a\r\ndescription: b\r\n", false},
	{"name: a\ndescription: b \n", false},
	{"name: a\ndescription:\tb\n", false},
	{"name: a\ndescription: é\n", false},
	{"name: a\ndescription: a: b\n", false},
	{"name: a\ndescription: ends:\n", false},
	{"name:a\n", false},
	{"name: a\nname: b\n", false},
	{"k0: 0\nk1: 1\nk2: 2\nk3: 3\nk4: 4\nk5: 5\nk6: 6\nk7: 7\nk8: 8\nk9: 9\nk10: 10\nk11: 11\nk12: 12\nk13: 13\nk14: 14\nk15: 15\nk16: 16\nname: a\n", true},
	{"k0: 0\nk1: 1\nk2: 2\nk3: 3\nk4: 4\nk5: 5\nk6: 6\nk7: 7\nk8: 8\nk9: 9\nk10: 10\nk11: 11\nk12: 12\nk13: 13\nk14: 14\nk15: 15\nk16: 16\nk3: again\n", false},
	{"name: a\nmetadata:\n  k: 1\n  k: 2\n", false},
	{"name: a\nmetadata:\n  k: 1\n    deeper: 2\n", false},
	{"name: a\nmetadata:\n    k: 1\n  j: 2\n", false},
	{"name: a\nmetadata:\n  k:\n    j: 2\n", false},
	{"name: a\nmetadata:\n  - item\n", false},
	{"name: a\ntags: [a, b]\n", false},
	{"name: a\ntags: {a: b}\n", false},
	{"name: a\ndescription: |\n  block\n", true},
	{"name: a\ndescription: >-\n  folded\n  twice: # here\nlicense: MIT\n", true},
	{"name: a\ndescription: >\n   three\n   lines\n   here\n", true},
	{"name: a\ndescription: |-\n  a\n  b\nmetadata:\n  k: >\n    x\n    y\n  j: |\n     z\n", true},
	{"name: a\ndescription: >-\n  folded\n\n  para\n", false},
	{"name: a\ndescription: >-\n  folded\n    more\n", false},
	{"name: a\ndescription: >-\n    folded\n  less\n", false},
	{"name: a\ndescription: >-\n  trailing \n", false},
	{"name: a\ndescription: >-\nlicense: MIT\n", false},
	{"name: a\ndescription: >2\n  x\n", false},
	{"name: a\ndescription: >+\n  x\n", false},
	{"name: a\ndescription: > # c\n  x\n", false},
	{"name: a\nmetadata:\n  k: >\n  x\n", false},
	{"name: &anchor a\nb: *anchor\n", false},
	{"name: !!str 1\n", false},
	{"name: \"a\\nb\"\n", false},
	{"name: 'it''s'\n", false},
	{"name: \"a\" trailing\n", false},
	{"name: \"unclosed\n", false},
	{"- a\n- b\n", false},
	{"plain text\n", false},
	{"true: x\n", false},
	{"1abc: x\n", false},
	{strings.Repeat("k", 128) + ": x\n", true},
	{strings.Repeat("k", 129) + ": x\n", false},
	{strings.Repeat("k", 1025) + ": x\n", false}, // the decoder's limit: a YAML error
	{"<<: x\n", false},
	{"? complex\n: key\n", false},
	{"name: a\n...\n", false},
	{"name: -a\n", true},
	{"name: a\ndescription: -\n", false},
	{"name: a\ndescription: - b\n", false},
	{"name: a\n key: b\n", false},
	{" name: a\n", false},
	{"name: %x\n", false},
	{"name: @x\n", false},
	// Characters yaml.v3 reads as line breaks (yamlsep.go): the decoder's.
	{"name: a\ndescription: b\u2028c\n", false},
	{"name: a\ndescription: 'b \u0085'\n", false},
	{"name: a\ndescription: |\n  b\n  \u2029\n", false},
}

func TestYAMLFastMatchesDecoder(t *testing.T) {
	for _, c := range yamlCases {
		text := c.yaml
		if text != "" && !strings.HasSuffix(text, "\n") {
			text += "\n"
		}
		src := []byte("---\n" + text + "---\nbody\n")
		if fast := checkYAML(t, strconv.Quote(c.yaml), src); fast != c.fast {
			t.Errorf("%q: fast path taken = %v, want %v", c.yaml, fast, c.fast)
		}
	}
	n, fast := 0, 0
	for name, src := range skilltest.RepositoryMarkdown(t) {
		n++
		if checkYAML(t, name, src) {
			fast++
		}
	}
	t.Logf("test trees: %d of %d texts took the fast path", fast, n)
	if fast < 100 {
		t.Fatalf("only %d of %d Markdown texts of the test trees took the fast path", fast, n)
	}
}

// TestYAMLFastOnCorpus checks the generated corpus (the shape of the
// benchmarks): both paths agree, and most frontmatters take the fast one.
func TestYAMLFastOnCorpus(t *testing.T) {
	c, err := skilltest.WriteCorpus(t.TempDir(), skilltest.CorpusOptions{N: 300, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	fast := 0
	for _, p := range c.SkillFiles {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if checkYAML(t, p, src) {
			fast++
		}
	}
	t.Logf("corpus: %d of %d frontmatters took the fast path", fast, len(c.SkillFiles))
	if fast < len(c.SkillFiles)*8/10 {
		t.Errorf("only %d of %d frontmatters of the generated corpus took the fast path", fast, len(c.SkillFiles))
	}
}

func FuzzYAMLFast(f *testing.F) {
	for _, c := range yamlCases {
		f.Add([]byte(c.yaml))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkYAML(t, "", append(append([]byte("---\n"), data...), "\n---\n"...))
		// The same bytes read as a sequence of YAML tokens, which reaches
		// the accepted form far more often than random bytes do.
		checkYAML(t, "tokens", append(append([]byte("---\n"), yamlTokens(data)...), "\n---\n"...))
	})
}

// yamlFuzzTokens are the pieces yamlTokens builds frontmatters from.
var yamlFuzzTokens = []string{
	"name", "description", "metadata", "k", "on", "true", "null", "1", "x-y", "_", ": ", ":", "\n", "\n  ", "\n    ", " ", "  ",
	"a", "b c", "\"", "'", "\"q\"", "'q'", "#", " #", "-", "- ", "[", "]", "{", "}", ",", "&", "*", "!", "|", ">", "%", "@", "`",
	"~", ".5", "0x1F", ">", ">-", "|-", "|+", ">2", "1e3", ".inf", "\\", "\t", "\r", "é", "?", "---", "...", "<<", "yes", "http://x",
}

// yamlTokens maps each byte of data to a token of yamlFuzzTokens.
func yamlTokens(data []byte) []byte { return skilltest.FromTokens(data, yamlFuzzTokens) }

// checkYAML compares the two frontmatter paths on the file src and
// reports whether the fast one accepted it. A file without a closed
// frontmatter has nothing to compare.
func checkYAML(t *testing.T, name string, src []byte) bool {
	t.Helper()
	f := skillfile.Parse("/r/a/SKILL.md", src, skillfile.ReadFS)
	if f.Frontmatter == nil || f.Frontmatter.State != skillfile.FrontmatterOK {
		return false
	}
	yaml := f.Frontmatter.YAMLSpan
	text := src[yaml.Start:yaml.End]
	decoded := dshyaml.ParseYAMLDecoded(text, yaml.Start)
	fast, ok := dshyaml.ParseYAMLFast(text, yaml.Start)
	if !ok {
		return false
	}
	if diff := cmp.Diff(decoded, fast, cmpopts.EquateNaNs()); diff != "" {
		t.Errorf("%s: fast frontmatter differs from the decoder's (-decoder +fast):\n%s\ntext: %q", name, diff, src)
	}
	return true
}
