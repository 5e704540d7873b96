// This file converts values into plain JSON data as the oracle prints
// them (json.dumps with the dashboard's values).

package dynui

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf16"

	"murano.dev/playground/engine/value"
)

// JSONable converts a value into data encoding/json prints as Python's
// json.dumps would print the dashboard's: dict keys as str(), tuples as
// lists, ids as their text, other objects as str().
func JSONable(v value.Value) any {
	switch x := v.(type) {
	case nil, value.NullType:
		return nil
	case value.Bool:
		return bool(x)
	case value.Int:
		return int64(x)
	case value.BigInt:
		return jsonNumber(x.V.String())
	case value.Float:
		f := float64(x)
		if math.IsInf(f, 0) || math.IsNaN(f) {
			return pyStr(x)
		}
		return pyFloat(f)
	case value.String:
		return string(x)
	case *value.List:
		out := make([]any, len(x.Items))
		for i, it := range x.Items {
			out[i] = JSONable(it)
		}
		return out
	case *value.Dict:
		out := make(map[string]any, x.Len())
		for i, k := range x.Keys() {
			out[pyStr(k)] = JSONable(x.Values()[i])
		}
		return out
	case *objectID:
		return x.id
	}
	return pyStr(v)
}

// pyFloat prints as Python's repr of a float (1.0, 1e+16).
type pyFloat float64

func (f pyFloat) MarshalJSON() ([]byte, error) { return []byte(value.FormatFloat(float64(f))), nil }

type jsonNumber string

func (n jsonNumber) MarshalJSON() ([]byte, error) { return []byte(n), nil }

// pyJSONString is json.dumps of a string (ASCII only).
func pyJSONString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r > 0x7e:
			if r > 0xffff {
				a, c := utf16.EncodeRune(r)
				fmt.Fprintf(&b, `\u%04x\u%04x`, a, c)
			} else {
				fmt.Fprintf(&b, `\u%04x`, r)
			}
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
