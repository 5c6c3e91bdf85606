package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/skill-ls/skill-ls/diagnostics/format"
	"github.com/skill-ls/skill-ls/render"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/jstext"
)

// matrix_json.go: skill-ls matrix --json, and the DSH --budget view.

type (
	matrixJSON struct {
		Hosts   []string                `json:"hosts"`
		Skills  []matrixSkillJSON       `json:"skills"`
		Budgets map[string]matrixBudget `json:"budgets"`
		// Warnings holds, by host, the line the host prints about the
		// tree (Codex's "Skipped loading N skill(s) ..."); hosts that
		// print none are left out, and so is the key when none does.
		Warnings map[string]string `json:"warnings,omitempty"`
	}
	// The strings that may hold a path carry their exact bytes
	// (format.ExactString, docs/output.md).
	matrixSkillJSON struct {
		Path  format.ExactString       `json:"path"`
		Name  string                   `json:"name"`
		Hosts map[string]matrixVerdict `json:"hosts"`
	}
	matrixVerdict struct {
		Status  string             `json:"status"`
		Code    string             `json:"code"`
		Message format.ExactString `json:"message"`
		// Name is the name the host registers the skill under, when it
		// loads or shadows it.
		Name format.ExactString `json:"name,omitempty"`
	}
	matrixBudget struct {
		Used  int    `json:"used"`
		Limit int    `json:"limit"`
		Unit  string `json:"unit"`
		Over  bool   `json:"over"`
	}
)

func writeMatrixJSON(w io.Writer, m *hosts.Matrix, wd string) error {
	out := matrixJSON{Hosts: []string{}, Skills: []matrixSkillJSON{}, Budgets: map[string]matrixBudget{}}
	for _, h := range m.Hosts {
		out.Hosts = append(out.Hosts, string(h.ID))
		b := m.Results[h.ID].Budget
		out.Budgets[string(h.ID)] = matrixBudget{Used: b.Used, Limit: b.Limit, Unit: b.Unit, Over: b.Over}
		if warning := m.Results[h.ID].Warning; warning != "" {
			if out.Warnings == nil {
				out.Warnings = map[string]string{}
			}
			out.Warnings[string(h.ID)] = warning
		}
	}
	for _, r := range m.Rows {
		s := matrixSkillJSON{Path: format.ExactString(format.RelPath(wd, r.Path)), Name: r.Name, Hosts: map[string]matrixVerdict{}}
		for _, h := range m.Hosts {
			v := r.Verdicts[h.ID]
			s.Hosts[string(h.ID)] = matrixVerdict{Status: string(v.Status), Code: v.Code(), Message: format.ExactString(v.Message()), Name: format.ExactString(v.Name)}
		}
		out.Skills = append(out.Skills, s)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

type (
	budgetJSON struct {
		Host string `json:"host"`
		// Skills counts the catalog entries (model-invocable winners).
		Skills int `json:"skills"`
		// Catalog is the whole initial catalog message in UTF-16 units.
		Catalog int `json:"catalog"`
		// Lines is the size of the skill lines alone.
		Lines int       `json:"lines"`
		Cap   int       `json:"cap"`
		Cut   []cutJSON `json:"cut"`
	}
	cutJSON struct {
		Name  string             `json:"name"`
		Path  format.ExactString `json:"path"`
		Units int                `json:"units"`
		Text  string             `json:"text"`
	}
)

// dshBudgetView prints DSH's catalog size and the descriptions its cap
// (limit, catalogDescriptionMaxLength) cuts, with the exact text the model
// reads (render.CatalogDescription).
func dshBudgetView(ctx context.Context, ropts discovery.RootOptions, limit int, asJSON bool, stdout, stderr io.Writer) int {
	snap, err := skills.Load(ctx, discovery.Roots(ropts), skills.LoadOptions{})
	if err != nil {
		fmt.Fprintf(stderr, "skill-ls matrix: %s\n", errText(err))
		return exitUsage
	}
	entries := render.Entries(snap.Registry.Winners(), limit)
	catalog := jstext.Len(render.Catalog(entries, render.CatalogOptions{}))
	out := budgetJSON{Host: "dsh", Skills: len(entries), Catalog: catalog, Cap: limit, Cut: []cutJSON{}}
	out.Lines = catalog - jstext.Len(render.Catalog(nil, render.CatalogOptions{}))
	wd := workDir()
	for _, s := range snap.Registry.Winners() {
		if !s.Invocation.ModelInvocable {
			continue
		}
		if cut, units := jstext.IsShortened(s.Description, limit); cut {
			out.Cut = append(out.Cut, cutJSON{Name: s.Name, Path: format.ExactString(format.RelPath(wd, s.Path)), Units: units, Text: jstext.ModelText(jstext.Shorten(s.Description, limit))})
		}
	}
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(out); err != nil {
			fmt.Fprintf(stderr, "skill-ls matrix: %s\n", errText(err))
			return exitUsage
		}
		return exitOK
	}
	fmt.Fprintf(stdout, "DSH catalog: %s, %s characters (%s in the skill lines); no listing budget, each description capped at %s.\n",
		plural(out.Skills, "skill", "skills"), jstext.Count(out.Catalog), jstext.Count(out.Lines), jstext.Count(out.Cap))
	if snap.Registry.Incomplete != "" {
		fmt.Fprintf(stdout, "DSH publishes no catalog: %s\n", format.Escape(snap.Registry.Incomplete))
	}
	if len(out.Cut) == 0 {
		fmt.Fprintln(stdout, "No description is cut.")
		return exitOK
	}
	fmt.Fprintf(stdout, "\nCut by the %s cap (the model reads the text after \">\"):\n", jstext.Count(out.Cap))
	for _, c := range out.Cut {
		fmt.Fprintf(stdout, "%s %s: %s characters, %s cut\n> %s\n", format.Escape(c.Name), format.Quote(string(c.Path)), jstext.Count(c.Units), jstext.Count(c.Units-(out.Cap-3)), format.Escape(c.Text))
	}
	return exitOK
}
