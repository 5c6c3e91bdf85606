package hosts

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
)

// copilot_cli_settings.go: Copilot CLI 1.0.102's disabledSkills, as the
// host suite observed it (case copilot-cli-disabled): a list of skill
// names (the names it lists, the frontmatter's) in its user settings,
// $COPILOT_HOME/settings.json (~/.copilot/settings.json), turns those
// skills off: `copilot skill list` lists them with enabled false and its
// model is not told of them. The repository's .github/copilot/settings.json
// and settings.local.json count only in a folder it trusts, and there
// only for `copilot skill list`: a `copilot -p` session in a trusted
// folder (COPILOT_ALLOW_ALL=true) still lists those skills to its model
// (observed by hand on 1.0.102), so skill-ls notes them and keeps them.

// copilotDisabledList is one settings file's disabledSkills.
type copilotDisabledList struct {
	file  string // as the notes name it
	names []string
	repo  bool // a repository file: counts only in a trusted folder
}

// copilotCLIDisabledLists reads the settings files once per evaluation.
func copilotCLIDisabledLists(e *env) []copilotDisabledList {
	if e.copilotCLI != nil {
		return *e.copilotCLI
	}
	home := e.opts.getenv("COPILOT_HOME")
	if home == "" {
		home = filepath.Join(e.home, ".copilot")
	}
	files := []copilotDisabledList{{file: filepath.Join(home, "settings.json")}}
	if e.project != "" {
		repo := filepath.Join(e.project, ".github", "copilot")
		files = append(files, copilotDisabledList{file: filepath.Join(repo, "settings.json"), repo: true},
			copilotDisabledList{file: filepath.Join(repo, "settings.local.json"), repo: true})
	}
	var lists []copilotDisabledList
	for _, f := range files {
		src, err := os.ReadFile(f.file)
		if err != nil {
			continue
		}
		var doc struct {
			DisabledSkills []string `json:"disabledSkills"`
		}
		if json.Unmarshal(src, &doc) == nil && len(doc.DisabledSkills) > 0 {
			lists = append(lists, copilotDisabledList{file: e.label(f.file), names: doc.DisabledSkills, repo: f.repo})
		}
	}
	e.copilotCLI = &lists
	return lists
}

// copilotCLIDisabled returns the drop note of a skill the user settings
// turn off, or, for a repository file's, a note to keep on the loading
// skill.
func copilotCLIDisabled(e *env, name string) (drop *Note, maybe *Note) {
	for _, l := range copilotCLIDisabledLists(e) {
		if !slices.Contains(l.names, name) {
			continue
		}
		why := l.file + " (disabledSkills holds " + strconv.Quote(name) + ")"
		if !l.repo {
			return e.skipNote("disabled-by-config", "", "disabled by "+why), nil
		}
		maybe = &Note{Code: "disabled-if-trusted", Message: e.host.Name + "'s `copilot skill list` shows this skill turned off in a trusted folder, disabled by " + why + ", yet its sessions still list it to the model"}
	}
	return nil, maybe
}
