package session

import (
	"log/slog"
	"time"
)

// Options configures a session and the server over it (lsp.Serve). The zero value is usable: it logs nowhere,
// reads the real environment and home directory, and waits 150 ms before the
// workspace-wide diagnostics re-check.
type Options struct {
	// Logger receives the server's logs (the CLI points it at stderr or
	// --logfile). Records at LogMessageLevel and above are also mirrored to
	// the client as window/logMessage. Nil discards.
	Logger *slog.Logger
	// LogMessageLevel is the lowest level mirrored to window/logMessage;
	// the zero value means slog.LevelWarn (Info with -v is the CLI's call).
	LogMessageLevel slog.Leveler
	// Version is reported as serverInfo.version.
	Version string
	// Getenv and HomeDir replace os.Getenv and os.UserHomeDir for root
	// discovery (tests never read the real home). Nil/empty means the real
	// ones.
	Getenv  func(string) string
	HomeDir string
	// DiagnosticsDelay, when non-nil, overrides the diagnosticsDelay setting
	// (tests use 0).
	DiagnosticsDelay *time.Duration
	// DisableWatch turns off the server's fsnotify watcher (client-side
	// workspace/didChangeWatchedFiles events are still applied).
	DisableWatch bool
	// ReadFile, when set, reads the views' skill files (tests stand in a
	// slow disk); nil reads the disk.
	ReadFile func(path string, buf []byte) ([]byte, int64, error)
	// RealPath, when set, resolves the links of the hosts' matrix rows a
	// hover compares (tests count the resolutions); nil is
	// discovery.RealPath.
	RealPath func(path string) string
}
