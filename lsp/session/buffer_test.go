package session

import (
	"testing"

	"github.com/skill-ls/skill-ls/diagnostics"
)

// TestBufferParsedOnce: an open buffer no view holds is parsed once, on
// the one parse path of an editor buffer, and what the handlers read of it
// (BufferFile) is what its diagnostics before the discovery checked
// (EarlyDiagnostics), the same file, not a second parse of the same text.
func TestBufferParsedOnce(t *testing.T) {
	settings := DefaultSettings()
	d := newDocument(PathURI("/p/.claude/skills/a/SKILL.md"), "/p/.claude/skills/a/SKILL.md", "markdown", 1,
		[]byte("---\nname: a\ndescription: Does a.\n---\n# A\n[x](missing.md)\n"), &settings)
	st := &Snapshot{}
	held := st.BufferFile(d, emptySnapshot())
	if held == nil {
		t.Fatal("BufferFile: nil")
	}
	snap, _ := EarlyDiagnostics(d, diagnostics.Options{})
	if early := snap.File(d.Key); early != held {
		t.Errorf("EarlyDiagnostics checked %p, BufferFile returned %p: the buffer was parsed twice", early, held)
	}
	if again := st.BufferFile(d, emptySnapshot()); again != held {
		t.Errorf("BufferFile parsed the buffer again")
	}
}
