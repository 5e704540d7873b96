// This file defines the tokenizer of plan bodies: Python's tokens, with
// its indentation rules, for the body as the agent compiles it (below a
// "def" line, so that the body's first line is line 2).

package agent

import (
	"fmt"
	"strings"
	"unicode"
)

type tokKind int

const (
	tEOF tokKind = iota
	tNewline
	tIndent
	tDedent
	tName
	tNumber
	tString
	tOp
)

type token struct {
	kind tokKind
	text string // names, operators, number literals; the value of strings
	line int
}

// maxNesting is Python's limit of nested brackets.
const maxNesting = 200

// syntaxError is a body the agent cannot compile: Python's message, with
// the line where Python reports it.
func syntaxError(line int, format string, args ...any) *planError {
	return failf(1, "%s (<execution plan>, line %d)", fmt.Sprintf(format, args...), line)
}

// unindent lays the body out as the agent does before it compiles it:
// tabs expanded, the common indentation of its lines replaced by four
// spaces (the body's lines, string literals' included).
func unindent(body string) []string {
	lines := strings.Split(expandTabs(body), "\n")
	common := -1
	for _, line := range lines {
		if strip(line) == "" {
			continue
		}
		n := len(line) - len(strings.TrimLeft(line, " "))
		if common < 0 || n < common {
			common = n
		}
	}
	for i, line := range lines {
		runes := []rune(line)
		if common > 0 {
			runes = runes[min(common, len(runes)):]
		}
		lines[i] = "    " + strings.TrimSuffix(string(runes), "\r")
	}
	return lines
}

func expandTabs(s string) string {
	if !strings.Contains(s, "\t") {
		return s
	}
	var b strings.Builder
	col := 0
	for _, r := range s {
		switch r {
		case '\t':
			n := 4 - col%4
			b.WriteString(strings.Repeat(" ", n))
			col += n
		case '\n', '\r':
			b.WriteRune(r)
			col = 0
		default:
			b.WriteRune(r)
			col++
		}
	}
	return b.String()
}

// lexer turns the unindented lines into tokens; line numbers count the
// agent's "def" line as line 1.
type lexer struct {
	lines   []string
	toks    []token
	indents []int
	nesting []token // open brackets
}

func tokenize(body string) ([]token, error) {
	lx := &lexer{lines: unindent(body), indents: []int{0}}
	if err := lx.run(); err != nil {
		return nil, err
	}
	return lx.toks, nil
}

func (lx *lexer) emit(kind tokKind, text string, line int) {
	lx.toks = append(lx.toks, token{kind: kind, text: text, line: line})
}

func (lx *lexer) run() error {
	atLineStart := true
	for i := 0; i < len(lx.lines); i++ {
		line, lineNo := lx.lines[i], i+2
		pos := 0
		if atLineStart && len(lx.nesting) == 0 {
			col := len(line) - len(strings.TrimLeft(line, " "))
			rest := strings.TrimLeft(line, " \f")
			if rest == "" || rest[0] == '#' {
				continue
			}
			if err := lx.indent(col, lineNo); err != nil {
				return err
			}
			pos = col
		}
		atLineStart = true
		for pos < len(line) {
			c := line[pos]
			switch {
			case c == ' ' || c == '\f':
				pos++
			case c == '#':
				pos = len(line)
			case c == '\\' && pos == len(line)-1:
				atLineStart = false
				pos++
			case c == '\\':
				return syntaxError(lineNo, "unexpected character after line continuation character")
			case isNameStart(line, pos):
				end := pos
				for end < len(line) && isNameChar(line, end) {
					end += runeLen(line, end)
				}
				word := line[pos:end]
				if end < len(line) && (line[end] == '\'' || line[end] == '"') && isStringPrefix(word) {
					next, err := lx.str(&i, end, word, lineNo)
					if err != nil {
						return err
					}
					line, pos = lx.lines[i], next
					continue
				}
				lx.emit(tName, word, lineNo)
				pos = end
			case c >= '0' && c <= '9' || c == '.' && pos+1 < len(line) && line[pos+1] >= '0' && line[pos+1] <= '9':
				end := scanNumber(line, pos)
				lx.emit(tNumber, line[pos:end], lineNo)
				pos = end
			case c == '\'' || c == '"':
				next, err := lx.str(&i, pos, "", lineNo)
				if err != nil {
					return err
				}
				line, pos = lx.lines[i], next
			default:
				n, err := lx.op(line, pos, lineNo)
				if err != nil {
					return err
				}
				pos += n
			}
		}
		if atLineStart && len(lx.nesting) == 0 && len(lx.toks) > 0 && lx.toks[len(lx.toks)-1].kind != tNewline {
			lx.emit(tNewline, "", lineNo)
		}
	}
	eofLine := len(lx.lines) + 1
	if len(lx.nesting) > 0 {
		open := lx.nesting[len(lx.nesting)-1]
		return syntaxError(open.line, "'%s' was never closed", open.text)
	}
	if len(lx.toks) > 0 && lx.toks[len(lx.toks)-1].kind != tNewline {
		lx.emit(tNewline, "", eofLine)
	}
	for len(lx.indents) > 1 {
		lx.indents = lx.indents[:len(lx.indents)-1]
		lx.emit(tDedent, "", eofLine)
	}
	lx.emit(tEOF, "", eofLine)
	return nil
}

func (lx *lexer) indent(col, line int) error {
	top := lx.indents[len(lx.indents)-1]
	switch {
	case col > top:
		lx.indents = append(lx.indents, col)
		lx.emit(tIndent, "", line)
	case col < top:
		for col < lx.indents[len(lx.indents)-1] {
			lx.indents = lx.indents[:len(lx.indents)-1]
			lx.emit(tDedent, "", line)
		}
		if col != lx.indents[len(lx.indents)-1] {
			return failf(1, "unindent does not match any outer indentation level (<execution plan>, line %d)", line)
		}
	}
	return nil
}

var operators = []string{
	"**=", "//=", ">>=", "<<=", "...", "->", ":=",
	"**", "//", "<<", ">>", "<=", ">=", "==", "!=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@=",
	"+", "-", "*", "/", "%", "@", "<", ">", "=", ".", ",", ":", ";", "(", ")", "[", "]", "{", "}", "&", "|", "^", "~",
}

var closers = map[string]string{")": "(", "]": "[", "}": "{"}

func (lx *lexer) op(line string, pos, lineNo int) (int, error) {
	for _, op := range operators {
		if !strings.HasPrefix(line[pos:], op) {
			continue
		}
		switch op {
		case "(", "[", "{":
			if len(lx.nesting) >= maxNesting {
				return 0, syntaxError(lineNo, "too many nested parentheses")
			}
			lx.nesting = append(lx.nesting, token{text: op, line: lineNo})
		case ")", "]", "}":
			if len(lx.nesting) == 0 {
				return 0, syntaxError(lineNo, "unmatched '%s'", op)
			}
			open := lx.nesting[len(lx.nesting)-1]
			if open.text != closers[op] {
				if open.line == lineNo {
					return 0, syntaxError(lineNo, "closing parenthesis '%s' does not match opening parenthesis '%s'", op, open.text)
				}
				return 0, syntaxError(lineNo, "closing parenthesis '%s' does not match opening parenthesis '%s' on line %d", op, open.text, open.line)
			}
			lx.nesting = lx.nesting[:len(lx.nesting)-1]
		}
		lx.emit(tOp, op, lineNo)
		return len(op), nil
	}
	r := []rune(line[pos:])[0]
	if r == '$' || r == '?' || r == '`' {
		return 0, syntaxError(lineNo, "invalid syntax")
	}
	if r == '!' {
		return 0, syntaxError(lineNo, "invalid syntax")
	}
	if unicode.IsPrint(r) && r < 0x80 {
		return 0, syntaxError(lineNo, "invalid syntax")
	}
	return 0, syntaxError(lineNo, "invalid character '%c' (U+%04X)", r, r)
}

func runeLen(s string, pos int) int {
	for n := 1; pos+n <= len(s); n++ {
		if r := []rune(s[pos : pos+n]); len(r) == 1 && r[0] != unicode.ReplacementChar {
			return n
		}
	}
	return 1
}

func runeAt(s string, pos int) rune {
	return []rune(s[pos : pos+runeLen(s, pos)])[0]
}

func isNameStart(s string, pos int) bool {
	r := runeAt(s, pos)
	return r == '_' || unicode.IsLetter(r)
}

func isNameChar(s string, pos int) bool {
	r := runeAt(s, pos)
	return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r)
}

func isStringPrefix(word string) bool {
	switch strings.ToLower(word) {
	case "r", "u", "b", "br", "rb", "f", "fr", "rf":
		return true
	}
	return false
}

func scanNumber(line string, pos int) int {
	end := pos
	for end < len(line) {
		c := line[end]
		switch {
		case c >= '0' && c <= '9', c == '_', c == '.', c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
			end++
		case (c == '+' || c == '-') && end > pos && (line[end-1] == 'e' || line[end-1] == 'E') && !strings.ContainsAny(line[pos:end], "xXoObB"):
			end++
		default:
			return end
		}
	}
	return end
}

// str reads a string literal that starts at pos of line *i (after its
// prefix); it returns the position after it, on the line it ends on.
func (lx *lexer) str(i *int, pos int, prefix string, lineNo int) (int, error) {
	p := strings.ToLower(prefix)
	if strings.Contains(p, "f") || strings.Contains(p, "b") {
		return 0, unsupported(lineNo, "%s-strings", prefix)
	}
	raw := strings.Contains(p, "r")
	line := lx.lines[*i]
	q := line[pos : pos+1]
	triple := strings.HasPrefix(line[pos:], q+q+q)
	if triple {
		q = q + q + q
	}
	pos += len(q)
	var text strings.Builder
	for {
		if pos >= len(line) {
			if !triple {
				return 0, syntaxError(lineNo, "unterminated string literal (detected at line %d)", *i+2)
			}
			if *i+1 >= len(lx.lines) {
				return 0, syntaxError(lineNo, "unterminated triple-quoted string literal (detected at line %d)", *i+2)
			}
			text.WriteByte('\n')
			*i++
			line, pos = lx.lines[*i], 0
			continue
		}
		if strings.HasPrefix(line[pos:], q) {
			lx.emit(tString, text.String(), lineNo)
			return pos + len(q), nil
		}
		c := line[pos]
		if c != '\\' {
			n := runeLen(line, pos)
			text.WriteString(line[pos : pos+n])
			pos += n
			continue
		}
		if pos+1 >= len(line) {
			if raw {
				text.WriteByte('\\')
			}
			if *i+1 >= len(lx.lines) {
				if triple {
					return 0, syntaxError(lineNo, "unterminated triple-quoted string literal (detected at line %d)", *i+2)
				}
				return 0, syntaxError(lineNo, "unterminated string literal (detected at line %d)", *i+2)
			}
			if raw {
				text.WriteByte('\n')
			}
			*i++
			line, pos = lx.lines[*i], 0
			continue
		}
		if raw {
			text.WriteString(line[pos : pos+2])
			pos += 2
			continue
		}
		n, err := unescape(&text, line[pos:], lineNo)
		if err != nil {
			return 0, err
		}
		pos += n
	}
}

// unescape writes the character an escape sequence stands for and
// returns the sequence's length.
func unescape(b *strings.Builder, s string, line int) (int, error) {
	simple := map[byte]string{'\\': "\\", '\'': "'", '"': "\"", 'a': "\a", 'b': "\b", 'f': "\f", 'n': "\n", 'r': "\r", 't': "\t", 'v': "\v"}
	e := s[1]
	if out, ok := simple[e]; ok {
		b.WriteString(out)
		return 2, nil
	}
	hexRune := func(n int, name string) (int, error) {
		if len(s) < 2+n {
			return 0, syntaxError(line, "(unicode error) 'unicodeescape' codec can't decode bytes: truncated %s escape", name)
		}
		var r rune
		for _, c := range s[2 : 2+n] {
			d := strings.IndexRune("0123456789abcdef", unicode.ToLower(c))
			if d < 0 {
				return 0, syntaxError(line, "(unicode error) 'unicodeescape' codec can't decode bytes: truncated %s escape", name)
			}
			r = r*16 + rune(d)
		}
		if r > unicode.MaxRune {
			return 0, syntaxError(line, "(unicode error) 'unicodeescape' codec can't decode bytes: illegal Unicode character")
		}
		b.WriteRune(r)
		return 2 + n, nil
	}
	switch {
	case e == 'x':
		return hexRune(2, `\xXX`)
	case e == 'u':
		return hexRune(4, `\uXXXX`)
	case e == 'U':
		return hexRune(8, `\UXXXXXXXX`)
	case e >= '0' && e <= '7':
		n, r := 1, rune(0)
		for n < 4 && n < len(s) && s[n] >= '0' && s[n] <= '7' {
			r = r*8 + rune(s[n]-'0')
			n++
		}
		b.WriteRune(r)
		return n, nil
	case e == 'N':
		return 0, unsupported(line, `\N{...} escapes`)
	}
	b.WriteByte('\\')
	return 1, nil
}

// unsupported is valid Python that the simulated agent does not run.
func unsupported(line int, format string, args ...any) *planError {
	return failf(1, "the simulated murano agent does not run %s (<execution plan>, line %d)", fmt.Sprintf(format, args...), line)
}
