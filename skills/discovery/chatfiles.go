package discovery

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Bounds of the walk for chat files on disk: the language server's
// references and rename look at chat files in the workspace folders that
// are not open, without letting a huge repository stall the request.
const (
	chatWalkMaxEntries = 50000
	chatWalkMaxDepth   = 8
	chatFileMaxBytes   = 1 << 20
)

// ChatFile is a chat transcript read from disk.
type ChatFile struct {
	Path string
	Src  []byte
}

// FindChatFiles walks the folders (bounded: 50,000 entries, 8 levels, files
// of at most 1 MiB; hidden folders, node_modules and vendor skipped) and
// reads the regular files for which want returns true.
func FindChatFiles(folders []string, want func(path string) bool) []ChatFile {
	var out []ChatFile
	seen := 0
	for _, root := range folders {
		if root == "" {
			continue
		}
		base := strings.Count(root, string(filepath.Separator))
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if seen++; seen > chatWalkMaxEntries {
				return filepath.SkipAll
			}
			if d.IsDir() {
				n := d.Name()
				if p != root && (strings.HasPrefix(n, ".") || n == "node_modules" || n == "vendor" || strings.Count(p, string(filepath.Separator))-base > chatWalkMaxDepth) {
					return filepath.SkipDir
				}
				return nil
			}
			if !d.Type().IsRegular() || !want(p) {
				return nil
			}
			if info, err := d.Info(); err != nil || info.Size() > chatFileMaxBytes {
				return nil
			}
			if src, err := os.ReadFile(p); err == nil {
				out = append(out, ChatFile{Path: p, Src: src})
			}
			return nil
		})
	}
	return out
}
