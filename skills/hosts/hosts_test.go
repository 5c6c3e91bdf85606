package hosts

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/skill-ls/skill-ls/skills/skilltest"
)

// TestHostCases runs every testdata/*.txtar: the archive's files form a
// tree (project/ is the project root, home/ the user's home), and the
// sections hold the inputs and the expected verdicts:
//
//	hosts    the host ids to evaluate (default: the archive's name)
//	cwd      the working directory, relative to the archive (default project)
//	env      KEY=VALUE lines for Getenv; $WORK is the archive's directory
//	window   the context window in tokens
//	links    "link -> target" lines: symbolic links to make, link relative
//	         to the archive, target as the link holds it
//	@want    one line per file and host: "path host status [code] message",
//	         then one "budget host used/limit unit over" line per host,
//	         followed by "warning host line" when the host prints one
//
// -update (or SKILL_LS_UPDATE=1) rewrites @want. Every expectation was checked against
// the host's loader source (or documentation) named in docs/hosts.md.
func TestHostCases(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.txtar")
	if len(files) == 0 {
		t.Fatal("no cases")
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txtar")
		t.Run(name, func(t *testing.T) {
			c := runCase(t, file)
			got := renderMatrix(c.matrix, c.dir)
			if skilltest.Updating() {
				idx := -1
				for i, f := range c.archive.Files {
					if f.Name == "@want" {
						idx = i
					}
				}
				if idx < 0 {
					c.archive.Files = append(c.archive.Files, txtar.File{Name: "@want"})
					idx = len(c.archive.Files) - 1
				}
				c.archive.Files[idx].Data = []byte(got)
				if err := os.WriteFile(file, txtar.Format(c.archive), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if want := c.sections["@want"]; got != want {
				t.Errorf("verdicts differ:\ngot:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

// hostCase is one testdata case, evaluated.
type hostCase struct {
	archive  *txtar.Archive
	sections map[string]string
	dir      string // where its tree was written
	matrix   *Matrix
	// hosts and opts are what matrix was built of.
	hosts []*Host
	opts  Options
}

// runCase writes the tree of the case in file to a temporary directory and
// builds the matrix of its hosts.
func runCase(t *testing.T, file string) *hostCase {
	t.Helper()
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	c := &hostCase{archive: ar, sections: map[string]string{}, dir: t.TempDir()}
	tree := &txtar.Archive{}
	for _, f := range ar.Files {
		switch f.Name {
		case "hosts", "cwd", "env", "window", "links", "@want":
			c.sections[f.Name] = string(f.Data)
		default:
			tree.Files = append(tree.Files, f)
		}
	}
	dir := c.dir
	skilltest.WriteArchive(t, dir, tree)
	for _, d := range []string{"project", "home"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	makeLinks(t, dir, c.sections["links"])
	hostList := strings.TrimSpace(c.sections["hosts"])
	if hostList == "" {
		hostList = strings.TrimSuffix(filepath.Base(file), ".txtar")
	}
	hs, err := Select(hostList)
	if err != nil {
		t.Fatal(err)
	}
	cwd := strings.TrimSpace(c.sections["cwd"])
	if cwd == "" {
		cwd = "project"
	}
	env := map[string]string{}
	for _, line := range strings.Split(c.sections["env"], "\n") {
		if k, v, ok := strings.Cut(strings.TrimSpace(line), "="); ok {
			env[k] = strings.ReplaceAll(v, "$WORK", dir)
		}
	}
	window := 0
	fmt.Sscan(strings.TrimSpace(c.sections["window"]), &window)
	opts := Options{
		Cwd:           filepath.Join(dir, cwd),
		ProjectRoot:   filepath.Join(dir, "project"),
		Home:          filepath.Join(dir, "home"),
		Getenv:        func(k string) string { return env[k] },
		ContextWindow: window,
	}
	opts.DSH.DSHHome = filepath.Join(dir, "home", ".dsh")
	opts.DSH.AgentsHome = filepath.Join(dir, "home", ".agents")
	c.hosts, c.opts = hs, opts
	c.matrix, err = Build(t.Context(), hs, opts)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// makeLinks makes the symbolic links of a case's links section.
func makeLinks(t *testing.T, dir, links string) {
	t.Helper()
	for _, line := range strings.Split(links, "\n") {
		link, target, ok := strings.Cut(strings.TrimSpace(line), " -> ")
		if !ok {
			continue
		}
		p := filepath.Join(dir, filepath.FromSlash(link))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(filepath.FromSlash(target), p); err != nil {
			t.Skip("no symbolic links:", err)
		}
	}
}

// renderMatrix writes one line per file and host, then the budgets.
func renderMatrix(m *Matrix, dir string) string {
	var b strings.Builder
	for _, r := range m.Rows {
		rel, _ := filepath.Rel(dir, r.Path)
		for _, h := range m.Hosts {
			v := r.Verdicts[h.ID]
			msg := strings.ReplaceAll(v.Message(), dir, "$WORK")
			msg = strings.ReplaceAll(msg, "\n", "\n\t")
			fmt.Fprintf(&b, "%s %s %s [%s] %s\n", filepath.ToSlash(rel), h.ID, v.Status, v.Code(), msg)
		}
	}
	for _, h := range m.Hosts {
		bu := m.Results[h.ID].Budget
		used := fmt.Sprint(bu.Used)
		if h.ID == Codex || h.ID == Codex0141 || h.ID == Gemini || h.ID == OpenCode {
			used = "~" // the listing holds absolute paths; TestCodexBudget checks the numbers
		}
		// The roots table's cost depends on the length of the case's temporary
		// folder, so it is added back: the limit shown is the host's own.
		limit := fmt.Sprint(bu.Limit + rootsTableCost(bu.Note))
		fmt.Fprintf(&b, "budget %s %s/%s %s over=%v\n", h.ID, used, limit, bu.Unit, bu.Over)
		if w := m.Results[h.ID].Warning; w != "" {
			fmt.Fprintf(&b, "warning %s %s\n", h.ID, w)
		}
	}
	return b.String()
}

// rootsTableCost is the cost of Codex's table of skill roots that a budget's
// note says was taken from its limit, or 0.
func rootsTableCost(note string) int {
	m := regexp.MustCompile(` less (\d+) for the table of skill roots`).FindStringSubmatch(note)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
}
