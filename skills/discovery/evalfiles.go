package discovery

import (
	"os"
	"path/filepath"

	"github.com/skill-ls/skill-ls/skills/evalfile"
)

// ReadEvalFiles reads the eval files of the bundle folder dir that exist:
// each name of names in dir/evals, up to MaxBundleText bytes, never
// blocking (a FIFO is left out) and never through a symbolic link's
// listing. A file longer than what was read has Size > len(Head).
func ReadEvalFiles(dir string, names []string) []BundleFile {
	var out []BundleFile
	for _, name := range names {
		p := filepath.Join(dir, "evals", name)
		if f, ok := new(BundleReader).readFile(p, readWhole); ok {
			out = append(out, f)
		}
	}
	return out
}

// ReadBundleEvals reads the eval files (evalfile.Names) of the bundle
// folder dir: one stat of its evals folder, and the files when there is
// one (see ReadEvalFiles).
func ReadBundleEvals(dir string) []BundleFile {
	if fi, err := os.Stat(filepath.Join(dir, evalfile.Dir)); err != nil || !fi.IsDir() {
		return nil
	}
	return ReadEvalFiles(dir, evalfile.Names())
}
