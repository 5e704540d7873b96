// This file defines the JSON-like values the cloud works on: Map, an
// object that keeps its keys' order, and the helpers that normalise,
// copy and compare values.

package cloud

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"

	"murano.dev/playground/engine/value"
)

// Map is a JSON object that keeps the order in which its keys were set:
// keys and values side by side, with an index by key once there are
// more than a few.
type Map struct {
	keys  []string
	vals  []any
	index map[string]int
}

// indexFrom is the number of keys from which a Map indexes them.
const indexFrom = 8

// NewMap returns a map holding the key/value pairs kv (key, value, key,
// value, ...); it panics on an odd count or a key that is not a string,
// which only literal code can get wrong.
func NewMap(kv ...any) *Map {
	m := &Map{keys: make([]string, 0, len(kv)/2), vals: make([]any, 0, len(kv)/2)}
	for i := 0; i+1 < len(kv); i += 2 {
		m.Set(kv[i].(string), kv[i+1])
	}
	return m
}

// NewMapSize returns an empty map with room for n keys.
func NewMapSize(n int) *Map {
	return &Map{keys: make([]string, 0, n), vals: make([]any, 0, n)}
}

// find returns the place of key, -1 when absent.
func (m *Map) find(key string) int {
	if m.index != nil {
		if i, ok := m.index[key]; ok {
			return i
		}
		return -1
	}
	for i, k := range m.keys {
		if k == key {
			return i
		}
	}
	return -1
}

// Len returns the number of keys.
func (m *Map) Len() int {
	if m == nil {
		return 0
	}
	return len(m.keys)
}

// Keys returns the keys in order.
func (m *Map) Keys() []string {
	if m == nil {
		return nil
	}
	return slices.Clone(m.keys)
}

// Get returns the value of key.
func (m *Map) Get(key string) (any, bool) {
	if m == nil {
		return nil, false
	}
	if i := m.find(key); i >= 0 {
		return m.vals[i], true
	}
	return nil, false
}

// Value returns the value of key, nil when absent.
func (m *Map) Value(key string) any {
	v, _ := m.Get(key)
	return v
}

// Set sets key to v, keeping the key's place when it exists.
func (m *Map) Set(key string, v any) {
	if i := m.find(key); i >= 0 {
		m.vals[i] = v
		return
	}
	m.keys = append(m.keys, key)
	m.vals = append(m.vals, v)
	switch {
	case m.index != nil:
		m.index[key] = len(m.keys) - 1
	case len(m.keys) > indexFrom:
		m.index = make(map[string]int, 2*len(m.keys))
		for i, k := range m.keys {
			m.index[k] = i
		}
	}
}

// Delete removes key.
func (m *Map) Delete(key string) {
	i := m.find(key)
	if i < 0 {
		return
	}
	m.keys = slices.Delete(m.keys, i, i+1)
	m.vals = slices.Delete(m.vals, i, i+1)
	m.index = nil
	if len(m.keys) > indexFrom {
		m.index = make(map[string]int, 2*len(m.keys))
		for j, k := range m.keys {
			m.index[k] = j
		}
	}
}

// MarshalJSON writes the object with its keys in order.
func (m *Map) MarshalJSON() ([]byte, error) { return AppendJSON(nil, m) }

// AppendJSON appends a value of the cloud as JSON to b: objects and
// lists written here (a Marshaler's output would be checked and copied
// again at every level of nesting), the rest as encoding/json writes it.
func AppendJSON(b []byte, v any) ([]byte, error) {
	switch x := v.(type) {
	case Normalized:
		return AppendJSON(b, x.Map)
	case *Map:
		if x == nil {
			return append(b, "null"...), nil
		}
		b = append(b, '{')
		for i, k := range x.keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(appendString(b, k), ':')
			var err error
			if b, err = AppendJSON(b, x.vals[i]); err != nil {
				return nil, err
			}
		}
		return append(b, '}'), nil
	case []any:
		if x == nil {
			return append(b, "null"...), nil
		}
		b = append(b, '[')
		for i, e := range x {
			if i > 0 {
				b = append(b, ',')
			}
			var err error
			if b, err = AppendJSON(b, e); err != nil {
				return nil, err
			}
		}
		return append(b, ']'), nil
	case string:
		return appendString(b, x), nil
	case int64:
		return strconv.AppendInt(b, x, 10), nil
	case bool:
		return strconv.AppendBool(b, x), nil
	case nil:
		return append(b, "null"...), nil
	case float64:
		if math.IsInf(x, 0) || math.IsNaN(x) {
			break
		}
		if abs := math.Abs(x); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
			b = strconv.AppendFloat(b, x, 'e', -1, 64)
			if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
				b[n-2] = b[n-1]
				b = b[:n-1]
			}
			return b, nil
		}
		return strconv.AppendFloat(b, x, 'f', -1, 64), nil
	}
	vb, err := json.Marshal(v)
	return append(b, vb...), err
}

// appendString writes a JSON string as encoding/json does: HTML's <, >
// and & escaped too, bytes that are not UTF-8 as U+FFFD.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(append(b, s[start:i]...), `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(append(b, s[start:i]...), '\\', 'u', '2', '0', '2', hex[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	return append(append(b, s[start:]...), '"')
}

// UnmarshalJSON reads an object keeping its keys' order; nested objects
// become *Map too, integers int64.
func (m *Map) UnmarshalJSON(data []byte) error {
	v, err := DecodeJSON(data)
	if err != nil {
		return err
	}
	got, ok := v.(*Map)
	if !ok {
		return fmt.Errorf("cloud: JSON %s is not an object", kindOf(v))
	}
	*m = *got
	return nil
}

// Normalized marks a map whose values are already as [Normalize] makes
// them, and which its maker no longer changes: the cloud takes it as it
// is instead of copying it.
type Normalized struct{ *Map }

// Normalize returns v as the cloud keeps values: objects as *Map
// (a map[string]any in sorted key order), integers as int64, floats
// as float64 (integral ones as int64, as JSON has one number type),
// lists as []any. Other values become their text.
func Normalize(v any) any {
	switch x := v.(type) {
	case Normalized:
		return x.Map
	case nil, bool, string, int64:
		return x
	case int:
		return int64(x)
	case int32:
		return int64(x)
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1<<53 {
			return int64(x)
		}
		return x
	case float32:
		return Normalize(float64(x))
	case json.Number:
		if i, err := x.Int64(); err == nil {
			return i
		}
		f, _ := x.Float64()
		return f
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = Normalize(e)
		}
		return out
	case []string:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = e
		}
		return out
	case *Map:
		if x == nil {
			return nil
		}
		out := NewMapSize(x.Len())
		for i, k := range x.keys {
			out.Set(k, Normalize(x.vals[i]))
		}
		return out
	case map[string]any:
		out := NewMap()
		for _, k := range slices.Sorted(mapKeys(x)) {
			out.Set(k, Normalize(x[k]))
		}
		return out
	default:
		return fmt.Sprint(x)
	}
}

func mapKeys(m map[string]any) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// clone returns a deep copy of a normalised value.
func clone(v any) any {
	switch x := v.(type) {
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = clone(e)
		}
		return out
	case *Map:
		if x == nil {
			return x
		}
		out := &Map{keys: slices.Clone(x.keys), vals: make([]any, len(x.vals)), index: maps.Clone(x.index)}
		for i, e := range x.vals {
			out.vals[i] = clone(e)
		}
		return out
	}
	return v
}

// equal compares two normalised values as Python compares dicts and
// lists: key order does not matter, 1 == 1.0.
func equal(a, b any) bool {
	switch x := a.(type) {
	case *Map:
		y, ok := b.(*Map)
		if !ok || x.Len() != y.Len() {
			return false
		}
		for i, k := range x.keys {
			yv, ok := y.Get(k)
			if !ok || !equal(x.vals[i], yv) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !equal(x[i], y[i]) {
				return false
			}
		}
		return true
	case int64:
		switch y := b.(type) {
		case int64:
			return x == y
		case float64:
			return float64(x) == y
		}
		return false
	case float64:
		switch y := b.(type) {
		case int64:
			return x == float64(y)
		case float64:
			return x == y
		}
		return false
	}
	return a == b
}

// kindOf names the JSON kind of a value for messages.
func kindOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case string:
		return "a string"
	case int64, float64:
		return "a number"
	case []any:
		return "a list"
	case *Map:
		return "an object"
	}
	return fmt.Sprintf("%T", v)
}

// str returns a string value, "" for anything else.
func str(v any) string {
	s, _ := v.(string)
	return s
}

// pyStr renders a value as Python's str() does, for messages and
// string functions.
func pyStr(v any) string {
	switch x := v.(type) {
	case nil:
		return "None"
	case bool:
		if x {
			return "True"
		}
		return "False"
	case string:
		return x
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return value.FormatFloat(x)
	}
	return pyRepr(v)
}

// pyRepr renders a value as Python's repr() does.
func pyRepr(v any) string {
	switch x := v.(type) {
	case string:
		return value.QuoteString(x)
	case []any:
		var b bytes.Buffer
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(pyRepr(e))
		}
		b.WriteByte(']')
		return b.String()
	case *Map:
		var b bytes.Buffer
		b.WriteByte('{')
		for i, k := range x.Keys() {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(value.QuoteString(k))
			b.WriteString(": ")
			b.WriteString(pyRepr(x.vals[i]))
		}
		b.WriteByte('}')
		return b.String()
	}
	return pyStr(v)
}
