// Package session is the language server's state, below its handlers (the
// cache of gopls's server/cache line): the open documents, the settings
// and workspace folders, the views (one skills.Workspace per folder), the
// diagnostics scheduler and the publishing of its results. Only package
// lsp imports it (TestImportGraph), and it exports only the names
// TestSessionAPI lists, each with its user.
//
// The API the handlers use, in three parts:
//
//   - modify: [Session.Modify] applies [Modification]s ([OpenDoc],
//     [EditDoc], [SaveDoc], [CloseDoc], [DiskChanged], [Configure],
//     [FoldersChanged], [StartViews]) in order, under the session lock, and
//     does what they imply after releasing it (disk reads, view builds,
//     diagnostics scheduling). It is the only way the state changes.
//   - snapshot: [Session.Snapshot] (and [Session.LoadedSnapshot], which
//     waits for the initial discovery) returns a [Snapshot]: the documents,
//     settings, folders and each view's skills.Snapshot and rule options,
//     taken without a lock, never changed afterwards. It holds values, not
//     the view set: its watchers, scheduler and pending changes stay
//     behind. Its methods answer what handlers ask: documents (Doc,
//     OpenDocs, BufferFile), views (ViewFor, OwnerOf, OptionsFor,
//     ProjectDir, IsSkillPath), paths (URIFor, RelPath, RelMsg, InFolders,
//     MayEdit, MayMove), hosts (Matrix, LensHosts, SelectedHosts,
//     ReadersOnly, ChatHosts, ChatSkills, InvocationSigils, Elsewhere) and
//     the end of discovery (Loaded, Discovered).
//   - publish: the session reaches the client only through the [Outbox]
//     the server makes over its connection ([NewOutbox]), which records
//     the client's capabilities once ([Outbox.SetClient], [Outbox.Client]);
//     the scheduler publishes through the unexported publisher interface
//     the Outbox implements (tests put a fake in its place). Diagnostics
//     are converted in publish.go, positions and URIs in convert.go
//     ([SpanRange], [PositionOffset], [PathURI], [URIPath]: the one place
//     that knows UTF-16).
//
// An open buffer is parsed on one path, Workspace.Apply, the views' own:
// a buffer no view holds is parsed once, in a workspace of its own that
// its Document keeps (bufferAlone), which BufferFile and EarlyDiagnostics
// share. A view set's discovery has one end, its loaded channel, closed
// under the session lock when the views take the open buffers.
//
// [NewSession] and [Session.Stop] bound its life; [Options] configure it.
package session
