package skills

import "syscall"

// sysFstatat is the fstatat system call (newfstatat on amd64).
const sysFstatat = syscall.SYS_NEWFSTATAT
