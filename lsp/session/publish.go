package session

// publish.go: diagnostics converted to the protocol (UTF-16 ranges, rule
// links, related locations), bounded per document.

import (
	"fmt"
	"slices"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/spans"
)

// MaxPublished bounds the diagnostics published for one document: a huge
// chat buffer can hold 100,000 unknown /name tokens, and no editor needs a
// 30 MB notification to show them.
const MaxPublished = 500

// pathNamer names files for the client: the URI of a path, and messages
// with the paths inside the workspace folders made relative.
type pathNamer interface {
	URIFor(path string) uri.URI
	RelMsg(msg string) string
}

// protocolDiagnostics converts the diagnostics of one document (indexed by
// idx), keeping the first maxPublished and a summary of the rest. names
// names the files of related locations and shortens paths in messages.
func protocolDiagnostics(ds []diagnostics.Diagnostic, idx *spans.LineIndex, snap *skills.Snapshot, names pathNamer) []protocol.Diagnostic {
	return appendProtocolDiagnostics(nil, ds, idx, snap, names)
}

// appendProtocolDiagnostics is protocolDiagnostics appending to out.
func appendProtocolDiagnostics(out []protocol.Diagnostic, ds []diagnostics.Diagnostic, idx *spans.LineIndex, snap *skills.Snapshot, names pathNamer) []protocol.Diagnostic {
	total := len(ds)
	if total > MaxPublished {
		ds = ds[:MaxPublished]
	}
	out = slices.Grow(out, len(ds)+1)
	for _, d := range ds {
		out = append(out, ToProtocolDiagnostic(d, idx, snap, names))
	}
	if total > MaxPublished {
		out = append(out, protocol.Diagnostic{
			Range:    out[len(out)-1].Range,
			Severity: protocol.DiagnosticSeverityInformation,
			Source:   protocol.NewOptional("skill-ls"),
			Message:  protocol.String(fmt.Sprintf("skill-ls shows the first %d of %d problems in this file", MaxPublished, total)),
		})
	}
	return out
}

// ToProtocolDiagnostic converts one diagnostic; related locations in other
// files use their own line index from snap, and those in the same file
// that snap does not hold (an eval file) idx.
func ToProtocolDiagnostic(d diagnostics.Diagnostic, idx *spans.LineIndex, snap *skills.Snapshot, names pathNamer) protocol.Diagnostic {
	pd := protocol.Diagnostic{
		Range:    SpanRange(idx, d.Span),
		Severity: severity(d.Severity),
		Code:     protocol.String(d.Code),
		Source:   protocol.NewOptional("skill-ls"),
		Message:  protocol.String(names.RelMsg(d.Message)),
	}
	if u, ok := diagnostics.RuleURL(d.Code); ok {
		pd.CodeDescription = protocol.CodeDescription{Href: uri.URI(u)}
	}
	for _, r := range d.Related {
		rng := relatedRange(snap, r)
		if r.Path == d.Path && (snap == nil || snap.File(r.Path) == nil) {
			rng = SpanRange(idx, r.Span) // elsewhere in the text idx indexes (an eval file's buffer)
		}
		pd.RelatedInformation = append(pd.RelatedInformation, protocol.DiagnosticRelatedInformation{
			Location: protocol.Location{URI: names.URIFor(r.Path), Range: rng},
			Message:  names.RelMsg(r.Message),
		})
	}
	return pd
}

// relatedRange converts the span of a related location, in its own file's
// positions.
func relatedRange(snap *skills.Snapshot, r diagnostics.Related) protocol.Range {
	if snap != nil {
		if f := snap.File(r.Path); f != nil {
			if idx, err := snap.Text(f); err == nil {
				return SpanRange(idx, r.Span)
			}
		} else if idx, err := snap.BundleText(r.Path); err == nil {
			return SpanRange(idx, r.Span) // a bundle file a security finding points into
		}
	}
	return SpanRange(spans.NewLineIndex(nil), r.Span)
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
