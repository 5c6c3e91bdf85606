package skills

import "syscall"

// sysFstatat is the fstatat system call.
const sysFstatat = syscall.SYS_FSTATAT
