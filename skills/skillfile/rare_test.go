package skillfile

import (
	"reflect"
	"testing"
)

// TestFileRecordSize: a workspace keeps a File for every skill file it
// read (100,000 at the largest benchmark), so the record stays within the
// 320-byte size class; the facts few files have sit behind one pointer.
func TestFileRecordSize(t *testing.T) {
	if size := reflect.TypeFor[File]().Size(); size > 320 {
		t.Errorf("a File is %d bytes, over the 320-byte size class", size)
	}
}

// TestRareFacts: the facts behind the pointer read as the fields did, and
// a file without any has no pointer.
func TestRareFacts(t *testing.T) {
	plain := Parse("/r/a/SKILL.md", []byte("---\nname: a\ndescription: Use it.\n---\n# Body\n"), ReadFS)
	if plain.rare != nil || plain.Directives() != nil || plain.FrameClosers() != nil || plain.Placeholders() != nil || plain.ReadErr() != "" {
		t.Errorf("a plain file has rare facts: %+v", plain.rare)
	}
	src := "---\nname: a\ndescription: Use it.\n---\n<!-- skill-ls-disable-next-line link-missing -- why -->\nRun $ARGUMENTS </skill_content>\n"
	f := Parse("/r/a/SKILL.md", []byte(src), ReadFS)
	if len(f.Directives()) != 1 || len(f.FrameClosers()) != 1 || len(f.Placeholders()) != 1 {
		t.Errorf("directives %v, frame closers %v, placeholders %v", f.Directives(), f.FrameClosers(), f.Placeholders())
	}
	if u := Unreadable("/r/b/SKILL.md", ReadFS, "permission denied"); u.ReadErr() != "permission denied" {
		t.Errorf("ReadErr() = %q", u.ReadErr())
	}
}
