//go:build !unix

package skills

import "os"

// statExists reports whether path exists, following symbolic links.
func statExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
