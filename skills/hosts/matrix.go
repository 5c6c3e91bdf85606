package hosts

import (
	"context"
	"errors"
	"slices"
	"sync"
)

// Row is one skill file of the load matrix with each host's verdict.
type Row struct {
	// Path is the skill file's absolute path.
	Path string
	// RootLabel names the root the file was found under.
	RootLabel string
	// Name is the name the first host that loads it uses, else the folder.
	Name string
	// Verdicts holds one verdict per selected host.
	Verdicts map[ID]Verdict
}

// Matrix is every skill file found under any selected host's roots, with
// each host's verdict, and each host's catalog budget.
type Matrix struct {
	Hosts   []*Host
	Results map[ID]*Result
	Rows    []Row
	// Missed are the rows of the files some host's search passes over in
	// its roots and no host finds (Result.Misses), by path: every verdict
	// is not-discovered. Row finds them; the matrix's table leaves them out.
	Missed []Row
}

// Build evaluates the hosts on the tree opts describe and crosses the files
// every host found with every host.
func Build(ctx context.Context, hostList []*Host, opts Options) (*Matrix, error) {
	m := &Matrix{Hosts: hostList, Results: map[ID]*Result{}}
	opts.yaml = &sync.Map{}
	// The hosts are independent: evaluate them side by side.
	results := make([]*Result, len(hostList))
	errs := make([]error, len(hostList))
	var wg sync.WaitGroup
	for i, h := range hostList {
		wg.Go(func() { results[i], errs[i] = h.Evaluate(ctx, opts) })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	found := map[string]File{}
	var order []string
	for i, h := range hostList {
		res := results[i]
		m.Results[h.ID] = res
		for _, f := range res.Files {
			if _, ok := found[f.Path]; !ok {
				found[f.Path] = f
				order = append(order, f.Path)
			}
		}
	}
	slices.Sort(order)
	m.Rows = m.rows(order, found)
	m.Missed = m.rows(missedFiles(hostList, results, found))
	return m, nil
}

// missedFiles returns the files the hosts' searches pass over that no
// host finds, sorted, and each as the first host passing it over has it.
func missedFiles(hostList []*Host, results []*Result, found map[string]File) ([]string, map[string]File) {
	missed := map[string]File{}
	var order []string
	for i := range hostList {
		for _, f := range results[i].Misses {
			if _, ok := found[f.Path]; ok {
				continue
			}
			if _, ok := missed[f.Path]; !ok {
				missed[f.Path] = f
				order = append(order, f.Path)
			}
		}
	}
	slices.Sort(order)
	return order, missed
}

// rows crosses the files at paths (sorted) with every host.
func (m *Matrix) rows(order []string, files map[string]File) []Row {
	var out []Row
	for _, p := range order {
		f := files[p]
		row := Row{Path: p, RootLabel: f.RootLabel, Name: f.Folder, Verdicts: map[ID]Verdict{}}
		named := false
		for _, h := range m.Hosts {
			v := m.Results[h.ID].Explain(p, f.RootLabel)
			row.Verdicts[h.ID] = v
			if !named && v.Name != "" && (v.Status == Loads || v.Status == Shadowed) {
				row.Name, named = v.Name, true
			}
		}
		out = append(out, row)
	}
	return out
}
