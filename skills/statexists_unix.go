//go:build unix

package skills

import "syscall"

// statExists reports whether path exists, following symbolic links: what
// os.Stat's success says, without allocating its FileInfo.
func statExists(path string) bool {
	var st syscall.Stat_t
	for {
		err := syscall.Stat(path, &st)
		if err != syscall.EINTR {
			return err == nil
		}
	}
}
