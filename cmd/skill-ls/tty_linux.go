package main

import (
	"os"
	"syscall"
	"unsafe"
)

// isTTY reports whether the character device f is a terminal: it answers
// the terminal-attributes request (TCGETS), which /dev/null does not.
func isTTY(f *os.File) bool {
	var t syscall.Termios
	_, _, errno := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), syscall.TCGETS, uintptr(unsafe.Pointer(&t)))
	return errno == 0
}
