package hosts

import (
	"errors"
	"io/fs"
	"os"

	"github.com/skill-ls/skill-ls/skills/discovery"
	"github.com/skill-ls/skill-ls/skills/problem"
)

// read returns the bytes of a skill file from ReadFile, else from the disk
// as DSH's discovery reads it (discovery.ReadSkillFile: bounded, never
// blocking on a FIFO), with the error a verdict words.
func (o Options) read(path string) ([]byte, error) {
	if o.ReadFile != nil {
		if src, ok := o.ReadFile(path); ok {
			return src, nil
		}
	}
	src, _, err := discovery.ReadSkillFile(path, nil)
	var pe *fs.PathError
	switch {
	case errors.Is(err, discovery.ErrTooLarge):
		return nil, errTooLarge
	case errors.As(err, &pe):
		return nil, pe.Err
	}
	return src, err
}

// errTooLarge is read's error for a file over skillfile.MaxFileSize.
var errTooLarge = errors.New("larger than 16 MiB (skill-ls does not read it)")

// readWhy words a read error, saying when the file is a symbolic link to
// nothing (the hosts find it, and skip it) or not a regular file (a FIFO
// named SKILL.md, opened without blocking and not read).
func readWhy(path string, err error) string {
	if errors.Is(err, discovery.ErrNotRegular) {
		return "it is " + err.Error()
	}
	if fi, lerr := os.Lstat(path); lerr == nil && fi.Mode()&fs.ModeSymlink != 0 && errors.Is(err, fs.ErrNotExist) {
		return "it is a symbolic link to a file that does not exist"
	}
	return err.Error()
}

// readCode is the code of the diagnostics rule for a read error: the
// rule DSH's roots report the same file under.
func readCode(err error) string {
	switch {
	case errors.Is(err, errTooLarge):
		return string(problem.FileTooLarge)
	case errors.Is(err, discovery.ErrNotRegular):
		return string(problem.NotRegularFile)
	}
	return string(problem.UnreadableFile)
}
