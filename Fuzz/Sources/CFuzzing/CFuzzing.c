// Declarations only (see include/CFuzzing.h); SwiftPM wants a source file per C target.
#include "CFuzzing.h"
