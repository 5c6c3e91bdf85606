package diagnostics

import (
	"bytes"
	"maps"
	"slices"

	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/problem"
	"github.com/skill-ls/skill-ls/skills/skillfile"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// Rules about reading a skill file: its bytes, its encoding, its line
// endings.

// The codes of the reading rules.
const (
	CodeBinaryFile     = string(problem.BinaryFile)
	CodeInvalidUTF8    = string(problem.InvalidUTF8)
	CodeUnreadableFile = string(problem.UnreadableFile)
	CodeFileTooLarge   = string(problem.FileTooLarge)
	CodeBOM            = "bom"
	CodeCRLF           = "crlf"
)

// An editor shows a file it decoded from another encoding as UTF-8 text and
// saves it back in that encoding: the server reports the file on disk on
// the open buffer (skillfile.File.SavedOver), and says how to save it as
// UTF-8 in the editors it ships clients for.
const (
	convertedCopy = "; the editor shows a converted copy. Save it as UTF-8: in Neovim `:set fileencoding=utf-8 nobomb` then `:w`; in VS Code, \"Save with Encoding\" → UTF-8"
	onDiskDoc     = "In the editor, a file in another encoding is shown converted and saved back in its encoding, so the server reports the file on disk on the open buffer's first line until it is saved as UTF-8 (Neovim: `:set fileencoding=utf-8 nobomb`, then `:w`; VS Code: \"Save with Encoding\" → UTF-8)."
)

var readingRules = []*Rule{
	{Code: CodeBinaryFile, Short: "binary file", Severity: SeverityError, Drops: true, Summary: "the file holds a NUL byte",
		Doc: "DSH's text reader refuses a file with a NUL byte in its first 8192 bytes as binary, and drops the skill with `failed to read text file … binary file`. A file saved as UTF-16 (as Windows Notepad may save it) is one. Save the skill as plain UTF-8 text. " + onDiskDoc,
		Finding: func(p *Pass, fd skillfile.Finding) {
			if fd.OnDisk {
				p.Report(fd.Span, dropPrefix+"the file on disk holds NUL bytes (it is saved as UTF-16 or is binary), so DSH's reader refuses it"+convertedCopy)
				return
			}
			p.Report(fd.Span, dropPrefix+"the file holds a NUL byte, so DSH's reader refuses it as binary")
		}},
	{Code: CodeInvalidUTF8, Short: "not UTF-8 text", Severity: SeverityError, Drops: true, Summary: "the file is not valid UTF-8",
		Doc: "DSH decodes skill files with a fatal UTF-8 decoder; any invalid byte sequence drops the skill with `failed to read text file … invalid UTF-8 text`. Re-save the file as UTF-8 (not Latin-1 or UTF-16). " + onDiskDoc,
		Finding: func(p *Pass, fd skillfile.Finding) {
			if fd.OnDisk {
				p.Report(fd.Span, dropPrefix+"the file on disk is not UTF-8 (it is saved as Latin-1, UTF-16 or another encoding), so DSH's reader refuses it"+convertedCopy)
				return
			}
			p.Report(fd.Span, dropPrefix+"the file is not valid UTF-8 text (first bad byte here); save it as UTF-8")
		}},
	{Code: CodeUnreadableFile, Short: "unreadable file", Severity: SeverityError, Drops: true, Summary: "the file cannot be read",
		Doc:       "The skill file exists but cannot be read (permissions, I/O error, a `SKILL.md` that is a symbolic link to itself or to nothing). DSH cannot load it either. In another host's folder (`.claude/skills`), the message names the hosts that read the folder and says why in their words.",
		Discovery: AsRecorded,
		Finding: func(p *Pass, fd skillfile.Finding) {
			p.Report(fd.Span, dropPrefix+"the file cannot be read: "+p.File.ReadErr())
		},
		Workspace: hostUnreadCheck(CodeUnreadableFile)},
	{Code: CodeFileTooLarge, Short: "file larger than 16 MiB", Severity: SeverityError, Summary: "the file is larger than skill-ls reads",
		Doc: "skill-ls does not read skill files larger than 16 MiB, so it cannot check them. DSH would read the whole file and could put all of it into the model's context; keep skills small and move bulk material into referenced files. A file this large in another host's folder (`.claude/skills`) is reported too.",
		Finding: func(p *Pass, fd skillfile.Finding) {
			if !p.dshReads() {
				p.Report(fd.Span, tooLargeUnread)
				return
			}
			p.Report(fd.Span, p.File.Drop.Detail)
		},
		Workspace: hostUnreadCheck(CodeFileTooLarge)},
	{Code: CodeBOM, Severity: SeverityInfo, Summary: "the file starts with a byte-order mark",
		Doc:  "DSH's production reader strips one UTF-8 byte-order mark, so the skill loads. The bundled root is read without stripping it, and there the skill is dropped (reported as frontmatter-missing). Removing the BOM is safest.",
		File: checkBOM},
	{Code: CodeCRLF, Severity: SeverityHint, Summary: "the file uses CRLF line endings",
		Doc:  "DSH parses CRLF files, but the body keeps its inner `\\r\\n` verbatim in the `<skill_content>` block the model receives.",
		File: checkCRLF},
}

// checkBOM reports a BOM that DSH strips (the bundled root's kept BOM is a
// frontmatter-missing finding).
func checkBOM(p *Pass) {
	if p.File.BOM && p.File.Mode != skillfile.ReadNode {
		msg := "the file starts with a UTF-8 byte-order mark; DSH strips it on its production read path, but the bundled root keeps it and then finds no frontmatter"
		if !p.dshReads() {
			msg = "the file starts with a UTF-8 byte-order mark, which a reader that does not strip it takes for text before the frontmatter"
		}
		p.Report(spans.Span{Start: 0, End: 3}, msg, removeBOM(p)...)
	}
}

// titleRemoveBOM is the title of the fix below (FixDocs lists it).
const titleRemoveBOM = "Remove the byte-order mark"

// removeBOM offers to delete the BOM when the text checked still holds it
// (an editor may hide it from its buffer; then the file's text has none and
// nothing is offered). Safe: DSH's production read strips it anyway, and
// the bundled root drops the skill because of it.
func removeBOM(p *Pass) []Fix {
	if bytes.HasPrefix(p.Src(), []byte("\xEF\xBB\xBF")) {
		return []Fix{{Title: titleRemoveBOM, Preferred: true, Edits: []Edit{p.Edit(spans.Span{Start: 0, End: 3}, "")}}}
	}
	return nil
}

func checkCRLF(p *Pass) {
	if !p.File.CRLF {
		return
	}
	if i := bytes.Index(p.Src(), []byte("\r\n")); i >= 0 {
		msg := "the file uses CRLF line endings; DSH parses them, but inner \\r\\n in the body reach the model verbatim"
		if !p.dshReads() {
			msg = "the file uses CRLF line endings; a host that does not normalize them passes the body's inner \\r\\n to the model verbatim"
		}
		p.Report(spans.Span{Start: i, End: i + 1}, msg)
	}
}

// A skill file in another host's folder that skill-ls cannot read (over
// 16 MiB, a link to itself or to nothing, no permission, a FIFO) is not in the
// snapshot: check and the server open the files only the other hosts read
// with the bounded read, and leave out what it refuses. The hosts' verdicts
// on it (matrix: dropped) then had no file for the host rules to run on,
// and the file got no finding at all. It is reported here, once per file,
// under the rule DSH's roots report it under (file-too-large,
// unreadable-file, not-regular-file), naming the hosts that read the
// folder.

// tooLargeUnread is file-too-large's message on a file DSH does not read.
const tooLargeUnread = "skill-ls did not read this file: it is larger than 16 MiB (a host that reads it would load all of it)"

// hostUnreadCheck is the Workspace check of the reading rule code: it
// reports the files outside DSH's roots that the selected hosts read and
// skill-ls could not, whose read error falls under code.
func hostUnreadCheck(code string) func(p *WorkspacePass) {
	return func(p *WorkspacePass) {
		hv := p.run.hostView()
		if hv == nil {
			return
		}
		who, why := unreadByHosts(p, hv, code)
		for _, path := range slices.Sorted(maps.Keys(who)) {
			sev := hostGrade(p.run.opts, path, p.rule)
			if sev == SeverityOff || p.run.opts.Ignored(path) {
				continue
			}
			msg := tooLargeUnread
			if code != CodeFileTooLarge {
				msg = hosts.CannotRead(hosts.JoinNames(who[path]), why[path])
			}
			p.Report(path, spans.Span{}, msg).Severity = sev
		}
	}
}

// unreadByHosts returns, per file the snapshot does not hold outside DSH's
// roots, the selected hosts that drop it for a read error under code, and
// the error in the first host's words. A file DSH's discovery recorded a
// problem for (a FIFO or a link to nothing in .agents/skills) is DSH's
// finding, reported once.
func unreadByHosts(p *WorkspacePass, hv *hostView, code string) (who map[string][]string, why map[string]string) {
	who, why = map[string][]string{}, map[string]string{}
	dshFound := map[string]bool{}
	for _, pr := range p.Snap.Problems() {
		dshFound[pr.Path] = true
	}
	for _, res := range hv.results {
		for path, v := range res.Verdicts {
			if v.Status != hosts.Dropped || v.Code() != code || p.Snap.InRoots(path) || p.Snap.File(path) != nil || dshFound[path] {
				continue
			}
			if _, open := p.Snap.Overlay(path); open || slices.Contains(who[path], res.Host.Name) {
				continue
			}
			if _, ok := why[path]; !ok {
				why[path] = v.Notes[0].Reason
			}
			who[path] = append(who[path], res.Host.Name)
		}
	}
	return who, why
}
