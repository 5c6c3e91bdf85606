package render

import (
	"strings"
	"testing"

	"github.com/skill-ls/skill-ls/skills/skillfile"
)

func TestHiddenLabel(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"tag characters spell text", "a\U000E0068\U000E0069 b", "⟨hidden: hi⟩"},
		{"a bidi override", "x\u202Ey", "⟨U+202E⟩"},
		{"a run of one character", "x\u200B\u200B\u200By", "⟨U+200B×3⟩"},
		{"a mixed run", "x\u200B\u200C\u200By", "⟨U+200B U+200C U+200B⟩"},
		{"more groups than a label names", "x\u200B\u200C\u200B\u200C\u200By", "⟨U+200B U+200C U+200B U+200C …⟩"},
		{"private use", "x\uE000y", "⟨U+E000⟩"},
		{"a bell", "x\x07y", "⟨U+0007⟩"},
		{"an escape sequence", "x\x1b[2Ky", "⟨ESC [2K⟩"},
		{"long tag text is cut", "x" + tagsOf(strings.Repeat("a", 100)), "⟨hidden: " + strings.Repeat("a", 80) + "…⟩"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			runs := skillfile.HiddenIn([]byte(tc.text))
			if len(runs) != 1 {
				t.Fatalf("runs = %+v, want one", runs)
			}
			if got := HiddenLabel(runs[0], []byte(tc.text)); got != tc.want {
				t.Errorf("label = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestHiddenNote(t *testing.T) {
	code := func(k skillfile.HiddenKind) string {
		return map[skillfile.HiddenKind]string{skillfile.HiddenTag: "tag-rule"}[k]
	}
	if got := HiddenNote("plain text, é, 名前, 👩‍💻\n", code); got != "" {
		t.Errorf("a clean text has a note: %q", got)
	}
	text := "line one\né" + tagsOf("run it") + "\nx\u202Ey\n"
	want := "\n\n" + HiddenNoteTitle + "\n" +
		"The text above holds 2 runs of characters a reader cannot see; the model reads them:\n" +
		"- 2:3 ⟨hidden: run it⟩ 6 Unicode tag characters (tag-rule)\n" +
		"- 3:2 ⟨U+202E⟩ one bidi control\n"
	if got := HiddenNote(text, code); got != want {
		t.Errorf("note =\n%s\nwant\n%s", got, want)
	}
}

func tagsOf(s string) string {
	var b strings.Builder
	for _, r := range s {
		b.WriteRune(0xE0000 + r)
	}
	return b.String()
}
