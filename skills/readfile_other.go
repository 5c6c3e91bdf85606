//go:build !linux

package skills

import "io/fs"

// readSkillFile reads a skill file without blocking on FIFOs and without
// reading more than MaxFileSize bytes.
func readSkillFile(path string) ([]byte, fs.FileInfo, error) { return readSkillFileOS(path) }

// readSkillFileInto is readSkillFile without the FileInfo (buf is not
// used here).
func readSkillFileInto(path string, _ []byte) ([]byte, error) {
	src, _, err := readSkillFileOS(path)
	return src, err
}
