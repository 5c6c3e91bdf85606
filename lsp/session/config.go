package session

// config.go: the project's .skill-ls.yaml, as the server reads it: the
// same file and the same rules as `skill-ls check`, with the editor's own
// settings winning where the user set them.

import (
	"path/filepath"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills/config"
	"github.com/skill-ls/skill-ls/skills/discovery"
)

// viewConfig is the config file of a view's project, as read when the view
// was built: the compiled config (nil when there is none) and its errors.
type viewConfig struct {
	path string // "" when the project has no config file
	dir  string // the project root, where the file is (or would be)
	src  []byte
	cfg  *diagnostics.Config
	errs []config.Error
}

// loadViewConfig reads the config file of the project a workspace folder
// belongs to (projectRoot, else the folder's nearest ancestor holding .git).
func loadViewConfig(folder, projectRoot string) viewConfig {
	project := projectRoot
	if project == "" {
		if folder == "" {
			return viewConfig{}
		}
		project = discovery.ProjectRoot(folder)
	}
	vc := viewConfig{dir: project}
	path := config.Find(project)
	if path == "" {
		return vc
	}
	parsed, errs := config.Read(path)
	vc.path, vc.errs = path, errs
	if parsed == nil {
		return vc
	}
	vc.src = parsed.Src
	cfg, more := diagnostics.CompileConfig(parsed)
	vc.cfg, vc.errs = cfg, append(vc.errs, more...)
	return vc
}

// roots are the config file's extra skill roots.
func (vc viewConfig) roots() []string {
	if vc.cfg == nil {
		return nil
	}
	return vc.cfg.Roots
}

// diagnostics are the config file's errors, as diagnostics of the file.
func (vc viewConfig) diagnostics() []diagnostics.Diagnostic {
	var out []diagnostics.Diagnostic
	for _, e := range vc.errs {
		out = append(out, diagnostics.Diagnostic{Path: vc.path, Span: e.Span, Severity: diagnostics.SeverityError, Code: "config", Message: e.Message})
	}
	return out
}

// isConfigPath reports whether path is a skill-ls config file.
func isConfigPath(path string) bool {
	return filepath.Base(path) == config.FileName
}
