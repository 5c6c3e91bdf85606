package hosts

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// emitted runs every testdata case and returns, per host, the code of
// every note of every verdict (not only the first).
func emitted(t *testing.T) map[ID]map[string]bool {
	t.Helper()
	files, _ := filepath.Glob("testdata/*.txtar")
	out := map[ID]map[string]bool{}
	for _, file := range files {
		c := runCase(t, file)
		for _, r := range c.matrix.Rows {
			for id, v := range r.Verdicts {
				if out[id] == nil {
					out[id] = map[string]bool{}
				}
				for _, n := range v.Notes {
					out[id][n.Code] = true
				}
			}
		}
	}
	return out
}

// sourceCodes returns the note codes written as literals in the package's
// source: Code: "x", Code = "x", skip("x", skipNote("x", return "x".
func sourceCodes(t *testing.T) map[string]bool {
	t.Helper()
	re := regexp.MustCompile(`(?:Code:\s*|Code = |skip\(|skipNote\(|return )"([a-z][a-z0-9]*(?:-[a-z0-9]+)+)"`)
	files, _ := filepath.Glob("*.go")
	out := map[string]bool{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllStringSubmatch(string(src), -1) {
			out[m[1]] = true
		}
	}
	return out
}

// ruleCodes returns the codes of the diagnostics rules, the "## code"
// headings of docs/diagnostics.md.
func ruleCodes(t *testing.T) map[string]bool {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "diagnostics.md"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^## ([a-z][a-z0-9]*(?:-[a-z0-9]+)+)$`).FindAllStringSubmatch(string(doc), -1) {
		out[m[1]] = true
	}
	if len(out) < 40 {
		t.Fatalf("only %d rule codes in docs/diagnostics.md", len(out))
	}
	return out
}

// hostsDoc returns docs/hosts.md.
func hostsDoc(t *testing.T) string {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "hosts.md"))
	if err != nil {
		t.Fatal(err)
	}
	return string(doc)
}

// TestNoteCodes checks that every note code the profiles write or emit is
// a diagnostics rule's code, a host code (hostCodes) or an unconfirmed
// rule's (unconfirmedRules), that no host code shadows a rule code, and
// that docs/hosts.md lists the host codes.
func TestNoteCodes(t *testing.T) {
	rules := ruleCodes(t)
	known := func(code string) bool {
		return rules[code] || hostCodes[code] != "" || slices.ContainsFunc(unconfirmedRules, func(u unconfirmedRule) bool { return u.code == code })
	}
	for code := range sourceCodes(t) {
		if !known(code) {
			t.Errorf("the source writes note code %q: neither a rule code, a host code nor an unconfirmed rule's", code)
		}
	}
	for id, codes := range emitted(t) {
		for code := range codes {
			if !known(code) {
				t.Errorf("%s emits note code %q: neither a rule code, a host code nor an unconfirmed rule's", id, code)
			}
		}
	}
	_, table, ok := strings.Cut(hostsDoc(t), "| code | what the host does |\n")
	if !ok {
		t.Fatal("docs/hosts.md has no table of host codes")
	}
	table, _, _ = strings.Cut(table, "\n\n")
	listed := map[string]bool{}
	for _, m := range regexp.MustCompile("(?m)^\\| `([a-z0-9-]+)` \\|").FindAllStringSubmatch(table, -1) {
		listed[m[1]] = true
	}
	for code := range hostCodes {
		if rules[code] {
			t.Errorf("host code %q is also a rule code: use the rule's", code)
		}
		if !listed[code] {
			t.Errorf("docs/hosts.md does not list the host code %q", code)
		}
	}
	for code := range listed {
		if hostCodes[code] == "" {
			t.Errorf("docs/hosts.md lists %q, which is not a host code", code)
		}
	}
}

// TestUnconfirmedRules checks docs/hosts.md against the notes the profiles
// emit: every host-table row that marks a rule **unconfirmed** has an
// entry in unconfirmedRules and the "Unconfirmed rules" table, both list
// the same rules, every listed code is emitted by some case of testdata for
// its host, and every unconfirmed- code a profile writes or emits is
// listed for that host.
func TestUnconfirmedRules(t *testing.T) {
	doc := hostsDoc(t)
	marked := markedUnconfirmed(t, doc)
	for _, m := range marked {
		if !slices.ContainsFunc(unconfirmedRules, func(u unconfirmedRule) bool { return u.host == m.host && u.rule == m.rule }) {
			t.Errorf("docs/hosts.md marks %s %q unconfirmed, but unconfirmedRules has no note for it", m.host, m.rule)
		}
	}
	for _, u := range unconfirmedRules {
		if !slices.ContainsFunc(marked, func(m unconfirmedRule) bool { return u.host == m.host && u.rule == m.rule }) {
			t.Errorf("unconfirmedRules has %s %q, which docs/hosts.md does not mark unconfirmed", u.host, u.rule)
		}
	}
	if table := unconfirmedTable(t, doc); !slices.Equal(table, unconfirmedRules) {
		t.Errorf("docs/hosts.md's Unconfirmed rules table:\n%v\nunconfirmedRules:\n%v", table, unconfirmedRules)
	}
	got := emitted(t)
	for _, u := range unconfirmedRules {
		if !got[u.host][u.code] {
			t.Errorf("no case of testdata shows %s's note %s (%q)", u.host, u.code, u.rule)
		}
	}
	listedFor := func(id ID, code string) bool {
		return slices.ContainsFunc(unconfirmedRules, func(u unconfirmedRule) bool { return u.host == id && u.code == code })
	}
	for id, codes := range got {
		for code := range codes {
			if strings.HasPrefix(code, "unconfirmed-") && !listedFor(id, code) && !listedFor(ID(strings.Split(string(id), "@")[0]), code) {
				t.Errorf("%s emits %s, which no unconfirmed rule of %s lists", id, code, id)
			}
		}
	}
	for code := range sourceCodes(t) {
		if strings.HasPrefix(code, "unconfirmed-") && !slices.ContainsFunc(unconfirmedRules, func(u unconfirmedRule) bool { return u.code == code }) {
			t.Errorf("the source writes %s, which no unconfirmed rule lists", code)
		}
	}
}

// markedUnconfirmed returns the host and first cell of every row of a
// host's table in doc that marks its rule **unconfirmed**.
func markedUnconfirmed(t *testing.T, doc string) []unconfirmedRule {
	t.Helper()
	heading := regexp.MustCompile("^## .*\\(`([a-z0-9@.]+)`")
	mark := regexp.MustCompile(`\*\*[^*]*unconfirmed[^*]*\*\*`)
	var out []unconfirmedRule
	host := ID("")
	for _, line := range strings.Split(doc, "\n") {
		if strings.HasPrefix(line, "## ") {
			host = ""
			if m := heading.FindStringSubmatch(line); m != nil {
				host = ID(m[1])
			}
			continue
		}
		if host == "" || !strings.HasPrefix(line, "| ") || !mark.MatchString(line) {
			continue
		}
		cells := strings.Split(line, " | ")
		out = append(out, unconfirmedRule{host: host, rule: strings.TrimPrefix(cells[0], "| ")})
	}
	if len(out) < 5 { // a parser that finds none is broken; rules leave as the host suite observes them
		t.Fatalf("found only %d rows marked unconfirmed in docs/hosts.md", len(out))
	}
	return out
}

// unconfirmedTable returns the rows of docs/hosts.md's "Unconfirmed rules"
// table.
func unconfirmedTable(t *testing.T, doc string) []unconfirmedRule {
	t.Helper()
	_, section, ok := strings.Cut(doc, "\n## Unconfirmed rules\n")
	if !ok {
		t.Fatal(`docs/hosts.md has no "## Unconfirmed rules" section`)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	row := regexp.MustCompile("(?m)^\\| `([a-z0-9@.]+)` \\| (.+) \\| `(unconfirmed-[a-z0-9-]+)` \\|$")
	var out []unconfirmedRule
	for _, m := range row.FindAllStringSubmatch(section, -1) {
		out = append(out, unconfirmedRule{host: ID(m[1]), rule: m[2], code: m[3]})
	}
	return out
}
