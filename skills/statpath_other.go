//go:build !linux || !(amd64 || arm64)

package skills

import "time"

// statRegular is false: other systems take os.Stat.
func statRegular(dir, name string) (size int64, modTime time.Time, ok bool) {
	return 0, time.Time{}, false
}
