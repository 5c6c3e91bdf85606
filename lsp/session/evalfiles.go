package session

// evalfiles.go: a skill bundle's eval files (evals/eval_queries.json,
// trigger-queries.json, evals.json): checked by the rules check runs
// (diagnostics.EvalFilesOf, Options.EvalFiles), from the open buffer when
// there is one, and the code lens whose client-side command runs
// `skill-ls eval` (the server never starts a host).

import (
	"path/filepath"
	"slices"

	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/evalfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// CmdRunTriggerEval is the client-side command of the eval lens: the
// editor runs `skill-ls eval FOLDER --host HOST --format json` and shows
// its results on the query lines. The server does not offer it.
const CmdRunTriggerEval = "skill-ls.runTriggerEval"

// LensEvalHost is the host the lens runs: the one eval drives.
const LensEvalHost = "claude"

// IsEvalPath reports whether path is a bundle's eval file by its name.
func IsEvalPath(path string) bool { return evalfile.KindOf(path) != evalfile.NotEval }

// withEvalFiles returns views with the eval files of their bundles in
// their options, read from the open buffers of st, else from disk, and
// st's open buffers (Options.Buffer, as OptionsFor gives the fast path).
// It runs on the pass's goroutine: a stat of each bundle's evals folder.
func withEvalFiles(st *Snapshot, views []viewSnapshot) []viewSnapshot {
	out := slices.Clone(views)
	for i := range out {
		keep := func(string) bool { return true }
		out[i].opts.EvalFiles = diagnostics.EvalFilesOf(out[i].skills, keep, st.readEvals, discovery.Exists)
		out[i].opts.Buffer = st.isBuffer // the pass's options are these
	}
	return out
}

// readEvals returns the eval files of the bundle folder dir: each open
// buffer as it is, the others as on disk.
func (st *Snapshot) readEvals(dir string) []discovery.BundleFile {
	var disk []discovery.BundleFile
	read := false
	var out []discovery.BundleFile
	for _, name := range evalfile.Names() {
		p := filepath.Join(dir, evalfile.Dir, name)
		if d := st.Doc(p); d != nil {
			out = append(out, bufferEvalFile(d))
			continue
		}
		if !read {
			disk, read = discovery.ReadBundleEvals(dir), true
		}
		if i := slices.IndexFunc(disk, func(b discovery.BundleFile) bool { return b.Path == p }); i >= 0 {
			out = append(out, disk[i])
		}
	}
	return out
}

// bufferEvalFile is an open eval file's buffer as discovery reads a file:
// its first MaxBundleText bytes, and its size.
func bufferEvalFile(d *Document) discovery.BundleFile {
	head := d.Text[:min(len(d.Text), discovery.MaxBundleText)]
	return discovery.BundleFile{Path: d.Key, Size: int64(len(d.Text)), Head: head}
}

// evalSources returns the bytes of the eval files views were checked with,
// by path (the first view's, as runPass keeps its diagnostics).
func evalSources(views []viewSnapshot) map[string][]byte {
	out := map[string][]byte{}
	for _, v := range views {
		for _, e := range v.opts.EvalFiles {
			if _, ok := out[e.File.Path]; !ok {
				out[e.File.Path] = e.File.Src
			}
		}
	}
	return out
}

// publishEval publishes the diagnostics of the open eval file at path
// now, from its buffer (the fast path): the rules that need no other file,
// and those the last pass found that need every skill. A closed one waits
// for the pass, which reads the disk.
func (q *scheduler) publishEval(st *Snapshot, path string) {
	d := st.Doc(path)
	if d == nil {
		return
	}
	skill := diagnostics.EvalBundleSkill(path)
	snap := st.OwnerOf(skill)
	f := snap.File(skill)
	if f == nil {
		q.pub.Clear(d.uri)
		return
	}
	bf := bufferEvalFile(d)
	in := diagnostics.EvalInput{File: evalfile.Parse(path, bf.Head, bf.Size > int64(len(bf.Head))), Skill: f, Exists: discovery.Exists}
	opts := st.OptionsFor(skill)
	opts.Quick = true
	ds := append(diagnostics.RunEvalFile(snap, in, opts), q.carried(path)...)
	q.pub.Publish(d.uri, new(d.Version), protocolDiagnostics(ds, spans.NewLineIndex(d.Text), snap, st))
}

// publishPassEval publishes what a pass found in an eval file, read as
// src, unless its open buffer changed since (the fast path published that
// buffer, and a newer pass is due). It returns the URI used.
func (q *scheduler) publishPassEval(st *Snapshot, fd fileDiags, path string, src []byte) uri.URI {
	u := st.URIFor(path)
	var version *int32
	if d := st.Doc(path); d != nil {
		if string(bufferEvalFile(d).Head) != string(src) {
			return u
		}
		version = new(d.Version)
	}
	q.pub.Publish(u, version, protocolDiagnostics(fd.diags, spans.NewLineIndex(src), fd.snap, st))
	return u
}

// checkedEval reports whether the pass checked the open eval file d as its
// buffer is now.
func (r passResult) checkedEval(d *Document) bool {
	src, ok := r.evals[d.Key]
	return ok && string(bufferEvalFile(d).Head) == string(src)
}
