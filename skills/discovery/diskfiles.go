package discovery

import (
	"os"
	"strings"
)

// Exists reports whether something (even a broken link) is at path. It is
// how the language server checks a rename's target before offering it.
func Exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// DirEntry is one entry of a folder a link may point into.
type DirEntry struct {
	Name string
	Dir  bool
}

// ListLinkDir lists dir for link path completion: at most max entries,
// hidden ones left out, in name order.
func ListLinkDir(dir string, max int) []DirEntry {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []DirEntry
	for _, de := range entries {
		if strings.HasPrefix(de.Name(), ".") {
			continue
		}
		if len(out) == max {
			break
		}
		out = append(out, DirEntry{Name: de.Name(), Dir: de.IsDir()})
	}
	return out
}
