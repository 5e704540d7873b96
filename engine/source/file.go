// This file defines the text of a source file, split into lines.

package source

import (
	"strings"
	"unicode/utf8"
)

// File is the text of a source file with an index of its lines. Line
// breaks are those of YAML: "\n", "\r\n", "\r", U+0085, U+2028 and U+2029.
// A byte order mark at the start is not part of line 1.
type File struct {
	Name  string
	Text  string
	lines []int // byte offset of the start of each line
}

// NewFile indexes the lines of text.
func NewFile(name, text string) *File {
	f := &File{Name: name, Text: text}
	start := 0
	if strings.HasPrefix(text, "\uFEFF") {
		start = len("\uFEFF")
	}
	f.lines = append(f.lines, start)
	for i := start; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		i += size
		if !isBreak(r) {
			continue
		}
		if r == '\r' && i < len(text) && text[i] == '\n' {
			i++
		}
		f.lines = append(f.lines, i)
	}
	return f
}

// LineCount is the number of lines (a final line break starts an empty
// last line).
func (f *File) LineCount() int { return len(f.lines) }

// Line returns the text of line n without its line break, or "" when
// there is no such line.
func (f *File) Line(n int) string {
	if n < 1 || n > len(f.lines) {
		return ""
	}
	end := len(f.Text)
	if n < len(f.lines) {
		end = f.lines[n]
	}
	return trimBreak(f.Text[f.lines[n-1]:end])
}

// Offset returns the byte offset of p in the text, clamped to the text
// when p lies beyond the end of its line or of the file.
func (f *File) Offset(p Pos) int {
	if p.Line < 1 {
		return 0
	}
	if p.Line > len(f.lines) {
		return len(f.Text)
	}
	i := f.lines[p.Line-1]
	line := f.Line(p.Line)
	for col := 1; col < p.Col && i-f.lines[p.Line-1] < len(line); col++ {
		_, size := utf8.DecodeRuneInString(f.Text[i:])
		i += size
	}
	return i
}

// Pos returns the position of byte offset off in the text.
func (f *File) Pos(off int) Pos {
	off = max(0, min(off, len(f.Text)))
	lo, hi := 0, len(f.lines)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if f.lines[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	start := f.lines[lo]
	if off < start {
		off = start
	}
	return Pos{File: f.Name, Line: lo + 1, Col: utf8.RuneCountInString(f.Text[start:off]) + 1}
}

// RunePos returns the position of the character (rune) n of the text,
// counted from 0, as offsets into expressions are given.
func (f *File) RunePos(n int) Pos {
	off := len(f.Text)
	for i := range f.Text {
		if n <= 0 {
			off = i
			break
		}
		n--
	}
	return f.Pos(off)
}

func isBreak(r rune) bool {
	return r == '\n' || r == '\r' || r == '\u0085' || r == '\u2028' || r == '\u2029'
}

func trimBreak(s string) string {
	for _, b := range []string{"\r\n", "\n", "\r", "\u0085", "\u2028", "\u2029"} {
		if strings.HasSuffix(s, b) {
			return s[:len(s)-len(b)]
		}
	}
	return s
}
