package discovery

import "path/filepath"

// ReadEvalFiles reads the eval files of the bundle folder dir that exist:
// each name of names in dir/evals, up to MaxBundleText bytes, never
// blocking (a FIFO is left out) and never through a symbolic link's
// listing. A file longer than what was read has Size > len(Head).
func ReadEvalFiles(dir string, names []string) []BundleFile {
	var out []BundleFile
	for _, name := range names {
		p := filepath.Join(dir, "evals", name)
		if f, ok := readBundleFile(p, func(string, []byte) bool { return true }); ok {
			out = append(out, f)
		}
	}
	return out
}
