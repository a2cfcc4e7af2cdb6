#ifndef CASEMENT_CNCURSES_SHIM_H
#define CASEMENT_CNCURSES_SHIM_H

// SwiftPM drops pkg-config's -D flags, so ask for the wide-character API here.
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <errno.h>
#include <locale.h>
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <curses.h>

// Macros and globals that Swift cannot import, as functions.
static inline WINDOW *casement_stdscr(void) { return stdscr; }
static inline WINDOW *casement_curscr(void) { return curscr; }
static inline int casement_lines(void) { return LINES; }
static inline int casement_cols(void) { return COLS; }
static inline int casement_colors(void) { return COLORS; }
static inline int casement_color_pairs(void) { return COLOR_PAIRS; }
static inline int casement_getmaxx(WINDOW *w) { return getmaxx(w); }
static inline int casement_getmaxy(WINDOW *w) { return getmaxy(w); }
static inline int casement_key_f(int n) { return KEY_F(n); }
static inline attr_t casement_a_normal(void) { return A_NORMAL; }
static inline attr_t casement_a_bold(void) { return A_BOLD; }
static inline attr_t casement_a_dim(void) { return A_DIM; }
static inline attr_t casement_a_italic(void) { return A_ITALIC; }
static inline attr_t casement_a_underline(void) { return A_UNDERLINE; }
static inline attr_t casement_a_reverse(void) { return A_REVERSE; }
#ifdef A_STRIKEOUT
static inline attr_t casement_a_strikeout(void) { return A_STRIKEOUT; }
#else
// ncurses has no strike-through attribute: 0 tells Swift to draw it another way.
static inline attr_t casement_a_strikeout(void) { return 0; }
#endif
static inline mmask_t casement_all_mouse_events(void) { return ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION; }
static inline mmask_t casement_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t casement_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t casement_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t casement_button1_double_clicked(void) { return BUTTON1_DOUBLE_CLICKED; }
static inline mmask_t casement_button1_triple_clicked(void) { return BUTTON1_TRIPLE_CLICKED; }
static inline mmask_t casement_button4_pressed(void) { return BUTTON4_PRESSED; }
#ifdef BUTTON5_PRESSED
static inline mmask_t casement_button5_pressed(void) { return BUTTON5_PRESSED; }
#else
static inline mmask_t casement_button5_pressed(void) { return 0; }
#endif
static inline int casement_ccharw_max(void) { return CCHARW_MAX; }

// The columns ncurses gives a character (it asks wcwidth too). Declared here:
// glibc shows wcwidth only to _XOPEN_SOURCE builds, which Swift's Glibc is not.
extern int wcwidth(wchar_t);
static inline int casement_wcwidth(wchar_t character) { return wcwidth(character); }

// A cell with a colour pair beyond 32767 (extended colours pass it through opts).
static inline int casement_setcchar(cchar_t *cell, const wchar_t *text, attr_t attributes, int pair) {
#if NCURSES_EXT_COLORS
    return setcchar(cell, text, attributes, (short)(pair <= 0x7fff ? pair : 0), &pair);
#else
    return setcchar(cell, text, attributes, (short)pair, NULL);
#endif
}

static inline int casement_init_pair(int pair, int foreground, int background) {
#if NCURSES_EXT_COLORS
    return init_extended_pair(pair, foreground, background);
#else
    return init_pair((short)pair, (short)foreground, (short)background);
#endif
}

static inline int casement_has_extended_colors(void) {
#if NCURSES_EXT_COLORS
    return 1;
#else
    return 0;
#endif
}

// A terminfo string capability, or NULL when absent or cancelled (tigetstr's -1).
static inline const char *casement_tigetstr(const char *name) {
    char *value = tigetstr(name);
    if (value == NULL || value == (char *)-1) return NULL;
    return value;
}

// ---------------------------------------------------------------------------
// Terminal restore from signal handlers.
//
// Everything a handler touches lives in one process-wide struct. It is a weak
// definition so that every Swift file (and module) importing this header shares
// one copy: a `static` here would be duplicated per Swift file. The handlers use
// only async-signal-safe calls: write, tcsetattr, sigaction, raise.
// ---------------------------------------------------------------------------

#define CASEMENT_RESET_CAPACITY 512
#define CASEMENT_SIGNAL_SLOTS 65

typedef struct casement_restore_state {
    volatile sig_atomic_t armed;           // a session is live: restore on a fatal signal
    volatile sig_atomic_t quit_requested;  // a quit signal is waiting for the event loop
    volatile sig_atomic_t handlers_installed;
    volatile sig_atomic_t at_exit_registered;
    int relay_fd;                          // the self-pipe's write end, or -1
    int terminal_fd;                       // where the reset bytes go
    int has_termios;
    struct termios termios;                // the terminal's modes before the session
    size_t reset_length;
    char reset[CASEMENT_RESET_CAPACITY];   // terminfo strings that undo the session
    struct sigaction previous[CASEMENT_SIGNAL_SLOTS];
} casement_restore_state_t;

__attribute__((weak)) casement_restore_state_t casement_restore_state = {
    .armed = 0, .quit_requested = 0, .handlers_installed = 0, .at_exit_registered = 0,
    .relay_fd = -1, .terminal_fd = -1, .has_termios = 0, .reset_length = 0,
};

// Lists as macros: Swift does not emit static data defined in a header.
#define CASEMENT_RELAYED_SIGNALS { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH }
#define CASEMENT_FATAL_SIGNALS { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS }
#define CASEMENT_COUNT(array) (sizeof(array) / sizeof((array)[0]))

static inline void casement_write_all(int fd, const char *bytes, size_t length) {
    while (length > 0) {
        ssize_t written = write(fd, bytes, length);
        if (written > 0) { bytes += written; length -= (size_t)written; }
        else if (written < 0 && errno == EINTR) continue;
        else return;
    }
}

// Writes the reset bytes and puts the saved terminal modes back, once.
static inline void casement_restore_now(void) {
    casement_restore_state_t *state = &casement_restore_state;
    if (!state->armed) return;
    state->armed = 0;
    if (state->terminal_fd >= 0) {
        casement_write_all(state->terminal_fd, state->reset, state->reset_length);
        if (state->has_termios) (void)tcsetattr(state->terminal_fd, TCSANOW, &state->termios);
    }
}

static inline void casement_fatal_signal_handler(int signal_number) {
    int saved_errno = errno;
    casement_restore_now();
    // Hand the signal to whoever had it before (Swift's backtracer, or the default
    // action): it is blocked while this runs, so raise() delivers it on return.
    if (signal_number > 0 && signal_number < CASEMENT_SIGNAL_SLOTS) {
        (void)sigaction(signal_number, &casement_restore_state.previous[signal_number], NULL);
    }
    errno = saved_errno;
    (void)raise(signal_number);
}

static inline void casement_relay_signal_handler(int signal_number) {
    int saved_errno = errno;
    casement_restore_state_t *state = &casement_restore_state;
    if (signal_number != SIGWINCH) {
        if (state->quit_requested) {
            // The loop never picked up the first request: restore and die now.
            struct sigaction fallback;
            memset(&fallback, 0, sizeof fallback);
            fallback.sa_handler = SIG_DFL;
            casement_restore_now();
            (void)sigaction(signal_number, &fallback, NULL);
            (void)raise(signal_number);
            errno = saved_errno;
            return;
        }
        state->quit_requested = 1;
    }
    if (state->relay_fd >= 0) {
        unsigned char byte = (unsigned char)signal_number;
        (void)write(state->relay_fd, &byte, 1);
    }
    errno = saved_errno;
}

static inline void casement_restore_at_exit(void) { casement_restore_now(); }

// Installs the relay (quit signals, SIGWINCH -> relay_fd) and the fatal-signal
// restorer, remembering the previous handlers. Call before newterm so ncurses
// keeps ours instead of installing its own.
static inline void casement_install_signal_handlers(int relay_fd) {
    casement_restore_state_t *state = &casement_restore_state;
    if (state->handlers_installed) return;
    state->relay_fd = relay_fd;
    state->quit_requested = 0;

    // A handler for stack overflow needs a stack of its own.
    stack_t current;
    if (sigaltstack(NULL, &current) == 0 && (current.ss_flags & SS_DISABLE)) {
        size_t size = 64 * 1024;
        void *memory = malloc(size);
        if (memory != NULL) {
            stack_t alternate;
            alternate.ss_sp = memory;
            alternate.ss_size = size;
            alternate.ss_flags = 0;
            if (sigaltstack(&alternate, NULL) != 0) free(memory);
        }
    }

    const int relayed[] = CASEMENT_RELAYED_SIGNALS;
    const int fatal[] = CASEMENT_FATAL_SIGNALS;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    action.sa_handler = casement_relay_signal_handler;
    action.sa_flags = SA_RESTART;
    for (size_t i = 0; i < CASEMENT_COUNT(relayed); i++) {
        int number = relayed[i];
        (void)sigaction(number, &action, &state->previous[number]);
    }
    action.sa_handler = casement_fatal_signal_handler;
    action.sa_flags = SA_ONSTACK;
    for (size_t i = 0; i < CASEMENT_COUNT(fatal); i++) {
        int number = fatal[i];
        (void)sigaction(number, &action, &state->previous[number]);
    }
    if (!state->at_exit_registered) {
        state->at_exit_registered = 1;
        (void)atexit(casement_restore_at_exit);
    }
    state->handlers_installed = 1;
}

static inline void casement_uninstall_signal_handlers(void) {
    casement_restore_state_t *state = &casement_restore_state;
    if (!state->handlers_installed) return;
    const int relayed[] = CASEMENT_RELAYED_SIGNALS;
    const int fatal[] = CASEMENT_FATAL_SIGNALS;
    for (size_t i = 0; i < CASEMENT_COUNT(relayed); i++) {
        int number = relayed[i];
        (void)sigaction(number, &state->previous[number], NULL);
    }
    for (size_t i = 0; i < CASEMENT_COUNT(fatal); i++) {
        int number = fatal[i];
        (void)sigaction(number, &state->previous[number], NULL);
    }
    state->relay_fd = -1;
    state->handlers_installed = 0;
}

// Records how to undo the session; from now on a fatal signal or exit() restores.
static inline void casement_arm_restore(int terminal_fd, const struct termios *modes,
                                        const char *reset, size_t reset_length) {
    casement_restore_state_t *state = &casement_restore_state;
    state->armed = 0;
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    state->terminal_fd = terminal_fd;
    state->has_termios = modes != NULL;
    if (modes != NULL) state->termios = *modes;
    if (reset_length > CASEMENT_RESET_CAPACITY) reset_length = CASEMENT_RESET_CAPACITY;
    memcpy(state->reset, reset, reset_length);
    state->reset_length = reset_length;
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
    state->armed = 1;
}

// The session ended normally (endwin restored the terminal): nothing left to undo.
static inline void casement_disarm_restore(void) {
    casement_restore_state.armed = 0;
}

static inline int casement_restore_is_armed(void) { return casement_restore_state.armed; }

static inline int casement_signal_handlers_installed(void) { return casement_restore_state.handlers_installed; }

// The event loop has seen the quit request: a later one is a new request.
static inline void casement_acknowledge_quit(void) {
    casement_restore_state.quit_requested = 0;
}

#endif
