#ifndef CASEMENT_CNCURSES_SHIM_H
#define CASEMENT_CNCURSES_SHIM_H

// SwiftPM drops pkg-config's -D flags, so ask for the wide-character API here.
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <curses.h>

// Macros and globals that Swift cannot import, as functions.
static inline WINDOW *casement_stdscr(void) { return stdscr; }
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
static inline attr_t casement_a_strikeout(void) { return 0; }
#endif
static inline mmask_t casement_all_mouse_events(void) { return ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION; }
static inline mmask_t casement_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t casement_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t casement_button1_released(void) { return BUTTON1_RELEASED; }

#endif
