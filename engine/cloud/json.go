// This file decodes JSON into the cloud's values: objects as *Map in
// document order, integral numbers as int64. It reads the bytes itself
// (after encoding/json has checked them): templates, states and the
// remote protocol's calls are large, and a decoder driven token by
// token spends most of its time allocating.

package cloud

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// DecodeJSON decodes a JSON document into a value whose objects are
// *Map (in document order) and whose integral numbers are int64 (other
// numbers float64). Documents nested deeper than encoding/json allows
// (10,000 levels) are refused.
func DecodeJSON(data []byte) (any, error) {
	if !json.Valid(data) {
		var v any
		err := json.Unmarshal(data, &v)
		if err == nil {
			err = errors.New("invalid JSON")
		}
		return nil, fmt.Errorf("cloud: %w", err)
	}
	d := &jsonDecoder{data: data}
	return d.value()
}

// jsonDecoder reads a document that json.Valid accepted.
type jsonDecoder struct {
	data []byte
	pos  int
}

func (d *jsonDecoder) space() {
	for d.pos < len(d.data) {
		switch d.data[d.pos] {
		case ' ', '\t', '\n', '\r':
			d.pos++
		default:
			return
		}
	}
}

func (d *jsonDecoder) value() (any, error) {
	d.space()
	switch c := d.data[d.pos]; c {
	case '{':
		d.pos++
		m := NewMap()
		for {
			d.space()
			if d.data[d.pos] == '}' {
				d.pos++
				return m, nil
			}
			if d.data[d.pos] == ',' {
				d.pos++
				d.space()
			}
			key := d.string()
			d.space()
			d.pos++ // ':'
			v, err := d.value()
			if err != nil {
				return nil, err
			}
			m.Set(key, v)
		}
	case '[':
		d.pos++
		list := []any{}
		for {
			d.space()
			if d.data[d.pos] == ']' {
				d.pos++
				return list, nil
			}
			if d.data[d.pos] == ',' {
				d.pos++
			}
			v, err := d.value()
			if err != nil {
				return nil, err
			}
			list = append(list, v)
		}
	case '"':
		return d.string(), nil
	case 't':
		d.pos += 4
		return true, nil
	case 'f':
		d.pos += 5
		return false, nil
	case 'n':
		d.pos += 4
		return nil, nil
	}
	start := d.pos
	for d.pos < len(d.data) && isNumberByte(d.data[d.pos]) {
		d.pos++
	}
	text := string(d.data[start:d.pos])
	if i, err := strconv.ParseInt(text, 10, 64); err == nil {
		return i, nil
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return nil, fmt.Errorf("cloud: JSON number %s: %w", text, err)
	}
	return f, nil
}

func isNumberByte(c byte) bool {
	return '0' <= c && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'
}

// string reads a string as encoding/json does: escapes resolved, bytes
// that are not UTF-8 and lone surrogates replaced by U+FFFD.
func (d *jsonDecoder) string() string {
	d.pos++ // '"'
	start := d.pos
	for d.pos < len(d.data) {
		c := d.data[d.pos]
		if c == '"' {
			s := d.data[start:d.pos]
			d.pos++
			if utf8.Valid(s) {
				return string(s)
			}
			return string([]rune(string(s)))
		}
		if c == '\\' {
			break
		}
		d.pos++
	}
	b := append([]byte(nil), d.data[start:d.pos]...)
	for {
		c := d.data[d.pos]
		switch {
		case c == '"':
			d.pos++
			if utf8.Valid(b) {
				return string(b)
			}
			return string([]rune(string(b)))
		case c != '\\':
			b = append(b, c)
			d.pos++
			continue
		}
		d.pos++
		switch e := d.data[d.pos]; e {
		case 'b':
			b = append(b, '\b')
		case 'f':
			b = append(b, '\f')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		case 't':
			b = append(b, '\t')
		case 'u':
			r := d.hex4(d.pos + 1)
			d.pos += 4
			if utf16.IsSurrogate(r) {
				if d.pos+6 < len(d.data) && d.data[d.pos+1] == '\\' && d.data[d.pos+2] == 'u' {
					if pair := utf16.DecodeRune(r, d.hex4(d.pos+3)); pair != utf8.RuneError {
						r = pair
						d.pos += 6
					} else {
						r = utf8.RuneError
					}
				} else {
					r = utf8.RuneError
				}
			}
			b = utf8.AppendRune(b, r)
		default: // '"', '\\', '/'
			b = append(b, e)
		}
		d.pos++
	}
}

func (d *jsonDecoder) hex4(at int) rune {
	n, _ := strconv.ParseUint(string(d.data[at:at+4]), 16, 32)
	return rune(n)
}
