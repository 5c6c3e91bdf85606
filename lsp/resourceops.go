package lsp

import (
	"slices"
	"strconv"
	"strings"

	"go.lsp.dev/protocol"
)

// resourceops.go: which resource operations (create, rename) the server
// may put in a workspace edit — the one place that reads the client's
// workspaceEdit capabilities. A rename moves a skill's folder with a
// RenameFile; "Create skill NAME" and the section move create a file with
// a CreateFile, often in a folder that does not exist yet.
//
// The specification (3.13+) lets resource operations appear only in
// documentChanges, and says a client that lists them in
// workspace.workspaceEdit.resourceOperations supports them: that list is
// the capability, and a client that lists an operation applies the
// documentChanges that carry it. The documentChanges flag itself says
// only that the client honours the versions of text document edits.
// Neovim (0.7 to 0.12 at least) lists rename, create and delete and never
// sets the flag, yet applies documentChanges.
//
// Neovim before 0.9 lists operations it cannot do on what skill-ls moves
// and creates: its rename writes the old path as a buffer first, which
// fails on a folder (E502, fixed by neovim/neovim#22289 in 0.9), after the
// edit's text changes are applied; and before 0.8 its create opens the
// file without making its folder (fixed by neovim/neovim#19835). For them
// the server leaves those operations out, as it does for a client that
// lists none: a rename then edits the names and leaves the folder, and the
// quick fixes that create files are not offered.

// supportsFileRename reports whether the server may move a skill's folder
// or file with a RenameFile.
func (s *server) supportsFileRename() bool { return s.supportsResourceOp("rename") }

// supportsResourceOp reports whether the server may send a workspace edit
// with the resource operation kind ("create", "rename").
func (s *server) supportsResourceOp(kind string) bool {
	caps, info := s.out.Client()
	return slices.Contains(resourceOps(caps, info), protocol.ResourceOperationKind(kind))
}

// resourceOps returns the resource operations a client with caps and info
// applies: those it lists, less those its version is known to fail on.
func resourceOps(caps protocol.ClientCapabilities, info protocol.ClientInfo) []protocol.ResourceOperationKind {
	ws := caps.Workspace
	if ws == nil || ws.WorkspaceEdit == nil {
		return nil
	}
	ops := ws.WorkspaceEdit.ResourceOperations
	if info.Name != "Neovim" {
		return ops
	}
	v, _ := info.Version.Get()
	minor, ok := neovimMinor(v)
	if !ok {
		return ops
	}
	return slices.DeleteFunc(slices.Clone(ops), func(k protocol.ResourceOperationKind) bool {
		return k == "rename" && minor < 9 || k == "create" && minor < 8
	})
}

// neovimMinor returns the minor version of a Neovim 0.x version string
// ("0.7.2"); ok is false for any other form (a 1.0 has every fix).
func neovimMinor(v string) (int, bool) {
	rest, found := strings.CutPrefix(v, "0.")
	if !found {
		return 0, false
	}
	minor, _, _ := strings.Cut(rest, ".")
	n, err := strconv.Atoi(minor)
	return n, err == nil
}
