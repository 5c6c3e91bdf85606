package lsp

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/skill-ls/skill-ls/render"
	"github.com/skill-ls/skill-ls/skills"
)

// Bounds of the walk for chat files on disk: references and rename look at
// chat files in the workspace folders that are not open, without letting a
// huge repository stall the request.
const (
	chatWalkMaxEntries = 50000
	chatWalkMaxDepth   = 8
	chatFileMaxBytes   = 1 << 20
)

// diskChatRefs returns the `/name` tokens naming name in the chat files of
// the workspace folders that are not open (open ones are read from their
// buffers). Hidden folders, node_modules and vendor are skipped.
func diskChatRefs(st *snapshot, name string) []nameRef {
	folders, settings, open := st.folders, st.settings, st.docs
	var out []nameRef
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
			if !d.Type().IsRegular() || open[p] != nil || !settings.isChat("", p) {
				return nil
			}
			if info, err := d.Info(); err != nil || info.Size() > chatFileMaxBytes {
				return nil
			}
			src, err := os.ReadFile(p)
			if err != nil {
				return nil
			}
			idx := skills.NewLineIndex(src)
			for _, sp := range render.NameRefs(string(src), name) {
				out = append(out, nameRef{path: p, idx: idx, span: sp})
			}
			return nil
		})
	}
	return out
}
