package hosts

import (
	"fmt"
	"slices"
	"strings"
)

// EmptyListing says why the listing the host's model receives shows no
// skill from the folders skill-ls reads, "" when it shows one: the host
// finds no skill file under its roots, loads none of the files it finds,
// or leaves each skill it loads out of its listing. It is the other
// hosts' counterpart of render.NoCatalogReason, for a reader of an empty
// `render catalog --host`.
func (r *Result) EmptyListing() string {
	if r.listed > 0 {
		return ""
	}
	found, loads := 0, 0
	for _, f := range r.Files {
		found++
		if r.Verdicts[f.Path].Status == Loads {
			loads++
		}
	}
	switch {
	case found == 0:
		return fmt.Sprintf("%s finds no skill file: it reads %s, and none holds one", r.Host.Name, r.rootLabels())
	case loads == 0:
		return fmt.Sprintf("%s loads none of the %s it finds", r.Host.Name, plural(found, "skill file"))
	}
	return fmt.Sprintf("%s loads %s but leaves each out of its listing", r.Host.Name, plural(loads, "skill"))
}

// rootLabels names the host's roots as users write them, each once.
func (r *Result) rootLabels() string {
	var labels []string
	for _, root := range r.Roots {
		if !slices.Contains(labels, root.Label) {
			labels = append(labels, root.Label)
		}
	}
	if len(labels) == 0 {
		return "no folder"
	}
	if len(labels) == 1 {
		return labels[0]
	}
	return strings.Join(labels[:len(labels)-1], ", ") + " and " + labels[len(labels)-1]
}
