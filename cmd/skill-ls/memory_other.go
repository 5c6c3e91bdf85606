//go:build !linux

package main

// physicalMemory returns the machine's memory in bytes, 0 when unknown
// (not asked outside Linux).
func physicalMemory() uint64 { return 0 }
