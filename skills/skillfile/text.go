package skillfile

// IsSkillName reports whether name matches the DSH skill-name grammar
// ^[a-z0-9]+(?:-[a-z0-9]+)*$ (docs/dsh.md §2). "a\n" is not a name.
func IsSkillName(name string) bool {
	if name == "" || name[0] == '-' || name[len(name)-1] == '-' {
		return false
	}
	prevHyphen := false
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
			prevHyphen = false
		case c == '-':
			if prevHyphen {
				return false
			}
			prevHyphen = true
		default:
			return false
		}
	}
	return true
}
