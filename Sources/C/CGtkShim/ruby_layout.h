// RubyLayout: where GtkKitRuby's text and rubies go (ruby.c is the widget around it).
//
// Measuring makes each segment's PangoLayouts from a widget's Pango context, so its
// CSS font and the desktop's text scaling apply; placing puts them in cells on lines
// for a width. Both are kept until dropped: GTK measures a height for a width and
// then draws at that width. Main thread only, as the widget.
#pragma once
#include "CGtkShim.h"

// The ruby's font size as a fraction of the base's.
#define RUBY_SCALE 0.5

typedef struct {
    char *base;
    char *ruby; // NULL: no ruby over this segment
    gboolean emphasised; // the base in bold
    PangoLayout *base_layout;
    PangoLayout *ruby_layout;
    int base_width, base_height, base_baseline; // pixels
    int ruby_width, ruby_height, ruby_baseline;
    int narrowest; // the least width it needs: its ruby's or base's, or its widest grapheme
    gboolean breaks_before; // the text allows a line break before it
    int reading_start;      // where its ruby (or base, without ruby) starts in the text as read, in characters
} RubySegment;

// A line over characters start..<end of the text as read, turning down at its end
// where `drops`.
typedef struct {
    int start, end;
    gboolean drops;
} RubyOverline;

// One cell placed on a line: a segment, or a piece of a long one without ruby.
typedef struct {
    PangoLayout *base; // a reference of its own
    PangoLayout *ruby; // borrowed from the segment, or NULL
    int base_width, base_height, base_baseline;
    int ruby_width, ruby_height, ruby_baseline;
    int x; // of the base, from the start of its line
    int line;
    guint segment;   // its segment's index
    int base_offset; // where its base starts in the segment's, in characters
} RubyCell;

typedef struct {
    GArray *segments; // RubySegment
    gboolean has_ruby;
    gboolean measured; // the segments' layouts and the sizes below are current
    int band;          // the height kept above each line's bases for rubies (and overlines)
    GArray *overlines; // RubyOverline
    int mark;          // the height kept at the top of each line for overlines: 0 without
    int mark_thickness;
    int ruby_ascent;
    int line_height; // of the bases
    int base_ascent;
    int ruby_em; // the ruby font's size in pixels: how far a ruby may reach over kana
    int minimum_width;
    int natural_width;
    GArray *cells;       // RubyCell, placed for `placed_width`
    GArray *line_widths; // int, one per line
    int placed_width;
} RubyLayout;

void ruby_layout_init(RubyLayout *layout);
void ruby_layout_finish(RubyLayout *layout);
/// Replaces the segments (a ruby NULL or "" is none; `emphasised` NULL: no base is);
/// FALSE when they are the same.
gboolean ruby_layout_set_segments(RubyLayout *layout, const char *const *bases, const char *const *rubies,
                                  const gboolean *emphasised, int count);
/// Drops the Pango layouts: the widget's font, direction or display changed.
void ruby_layout_forget(RubyLayout *layout);
/// Makes the segments' Pango layouts and sizes from `widget`, unless they are current.
void ruby_layout_measure(RubyLayout *layout, GtkWidget *widget);
/// Places the cells on lines `width` wide (-1: one line), unless they already are.
void ruby_layout_place(RubyLayout *layout, GtkWidget *widget, int width);
/// Replaces the overlines; FALSE when they are the same.
gboolean ruby_layout_set_overlines(RubyLayout *layout, const int *starts, const int *ends, const gboolean *drops,
                                   int count);
/// The rectangles of the overlines and their downstrokes in `widget` at `width` ×
/// `height` (the layout placed for `width`), appended to `rectangles` (GdkRectangle).
void ruby_layout_overline_rectangles(const RubyLayout *layout, GtkWidget *widget, int width, int height,
                                     GArray *rectangles);
/// The height of the placed lines.
int ruby_layout_height(const RubyLayout *layout);
/// Where a placed cell's base and ruby go in `widget` at `width` × `height`, lines
/// centred or aligned as the widget is; an empty ruby rectangle for no ruby.
void ruby_layout_cell_rectangles(const RubyLayout *layout, GtkWidget *widget, const RubyCell *cell, int width,
                                 int height, GdkRectangle *base, GdkRectangle *ruby);
