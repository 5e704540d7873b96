// This file defines the scanner: it splits an expression into tokens with
// the reference lexer's rules and their order of precedence.

package syntax

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"murano.dev/playground/engine/value"
)

type tokenKind uint8

const (
	tEOF      tokenKind = iota
	tNumber             // 12, 1.5
	tString             // 'a', "a", `a`
	tKeyword            // a bare word
	tConst              // true, false, null
	tDollar             // $, $x, $1
	tFunc               // name immediately followed by (
	tOp                 // an operator symbol or word
	tMapping            // => between a keyword argument's name and value
	tLBracket           // [
	tLBrace             // {
	tLParen             // (
	tRParen             // )
	tRBracket           // ]
	tRBrace             // }
	tComma              // ,
)

type token struct {
	kind tokenKind
	pos  int         // offset of the first character
	end  int         // offset after the last character
	text string      // the source text (for tFunc the name without "(")
	val  value.Value // for tNumber, tString, tConst
}

// display is the token's value as the reference prints it in grammar
// errors: decoded strings, normalised numbers, Python's True/False/None.
func (t token) display() string {
	switch t.kind {
	case tString:
		return string(t.val.(value.String))
	case tNumber:
		return value.Str(t.val)
	case tConst:
		switch t.val {
		case value.Bool(true):
			return "True"
		case value.Bool(false):
			return "False"
		}
		return "None"
	}
	return t.text
}

type scanner struct {
	g   *grammar
	src []rune
	pos int
}

func isWordChar(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsNumber(r)
}

func isWordStart(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r) && !unicode.IsDigit(r)
}

func (s *scanner) wordBoundaryBefore(i int) bool { return i == 0 || !isWordChar(s.src[i-1]) }

func (s *scanner) wordBoundaryAfter(i int) bool { return i >= len(s.src) || !isWordChar(s.src[i]) }

func (s *scanner) next() (token, error) {
	for s.pos < len(s.src) && strings.ContainsRune(" \t\r\n", s.src[s.pos]) {
		s.pos++
	}
	start := s.pos
	if start >= len(s.src) {
		return token{kind: tEOF, pos: start, end: start}, nil
	}
	c := s.src[start]
	switch {
	case c == '$':
		i := start + 1
		for i < len(s.src) && isWordChar(s.src[i]) {
			i++
		}
		return s.emit(tDollar, start, i, nil), nil
	case unicode.IsDigit(c) && s.wordBoundaryBefore(start):
		if tok, ok := s.number(start); ok {
			return tok, nil
		}
	case isWordStart(c) && s.wordBoundaryBefore(start):
		i := start + 1
		for i < len(s.src) && isWordChar(s.src[i]) {
			i++
		}
		if i < len(s.src) && s.src[i] == '(' {
			tok := s.emit(tFunc, start, i+1, nil)
			tok.text = string(s.src[start:i])
			return tok, nil
		}
		if c == '_' && start+1 < len(s.src) && s.src[start+1] == '_' {
			break
		}
		word := string(s.src[start:i])
		switch {
		case s.g.words[word]:
			return s.emit(tOp, start, i, nil), nil
		case word == "true":
			return s.emit(tConst, start, i, value.Bool(true)), nil
		case word == "false":
			return s.emit(tConst, start, i, value.Bool(false)), nil
		case word == "null":
			return s.emit(tConst, start, i, value.Null), nil
		}
		return s.emit(tKeyword, start, i, nil), nil
	case c == '\'' || c == '"' || c == '`':
		if tok, ok, err := s.quoted(start, c); ok || err != nil {
			return tok, err
		}
	}
	for _, sym := range s.g.symbols {
		if s.hasPrefix(start, sym) {
			kind := tOp
			if sym == "=>" && s.g.mapping {
				kind = tMapping
			}
			return s.emit(kind, start, start+len([]rune(sym)), nil), nil
		}
	}
	switch c {
	case '[':
		return s.emit(tLBracket, start, start+1, nil), nil
	case '{':
		return s.emit(tLBrace, start, start+1, nil), nil
	case '(':
		return s.emit(tLParen, start, start+1, nil), nil
	case ')':
		return s.emit(tRParen, start, start+1, nil), nil
	case ']':
		return s.emit(tRBracket, start, start+1, nil), nil
	case '}':
		return s.emit(tRBrace, start, start+1, nil), nil
	case ',':
		return s.emit(tComma, start, start+1, nil), nil
	}
	return token{}, &Error{
		Class: LexicalError, Pos: start, End: start + 1,
		Msg:  fmt.Sprintf("Lexical error: illegal character '%c' at position %d", c, start),
		Hint: "no token starts with this character",
	}
}

func (s *scanner) emit(kind tokenKind, start, end int, v value.Value) token {
	s.pos = end
	return token{kind: kind, pos: start, end: end, text: string(s.src[start:end]), val: v}
}

func (s *scanner) hasPrefix(i int, sym string) bool {
	for _, r := range sym {
		if i >= len(s.src) || s.src[i] != r {
			return false
		}
		i++
	}
	return true
}

// number matches digits, optionally followed by a fraction, that end at a
// word boundary; "1.5e3" therefore yields only "1".
func (s *scanner) number(start int) (token, bool) {
	digits := func(i int) int {
		for i < len(s.src) && unicode.IsDigit(s.src[i]) {
			i++
		}
		return i
	}
	intEnd := digits(start)
	if intEnd < len(s.src) && s.src[intEnd] == '.' {
		if fracEnd := digits(intEnd + 1); fracEnd > intEnd+1 && s.wordBoundaryAfter(fracEnd) {
			text := asciiDigits(s.src[start:fracEnd])
			f, _ := strconv.ParseFloat(text, 64)
			return s.emit(tNumber, start, fracEnd, value.Float(f)), true
		}
	}
	if !s.wordBoundaryAfter(intEnd) {
		return token{}, false
	}
	v, err := value.ParseNumber(asciiDigits(s.src[start:intEnd]))
	if err != nil {
		return token{}, false
	}
	return s.emit(tNumber, start, intEnd, v), true
}

// asciiDigits maps Unicode decimal digits to ASCII, as Python's int() and
// float() accept them.
func asciiDigits(rs []rune) string {
	var b strings.Builder
	for _, r := range rs {
		if r != '.' && (r < '0' || r > '9') {
			r = '0' + digitValue(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

func digitValue(r rune) rune {
	for _, t := range unicode.Nd.R16 {
		if uint16(r) >= t.Lo && uint16(r) <= t.Hi && r <= 0xffff {
			return (r - rune(t.Lo)) % 10
		}
	}
	for _, t := range unicode.Nd.R32 {
		if uint32(r) >= t.Lo && uint32(r) <= t.Hi {
			return (r - rune(t.Lo)) % 10
		}
	}
	return 0
}

// quoted matches a string in single, double or back quotes. A backslash
// escapes any character but a line break; an unterminated string does not
// match at all.
func (s *scanner) quoted(start int, q rune) (token, bool, error) {
	i := start + 1
	for i < len(s.src) {
		switch s.src[i] {
		case q:
			raw := string(s.src[start+1 : i])
			var text string
			if q == '`' {
				text = strings.ReplaceAll(raw, "\\`", "`")
			} else {
				var err error
				if text, err = decodeEscapes(raw); err != nil {
					return token{}, false, &Error{Class: "UnicodeDecodeError", Pos: start, End: i + 1, Msg: err.Error()}
				}
			}
			return s.emit(tString, start, i+1, value.String(text)), true, nil
		case '\\':
			if i+1 >= len(s.src) || s.src[i+1] == '\n' {
				return token{}, false, nil
			}
			i += 2
		default:
			i++
		}
	}
	return token{}, false, nil
}
