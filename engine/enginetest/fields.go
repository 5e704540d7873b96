// This file reads and rewrites the "key: <JSON>" lines of a corpus case.

package enginetest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Field is one "key: <JSON>" line of a case.
type Field struct {
	Key   string
	Value json.RawMessage
}

// ParseFields reads the fields of a case: one "key: <JSON>" a line, blank
// lines and lines starting with # ignored. A line without a key or whose
// value is not JSON is an error naming its line.
func ParseFields(data []byte) ([]Field, error) {
	var fields []Field
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 64<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, text, ok := strings.Cut(line, ":")
		value := json.RawMessage(strings.TrimSpace(text))
		if !ok || strings.ContainsAny(key, " \t\"") || !json.Valid(value) {
			return nil, fmt.Errorf("line %d: want key: <JSON>, got %.80q", n, line)
		}
		fields = append(fields, Field{key, value})
	}
	return fields, sc.Err()
}

// ReplaceFields returns data with the fields of add in place of the lines
// of the keys in drop: where the first of them was, or at the end. Every
// other line is kept as it is.
func ReplaceFields(data []byte, drop []string, add []Field) []byte {
	var b bytes.Buffer
	put := func() {
		for _, f := range add {
			fmt.Fprintf(&b, "%s: %s\n", f.Key, f.Value)
		}
		add = nil
	}
	for line := range strings.SplitAfterSeq(string(data), "\n") {
		key, _, _ := strings.Cut(strings.TrimSpace(line), ":")
		switch {
		case line == "":
		case slices.Contains(drop, key):
			put()
		default:
			b.WriteString(line)
			if !strings.HasSuffix(line, "\n") {
				b.WriteByte('\n')
			}
		}
	}
	put()
	return b.Bytes()
}
