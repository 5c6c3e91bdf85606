//go:build !linux

package skills

import "io/fs"

// readSkillFile reads a skill file without blocking on FIFOs and without
// reading more than MaxFileSize bytes.
func readSkillFile(path string) ([]byte, fs.FileInfo, error) { return readSkillFileOS(path) }

// readSkillFileInto is readSkillFile with the file's size when opened
// instead of the FileInfo (buf is not used here).
func readSkillFileInto(path string, _ []byte) ([]byte, int64, error) {
	src, info, err := readSkillFileOS(path)
	if err != nil {
		return nil, 0, err
	}
	return src, info.Size(), nil
}
