/* The C reference (docs/benchmarks.md, "Against the goals"): the War Machine battle loop
 * at -O2, xoshiro128** per thread, two unbiased d100 (Lemire multiply-shift with rejection), a 10,000-entry code
 * table for BR 79 vs 72, a count per code. By hand:
 *   gcc -O2 -pthread -o /tmp/battle benchmarks/c/battle.c && /tmp/battle 1e8 1 && /tmp/battle 1e8 2
 * `battle N THREADS --ms` prints only the time in ms: the native reference of the `war-machine battle ÷ C` bench
 * row (benchmarks/native.ts builds it with the system's C compiler). */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static uint8_t table[10000];
typedef struct { uint64_t n; uint32_t seed; double counts[32]; } job;

static inline uint32_t rotl(uint32_t x, int k) { return (x << k) | (x >> (32 - k)); }

static void *run(void *p) {
  job *j = p;
  uint32_t s0 = j->seed * 2654435761u + 1, s1 = 0x6d2b79f5, s2 = 0x1b873593, s3 = 0x85ebca6b;
  double *c = j->counts;
  for (uint64_t i = 0; i < j->n;) {
    uint32_t r[2]; int k = 0;
    while (k < 2) {
      uint32_t x = rotl(s1 * 5, 7) * 9, t = s1 << 9;
      s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3; s2 ^= t; s3 = rotl(s3, 11);
      uint64_t m = (uint64_t)x * 100;
      if ((uint32_t)m < 96u) continue; /* 2^32 mod 100 = 96: reject */
      r[k++] = (uint32_t)(m >> 32);
    }
    uint8_t code = table[r[0] * 100 + r[1]];
    if (code == 255) continue; /* reroll */
    c[code]++;
    i++;
  }
  return NULL;
}

int main(int argc, char **argv) {
  uint64_t n = argc > 1 ? (uint64_t)atof(argv[1]) : 100000000ull;
  int threads = argc > 2 ? atoi(argv[2]) : 1;
  int delta = 7; /* BR 79 vs 72 */
  for (int a = 0; a < 100; a++) for (int b = 0; b < 100; b++) {
    int d = delta + a - b;
    table[a * 100 + b] = d == 0 ? 255 : d > 0 ? 4 + (d > 15 ? 3 : d / 5) : 17 + (-d > 15 ? 3 : -d / 5);
  }
  job js[64]; pthread_t ts[64];
  struct timespec t0, t1; clock_gettime(CLOCK_MONOTONIC, &t0);
  for (int t = 0; t < threads; t++) { js[t].n = n / threads; js[t].seed = t + 1; for (int k = 0; k < 32; k++) js[t].counts[k] = 0; pthread_create(&ts[t], NULL, run, &js[t]); }
  double a = 0; for (int t = 0; t < threads; t++) { pthread_join(ts[t], NULL); for (int k = 4; k < 17; k++) a += js[t].counts[k]; }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double s = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
  if (argc > 3 && !strcmp(argv[3], "--ms")) {
    printf("%.6f\n", s * 1e3);
    return a < 0;
  }
  printf("%.0f battles, %d threads: %.3f s, %.1f M battles/s (A won %.4f)\n", (double)n, threads, s, n / s / 1e6, a / n);
  return 0;
}
