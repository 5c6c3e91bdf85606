package skills

import (
	"reflect"
	"testing"
)

// TestSkillRecordSize: a workspace keeps a Skill for every valid skill
// file (100,000 at the largest benchmark), so a skill from a file shares
// its file's fields (Definition) instead of a copy of them, and the
// record stays within the 176-byte size class.
func TestSkillRecordSize(t *testing.T) {
	if size := reflect.TypeFor[Skill]().Size(); size > 176 {
		t.Errorf("a Skill is %d bytes, over the 176-byte size class", size)
	}
}
