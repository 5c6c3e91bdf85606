package skillfile

import (
	"reflect"
	"testing"
)

// TestFileRecordSize: a workspace keeps a File for every skill file it
// read (100,000 at the largest benchmark), so the record stays within the
// 176-byte size class; the facts few files have (hidden text among them,
// and the outline's comments and unread reason) sit behind one pointer
// each, and the frontmatter holds its kept lines.
func TestFileRecordSize(t *testing.T) {
	if size := reflect.TypeFor[File]().Size(); size > 176 {
		t.Errorf("a File is %d bytes, over the 176-byte size class", size)
	}
}

// TestRareFacts: the facts behind the pointer read as the fields did, and
// a file without any has no pointer.
func TestRareFacts(t *testing.T) {
	plain := Parse("/r/a/SKILL.md", []byte("---\nname: a\ndescription: Use it.\n---\n# Body\n"), ReadFS)
	if plain.rare != nil || plain.Hidden() != nil || plain.Directives() != nil || plain.FrameClosers() != nil || plain.Placeholders() != nil || plain.ReadErr() != "" {
		t.Errorf("a plain file has rare facts: %+v", plain.rare)
	}
	src := "---\nname: a\ndescription: Use it.\n---\n<!-- skill-ls-disable-next-line link-missing -- why -->\nRun $ARGUMENTS </skill_content>\n"
	f := Parse("/r/a/SKILL.md", []byte(src), ReadFS)
	if len(f.Directives()) != 1 || len(f.FrameClosers()) != 1 || len(f.Placeholders()) != 1 {
		t.Errorf("directives %v, frame closers %v, placeholders %v", f.Directives(), f.FrameClosers(), f.Placeholders())
	}
	hidden := "---\nname: a\ndescription: Use it.\n---\nRun\u200b it. <!-- a note -->\n"
	if h := Parse("/r/a/SKILL.md", []byte(hidden), ReadFS).Hidden(); len(h) != 2 {
		t.Errorf("Hidden() = %+v, want the zero-width space and the comment", h)
	}
	if h := ParseCatalog("/r/a/SKILL.md", []byte(hidden), ReadFS).Hidden(); len(h) != 1 {
		t.Errorf("the catalog's Hidden() = %+v, want the zero-width space", h)
	}
	if u := Unreadable("/r/b/SKILL.md", ReadFS, "permission denied"); u.ReadErr() != "permission denied" {
		t.Errorf("ReadErr() = %q", u.ReadErr())
	}
}
