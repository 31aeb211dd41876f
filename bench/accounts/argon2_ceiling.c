/* argon2_ceiling.c: the baseline of bench/accounts/run. How many argon2id verifications per second
 * this machine does with the given parameters when THREADS threads do nothing else — the ceiling
 * for logins/s, since a login is one verification plus a few small queries. Also prints the time of
 * one verification on an idle core.
 * Usage: argon2_ceiling OPSLIMIT MEMLIMIT_KIB THREADS SECONDS */
#include <pthread.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static unsigned long long opslimit;
static size_t memlimit;
static double seconds;
static char hash[crypto_pwhash_STRBYTES];

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

static void* work(void* out) {
  long n = 0;
  double end = now() + seconds;
  while (now() < end) {
    if (crypto_pwhash_str_verify(hash, "Bench-Pass1!", 12) != 0) abort();
    n++;
  }
  *(long*)out = n;
  return NULL;
}

int main(int argc, char** argv) {
  if (argc != 5 || sodium_init() < 0) return 2;
  opslimit = strtoull(argv[1], NULL, 10);
  memlimit = (size_t)strtoull(argv[2], NULL, 10) * 1024;
  int threads = atoi(argv[3]);
  seconds = atof(argv[4]);
  if (crypto_pwhash_str(hash, "Bench-Pass1!", 12, opslimit, memlimit) != 0) return 1;
  double t0 = now();
  for (int i = 0; i < 5; i++)
    if (crypto_pwhash_str_verify(hash, "Bench-Pass1!", 12) != 0) return 1;
  double single_ms = (now() - t0) / 5 * 1000;
  pthread_t th[64];
  long counts[64] = {0};
  if (threads > 64) threads = 64;
  double start = now();
  for (int i = 0; i < threads; i++) pthread_create(&th[i], NULL, work, &counts[i]);
  long total = 0;
  for (int i = 0; i < threads; i++) {
    pthread_join(th[i], NULL);
    total += counts[i];
  }
  printf("CEILING verifies_per_s=%.1f single_ms=%.1f threads=%d\n", total / (now() - start), single_ms, threads);
  return 0;
}
