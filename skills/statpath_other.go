//go:build !linux || !(amd64 || arm64)

package skills

import (
	"os"
	"time"
)

// statRegular is false: other systems take os.Stat.
func statRegular(dir, name string) (size int64, modTime time.Time, ok bool) {
	return 0, time.Time{}, false
}

// statExists reports whether path names something a stat following
// symbolic links finds (os.Stat's err == nil). path holds no NUL byte.
func statExists(path []byte) bool {
	_, err := os.Stat(string(path))
	return err == nil
}
