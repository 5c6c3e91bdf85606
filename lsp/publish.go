package lsp

// publish.go: diagnostics converted to the protocol (UTF-16 ranges, rule
// links, related locations), bounded per document.

import (
	"fmt"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
)

// maxPublished bounds the diagnostics published for one document: a huge
// chat buffer can hold 100,000 unknown /name tokens, and no editor needs a
// 30 MB notification to show them.
const maxPublished = 500

// pathNamer names files for the client: the URI of a path, and messages
// with the paths inside the workspace folders made relative.
type pathNamer interface {
	uriFor(path string) uri.URI
	relMsg(msg string) string
}

// protocolDiagnostics converts the diagnostics of one document (indexed by
// idx), keeping the first maxPublished and a summary of the rest. names
// names the files of related locations and shortens paths in messages.
func protocolDiagnostics(ds []diagnostics.Diagnostic, idx *skills.LineIndex, snap *skills.Snapshot, names pathNamer) []protocol.Diagnostic {
	total := len(ds)
	if total > maxPublished {
		ds = ds[:maxPublished]
	}
	out := make([]protocol.Diagnostic, 0, len(ds)+1)
	for _, d := range ds {
		out = append(out, toProtocolDiagnostic(d, idx, snap, names))
	}
	if total > maxPublished {
		out = append(out, protocol.Diagnostic{
			Range:    out[len(out)-1].Range,
			Severity: protocol.DiagnosticSeverityInformation,
			Source:   protocol.NewOptional("skill-ls"),
			Message:  protocol.String(fmt.Sprintf("skill-ls shows the first %d of %d problems in this file", maxPublished, total)),
		})
	}
	return out
}

// toProtocolDiagnostic converts one diagnostic; related locations in other
// files use their own line index from snap.
func toProtocolDiagnostic(d diagnostics.Diagnostic, idx *skills.LineIndex, snap *skills.Snapshot, names pathNamer) protocol.Diagnostic {
	pd := protocol.Diagnostic{
		Range:    spanRange(idx, d.Span),
		Severity: severity(d.Severity),
		Code:     protocol.String(d.Code),
		Source:   protocol.NewOptional("skill-ls"),
		Message:  protocol.String(names.relMsg(d.Message)),
	}
	if d.Code != "" && diagnostics.Lookup(d.Code) != nil {
		pd.CodeDescription = protocol.CodeDescription{Href: uri.URI(diagnostics.DocURL(d.Code))}
	}
	for _, r := range d.Related {
		ridx := skills.NewLineIndex(nil)
		if snap != nil {
			if f := snap.File(r.Path); f != nil {
				ridx = f.Lines()
			}
		}
		pd.RelatedInformation = append(pd.RelatedInformation, protocol.DiagnosticRelatedInformation{
			Location: protocol.Location{URI: names.uriFor(r.Path), Range: spanRange(ridx, r.Span)},
			Message:  names.relMsg(r.Message),
		})
	}
	return pd
}

// severity maps a rule severity to LSP (the numbering is the same).
func severity(sev diagnostics.Severity) protocol.DiagnosticSeverity {
	switch sev {
	case diagnostics.SeverityError:
		return protocol.DiagnosticSeverityError
	case diagnostics.SeverityWarning:
		return protocol.DiagnosticSeverityWarning
	case diagnostics.SeverityInfo:
		return protocol.DiagnosticSeverityInformation
	}
	return protocol.DiagnosticSeverityHint
}
