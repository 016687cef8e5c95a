/*
 * Preloaded into a program started ahead of its run (./standby.ts): the loader has mapped and bound
 * every library by the time the C library calls main, so the program waits there, holding its
 * start-up done, until its run sends the directory to work in and its arguments on stdin. stdin
 * then becomes /dev/null, as for a program started for the run.
 *
 * The message: NUL-terminated strings, the directory first, then the arguments, then end of input.
 * Anything else (end of input with nothing, a string left open, too much) exits with 125 before
 * main: the program never runs with arguments it was not given.
 *
 * While it waits, it also readies the heap its run will use (heap_ahead): a page a process touches
 * for the first time is the costliest part of a short encode here (see the comment there).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

typedef int (*main_fn)(int, char **, char **);
typedef int (*start_fn)(main_fn, int, char **, void (*)(void), void (*)(void), void (*)(void), void *);

enum { MESSAGE_MAX = 1 << 20, ARGS_MAX = 4096, REFUSED = 125 };

static main_fn program_main;
static char message[MESSAGE_MAX];
static char *args[ARGS_MAX + 2];

/*
 * Every page a process writes first costs a fault in which the kernel finds and clears it; on this
 * kind of virtual machine, whose free pages go back to the host, about 2.5 us each. The 5 s
 * 640x360 MP4 -> WebM of bench/engine-start.ts takes some 16,000 such faults (64 MB), 40-45 ms of
 * its ~330 (bench/RESULTS.md, "Figures the code cites"). So the standby grows its heap by
 * HEAP_BLOCKS blocks under the mmap threshold, frees them (the heap is given back only past 1 GiB
 * free, so they stay in it for the run's allocations) and has a thread fault their pages in while
 * it waits. That thread runs at SCHED_IDLE, so it only takes a core nobody else wants: on a busy
 * machine the run faults its own pages, as it would have anyway. It uses MADV_POPULATE_WRITE, which
 * maps pages without writing to them, so the run may take that memory at any moment; the thread
 * stops at its next step once the run has started.
 */
enum { HEAP_BLOCKS = 8, HEAP_BLOCK = 8 << 20, MMAP_THRESHOLD = 32 << 20 };
enum { POPULATE_STEP = 256 << 10 };

static char *heap_blocks[HEAP_BLOCKS];
static atomic_bool run_started;

static void *populate_heap(void *unused) {
  (void)unused;
  struct sched_param idle = {0};
  if (pthread_setschedparam(pthread_self(), SCHED_IDLE, &idle) != 0) return NULL;
  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
  for (int b = 0; b < HEAP_BLOCKS && heap_blocks[b]; b++) {
    uintptr_t start = ((uintptr_t)heap_blocks[b] + page - 1) & ~(page - 1);
    uintptr_t end = ((uintptr_t)heap_blocks[b] + HEAP_BLOCK) & ~(page - 1);
    for (uintptr_t p = start; p < end; p += POPULATE_STEP) {
      if (atomic_load(&run_started)) return NULL;
      size_t length = end - p < POPULATE_STEP ? end - p : POPULATE_STEP;
      if (madvise((void *)p, length, MADV_POPULATE_WRITE) != 0) return NULL;
    }
  }
  return NULL;
}

static void heap_ahead(void) {
  if (!mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD) || !mallopt(M_TRIM_THRESHOLD, 1 << 30)) return;
  for (int b = 0; b < HEAP_BLOCKS; b++) heap_blocks[b] = malloc(HEAP_BLOCK);
  for (int b = HEAP_BLOCKS - 1; b >= 0; b--) free(heap_blocks[b]);
  pthread_attr_t attr;
  pthread_t thread;
  if (pthread_attr_init(&attr) != 0) return;
  pthread_attr_setstacksize(&attr, 64 << 10);
  pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
  pthread_create(&thread, &attr, populate_heap, NULL);
  pthread_attr_destroy(&attr);
}

static int main_with_sent_arguments(int argc, char **argv, char **envp) {
  (void)argc;
  heap_ahead();
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
  atomic_store(&run_started, 1);
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
