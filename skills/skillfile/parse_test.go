package skillfile

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills/problem"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// TestFindings: Parse records every reason, in DSH's check order, and the
// first dropping one is the Drop DSH logs.
func TestFindings(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string // "code key@offset"
		log  string   // Drop.Detail, "" for none
	}{
		{"clean", "---\nname: a\ndescription: b\n---\n", nil, ""},
		{"no name, no description", "---\nx: 1\n---\n", []string{"name-missing name@0", "description-missing description@0"}, "frontmatter requires name and description"},
		{"bad name and legacy key", "---\nname: A\ndescription: b\nuserInvocable: true\n---\n", []string{"name-invalid name@10", "legacy-invocation-key userInvocable@27"}, `invalid skill name "A"`},
		{"legacy keys in DSH order, not source order", "---\nname: a\ndescription: b\nuserInvocable: 1\nmodelInvocable: 1\n---\n", []string{"legacy-invocation-key modelInvocable@44", "legacy-invocation-key userInvocable@27"}, `invalid invocation frontmatter: Error: frontmatter field "modelInvocable" is unsupported; use "disable-model-invocation"`},
		{"flag and ignored field", "---\nname: a\ndescription: b\nuser-invocable: 2\nwhenToUse: 3\n---\n", []string{"invocation-not-boolean user-invocable@43", "field-ignored whenToUse@56"}, `invalid invocation frontmatter: TypeError: frontmatter field "user-invocable" must be a boolean`},
		{"degraded only", "---\nname: a\ndescription: b\nmetadata: x\n---\n", []string{"field-ignored metadata@37"}, ""},
		// An unclosed frontmatter is found at the line that looks like the
		// closing --- (the first one), else at the opening line; DSH's log
		// line is the same either way.
		{"unclosed", "---\nname: a\ndescription: b\n", []string{"frontmatter-unclosed @0"}, "missing YAML frontmatter"},
		{"unclosed, --- and spaces", "---\nname: a\ndescription: b\n---   \n\n# Body\n", []string{"frontmatter-unclosed @27"}, "missing YAML frontmatter"},
		{"unclosed, indented --- after ----", "---\r\nname: a\r\n  ---\r\n----\r\n", []string{"frontmatter-unclosed @14"}, "missing YAML frontmatter"},
		{"unclosed, ... as the last line", "---\nname: a\n...", []string{"frontmatter-unclosed @12"}, "missing YAML frontmatter"},
		{"unclosed, -- and - - - look like nothing", "---\nname: a\n--\n- - -\n", []string{"frontmatter-unclosed @0"}, "missing YAML frontmatter"},
		{"é 日本 𐐀 in a bad name", "---\nname: é日本𐐀\ndescription: b\n---\n", []string{"name-invalid name@10"}, `invalid skill name "é日本𐐀"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Parse("/r/a/SKILL.md", []byte(tt.src), ReadFS)
			var got []string
			for _, fd := range f.Findings {
				got = append(got, fmt.Sprintf("%s %s@%d", fd.Code, fd.Key, fd.Span.Start))
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("findings %q, want %q", got, tt.want)
			}
			log := ""
			if f.Drop != nil {
				log = f.Drop.Detail
			}
			if log != tt.log {
				t.Errorf("drop %q, want %q", log, tt.log)
			}
			if (f.Def != nil) == (f.Drop != nil) {
				t.Errorf("def %v with drop %v", f.Def != nil, f.Drop)
			}
		})
	}
}

// TestFrameTagsMatchSearchPerTag: one search for what the tags start with
// finds the spans a search per tag finds, on bodies of tag pieces.
func TestFrameTagsMatchSearchPerTag(t *testing.T) {
	reference := func(content []byte) []spans.Span {
		var out []spans.Span
		for _, tag := range frameTags {
			for off := 0; ; {
				i := bytes.Index(content[off:], []byte(tag))
				if i < 0 {
					break
				}
				out = append(out, spans.Span{Start: off + i, End: off + i + len(tag)})
				off += i + len(tag)
			}
		}
		slices.SortFunc(out, func(a, b spans.Span) int { return a.Start - b.Start })
		return out
	}
	pieces := []string{"</skill_instructions>", "</skill_content>", "</skill_", "</skill_content", "<", "/", "x", "</skill_</skill_content>", "\n", "é"}
	rng := rand.New(rand.NewPCG(8, 9))
	for n := range 3000 {
		var b strings.Builder
		for range rng.IntN(12) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		body := b.String()
		src := "---\nname: a\ndescription: d\n---\n" + body
		f := Parse("/r/a/SKILL.md", []byte(src), ReadFS)
		var got []spans.Span
		for _, sp := range f.FrameClosers() {
			got = append(got, spans.Span{Start: sp.Start - f.ContentSpan.Start, End: sp.End - f.ContentSpan.Start})
		}
		if want := reference([]byte(src)[f.ContentSpan.Start:f.ContentSpan.End]); !slices.Equal(got, want) {
			t.Fatalf("body %d %q: spans %v, want %v", n, body, got, want)
		}
	}
}

// TestParseObeysSizeLimit: text over MaxFileSize (an editor's buffer, which
// no disk read bounded) is not parsed but reported, as a file on disk is.
func TestParseObeysSizeLimit(t *testing.T) {
	src := append([]byte("---\nname: a\ndescription: b\n---\n"), make([]byte, MaxFileSize)...)
	f := Parse("/r/a/SKILL.md", src, ReadFS)
	if f.Drop == nil || f.Drop.Code != problem.FileTooLarge || f.Def != nil {
		t.Errorf("a %d-byte buffer: drop %+v, def %+v; want file-too-large", len(src), f.Drop, f.Def)
	}
}

// TestSavedOver: an editor buffer over a file DSH cannot read as text is
// dropped for the disk's reason, on its first line and marked OnDisk, and
// keeps its own findings; over a readable file, or when the buffer is
// itself not text, it is as parsed.
func TestSavedOver(t *testing.T) {
	const buf = "---\r\nname: a\r\ndescription: Café: menus\r\n---\r\nbody\r\n"
	tests := []struct {
		name, disk, buf string
		want            []string // "code@start-end" with * for OnDisk
	}{
		{"Latin-1 on disk", "---\nname: a\ndescription: Caf\xe9 menus\n---\n", buf, []string{"invalid-utf8*@0-3", "yaml-unquoted-colon@27-39"}},
		{"UTF-16LE with a BOM on disk", "\xff\xfe-\x00-\x00-\x00\r\x00\n\x00", buf, []string{"binary-file*@0-3", "yaml-unquoted-colon@27-39"}},
		{"a UTF-8 BOM in the buffer", "\xff\xfe-\x00", "\xef\xbb\xbf---\nname: a\ndescription: b\n---\n", []string{"binary-file*@3-6"}},
		{"UTF-8 on disk", "---\nname: a\ndescription: b\n---\n", buf, []string{"yaml-unquoted-colon@27-39"}},
		{"dropped on disk for its YAML", "---\nname: a\ndescription: b: c\n---\n", buf, []string{"yaml-unquoted-colon@27-39"}},
		{"the buffer is not text either", "\xff\xfe-\x00", "---\x00\n", []string{"binary-file@3-4"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			disk := Parse("/r/a/SKILL.md", []byte(tt.disk), ReadFS)
			own := Parse("/r/a/SKILL.md", []byte(tt.buf), ReadFS)
			f := own.SavedOver(disk)
			var got []string
			for _, fd := range f.Findings {
				star := map[bool]string{true: "*"}[fd.OnDisk]
				got = append(got, fmt.Sprintf("%s%s@%d-%d", fd.Code, star, fd.Span.Start, fd.Span.End))
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("findings %q, want %q", got, tt.want)
			}
			if !strings.Contains(tt.want[0], "*") {
				if f != own {
					t.Error("a buffer DSH reads as it is was copied")
				}
				return
			}
			if f.Drop == nil || !f.Drop.OnDisk || f.Drop.Log != disk.Drop.Log || f.Def != nil {
				t.Errorf("drop %+v (disk's %+v), def %v", f.Drop, disk.Drop, f.Def)
			}
			if len(own.Findings) != len(tt.want)-1 || own.Drop != nil && own.Drop.OnDisk {
				t.Error("SavedOver changed the buffer's own parse")
			}
		})
	}
}
