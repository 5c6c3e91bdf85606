package format

import (
	"io"
	"net/url"
	"path/filepath"
	"strings"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
)

// SARIF 2.1.0, the subset code-scanning tools read.
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool               sarifTool                   `json:"tool"`
		OriginalURIBaseIDs map[string]sarifArtifactLoc `json:"originalUriBaseIds,omitempty"`
		ColumnKind         string                      `json:"columnKind"`
		Results            []sarifResult               `json:"results"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		Version        string      `json:"version,omitempty"`
		InformationURI string      `json:"informationUri"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID                   string       `json:"id"`
		ShortDescription     sarifMessage `json:"shortDescription"`
		FullDescription      sarifMessage `json:"fullDescription"`
		HelpURI              string       `json:"helpUri,omitempty"`
		DefaultConfiguration struct {
			Level string `json:"level"`
		} `json:"defaultConfiguration"`
		Properties *sarifProperties `json:"properties,omitempty"`
	}
	// sarifProperties are a security rule's or result's: GitHub code
	// scanning files a result as a security alert when its rule has the
	// security tag and a security-severity (a CVSS-like score as a string).
	sarifProperties struct {
		Tags             []string `json:"tags,omitempty"`
		SecuritySeverity string   `json:"security-severity,omitempty"`
	}
	// sarifMessage's text carries its exact bytes (ExactString).
	sarifMessage struct {
		Text ExactString `json:"text"`
	}
	sarifResult struct {
		RuleID           string           `json:"ruleId"`
		RuleIndex        *int             `json:"ruleIndex,omitempty"`
		Level            string           `json:"level"`
		Message          sarifMessage     `json:"message"`
		Locations        []sarifLocation  `json:"locations"`
		RelatedLocations []sarifLocation  `json:"relatedLocations,omitempty"`
		Fixes            []sarifFix       `json:"fixes,omitempty"`
		Properties       *sarifProperties `json:"properties,omitempty"`
	}
	sarifLocation struct {
		ID               *int          `json:"id,omitempty"`
		PhysicalLocation sarifPhysical `json:"physicalLocation"`
		Message          *sarifMessage `json:"message,omitempty"`
	}
	sarifPhysical struct {
		ArtifactLocation sarifArtifactLoc `json:"artifactLocation"`
		Region           *sarifRegion     `json:"region,omitempty"`
	}
	sarifArtifactLoc struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId,omitempty"`
	}
	sarifRegion struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn"`
		EndLine     int `json:"endLine"`
		EndColumn   int `json:"endColumn"`
	}
	sarifFix struct {
		Description     sarifMessage          `json:"description"`
		ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
	}
	sarifArtifactChange struct {
		ArtifactLocation sarifArtifactLoc   `json:"artifactLocation"`
		Replacements     []sarifReplacement `json:"replacements"`
	}
	sarifReplacement struct {
		DeletedRegion   sarifRegion   `json:"deletedRegion"`
		InsertedContent *sarifMessage `json:"insertedContent,omitempty"`
	}
)

// sarifBase is the uriBaseId of paths relative to relTo.
const sarifBase = "SRCROOT"

func sarifLevel(s diagnostics.Severity) string {
	switch s {
	case diagnostics.SeverityError:
		return "error"
	case diagnostics.SeverityWarning:
		return "warning"
	}
	return "note"
}

// securityProperties are the SARIF properties of a rule or result of the
// category at the severity: nil outside the security category. The
// scores fall in GitHub's bands: an error is high (7.0–8.9), a warning
// medium (4.0–6.9), the rest low (0.1–3.9).
func securityProperties(category string, s diagnostics.Severity) *sarifProperties {
	if category != diagnostics.CategorySecurity {
		return nil
	}
	score := "2.0"
	switch s {
	case diagnostics.SeverityError:
		score = "8.0"
	case diagnostics.SeverityWarning:
		score = "5.0"
	}
	return &sarifProperties{Tags: []string{"security"}, SecuritySeverity: score}
}

// fileURI returns the file: URI of an absolute path.
func fileURI(p string) string {
	p = filepath.ToSlash(p)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive path
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

// relURI returns the relative URI reference of a relative path.
func relURI(p string) string {
	u := (&url.URL{Path: filepath.ToSlash(p)}).EscapedPath()
	if strings.HasPrefix(u, "./") {
		return u
	}
	if i := strings.IndexByte(u, ':'); i >= 0 && !strings.Contains(u[:i], "/") {
		return "./" + u // a first segment with a colon would read as a scheme
	}
	return u
}

func (loc location) sarifArtifact() sarifArtifactLoc {
	switch {
	case loc.rel:
		return sarifArtifactLoc{URI: relURI(loc.path), URIBaseID: sarifBase}
	case filepath.IsAbs(loc.abs):
		return sarifArtifactLoc{URI: fileURI(loc.abs)}
	}
	return sarifArtifactLoc{URI: relURI(loc.path)}
}

func (loc location) sarifRegion() *sarifRegion {
	if !loc.ok {
		return nil
	}
	return &sarifRegion{StartLine: loc.line16, StartColumn: loc.col16, EndLine: loc.endLine16, EndColumn: loc.endCol16}
}

func (loc location) sarifPhysical() sarifPhysical {
	return sarifPhysical{ArtifactLocation: loc.sarifArtifact(), Region: loc.sarifRegion()}
}

// SARIF writes ds as a SARIF 2.1.0 log with one run whose tool lists
// every rule of [Rules]. Paths inside relTo are relative URIs against the
// base id SRCROOT (declared in originalUriBaseIds); others are file: URIs.
// Columns are UTF-16 code units.
func SARIF(w io.Writer, ds []diagnostics.Diagnostic, snap *skills.Snapshot, opts Options) error {
	l := newLocator(snap, opts)
	l.utf16 = true
	rules, index := sarifRules()
	run := sarifRun{
		Tool: sarifTool{Driver: sarifDriver{
			Name:           "skill-ls",
			Version:        opts.Version,
			InformationURI: "https://github.com/skill-ls/skill-ls",
			Rules:          rules,
		}},
		ColumnKind: "utf16CodeUnits",
		Results:    []sarifResult{},
	}
	if opts.RelTo != "" {
		base := fileURI(opts.RelTo)
		if !strings.HasSuffix(base, "/") {
			base += "/"
		}
		run.OriginalURIBaseIDs = map[string]sarifArtifactLoc{sarifBase: {URI: base}}
	}
	for _, d := range ds {
		run.Results = append(run.Results, sarifResultOf(l, d, index))
	}
	return writeJSON(w, sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs:    []sarifRun{run},
	})
}

// sarifResultOf converts a diagnostic: its rule (and the rule's index in
// the tool's list), level, message and location, its related locations
// numbered from 1, and the fixes SARIF can say.
func sarifResultOf(l locator, d diagnostics.Diagnostic, index map[string]int) sarifResult {
	res := sarifResult{
		RuleID:    d.Code,
		Level:     sarifLevel(d.Severity),
		Message:   sarifMessage{ExactString(l.msg(d.Message))},
		Locations: []sarifLocation{{PhysicalLocation: l.locate(d.Path, d.Span).sarifPhysical()}},
	}
	if i, ok := index[d.Code]; ok {
		res.RuleIndex = &i
	}
	res.Properties = securityProperties(category(d.Code), d.Severity)
	for i, r := range d.Related {
		id := i + 1
		res.RelatedLocations = append(res.RelatedLocations, sarifLocation{
			ID:               &id,
			PhysicalLocation: l.locate(r.Path, r.Span).sarifPhysical(),
			Message:          &sarifMessage{ExactString(l.msg(r.Message))},
		})
	}
	for _, f := range d.Fixes {
		if sf, ok := sarifFixOf(l, f); ok {
			res.Fixes = append(res.Fixes, sf)
		}
	}
	return res
}

// sarifRules returns the tool's rule list and each code's index in it.
func sarifRules() ([]sarifRule, map[string]int) {
	rules := []sarifRule{}
	index := map[string]int{}
	for i, r := range diagnostics.Rules() {
		sr := sarifRule{
			ID:               r.Code,
			ShortDescription: sarifMessage{ExactString(r.Summary)},
			FullDescription:  sarifMessage{ExactString(r.Doc)},
			HelpURI:          diagnostics.DocURL(r.Code),
		}
		sr.DefaultConfiguration.Level = sarifLevel(r.Severity)
		sr.Properties = securityProperties(r.Category, r.Severity)
		rules = append(rules, sr)
		index[r.Code] = i
	}
	return rules, index
}

// sarifFixOf converts a fix: one artifactChange per file, in the order the
// files appear. ok is false when no edit has a region to replace: SARIF has
// no way to say "rename this folder", so a fix that only renames is left
// out of SARIF (the JSON format keeps it).
func sarifFixOf(l locator, f diagnostics.Fix) (sarifFix, bool) {
	sf := sarifFix{Description: sarifMessage{ExactString(f.Title)}, ArtifactChanges: []sarifArtifactChange{}}
	byPath := map[string]int{}
	for _, e := range f.Edits {
		loc := l.locate(e.Path, e.Span)
		reg := loc.sarifRegion()
		if reg == nil {
			continue // SARIF needs a region to replace
		}
		rep := sarifReplacement{DeletedRegion: *reg}
		if e.NewText != "" {
			rep.InsertedContent = &sarifMessage{ExactString(e.NewText)}
		}
		j, ok := byPath[e.Path]
		if !ok {
			j = len(sf.ArtifactChanges)
			byPath[e.Path] = j
			sf.ArtifactChanges = append(sf.ArtifactChanges, sarifArtifactChange{ArtifactLocation: loc.sarifArtifact()})
		}
		sf.ArtifactChanges[j].Replacements = append(sf.ArtifactChanges[j].Replacements, rep)
	}
	return sf, len(sf.ArtifactChanges) > 0
}
