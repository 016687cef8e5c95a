/*
 * Preloaded into a program started ahead of its run (./standby.ts): the loader has mapped and bound
 * every library by the time the C library calls main, so the program waits there, holding its
 * start-up done, until its run sends the directory to work in and its arguments on stdin. stdin
 * then becomes /dev/null, as for a program started for the run.
 *
 * The message: NUL-terminated strings, the directory first, then the arguments, then end of input.
 * Anything else (end of input with nothing, a string left open, too much) exits with 125 before
 * main: the program never runs with arguments it was not given.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

typedef int (*main_fn)(int, char **, char **);
typedef int (*start_fn)(main_fn, int, char **, void (*)(void), void (*)(void), void (*)(void), void *);

enum { MESSAGE_MAX = 1 << 20, ARGS_MAX = 4096, REFUSED = 125 };

static main_fn program_main;
static char message[MESSAGE_MAX];
static char *args[ARGS_MAX + 2];

static int main_with_sent_arguments(int argc, char **argv, char **envp) {
  (void)argc;
  size_t used = 0;
  for (;;) {
    ssize_t n = read(0, message + used, sizeof message - used);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) _exit(REFUSED);
    if (n == 0) break;
    used += (size_t)n;
    if (used == sizeof message) _exit(REFUSED);
  }
  if (used == 0 || message[used - 1] != '\0') _exit(REFUSED);
  const char *dir = message;
  int count = 0;
  args[count++] = argv[0];
  for (char *p = message + strlen(dir) + 1; p < message + used; p += strlen(p) + 1) {
    if (count > ARGS_MAX) _exit(REFUSED);
    args[count++] = p;
  }
  args[count] = NULL;
  if (chdir(dir) != 0) _exit(REFUSED);
  int devnull = open("/dev/null", O_RDONLY);
  if (devnull < 0 || dup2(devnull, 0) < 0) _exit(REFUSED);
  if (devnull != 0) close(devnull);
  return program_main(count, args, envp);
}

/* The program's _start calls this before main; the C library's own is the next one in the search order. */
__attribute__((visibility("default"))) int __libc_start_main(main_fn main, int argc, char **argv, void (*init)(void),
                                                             void (*fini)(void), void (*rtld_fini)(void),
                                                             void *stack_end) {
  start_fn libc_start_main = (start_fn)dlsym(RTLD_NEXT, "__libc_start_main");
  if (!libc_start_main) _exit(REFUSED);
  program_main = main;
  return libc_start_main(main_with_sent_arguments, argc, argv, init, fini, rtld_fini, stack_end);
}
