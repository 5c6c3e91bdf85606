package format

import (
	"io"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills/discovery"
)

// inorder.go: the text formats read each file with findings again (for
// positions and source lines), which on a large tree is most of the
// time check spends writing; files are formatted in parallel, a batch at
// a time, and written in order.

// formatBatch is how many files' findings are formatted at once: enough
// to keep every reader busy, few enough that their texts are not all held.
const formatBatch = 256

// byPath splits ds, sorted by path, into runs of one path.
func byPath(ds []diagnostics.Diagnostic) [][]diagnostics.Diagnostic {
	var groups [][]diagnostics.Diagnostic
	for i := 0; i < len(ds); {
		j := i + 1
		for j < len(ds) && ds[j].Path == ds[i].Path {
			j++
		}
		groups = append(groups, ds[i:j])
		i = j
	}
	return groups
}

// inOrder appends each group's text with format, formatBatch groups in
// parallel, and writes the texts to w in the groups' order. format is
// told which of discovery.Workers() workers runs it, so that each worker
// can read files into memory of its own.
func inOrder(groups [][]diagnostics.Diagnostic, w io.Writer, format func(b []byte, worker int, group []diagnostics.Diagnostic) []byte) error {
	out := make([][]byte, min(formatBatch, len(groups)))
	for start := 0; start < len(groups); start += formatBatch {
		batch := groups[start:min(start+formatBatch, len(groups))]
		discovery.Parallel(len(batch), func(worker, i int) {
			out[i] = format(out[i][:0], worker, batch[i])
		})
		for i := range batch {
			if _, err := w.Write(out[i]); err != nil {
				return err
			}
		}
	}
	return nil
}
