//go:build !unix

package pollstdin

import "io"

// Pollable returns stdin as it is.
func Pollable(stdin io.Reader) io.Reader { return stdin }
