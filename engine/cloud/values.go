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
func (m *Map) MarshalJSON() ([]byte, error) {
	if m == nil {
		return []byte("null"), nil
	}
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range m.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		kb, _ := json.Marshal(k)
		b.Write(kb)
		b.WriteByte(':')
		vb, err := json.Marshal(m.vals[i])
		if err != nil {
			return nil, err
		}
		b.Write(vb)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
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

// DecodeJSON decodes a JSON document into a value whose objects are
// *Map (in document order) and whose integral numbers are int64.
func DecodeJSON(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := decodeValue(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err == nil {
		return nil, fmt.Errorf("cloud: JSON has data after its value")
	}
	return v, nil
}

func decodeValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			m := NewMap()
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := decodeValue(dec)
				if err != nil {
					return nil, err
				}
				m.Set(kt.(string), v)
			}
			_, err := dec.Token()
			return m, err
		case '[':
			list := []any{}
			for dec.More() {
				v, err := decodeValue(dec)
				if err != nil {
					return nil, err
				}
				list = append(list, v)
			}
			_, err := dec.Token()
			return list, err
		}
		return nil, fmt.Errorf("cloud: unexpected %v in JSON", t)
	case json.Number:
		if i, err := strconv.ParseInt(string(t), 10, 64); err == nil {
			return i, nil
		}
		f, err := t.Float64()
		return f, err
	default:
		return t, nil
	}
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
