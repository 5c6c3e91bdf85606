package hosts

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/skill-ls/skill-ls/skills/dshyaml"
)

// claude_workflows.go: a plugin's workflows/<file>.js, which Claude Code
// 2.1.328 lists after the user's commands and before the plugins' commands,
// as <plugin>:<meta.name> with meta.description and meta.whenToUse (beside
// the release on trailofbits/skills in ~/.claude/skills; the
// claude-plugins case). The release runs the script to read its meta;
// skill-ls reads string literals only.

// isClaudeWorkflow reports whether f was found in a plugin's workflows
// folder.
func isClaudeWorkflow(f File) bool {
	return filepath.Base(f.Root) == "workflows"
}

// claudeWorkflowParse judges a workflow script: its "export const meta"
// object's name, description and whenToUse, each a string literal.
func claudeWorkflowParse(e *env, f File, src []byte, plugin string) (entry, *Note) {
	meta, ok := claudeWorkflowMeta(string(src))
	if !ok || meta["name"] == "" {
		return e.skip("frontmatter-missing", "", e.host.Name+" lists a workflow by the name of its \"export const meta\" object; skill-ls finds no such object with a name given as a string literal here")
	}
	doc := yamlDoc{mapping: true}
	for _, k := range [][2]string{{"description", "description"}, {"whenToUse", "when_to_use"}} {
		if v, ok := meta[k[0]]; ok {
			doc.fields = append(doc.fields, dshyaml.Field{Key: k[1], Value: dshyaml.Value{Kind: dshyaml.KindString, Str: v}})
		}
	}
	ent := entry{name: plugin + ":" + meta["name"], listed: true, file: f}
	claudeListing(e, doc, "", "Workflow", &ent)
	return ent, nil
}

// claudeMetaStart finds "export const meta = {", minified or not.
var claudeMetaStart = regexp.MustCompile(`export\s+const\s+meta\s*=\s*\{`)

// claudeWorkflowMeta reads the keys name, description and whenToUse of
// the object after "export const meta = {" in a script, each the first
// one after it whose value is a quoted or template (without ${}) string
// literal; ok is false without such an object.
func claudeWorkflowMeta(src string) (map[string]string, bool) {
	loc := claudeMetaStart.FindStringIndex(src)
	if loc == nil {
		return nil, false
	}
	src = src[loc[1]:]
	meta := map[string]string{}
	for _, key := range []string{"name", "description", "whenToUse"} {
		for rest := src; ; {
			j := strings.Index(rest, key+":")
			if j < 0 {
				break
			}
			rest = rest[j+len(key)+1:]
			if v, ok := jsStringLiteral(strings.TrimLeft(rest, " \t\r\n")); ok {
				meta[key] = v
				break
			}
		}
	}
	return meta, true
}

// jsStringLiteral returns the value of the JavaScript string literal s
// starts with: '…' or "…" with the usual escapes, or `…` without ${}.
func jsStringLiteral(s string) (string, bool) {
	if s == "" || !strings.ContainsRune("'\"`", rune(s[0])) {
		return "", false
	}
	q := s[0]
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case q:
			body := s[1:i]
			if q == '`' {
				return body, !strings.Contains(body, "${")
			}
			if q == '\'' {
				body = strings.ReplaceAll(strings.ReplaceAll(body, `\'`, `'`), `"`, `\"`)
			}
			v, err := strconv.Unquote(`"` + body + `"`)
			return v, err == nil
		case '\n':
			if q != '`' {
				return "", false
			}
		}
	}
	return "", false
}

// claudeWorkflowOrder returns the place of each workflow script in its
// folder as the file system lists it: the release keeps a plugin's
// workflows in that order, unsorted (claude-plugins-official's
// code-modernization).
func claudeWorkflowOrder(winners []*entry) map[string]int {
	order := map[string]int{}
	for _, w := range winners {
		if !isClaudeWorkflow(w.file) {
			continue
		}
		if _, done := order[w.file.Root]; done {
			continue
		}
		order[w.file.Root] = 0
		f, err := os.Open(w.file.Root)
		if err != nil {
			continue
		}
		names, _ := f.Readdirnames(-1)
		f.Close()
		for i, n := range names {
			order[filepath.Join(w.file.Root, n)] = i
		}
	}
	return order
}
