package skills

import (
	"os"
	"testing"
)

// skipUnlessSlow skips a slow test unless SKILL_LS_SLOW is set (make test-go
// sets it), so a plain `go test ./...` stays fast.
func skipUnlessSlow(t *testing.T) {
	t.Helper()
	if os.Getenv("SKILL_LS_SLOW") == "" {
		t.Skip("slow: runs with SKILL_LS_SLOW=1 (make test sets it)")
	}
}
