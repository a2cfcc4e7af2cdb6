#ifndef CASEMENT_CFUZZING_H
#define CASEMENT_CFUZZING_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry point for programs that have a main of their own: it parses
/// libFuzzer's flags from argv and runs `callback` on every input. Present only
/// when linked with `-sanitize=fuzzer` (casement-fuzz calls it under FUZZING).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
