// This file converts values from and to JSON.

package value

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"
)

// FromJSON decodes a JSON document the way YAQL receives input data:
// arrays become tuples, objects become dictionaries (key order kept),
// numbers without a fraction or exponent become integers of any size.
func FromJSON(data []byte) (Value, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := decodeJSON(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("unexpected data after the JSON value at offset %d", dec.InputOffset())
	}
	return v, nil
}

func decodeJSON(dec *json.Decoder) (Value, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case nil:
		return Null, nil
	case bool:
		return Bool(t), nil
	case string:
		return String(t), nil
	case json.Number:
		return ParseNumber(string(t))
	case json.Delim:
		switch t {
		case '[':
			var items []Value
			for dec.More() {
				e, err := decodeJSON(dec)
				if err != nil {
					return nil, err
				}
				items = append(items, e)
			}
			_, err := dec.Token()
			return NewTuple(items), err
		case '{':
			d := NewDict(4)
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := decodeJSON(dec)
				if err != nil {
					return nil, err
				}
				d.SetString(k.(string), v)
			}
			_, err := dec.Token()
			return d, err
		}
	}
	return nil, fmt.Errorf("unexpected JSON token %v", tok)
}

// ParseNumber reads a JSON or YAML number: an integer of any size when it
// has no fraction and no exponent, a float otherwise.
func ParseNumber(s string) (Value, error) {
	if !strings.ContainsAny(s, ".eE") {
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			return Int(n), nil
		}
		b, ok := new(big.Int).SetString(s, 10)
		if !ok {
			return nil, fmt.Errorf("invalid number %q", s)
		}
		return NewInt(b), nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil && !math.IsInf(f, 0) {
		return nil, fmt.Errorf("invalid number %q", s)
	}
	return Float(f), nil
}

// ToJSON encodes v with the conventions shared by the project's tools and
// the reference oracle: integers as integers, floats always with a '.' or an
// exponent, non-finite floats as {"$float": "nan"|"inf"|"-inf"}, sequences
// and iterators as arrays, dictionaries with only string keys as objects
// (order kept) and others as {"$map": [[k, v], ...]}, sets as arrays sorted
// by their JSON text (unordered is then true), dates as {"$datetime": ISO},
// time spans as {"$timespan": [days, seconds, microseconds]} and anything
// else as {"$repr": repr, "$pytype": type}.
func ToJSON(v Value) (out []byte, unordered bool, err error) {
	e := &jsonEncoder{}
	if err := e.encode(v); err != nil {
		return nil, false, err
	}
	return e.buf.Bytes(), e.unordered, nil
}

type jsonEncoder struct {
	buf       bytes.Buffer
	unordered bool
}

func (e *jsonEncoder) encode(v Value) error {
	b := &e.buf
	switch x := v.(type) {
	case NullType:
		b.WriteString("null")
	case Bool:
		b.WriteString(strconv.FormatBool(bool(x)))
	case Int:
		b.WriteString(strconv.FormatInt(int64(x), 10))
	case BigInt:
		b.WriteString(x.V.String())
	case Float:
		f := float64(x)
		switch {
		case math.IsNaN(f):
			b.WriteString(`{"$float": "nan"}`)
		case math.IsInf(f, 1):
			b.WriteString(`{"$float": "inf"}`)
		case math.IsInf(f, -1):
			b.WriteString(`{"$float": "-inf"}`)
		default:
			b.WriteString(FormatFloat(f))
		}
	case String:
		writeJSONString(b, string(x))
	case *List:
		return e.array(x.Items)
	case *Range, *Iterator:
		items, err := Slice(v)
		if err != nil {
			return err
		}
		return e.array(items)
	case *Set:
		e.unordered = true
		texts := make([]string, len(x.items))
		for i, item := range x.items {
			sub := &jsonEncoder{}
			if err := sub.encode(item); err != nil {
				return err
			}
			texts[i] = sub.buf.String()
		}
		sort.Strings(texts)
		b.WriteString("[" + strings.Join(texts, ", ") + "]")
	case *Dict:
		return e.dict(x)
	case DateTime:
		b.WriteString(`{"$datetime": `)
		writeJSONString(b, x.ISO())
		b.WriteString("}")
	case TimeSpan:
		d, s, us := x.Parts()
		fmt.Fprintf(b, `{"$timespan": [%d, %d, %d]}`, d, s, us)
	default:
		if j, ok := v.(interface{ JSON() (Value, error) }); ok {
			jv, err := j.JSON()
			if err != nil {
				return err
			}
			return e.encode(jv)
		}
		b.WriteString(`{"$repr": `)
		writeJSONString(b, Repr(v))
		b.WriteString(`, "$pytype": `)
		writeJSONString(b, v.Type())
		b.WriteString("}")
	}
	return nil
}

func (e *jsonEncoder) array(items []Value) error {
	e.buf.WriteByte('[')
	for i, item := range items {
		if i > 0 {
			e.buf.WriteString(", ")
		}
		if err := e.encode(item); err != nil {
			return err
		}
	}
	e.buf.WriteByte(']')
	return nil
}

func (e *jsonEncoder) dict(d *Dict) error {
	b := &e.buf
	stringKeys := true
	for _, k := range d.keys {
		if _, ok := k.(String); !ok {
			stringKeys = false
			break
		}
	}
	if stringKeys {
		b.WriteByte('{')
		for i, k := range d.keys {
			if i > 0 {
				b.WriteString(", ")
			}
			writeJSONString(b, string(k.(String)))
			b.WriteString(": ")
			if err := e.encode(d.vals[i]); err != nil {
				return err
			}
		}
		b.WriteByte('}')
		return nil
	}
	b.WriteString(`{"$map": [`)
	for i, k := range d.keys {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteByte('[')
		if err := e.encode(k); err != nil {
			return err
		}
		b.WriteString(", ")
		if err := e.encode(d.vals[i]); err != nil {
			return err
		}
		b.WriteByte(']')
	}
	b.WriteString("]}")
	return nil
}

func writeJSONString(b *bytes.Buffer, s string) {
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	b.Write(bytes.TrimSuffix(out.Bytes(), []byte("\n")))
}
