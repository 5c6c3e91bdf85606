package skills

import (
	"io/fs"
	"path/filepath"
	"syscall"
	"time"
)

// readSkillFile reads a skill file without blocking on FIFOs and without
// reading more than MaxFileSize bytes. It is readSkillFileOS (same result,
// same errors) in bare system calls: an os.File would try to add the
// regular file to the network poller (one failing epoll_ctl per file) and
// allocate a file, a cleanup and a FileInfo.
func readSkillFile(path string) ([]byte, fs.FileInfo, error) {
	var st syscall.Stat_t
	src, err := readSkillFileStat(path, nil, &st)
	if err != nil {
		return nil, nil, err
	}
	return src, regularFileInfo(path, &st), nil
}

// readSkillFileInto is readSkillFile into buf's memory when it is large
// enough (a new slice otherwise), with the file's size when opened instead
// of the FileInfo.
func readSkillFileInto(path string, buf []byte) ([]byte, int64, error) {
	var st syscall.Stat_t
	src, err := readSkillFileStat(path, buf, &st)
	return src, st.Size, err
}

// readSkillFileStat is readSkillFile's work: it reads into buf when it is
// large enough and leaves the open file's stat in st.
func readSkillFileStat(path string, buf []byte, st *syscall.Stat_t) ([]byte, error) {
	var fd int
	err := ignoringEINTR(func() (err error) {
		fd, err = syscall.Open(path, syscall.O_RDONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
		return err
	})
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	defer syscall.Close(fd)
	if err := ignoringEINTR(func() error { return syscall.Fstat(fd, st) }); err != nil {
		return nil, &fs.PathError{Op: "stat", Path: path, Err: err}
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		return nil, errNotRegular
	}
	if st.Size > MaxFileSize {
		return nil, errTooLarge
	}
	if int64(cap(buf)) < st.Size+1 {
		buf = make([]byte, 0, st.Size+1)
	}
	buf = buf[:0]
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		var n int
		err := ignoringEINTR(func() (err error) {
			n, err = syscall.Read(fd, buf[len(buf):cap(buf)])
			return err
		})
		if err != nil {
			return nil, &fs.PathError{Op: "read", Path: path, Err: err}
		}
		if n == 0 {
			return buf, nil
		}
		buf = buf[:len(buf)+n]
		if len(buf) > MaxFileSize {
			return nil, errTooLarge
		}
	}
}

// ignoringEINTR calls fn again while it fails with EINTR.
func ignoringEINTR(fn func() error) error {
	for {
		if err := fn(); err != syscall.EINTR {
			return err
		}
	}
}

// fileInfo is the fs.FileInfo of a regular file, as os.File.Stat fills it.
type fileInfo struct {
	name    string
	size    int64
	mode    fs.FileMode
	modTime time.Time
	sys     syscall.Stat_t
}

// regularFileInfo is os's FileInfo of the regular file at path with stat
// st.
func regularFileInfo(path string, st *syscall.Stat_t) *fileInfo {
	fi := &fileInfo{name: filepath.Base(path), size: st.Size, mode: fs.FileMode(st.Mode & 0o777), modTime: time.Unix(st.Mtim.Unix()), sys: *st}
	if st.Mode&syscall.S_ISGID != 0 {
		fi.mode |= fs.ModeSetgid
	}
	if st.Mode&syscall.S_ISUID != 0 {
		fi.mode |= fs.ModeSetuid
	}
	if st.Mode&syscall.S_ISVTX != 0 {
		fi.mode |= fs.ModeSticky
	}
	return fi
}

// Name is the base name of the file.
func (fi *fileInfo) Name() string { return fi.name }

// Size is its length in bytes.
func (fi *fileInfo) Size() int64 { return fi.size }

// Mode is its permission and special bits (a regular file).
func (fi *fileInfo) Mode() fs.FileMode { return fi.mode }

// ModTime is its modification time.
func (fi *fileInfo) ModTime() time.Time { return fi.modTime }

// IsDir is false: the file is regular.
func (fi *fileInfo) IsDir() bool { return false }

// Sys is its *syscall.Stat_t.
func (fi *fileInfo) Sys() any { return &fi.sys }
