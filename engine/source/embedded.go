// This file maps offsets in the value of a YAML scalar back to the file.

package source

import (
	"strings"
	"unicode/utf8"
)

// Style is the way a YAML scalar is written.
type Style uint8

// The scalar styles of YAML.
const (
	Plain        Style = iota // unquoted
	SingleQuoted              // 'text', with '' for a quote
	DoubleQuoted              // "text", with backslash escapes
	Literal                   // | block: lines kept
	Folded                    // > block: lines folded into spaces
)

// Embedded locates the characters of a YAML scalar's value in the file,
// so that an error at a character offset inside an expression written as
// that scalar can be reported at its file position.
//
// The value of a scalar differs from its source text: quotes and escapes
// are decoded, line breaks of flow scalars fold into spaces, and block
// scalars lose their indentation. Embedded re-reads the source text the
// way YAML does, character by character.
type Embedded struct {
	// Base is the scalar's first source character: the first character
	// of a plain scalar, the opening quote, or the | or > indicator.
	Base Pos
	// Style is how the scalar is written.
	Style Style
	// Raw is the scalar's source text, starting at Base and ending after
	// its last character (the closing quote of a quoted scalar).
	Raw string
	// Indent is the indentation (in columns, 0-based) of the block
	// collection enclosing a block scalar, or -1 at the top level. It is
	// only needed for an explicit indentation indicator (|2).
	Indent int
}

// NewEmbedded describes the scalar whose source text starts text (the
// rest of the file from base on) and whose decoded value is value. Raw is
// cut to the scalar's own text.
func NewEmbedded(base Pos, style Style, text, value string, indent int) Embedded {
	e := Embedded{Base: base, Style: style, Raw: text, Indent: indent}
	w := e.walker(utf8.RuneCountInString(value))
	w.run()
	end := w.c.i
	switch style {
	case SingleQuoted, DoubleQuoted:
		end = closingQuote(text, end, style)
	case Literal, Folded:
		end = len(strings.TrimRight(text[:end], " "))
	}
	e.Raw = text[:end]
	return e
}

// closingQuote returns the offset after the quote that closes a quoted
// scalar whose value ends at offset i (only blanks and breaks may come
// between).
func closingQuote(text string, i int, style Style) int {
	q := byte('"')
	if style == SingleQuoted {
		q = '\''
	}
	if j := strings.IndexByte(text[i:], q); j >= 0 && strings.TrimLeft(text[i:i+j], " \t\r\n\u0085\u2028\u2029") == "" {
		return i + j + 1
	}
	return i
}

// At returns the file position of the character at rune offset off of
// the scalar's value. Offsets at or past the end give [Embedded.End].
func (e Embedded) At(off int) Pos {
	if off < 0 {
		return e.Base
	}
	w := e.walker(off + 1)
	w.run()
	if w.count <= off {
		return e.End()
	}
	return w.last
}

// End returns the position just after the scalar's last source
// character, ignoring trailing line breaks and blanks of block scalars.
func (e Embedded) End() Pos {
	c := cursor{s: e.Raw, line: e.Base.Line, col: e.Base.Col}
	end := e.Base
	for !c.eof() {
		r := c.peek()
		c.advance()
		if r != ' ' && r != '\t' && !isBreak(r) {
			end = c.pos(e.Base.File)
		}
	}
	return end
}

// cursor reads source text, keeping track of lines and columns.
type cursor struct {
	s         string
	i         int
	line, col int
}

func (c *cursor) eof() bool { return c.i >= len(c.s) }

func (c *cursor) peek() rune {
	if c.eof() {
		return -1
	}
	r, _ := utf8.DecodeRuneInString(c.s[c.i:])
	return r
}

// peekByte returns the byte n bytes ahead, or 0 past the end.
func (c *cursor) peekByte(n int) byte {
	if c.i+n >= len(c.s) {
		return 0
	}
	return c.s[c.i+n]
}

func (c *cursor) advance() {
	r, size := utf8.DecodeRuneInString(c.s[c.i:])
	c.i += size
	if isBreak(r) {
		if r == '\r' && !c.eof() && c.s[c.i] == '\n' {
			c.i++
		}
		c.line, c.col = c.line+1, 1
		return
	}
	c.col++
}

func (c *cursor) pos(file string) Pos { return Pos{File: file, Line: c.line, Col: c.col} }

func isBlank(r rune) bool { return r == ' ' || r == '\t' }

// walker reads a scalar's source and reports the position of each
// character of its value, up to limit characters (-1: all).
type walker struct {
	e     Embedded
	c     cursor
	limit int
	count int
	last  Pos
}

func (e Embedded) walker(limit int) *walker {
	return &walker{e: e, c: cursor{s: e.Raw, line: e.Base.Line, col: e.Base.Col}, limit: limit, last: e.Base}
}

func (w *walker) full() bool { return w.limit >= 0 && w.count >= w.limit }

// emit records one character of the value at p.
func (w *walker) emit(p Pos) {
	if w.full() {
		return
	}
	w.count++
	w.last = p
}

func (w *walker) here() Pos { return w.c.pos(w.e.Base.File) }

func (w *walker) run() {
	switch w.e.Style {
	case Plain, SingleQuoted, DoubleQuoted:
		w.flow()
	case Literal, Folded:
		w.block()
	}
}

// flow reads a plain or quoted scalar.
func (w *walker) flow() {
	style := w.e.Style
	if style != Plain && !w.c.eof() {
		w.c.advance() // the opening quote
	}
	for !w.full() && !w.c.eof() {
		r := w.c.peek()
		switch {
		case style == SingleQuoted && r == '\'':
			if w.c.peekByte(1) != '\'' {
				return
			}
			w.emit(w.here())
			w.c.advance()
			w.c.advance()
		case style == DoubleQuoted && r == '"':
			return
		case style == DoubleQuoted && r == '\\':
			w.escape()
		case isBlank(r):
			if w.blanksBeforeBreak() {
				w.fold(false)
			} else {
				w.emit(w.here())
				w.c.advance()
			}
		case isBreak(r):
			w.fold(false)
		default:
			w.emit(w.here())
			w.c.advance()
		}
	}
}

// blanksBeforeBreak reports whether the blanks at the cursor run up to a
// line break (or the end), where they are dropped.
func (w *walker) blanksBeforeBreak() bool {
	rest := strings.TrimLeft(w.c.s[w.c.i:], " \t")
	if rest == "" {
		return true
	}
	r, _ := utf8.DecodeRuneInString(rest)
	return isBreak(r)
}

// fold reads blanks and line breaks between two pieces of a flow scalar:
// one break becomes a space, n breaks become n-1 newlines. After an
// escaped line break (escaped) the first break is gone already and every
// further break is a newline.
func (w *walker) fold(escaped bool) {
	breaks := 0
	var first rune
	var at []Pos
	for !w.c.eof() {
		r := w.c.peek()
		switch {
		case isBlank(r):
			w.c.advance()
			continue
		case isBreak(r):
			if breaks == 0 {
				first = r
			}
			breaks++
			at = append(at, w.here())
			w.c.advance()
			continue
		}
		break
	}
	switch {
	case breaks == 0:
	case escaped:
		for _, p := range at {
			w.emit(p)
		}
	case first == '\u2028' || first == '\u2029':
		for _, p := range at {
			w.emit(p)
		}
	case breaks == 1:
		w.emit(at[0])
	default:
		for _, p := range at[1:] {
			w.emit(p)
		}
	}
}

// escape reads a backslash escape of a double-quoted scalar.
func (w *walker) escape() {
	p := w.here()
	w.c.advance() // the backslash
	if w.c.eof() {
		return
	}
	r := w.c.peek()
	if isBreak(r) {
		w.c.advance()
		w.fold(true)
		return
	}
	w.c.advance()
	digits := map[rune]int{'x': 2, 'u': 4, 'U': 8}[r]
	for ; digits > 0 && !w.c.eof(); digits-- {
		w.c.advance()
	}
	w.emit(p)
}

// block reads a literal or folded block scalar: a header line with the
// indicator, then lines indented at least as deep as the first one.
func (w *walker) block() {
	folded := w.e.Style == Folded
	increment := 0
	w.c.advance() // | or >
	for !w.c.eof() {
		r := w.c.peek()
		if r >= '1' && r <= '9' {
			increment = int(r - '0')
		} else if r != '+' && r != '-' {
			break
		}
		w.c.advance()
	}
	for !w.c.eof() && !isBreak(w.c.peek()) { // blanks and a comment
		w.c.advance()
	}
	if w.c.eof() {
		return
	}
	w.c.advance()

	indent := 0
	if increment > 0 {
		indent = increment
		if w.e.Indent >= 0 {
			indent += w.e.Indent
		}
	} else {
		indent = max(w.leadingIndent(), w.e.Indent+1, 1)
	}

	var leadingBreak []Pos // the break ending the previous content line
	leadingBlank := false
	trailing := w.emptyLines(indent)
	for !w.full() && !w.c.eof() && w.c.col == indent+1 && !isBreak(w.c.peek()) {
		trailingBlank := isBlank(w.c.peek())
		if folded && len(leadingBreak) > 0 && !leadingBlank && !trailingBlank {
			if len(trailing) == 0 {
				w.emit(leadingBreak[0])
			}
		} else {
			for _, p := range leadingBreak {
				w.emit(p)
			}
		}
		for _, p := range trailing {
			w.emit(p)
		}
		leadingBlank = trailingBlank
		for !w.full() && !w.c.eof() && !isBreak(w.c.peek()) {
			w.emit(w.here())
			w.c.advance()
		}
		if w.full() || w.c.eof() {
			return
		}
		leadingBreak = []Pos{w.here()}
		w.c.advance()
		trailing = w.emptyLines(indent)
	}
	for _, p := range append(leadingBreak, trailing...) {
		w.emit(p)
	}
}

// leadingIndent returns the indentation of the first line with content
// (or the deepest of the empty lines before it), without moving.
func (w *walker) leadingIndent() int {
	deepest := 0
	c := w.c
	for !c.eof() {
		n := 0
		for c.peek() == ' ' {
			c.advance()
			n++
		}
		deepest = max(deepest, n)
		if c.eof() || !isBreak(c.peek()) {
			break
		}
		c.advance()
	}
	return deepest
}

// emptyLines skips the indentation of the following lines and returns the
// positions of the breaks of those that are empty; it stops at the first
// line with content (the cursor on its first character after the
// indentation) or at a line indented less than indent.
func (w *walker) emptyLines(indent int) []Pos {
	var breaks []Pos
	for !w.c.eof() {
		for w.c.col <= indent && w.c.peek() == ' ' {
			w.c.advance()
		}
		if w.c.eof() || !isBreak(w.c.peek()) {
			break
		}
		breaks = append(breaks, w.here())
		w.c.advance()
	}
	return breaks
}
