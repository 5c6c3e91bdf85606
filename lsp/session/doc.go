// Package session is the language server's state, below its handlers (the
// cache of gopls's server/cache line): the open documents, the settings
// and workspace folders, the views (one skills.Workspace per folder), the
// diagnostics scheduler and the publishing of its results. Only package
// lsp imports it (TestImportGraph).
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
//     settings, folders and each view's skills.Snapshot, taken without a
//     lock, never changed afterwards. Its methods answer the questions every
//     handler asks (Doc, ViewFor, OwnerOf, OptionsFor, URIFor, RelPath,
//     MayEdit, MayMove); the hosts' matrix of a view is [ViewMatrix].
//   - publish: the session reaches the client only through a [publisher]
//     and a [Notifier], both implemented by the [Outbox] the server makes
//     over its connection ([NewOutbox]); diagnostics are converted in
//     publish.go, positions and URIs in convert.go ([SpanRange],
//     [PositionOffset], [PathURI], [URIPath]: the one place that knows
//     UTF-16).
//
// [NewSession] and [Session.Stop] bound its life; [Options] configure it.
package session
