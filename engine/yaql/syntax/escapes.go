// This file decodes the backslash escapes of quoted strings.

package syntax

import (
	"fmt"
	"strconv"
	"strings"

	"murano.dev/playground/engine/yaql/syntax/unicodenames"
)

var singleEscapes = map[rune]string{
	'\\': "\\", '\'': "'", '"': "\"", 'a': "\a", 'b': "\b", 'f': "\f", 'n': "\n", 'r': "\r", 't': "\t", 'v': "\v",
}

// decodeEscapes replaces exactly these escapes: \UXXXXXXXX, \uXXXX, \xXX,
// octal \ooo, \N{NAME} and \\ \' \" \a \b \f \n \r \t \v. Any other
// backslash stays as it is, which keeps regular expressions readable.
func decodeEscapes(s string) (string, error) {
	if !strings.ContainsRune(s, '\\') {
		return s, nil
	}
	rs := []rune(s)
	var b strings.Builder
	for i := 0; i < len(rs); i++ {
		if rs[i] != '\\' || i+1 >= len(rs) {
			b.WriteRune(rs[i])
			continue
		}
		c := rs[i+1]
		switch {
		case c == 'U' || c == 'u' || c == 'x':
			n := map[rune]int{'U': 8, 'u': 4, 'x': 2}[c]
			if i+2+n > len(rs) || containsNewline(rs[i+2:i+2+n]) {
				b.WriteRune(rs[i])
				continue
			}
			digits := string(rs[i+2 : i+2+n])
			code, err := strconv.ParseUint(digits, 16, 32)
			if err != nil || strings.ContainsAny(digits, "+-_") {
				valid := 0
				for valid < n && isHexDigit(rs[i+2+valid]) {
					valid++
				}
				return "", decodeError(1+valid, fmt.Sprintf("truncated \\%c%s escape", c, strings.Repeat("X", n)))
			}
			if code > 0x10FFFF {
				return "", decodeError(1+n, "illegal Unicode character")
			}
			b.WriteRune(rune(code))
			i += 1 + n
		case c >= '0' && c <= '7':
			j := i + 1
			for j < len(rs) && j < i+4 && rs[j] >= '0' && rs[j] <= '7' {
				j++
			}
			code, _ := strconv.ParseUint(string(rs[i+1:j]), 8, 32)
			b.WriteRune(rune(code))
			i = j - 1
		case c == 'N' && i+2 < len(rs) && rs[i+2] == '{':
			end := i + 3
			for end < len(rs) && rs[end] != '}' && rs[end] != '\n' {
				end++
			}
			if end >= len(rs) || rs[end] != '}' || end == i+3 {
				b.WriteRune(rs[i])
				continue
			}
			name := string(rs[i+3 : end])
			r, ok, err := unicodenames.Lookup(name)
			if err != nil {
				return "", fmt.Errorf("\\N{%s}: %w", name, err)
			}
			if !ok {
				return "", decodeError(end-i, "unknown Unicode character name")
			}
			b.WriteRune(r)
			i = end
		default:
			if text, ok := singleEscapes[c]; ok {
				b.WriteString(text)
				i++
				continue
			}
			b.WriteRune(rs[i])
		}
	}
	return b.String(), nil
}

// decodeError is Python's error for a bad escape, which names the byte
// positions of the escape within the escape itself (0 to last).
func decodeError(last int, reason string) error {
	return fmt.Errorf("'unicodeescape' codec can't decode bytes in position 0-%d: %s", last, reason)
}

func isHexDigit(r rune) bool {
	return r >= '0' && r <= '9' || r >= 'a' && r <= 'f' || r >= 'A' && r <= 'F'
}

func containsNewline(rs []rune) bool {
	for _, r := range rs {
		if r == '\n' {
			return true
		}
	}
	return false
}
