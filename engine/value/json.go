// This file converts values from and to JSON.

package value

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// FromJSON decodes a JSON document the way YAQL receives input data:
// arrays become tuples, objects become dictionaries (key order kept),
// numbers without a fraction or exponent become integers of any size.
func FromJSON(data []byte) (Value, error) {
	p := &jsonParser{data: data}
	p.space()
	v, err := p.value()
	if err != nil {
		return nil, err
	}
	p.space()
	if p.pos < len(p.data) {
		return nil, p.fail("unexpected data after the JSON value")
	}
	return v, nil
}

// JSONError is malformed JSON, with the byte offset of the problem.
type JSONError struct {
	Offset int
	Msg    string
}

func (e *JSONError) Error() string { return fmt.Sprintf("%s at offset %d", e.Msg, e.Offset) }

// maxJSONDepth bounds the nesting of decoded documents.
const maxJSONDepth = 10000

type jsonParser struct {
	data  []byte
	pos   int
	depth int
}

func (p *jsonParser) fail(msg string) error { return &JSONError{Offset: p.pos, Msg: msg} }

func (p *jsonParser) space() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

func (p *jsonParser) value() (Value, error) {
	if p.pos >= len(p.data) {
		return nil, p.fail("unexpected end of JSON input")
	}
	switch c := p.data[p.pos]; {
	case c == '{':
		return p.object()
	case c == '[':
		return p.array()
	case c == '"':
		s, err := p.str()
		return String(s), err
	case c == '-' || c >= '0' && c <= '9':
		return p.number()
	case c == 't':
		return p.literal("true", Bool(true))
	case c == 'f':
		return p.literal("false", Bool(false))
	case c == 'n':
		return p.literal("null", Null)
	default:
		return nil, p.fail(fmt.Sprintf("invalid character %q looking for beginning of value", c))
	}
}

func (p *jsonParser) literal(word string, v Value) (Value, error) {
	if !bytes.HasPrefix(p.data[p.pos:], []byte(word)) {
		if len(p.data)-p.pos < len(word) && bytes.HasPrefix([]byte(word), p.data[p.pos:]) {
			p.pos = len(p.data)
			return nil, p.fail("unexpected end of JSON input")
		}
		return nil, p.fail("invalid literal, expected " + word)
	}
	p.pos += len(word)
	return v, nil
}

func (p *jsonParser) enter() error {
	p.depth++
	if p.depth > maxJSONDepth {
		return p.fail(fmt.Sprintf("JSON nested deeper than %d levels", maxJSONDepth))
	}
	return nil
}

func (p *jsonParser) array() (Value, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	p.pos++
	items := []Value{}
	p.space()
	if p.pos < len(p.data) && p.data[p.pos] == ']' {
		p.pos++
		return NewTuple(items), nil
	}
	for {
		p.space()
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		items = append(items, v)
		if done, err := p.separator(']', "array element"); err != nil {
			return nil, err
		} else if done {
			return NewTuple(items), nil
		}
	}
}

func (p *jsonParser) object() (Value, error) {
	if err := p.enter(); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	p.pos++
	d := NewDict(4)
	p.space()
	if p.pos < len(p.data) && p.data[p.pos] == '}' {
		p.pos++
		return d, nil
	}
	for {
		p.space()
		if p.pos >= len(p.data) {
			return nil, p.fail("unexpected end of JSON input")
		}
		if p.data[p.pos] != '"' {
			return nil, p.fail(fmt.Sprintf("invalid character %q looking for beginning of object key string", p.data[p.pos]))
		}
		k, err := p.str()
		if err != nil {
			return nil, err
		}
		p.space()
		if p.pos >= len(p.data) {
			return nil, p.fail("unexpected end of JSON input")
		}
		if p.data[p.pos] != ':' {
			return nil, p.fail(fmt.Sprintf("invalid character %q after object key", p.data[p.pos]))
		}
		p.pos++
		p.space()
		v, err := p.value()
		if err != nil {
			return nil, err
		}
		d.SetString(k, v)
		if done, err := p.separator('}', "object key:value pair"); err != nil {
			return nil, err
		} else if done {
			return d, nil
		}
	}
}

// separator reads what follows an element of an array or an object: a
// comma, or the closing bracket (done).
func (p *jsonParser) separator(close byte, element string) (done bool, err error) {
	p.space()
	if p.pos >= len(p.data) {
		return false, p.fail("unexpected end of JSON input")
	}
	switch p.data[p.pos] {
	case ',':
		p.pos++
		return false, nil
	case close:
		p.pos++
		return true, nil
	}
	return false, p.fail(fmt.Sprintf("invalid character %q after %s", p.data[p.pos], element))
}

func (p *jsonParser) str() (string, error) {
	start := p.pos + 1
	i := start
	for i < len(p.data) {
		c := p.data[i]
		if c == '"' {
			p.pos = i + 1
			s := p.data[start:i]
			if !utf8.Valid(s) {
				return strings.ToValidUTF8(string(s), "\uFFFD"), nil
			}
			return string(s), nil
		}
		if c == '\\' || c < 0x20 {
			break
		}
		i++
	}
	// The slow path: escapes. encoding/json decodes one string exactly.
	end := i
	for end < len(p.data) {
		c := p.data[end]
		if c == '\\' {
			end += 2
			continue
		}
		if c == '"' {
			break
		}
		end++
	}
	if end >= len(p.data) {
		p.pos = len(p.data)
		return "", p.fail("unexpected end of JSON input")
	}
	var s string
	if err := json.Unmarshal(p.data[p.pos:end+1], &s); err != nil {
		return "", p.fail("invalid string: " + err.Error())
	}
	p.pos = end + 1
	return s, nil
}

func (p *jsonParser) number() (Value, error) {
	start := p.pos
	i := p.pos
	if i < len(p.data) && p.data[i] == '-' {
		i++
	}
	digits := func() int {
		n := 0
		for i < len(p.data) && p.data[i] >= '0' && p.data[i] <= '9' {
			i++
			n++
		}
		return n
	}
	if digits() == 0 {
		p.pos = i
		return nil, p.fail("invalid number")
	}
	if i < len(p.data) && p.data[i] == '.' {
		i++
		if digits() == 0 {
			p.pos = i
			return nil, p.fail("invalid number")
		}
	}
	if i < len(p.data) && (p.data[i] == 'e' || p.data[i] == 'E') {
		i++
		if i < len(p.data) && (p.data[i] == '+' || p.data[i] == '-') {
			i++
		}
		if digits() == 0 {
			p.pos = i
			return nil, p.fail("invalid number")
		}
	}
	p.pos = i
	text := p.data[start:i]
	if len(text) < 19 && !bytes.ContainsAny(text, ".eE") {
		var n int64
		neg := text[0] == '-'
		for _, c := range text {
			if c != '-' {
				n = n*10 + int64(c-'0')
			}
		}
		if neg {
			n = -n
		}
		return Int(n), nil
	}
	return ParseNumber(string(text))
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
