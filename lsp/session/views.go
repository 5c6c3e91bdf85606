package session

// views.go: the views (one skills.Workspace per workspace folder), built
// together from one configuration, and their initial discovery.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/skill-ls/skill-ls/diagnostics"
	"github.com/skill-ls/skill-ls/skills"
	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/hosts"
	"github.com/skill-ls/skill-ls/skills/watch"
)

// view is one workspace folder: a DSH session whose cwd is the folder.
type view struct {
	folder string
	ws     *skills.Workspace
	// watcher is nil when watching failed or is disabled (guarded by the
	// set's mu).
	watcher *watch.Watcher
	// config is the project's .skill-ls.yaml; opts the rule options of the
	// settings laid over it.
	config viewConfig
	opts   diagnostics.Options
	memo   *viewMemo
	// passRoots are the roots of opts' hosts, found when the view is
	// built: passedOver asks them under the session lock.
	passRoots hosts.PassOverRoots
}

// viewMemo is a view's cache of what is made from its skills snapshots by
// walking the disk: elsewhere, the project's folders other agents read
// (chat /name tokens), matrix, the hosts' matrix (hovers, code lenses),
// and reals, the real paths of its rows (the key hover), each made once
// per content, on first use. A snapshot reaches
// it (viewSnapshot.memo) and nothing else of the view: what it answers is
// a function of the skills snapshot asked with, whenever it is asked.
type viewMemo struct {
	ctx       context.Context         // the set's: a walk is no use once it is replaced
	opts      diagnostics.Options     // the view's rule options (the matrix's hosts)
	latest    func() *skills.Snapshot // the view's newest snapshot
	elsewhere snapshotMemo[[]hosts.Folder]
	matrix    snapshotMemo[*hosts.Matrix]
	reals     snapshotMemo[map[string]string] // the real paths of matrix's rows (SameFilePaths)
	realPath  func(string) string             // discovery.RealPath, or Options.RealPath
	// chatLoads is the index of the newest matrix a chat asked with
	// (chatLoadsOf).
	chatLoads syncValue[*chatLoads]
	// hostDirs are the folders of the files only other hosts read that
	// the last pass judged (withHostFiles), for the watcher.
	hostDirs syncValue[[]string]
}

// viewSet is the views built from one settings + folders configuration,
// with their discovery and diagnostics scheduler. A settings or folder
// change replaces the whole set.
type viewSet struct {
	views  []*view
	ctx    context.Context // cancelled when the set is replaced or the server stops
	cancel context.CancelFunc
	sched  *scheduler
	pub    *setPublisher   // the scheduler's
	wg     *sync.WaitGroup // the server's background goroutines

	// loaded is closed when the initial discovery is done and the views
	// hold the open buffers (viewsLoaded, under the session's mu): the one
	// record of it (isLoaded; a Snapshot copies it). Before it, the views
	// take no change (the discovery replays the open buffers).
	loaded chan struct{}

	// Guarded by the session's mu:
	// pending are the disk changes seen before the discovery ended.
	pending map[*view][]skills.Change

	mu      sync.Mutex // guards the views' watchers and stopped
	stopped bool       // stop ran: watchers are closed
}

// newViewSet builds the views of in: one per folder, or a single one
// without a cwd when there is no folder. It reads the projects' config
// files and looks at their folders, so it runs without the session lock.
func (s *Session) newViewSet(in viewInputs) *viewSet {
	settings := in.settings
	settings.CustomDirs = slices.Clone(settings.CustomDirs)
	set := &viewSet{loaded: make(chan struct{}), pending: map[*view][]skills.Change{}, wg: s.wg}
	set.ctx, set.cancel = context.WithCancel(s.bg)
	folders := slices.Clone(in.folders)
	if len(folders) == 0 {
		folders = []string{""} // no cwd: user, custom and bundled roots only
	}
	for _, f := range folders {
		set.views = append(set.views, s.newView(set.ctx, f, &settings))
	}
	set.pub = &setPublisher{publisher: s.pub}
	set.sched = newScheduler(set.ctx, settings, s.wg, set.pub, s.Urgent,
		func() *Snapshot { return s.snapshotOf(set) },
		set.watchLinkedDirs)
	return set
}

// newView builds the view of one workspace folder: its project's config
// file, its roots, and the rule options of the settings laid over the file
// (with the hosts they select, or those a plain check would: viewHosts).
func (s *Session) newView(ctx context.Context, folder string, settings *Settings) *view {
	project := ProjectRootFor(settings.ProjectRoot, folder)
	vc := loadViewConfig(folder, project)
	ro := discovery.RootOptions{
		Cwd:            folder,
		ProjectRoot:    project,
		DSHHome:        settings.DSHHome,
		AgentsHome:     settings.AgentsHome,
		CustomDirs:     append(slices.Clone(settings.CustomDirs), vc.roots()...),
		BundledDir:     settings.BundledDir,
		NoDefaultRoots: settings.NoDefaultRoots,
		Getenv:         s.opts.Getenv,
		HomeDir:        s.opts.HomeDir,
	}
	opts := settings.diagOptions(vc.cfg)
	list := settings.Hosts
	if !settings.explicit["hosts"] && vc.cfg != nil {
		list = vc.cfg.Hosts
	}
	if folder != "" {
		// Set with no host selected too: the skill list names the other
		// hosts' folders of the project (hostFolders).
		home := s.opts.HomeDir
		if home == "" {
			home, _ = os.UserHomeDir()
		}
		getenv := s.opts.Getenv
		if getenv == nil {
			getenv = os.Getenv
		}
		opts.HostEnv = hosts.Options{Cwd: folder, ProjectRoot: project, Home: home, Getenv: getenv, DSH: ro, ContextWindow: settings.ContextWindow, ShippedPlugins: true}
	}
	if folder != "" {
		opts.Hosts, opts.ReadersOnly = viewHosts(ctx, list, opts.HostEnv)
		opts.Hosts, opts.ReadersOnly = withChatHost(opts.Hosts, opts.ReadersOnly, settings.ChatHost)
	}
	ws := skills.NewWorkspace(discovery.Roots(ro), skills.LoadOptions{ReadFile: s.opts.ReadFile, BundleFiles: opts.SelectsBundleFiles(), BundleFilesWhenAsked: true})
	v := &view{folder: folder, ws: ws, config: vc, opts: opts, memo: &viewMemo{ctx: ctx, opts: opts, latest: ws.Snapshot, realPath: s.realPath()}}
	if folder != "" && len(opts.Hosts) > 0 {
		v.passRoots = hosts.FindPassOverRoots(opts.HostEnv, opts.Hosts...)
	}
	return v
}

// realPath is how the views resolve the links of the hosts' files:
// Options.RealPath, else discovery.RealPath.
func (s *Session) realPath() func(string) string {
	if s.opts.RealPath != nil {
		return s.opts.RealPath
	}
	return discovery.RealPath
}

// isLoaded reports that the set's initial discovery is done.
func (set *viewSet) isLoaded() bool {
	select {
	case <-set.loaded:
		return true
	default:
		return false
	}
}

// viewHosts returns the hosts a workspace folder's files are judged by:
// those of the hosts setting (or the config file's hosts), else those
// `skill-ls check` selects there (hosts.ChooseForProject), so that a file in
// .claude/skills gets the diagnostics check prints for it, from the hosts
// that read it (readersOnly), not DSH's outside-roots. The choice is made
// again when the views are built again (folders, settings, the config
// file), not when a skill appears in a folder no host read before.
func viewHosts(ctx context.Context, list []string, env hosts.Options) (selected []*hosts.Host, readersOnly bool) {
	if len(list) > 0 {
		selected, _ = hosts.Select(strings.Join(list, ","))
		return selected, false
	}
	c, err := hosts.ChooseForProject(ctx, env, nil)
	if err != nil {
		return nil, false
	}
	return c.Hosts, len(c.Hosts) > 0
}

// withChatHost adds the chatHost setting's host to the view's hosts when
// they lack it, so that the matrix knows the skills the chat's host loads
// (its personal folder too). Beside DSH alone it is chosen as a plain
// check chooses: each file judged by the hosts that read it.
func withChatHost(selected []*hosts.Host, readersOnly bool, id string) ([]*hosts.Host, bool) {
	h := hosts.Lookup(id)
	if h == nil || h.ID == hosts.DSH || slices.Contains(selected, h) {
		return selected, readersOnly
	}
	if len(selected) == 0 {
		return []*hosts.Host{hosts.Lookup(string(hosts.DSH)), h}, true
	}
	return append(slices.Clone(selected), h), readersOnly
}

// roots returns the roots of every view.
func (set *viewSet) roots() []discovery.Root {
	var roots []discovery.Root
	for _, v := range set.views {
		roots = append(roots, v.ws.Roots()...)
	}
	return roots
}

// startViews starts the set's scheduler and its discovery. A set started
// before any discovery ended publishes the open skill files' own
// diagnostics before its own discovery ends.
func (s *Session) startViews(set *viewSet) {
	s.wg.Go(set.sched.loop)
	s.wg.Go(func() { s.load(set) })
	if set.sched.early {
		var keys []string
		for _, d := range sortedDocs(s.published.Load().docs) {
			if !d.Chat {
				keys = append(keys, d.Key)
			}
		}
		set.sched.mark(keys, false)
	}
}

// stop cancels the set's work and closes its watchers. Its scheduler
// publishes nothing after it: the views that replace it start after.
func (set *viewSet) stop() {
	set.cancel()
	set.pub.stop()
	set.mu.Lock()
	if set.stopped {
		set.mu.Unlock()
		return
	}
	set.stopped = true
	set.mu.Unlock()
	for _, v := range set.views {
		if w := v.watcher; w != nil {
			// Not waited for: a change of the config file replaces the
			// views from the watcher's own batch, and Close waits for
			// that batch to return. The batches of a replaced set are
			// ignored (diskChanged).
			set.wg.Go(func() { w.Close() })
		}
	}
}

// load runs the initial discovery of every view, then lets the views take
// the open buffers (see viewsLoaded). Its work-done progress begins at
// once and goes on through the first workspace-wide pass, which reports
// its counts on it and ends it.
func (s *Session) load(set *viewSet) {
	prog := s.pub.BeginProgress(set.ctx, "skill-ls", "Discovering skills")
	s.watch(set) // before listing, so no change is lost
	s.Out.RegisterFileWatch(set.ctx, set.roots())
	start := time.Now()
	for i, v := range set.views {
		if _, err := v.ws.Load(set.ctx); err != nil {
			prog.end("cancelled")
			return
		}
		if len(set.views) > 1 {
			prog.report(fmt.Sprintf("%d/%d folders", i+1, len(set.views)), 0)
		}
	}
	n := 0
	for _, v := range set.views {
		n += v.ws.Snapshot().FileCount()
	}
	prog.report(fmt.Sprintf("%d skill files found", n), 0)
	set.sched.handOver(prog)
	s.Modify(viewsLoaded{set})
	s.logger.Debug("discovery done", "files", n, "elapsed", time.Since(start))
}

// watch starts the fsnotify watcher of each view (issue 4): its batches go
// through modify like editor events.
func (s *Session) watch(set *viewSet) {
	if s.opts.DisableWatch {
		return
	}
	for _, v := range set.views {
		w, err := watch.New(v.ws.Roots(), watch.Options{
			OnBatch: func(cs []skills.Change) {
				// The project folder's own change asks the disk about the
				// config file and the roots in it: before the session lock.
				changes, configChanged := v.settleFolderChange(cs)
				s.Modify(DiskChanged{view: v, Changes: changes, configChanged: configChanged})
			},
			OnError: func(err error) { s.Out.ShowProblems([]string{err.Error()}) },
		})
		if err != nil {
			s.Out.ShowProblems([]string{fmt.Sprintf("cannot watch skill roots (changes on disk need a restart): %v", err)})
			continue
		}
		set.mu.Lock()
		if set.stopped {
			set.mu.Unlock()
			w.Close()
			return
		}
		v.watcher = w
		set.mu.Unlock()
	}
}

// ProjectRootFor resolves the projectRoot setting for a workspace folder:
// "" keeps the .git walk, a relative path is taken from the folder.
func ProjectRootFor(setting, folder string) string {
	if setting == "" || filepath.IsAbs(setting) || folder == "" {
		return setting
	}
	return filepath.Join(folder, setting)
}
