// Two threads writing at their own lines, and a forked child at its own.
#include <fcntl.h>
#include <pthread.h>
#include <sys/wait.h>
#include <unistd.h>

static int fd;

static void *first(void *arg) {
  for (int i = 0; i < 300; i++)
    write(fd, "a", 1); // FIRST
  return arg;
}

static void *second(void *arg) {
  for (int i = 0; i < 200; i++)
    write(fd, "b", 1); // SECOND
  return arg;
}

int main(void) {
  fd = open("/dev/null", O_WRONLY);
  pthread_t t1, t2;
  pthread_create(&t1, 0, first, 0);
  pthread_create(&t2, 0, second, 0);
  pthread_join(t1, 0);
  pthread_join(t2, 0);
  for (int i = 0; i < 7; i++)
    write(fd, "m", 1); // MAIN
  pid_t child = fork();
  if (child == 0) {
    for (int i = 0; i < 11; i++)
      write(fd, "c", 1); // CHILD
    _exit(0);
  }
  int status;
  waitpid(child, &status, 0);
  return 0;
}
