//go:build !unix

package main

import "io"

// pollable returns stdin as it is.
func pollable(stdin io.Reader) io.Reader { return stdin }
