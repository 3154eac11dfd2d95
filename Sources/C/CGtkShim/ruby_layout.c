#include "ruby_layout.h"
#include <math.h>

// Segments run left to right, each ruby centred over its base. A ruby wider
// than its base may reach over a neighbouring segment without ruby (kana: 承る's
// うけたまわ reaches over る), by up to half of it and one ruby character, as Japanese
// typesetting allows (JIS X 4051); beyond that, and next to another ruby, it spaces the
// bases apart: rubies never overlap. Lines wrap at segment boundaries where the text
// allows a line break there (Pango's rules for the whole text: not before 。 or inside
// a Latin word); segments between such boundaries move to the next line together,
// unless they are wider than a line. A segment without a ruby that is wider than a
// whole line also breaks inside, where Pango allows a line break (between kana, at a
// space), or between characters when nothing else fits.
// Lines are centred, or follow the widget's horizontal alignment. When any segment has
// a ruby, every line keeps a band above its bases for rubies, so lines are evenly
// spaced; text without rubies is as tall as a label.

// No width asked yet (-1 is "as wide as it likes").
#define NO_WIDTH G_MININT

// MARK: - Segments and their Pango layouts

static void clear_segment(gpointer data) {
    RubySegment *segment = data;
    g_clear_pointer(&segment->base, g_free);
    g_clear_pointer(&segment->ruby, g_free);
    g_clear_object(&segment->base_layout);
    g_clear_object(&segment->ruby_layout);
}

void ruby_layout_init(RubyLayout *layout) {
    *layout = (RubyLayout){.placed_width = NO_WIDTH};
    layout->segments = g_array_new(FALSE, TRUE, sizeof(RubySegment));
    g_array_set_clear_func(layout->segments, clear_segment);
    layout->cells = g_array_new(FALSE, TRUE, sizeof(RubyCell));
    layout->line_widths = g_array_new(FALSE, TRUE, sizeof(int));
    layout->overlines = g_array_new(FALSE, TRUE, sizeof(RubyOverline));
}

static void clear_placement(RubyLayout *layout) {
    for (guint i = 0; i < layout->cells->len; i++)
        g_object_unref(g_array_index(layout->cells, RubyCell, i).base);
    g_array_set_size(layout->cells, 0);
    g_array_set_size(layout->line_widths, 0);
    layout->placed_width = NO_WIDTH;
}

void ruby_layout_forget(RubyLayout *layout) {
    clear_placement(layout);
    for (guint i = 0; i < layout->segments->len; i++) {
        RubySegment *segment = &g_array_index(layout->segments, RubySegment, i);
        g_clear_object(&segment->base_layout);
        g_clear_object(&segment->ruby_layout);
    }
    layout->measured = FALSE;
}

void ruby_layout_finish(RubyLayout *layout) {
    clear_placement(layout);
    g_array_unref(layout->cells);
    g_array_unref(layout->line_widths);
    g_array_unref(layout->segments);
    g_array_unref(layout->overlines);
}

static gboolean same_segments(const RubyLayout *layout, const char *const *bases, const char *const *rubies,
                              const gboolean *emphasised, int count) {
    if ((guint)count != layout->segments->len)
        return FALSE;
    for (int i = 0; i < count; i++) {
        const RubySegment *segment = &g_array_index(layout->segments, RubySegment, i);
        const char *ruby = rubies[i] != NULL && rubies[i][0] != '\0' ? rubies[i] : NULL;
        gboolean bold = emphasised != NULL && emphasised[i];
        if (g_strcmp0(segment->base, bases[i]) != 0 || g_strcmp0(segment->ruby, ruby) != 0 ||
            segment->emphasised != bold)
            return FALSE;
    }
    return TRUE;
}

gboolean ruby_layout_set_segments(RubyLayout *layout, const char *const *bases, const char *const *rubies,
                                  const gboolean *emphasised, int count) {
    if (same_segments(layout, bases, rubies, emphasised, count))
        return FALSE;
    ruby_layout_forget(layout);
    g_array_set_size(layout->segments, 0);
    layout->has_ruby = FALSE;
    int reading = 0;
    for (int i = 0; i < count; i++) {
        RubySegment segment = {.base = g_strdup(bases[i] != NULL ? bases[i] : ""),
                               .emphasised = emphasised != NULL && emphasised[i],
                               .reading_start = reading};
        if (rubies[i] != NULL && rubies[i][0] != '\0') {
            segment.ruby = g_strdup(rubies[i]);
            layout->has_ruby = TRUE;
        }
        reading += (int)g_utf8_strlen(segment.ruby != NULL ? segment.ruby : segment.base, -1);
        g_array_append_val(layout->segments, segment);
    }
    return TRUE;
}

gboolean ruby_layout_set_overlines(RubyLayout *layout, const int *starts, const int *ends, const gboolean *drops,
                                   int count) {
    gboolean same = (guint)count == layout->overlines->len;
    for (int i = 0; same && i < count; i++) {
        const RubyOverline *overline = &g_array_index(layout->overlines, RubyOverline, i);
        same = overline->start == starts[i] && overline->end == ends[i] && !overline->drops == !drops[i];
    }
    if (same)
        return FALSE;
    g_array_set_size(layout->overlines, 0);
    for (int i = 0; i < count; i++) {
        RubyOverline overline = {.start = starts[i], .end = ends[i], .drops = drops[i] != FALSE};
        if (overline.end > overline.start)
            g_array_append_val(layout->overlines, overline);
    }
    return TRUE;
}

static void pixel_size(PangoLayout *layout, int *width, int *height, int *baseline) {
    pango_layout_get_pixel_size(layout, width, height);
    *baseline = PANGO_PIXELS(pango_layout_get_baseline(layout));
}

// The x of each character boundary (character offsets 0…count) in a one-line layout.
static int *boundary_positions(PangoLayout *layout, const char *text, int count) {
    int *positions = g_new(int, count + 1);
    const char *at = text;
    for (int i = 0; i <= count; i++) {
        PangoRectangle position;
        pango_layout_index_to_pos(layout, (int)(at - text), &position);
        positions[i] = PANGO_PIXELS(MIN(position.x, position.x + position.width));
        if (i < count)
            at = g_utf8_next_char(at);
    }
    // The end of the text is its width, whatever index_to_pos says past the last character.
    int width;
    pango_layout_get_pixel_size(layout, &width, NULL);
    positions[count] = width;
    return positions;
}

// The widest grapheme of a segment without ruby: the narrowest it can be made.
static int widest_grapheme(PangoLayout *layout, const char *text) {
    int count = 0;
    const PangoLogAttr *attrs = pango_layout_get_log_attrs_readonly(layout, &count);
    count -= 1; // the attributes include the position after the last character
    if (count <= 1) {
        int width;
        pango_layout_get_pixel_size(layout, &width, NULL);
        return width;
    }
    int *positions = boundary_positions(layout, text, count);
    int widest = 0, start = 0;
    for (int i = 1; i <= count; i++) {
        if (i == count || attrs[i].is_cursor_position) {
            widest = MAX(widest, ABS(positions[i] - positions[start]));
            start = i;
        }
    }
    g_free(positions);
    return widest;
}

// Which segment boundaries the whole text allows a line break at.
static void find_breaks(RubyLayout *layout, PangoContext *context) {
    GString *text = g_string_new(NULL);
    for (guint i = 0; i < layout->segments->len; i++)
        g_string_append(text, g_array_index(layout->segments, RubySegment, i).base);
    int count = (int)g_utf8_strlen(text->str, (gssize)text->len);
    PangoLogAttr *attrs = g_new0(PangoLogAttr, count + 1);
    pango_get_log_attrs(text->str, (int)text->len, -1, pango_context_get_language(context), attrs, count + 1);
    int offset = 0;
    for (guint i = 0; i < layout->segments->len; i++) {
        RubySegment *segment = &g_array_index(layout->segments, RubySegment, i);
        segment->breaks_before = offset > 0 && offset < count && attrs[offset].is_line_break;
        offset += (int)g_utf8_strlen(segment->base, -1);
    }
    g_free(attrs);
    g_string_free(text, TRUE);
}

void ruby_layout_measure(RubyLayout *layout, GtkWidget *widget) {
    if (layout->measured)
        return;
    PangoFontDescription *ruby_font =
        pango_font_description_copy(pango_context_get_font_description(gtk_widget_get_pango_context(widget)));
    double size = pango_font_description_get_size(ruby_font) * RUBY_SCALE;
    if (pango_font_description_get_size_is_absolute(ruby_font)) {
        pango_font_description_set_absolute_size(ruby_font, size);
        layout->ruby_em = (int)ceil(size / PANGO_SCALE);
    } else {
        pango_font_description_set_size(ruby_font, (int)size);
        double dpi = pango_cairo_context_get_resolution(gtk_widget_get_pango_context(widget));
        layout->ruby_em = (int)ceil(size / PANGO_SCALE * (dpi > 0 ? dpi : 96) / 72);
    }

    // The base font's size in pixels, for the overlines over text without rubies.
    const PangoFontDescription *base_font = pango_context_get_font_description(gtk_widget_get_pango_context(widget));
    int base_em = (int)ceil(2.0 * layout->ruby_em);
    if (base_font != NULL && pango_font_description_get_size(base_font) > 0) {
        double points = (double)pango_font_description_get_size(base_font) / PANGO_SCALE;
        double dpi = pango_cairo_context_get_resolution(gtk_widget_get_pango_context(widget));
        base_em = (int)ceil(pango_font_description_get_size_is_absolute(base_font) ? points
                                                                                   : points * (dpi > 0 ? dpi : 96) / 72);
    }
    int base_descent = 0, ruby_descent = 0;
    layout->base_ascent = layout->ruby_ascent = 0;
    layout->minimum_width = 0;
    for (guint i = 0; i < layout->segments->len; i++) {
        RubySegment *segment = &g_array_index(layout->segments, RubySegment, i);
        segment->base_layout = gtk_widget_create_pango_layout(widget, segment->base);
        if (segment->emphasised) {
            // Over the whole text, so a piece of a long segment (a copy) keeps it.
            PangoAttrList *attributes = pango_attr_list_new();
            pango_attr_list_insert(attributes, pango_attr_weight_new(PANGO_WEIGHT_BOLD));
            pango_layout_set_attributes(segment->base_layout, attributes);
            pango_attr_list_unref(attributes);
        }
        pixel_size(segment->base_layout, &segment->base_width, &segment->base_height, &segment->base_baseline);
        layout->base_ascent = MAX(layout->base_ascent, segment->base_baseline);
        base_descent = MAX(base_descent, segment->base_height - segment->base_baseline);
        if (segment->ruby != NULL) {
            segment->ruby_layout = gtk_widget_create_pango_layout(widget, segment->ruby);
            pango_layout_set_font_description(segment->ruby_layout, ruby_font);
            pixel_size(segment->ruby_layout, &segment->ruby_width, &segment->ruby_height, &segment->ruby_baseline);
            layout->ruby_ascent = MAX(layout->ruby_ascent, segment->ruby_baseline);
            ruby_descent = MAX(ruby_descent, segment->ruby_height - segment->ruby_baseline);
            segment->narrowest = MAX(segment->base_width, segment->ruby_width);
        } else {
            segment->narrowest = widest_grapheme(segment->base_layout, segment->base);
        }
        layout->minimum_width = MAX(layout->minimum_width, segment->narrowest);
    }
    pango_font_description_free(ruby_font);
    find_breaks(layout, gtk_widget_get_pango_context(widget));
    layout->line_height = layout->base_ascent + base_descent;
    layout->band = layout->has_ruby ? layout->ruby_ascent + ruby_descent : 0;
    // Overlines: a line a fourteenth of the text's size thick (a whole pixel at least,
    // so it stays crisp), a little room under it; over the rubies when there are any.
    if (layout->overlines->len > 0) {
        int em = layout->has_ruby ? layout->ruby_em : base_em;
        layout->mark_thickness = MAX(1, (int)lround(em / 14.0));
        layout->mark = layout->mark_thickness + MAX(1, em / 16);
    } else {
        layout->mark_thickness = layout->mark = 0;
    }
    layout->band += layout->mark;
    layout->measured = TRUE;
    ruby_layout_place(layout, widget, -1);
    layout->natural_width = layout->line_widths->len > 0 ? g_array_index(layout->line_widths, int, 0) : 0;
}

// MARK: - Placing cells on lines

typedef struct {
    RubyLayout *layout;
    int width; // G_MAXINT: no limit
    int line;
    gboolean empty; // no cell on this line yet
    int end;        // where the line's content ends: the last base's or ruby's right edge
    int base_end;   // the last base's right edge
    int plain_room; // how far a ruby may reach over the last cell, when it has no ruby
} Placer;

static void new_line(Placer *placer) {
    g_array_append_val(placer->layout->line_widths, placer->end);
    placer->line += 1;
    placer->empty = TRUE;
    placer->end = placer->base_end = placer->plain_room = 0;
}

// Places a cell after the last one, or (with `wrap`) at the start of the next line if
// it does not fit.
static void place_cell(Placer *placer, PangoLayout *base, const RubySegment *segment, int base_offset, int base_width,
                       gboolean wrap) {
    gboolean has_ruby = segment->ruby_layout != NULL;
    // How far the ruby sticks out on each side of its base.
    int reach = has_ruby ? MAX(0, segment->ruby_width - base_width) : 0;
    int left_reach = reach / 2, right_reach = reach - left_reach;
    // Half a segment without ruby, so rubies reaching over it from both sides never meet.
    int room = has_ruby ? 0 : MIN(base_width / 2, placer->layout->ruby_em);
    int x, end;
    for (;;) {
        if (has_ruby)
            x = MAX(placer->base_end, placer->end + MAX(0, left_reach - placer->plain_room));
        else
            x = MAX(placer->base_end, placer->end - room);
        end = MAX(placer->end, x + base_width + right_reach);
        if (!wrap || placer->empty || end <= placer->width)
            break;
        new_line(placer);
    }
    RubyCell cell = {
        .base = g_object_ref(base),
        .ruby = segment->ruby_layout,
        .base_width = base_width,
        .base_height = segment->base_height,
        .base_baseline = segment->base_baseline,
        .ruby_width = segment->ruby_width,
        .ruby_height = segment->ruby_height,
        .ruby_baseline = segment->ruby_baseline,
        .x = x,
        .line = placer->line,
        .segment = (guint)(segment - (const RubySegment *)(void *)placer->layout->segments->data),
        .base_offset = base_offset,
    };
    g_array_append_val(placer->layout->cells, cell);
    placer->empty = FALSE;
    placer->end = end;
    placer->base_end = x + base_width;
    placer->plain_room = room;
}

// Where the piece of `text` from character `start` ends: the furthest allowed break
// within `room` pixels (Pango's line breaks; with `any_character`, every grapheme
// boundary), or `start` when none is.
static int furthest_break(const PangoLogAttr *attrs, const int *positions, int count, int start, int room,
                          gboolean any_character) {
    int end = start;
    for (int i = start + 1; i <= count; i++) {
        if (ABS(positions[i] - positions[start]) > room)
            break;
        if (i == count || (any_character ? attrs[i].is_cursor_position : attrs[i].is_line_break))
            end = i;
    }
    return end;
}

// A segment without ruby wider than a line, cut into pieces that fill each line.
static void place_broken(Placer *placer, const RubySegment *segment) {
    int count = 0;
    const PangoLogAttr *attrs = pango_layout_get_log_attrs_readonly(segment->base_layout, &count);
    count -= 1;
    int *positions = boundary_positions(segment->base_layout, segment->base, count);
    int start = 0;
    while (start < count) {
        int room = placer->width - placer->end;
        int end = furthest_break(attrs, positions, count, start, room, FALSE);
        if (end == start && !placer->empty) {
            new_line(placer);
            continue;
        }
        if (end == start)
            end = furthest_break(attrs, positions, count, start, room, TRUE);
        if (end == start) // not even one grapheme fits: it overflows its line alone
            end = start + 1;
        while (end < count && !attrs[end].is_cursor_position)
            end++;
        const char *from = g_utf8_offset_to_pointer(segment->base, start);
        const char *to = g_utf8_offset_to_pointer(segment->base, end);
        PangoLayout *piece = pango_layout_copy(segment->base_layout);
        pango_layout_set_text(piece, from, (int)(to - from));
        int width, height;
        pango_layout_get_pixel_size(piece, &width, &height);
        place_cell(placer, piece, segment, start, width, TRUE);
        g_object_unref(piece);
        start = end;
    }
    g_free(positions);
}

typedef enum {
    KEEP_ON_LINE, // never wrap: the caller checks the fit
    WRAP,         // wrap before a segment that does not fit, break one wider than a line
    FILL,         // break a segment without ruby that does not fit the rest of the line
} Placing;

static void place_segment(Placer *placer, const RubySegment *segment, Placing placing) {
    gboolean plain = segment->ruby_layout == NULL;
    if (plain && placing == WRAP && segment->base_width > placer->width)
        place_broken(placer, segment);
    else if (plain && placing == FILL && placer->end + segment->base_width > placer->width)
        place_broken(placer, segment);
    else
        place_cell(placer, segment->base_layout, segment, 0, segment->base_width, placing != KEEP_ON_LINE);
}

static void place_run(Placer *placer, guint first, guint next, Placing placing) {
    for (guint i = first; i < next; i++)
        place_segment(placer, &g_array_index(placer->layout->segments, RubySegment, i), placing);
}

// Drops the cells placed after the first `count`.
static void unplace(RubyLayout *layout, guint count) {
    for (guint i = count; i < layout->cells->len; i++)
        g_object_unref(g_array_index(layout->cells, RubyCell, i).base);
    g_array_set_size(layout->cells, count);
}

void ruby_layout_place(RubyLayout *layout, GtkWidget *widget, int width) {
    ruby_layout_measure(layout, widget);
    if (layout->placed_width == width)
        return;
    clear_placement(layout);
    layout->placed_width = width;
    Placer placer = {.layout = layout, .width = width < 0 ? G_MAXINT : width, .empty = TRUE};
    guint count = layout->segments->len;
    for (guint first = 0, next; first < count; first = next) {
        // The segments up to the next allowed break go on one line together if they can.
        next = first + 1;
        while (next < count && !g_array_index(layout->segments, RubySegment, next).breaks_before)
            next++;
        if (next - first == 1) {
            place_segment(&placer, &g_array_index(layout->segments, RubySegment, first), WRAP);
            continue;
        }
        Placer before = placer;
        guint cells = layout->cells->len, lines = layout->line_widths->len;
        place_run(&placer, first, next, KEEP_ON_LINE);
        if (placer.end <= placer.width)
            continue;
        unplace(layout, cells);
        placer = before;
        if (!placer.empty) { // on a line of their own?
            new_line(&placer);
            place_run(&placer, first, next, KEEP_ON_LINE);
            if (placer.end <= placer.width)
                continue;
            unplace(layout, cells);
            placer = before;
            g_array_set_size(layout->line_widths, lines);
        }
        // Wider than a line: they fill lines from here, breaking between segments and
        // inside those without ruby.
        place_run(&placer, first, next, FILL);
    }
    if (layout->cells->len > 0)
        g_array_append_val(layout->line_widths, placer.end);
}

int ruby_layout_height(const RubyLayout *layout) {
    return (int)layout->line_widths->len * (layout->band + layout->line_height);
}

// Where a line starts: centred, or at the side the widget is aligned to.
static int line_start(GtkWidget *widget, int width, int line_width) {
    gboolean rtl = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL;
    int spare = width - line_width;
    switch (gtk_widget_get_halign(widget)) {
    case GTK_ALIGN_START:
        return rtl ? spare : 0;
    case GTK_ALIGN_END:
        return rtl ? 0 : spare;
    default:
        return spare / 2;
    }
}

void ruby_layout_cell_rectangles(const RubyLayout *layout, GtkWidget *widget, const RubyCell *cell, int width,
                                 int height, GdkRectangle *base, GdkRectangle *ruby) {
    int top = MAX(0, (height - ruby_layout_height(layout)) / 2) + cell->line * (layout->band + layout->line_height);
    int left = line_start(widget, width, g_array_index(layout->line_widths, int, cell->line)) + cell->x;
    base->x = left;
    base->y = top + layout->band + layout->base_ascent - cell->base_baseline;
    base->width = cell->base_width;
    base->height = cell->base_height;
    if (cell->ruby != NULL) {
        ruby->x = left + (cell->base_width - cell->ruby_width) / 2;
        ruby->y = top + layout->mark + layout->ruby_ascent - cell->ruby_baseline;
        ruby->width = cell->ruby_width;
        ruby->height = cell->ruby_height;
    } else {
        *ruby = (GdkRectangle){0};
    }
}

// MARK: - Overlines

// The x of character `offset` of a one-line layout's text, from its left edge.
static int character_x(PangoLayout *layout, int offset) {
    const char *text = pango_layout_get_text(layout);
    if (offset >= g_utf8_strlen(text, -1)) {
        int width;
        pango_layout_get_pixel_size(layout, &width, NULL);
        return width;
    }
    PangoRectangle position;
    pango_layout_index_to_pos(layout, (int)(g_utf8_offset_to_pointer(text, offset) - text), &position);
    return PANGO_PIXELS(MIN(position.x, position.x + position.width));
}

// A cell's text as read (its ruby, or its base without one), where it is drawn, and
// which characters of the text as read it holds.
static PangoLayout *read_text(const RubyLayout *layout, GtkWidget *widget, const RubyCell *cell, int width,
                              int height, GdkRectangle *at, int *from, int *count) {
    GdkRectangle base, ruby;
    ruby_layout_cell_rectangles(layout, widget, cell, width, height, &base, &ruby);
    const RubySegment *segment = &g_array_index(layout->segments, RubySegment, cell->segment);
    PangoLayout *text = cell->ruby != NULL ? cell->ruby : cell->base;
    *at = cell->ruby != NULL ? ruby : base;
    *from = segment->reading_start + (cell->ruby != NULL ? 0 : cell->base_offset);
    *count = (int)g_utf8_strlen(pango_layout_get_text(text), -1);
    return text;
}

// Whether `overline` lies over a ruby on line `line`: then it runs above the rubies
// all along that line, else just above the text.
static gboolean over_a_ruby(const RubyLayout *layout, const RubyOverline *overline, int line) {
    for (guint i = 0; i < layout->cells->len; i++) {
        const RubyCell *cell = &g_array_index(layout->cells, RubyCell, i);
        if (cell->line != line || cell->ruby == NULL)
            continue;
        const RubySegment *segment = &g_array_index(layout->segments, RubySegment, cell->segment);
        int from = segment->reading_start, count = (int)g_utf8_strlen(segment->ruby, -1);
        if (overline->start < from + count && overline->end > from)
            return TRUE;
    }
    return FALSE;
}

void ruby_layout_overline_rectangles(const RubyLayout *layout, GtkWidget *widget, int width, int height,
                                     GArray *rectangles) {
    int thickness = layout->mark_thickness;
    if (layout->overlines->len == 0 || thickness == 0)
        return;
    int first_top = MAX(0, (height - ruby_layout_height(layout)) / 2);
    for (guint o = 0; o < layout->overlines->len; o++) {
        const RubyOverline *overline = &g_array_index(layout->overlines, RubyOverline, o);
        for (guint i = 0; i < layout->cells->len; i++) {
            const RubyCell *cell = &g_array_index(layout->cells, RubyCell, i);
            GdkRectangle at;
            int from, count;
            PangoLayout *text = read_text(layout, widget, cell, width, height, &at, &from, &count);
            int start = MAX(overline->start, from), end = MIN(overline->end, from + count);
            if (start >= end)
                continue;
            int top = first_top + cell->line * (layout->band + layout->line_height);
            // Over kana between kanji (べ of 食べる) the line sits just above them, unless
            // it also runs over a ruby on this line.
            if (layout->has_ruby && !over_a_ruby(layout, overline, cell->line))
                top += layout->band - layout->mark;
            int x0 = at.x + character_x(text, start - from), x1 = at.x + character_x(text, end - from);
            // A line going on into the next cell on the same line bridges the gap to it.
            if (end == from + count && end < overline->end && i + 1 < layout->cells->len) {
                const RubyCell *next = &g_array_index(layout->cells, RubyCell, i + 1);
                GdkRectangle next_at;
                int next_from, next_count;
                read_text(layout, widget, next, width, height, &next_at, &next_from, &next_count);
                if (next->line == cell->line && next_from == end)
                    x1 = MAX(x1, next_at.x);
            }
            GdkRectangle line = {x0, top, MAX(x1 - x0, thickness), thickness};
            g_array_append_val(rectangles, line);
            if (overline->drops && end == overline->end) {
                // The drop: down from the line's end to a third into the text below it.
                int bottom = at.y + at.height / 3;
                GdkRectangle drop = {MAX(x0, x1 - thickness), top, thickness, MAX(bottom - top, thickness)};
                g_array_append_val(rectangles, drop);
            }
        }
    }
}
