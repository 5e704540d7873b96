// This file defines the MuranoPL text functions: base64encode,
// base64decode, bind and randomName.

package std

import (
	"encoding/base64"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

func muranoBase64Encode(c *yaql.Call) (value.Value, error) {
	s := string(c.Args[0].(value.String))
	if err := c.RT.CheckString(base64.StdEncoding.EncodedLen(len(s))); err != nil {
		return nil, err
	}
	return value.String(base64.StdEncoding.EncodeToString([]byte(s))), nil
}

func muranoBase64Decode(c *yaql.Call) (value.Value, error) {
	b, err := pyB64Decode(string(c.Args[0].(value.String)))
	if err != nil {
		return nil, err
	}
	if err := utf8Error(b); err != nil {
		return nil, err
	}
	return value.String(b), nil
}

const b64Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

// pyB64Decode decodes as Python's base64.b64decode without validation:
// characters outside the alphabet are skipped and decoding stops at the
// padding that completes a quantum. Errors are TypeErrors, as oslo's
// decode_as_bytes raises them.
func pyB64Decode(s string) ([]byte, error) {
	for _, r := range s {
		if r >= utf8.RuneSelf {
			return nil, yaql.Raise("ValueError", "string argument should contain only ASCII characters")
		}
	}
	out := make([]byte, 0, len(s)*3/4)
	quad, pads := 0, 0
	var left byte
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if ch == '=' {
			if quad >= 2 {
				pads++
				if quad+pads >= 4 {
					return out, nil
				}
			}
			continue
		}
		v := strings.IndexByte(b64Alphabet, ch)
		if v < 0 {
			continue
		}
		pads = 0
		b := byte(v)
		switch quad {
		case 0:
			left = b
		case 1:
			out = append(out, left<<2|b>>4)
			left = b & 0xf
		case 2:
			out = append(out, left<<4|b>>2)
			left = b & 0x3
		case 3:
			out = append(out, left<<6|b)
		}
		quad = (quad + 1) % 4
	}
	switch quad {
	case 0:
		return out, nil
	case 1:
		return nil, yaql.Raise("TypeError", "Invalid base64-encoded string: number of data characters (%d) cannot be 1 more than a multiple of 4", len(out)/3*4+1)
	}
	return nil, yaql.Raise("TypeError", "Incorrect padding")
}

// utf8Error returns Python's UnicodeDecodeError for bytes that are not
// valid UTF-8, nil otherwise.
func utf8Error(b []byte) error {
	if start, end, reason, bad := value.UTF8Problem(string(b)); bad {
		return unicodeDecodeError(b, start, end, reason)
	}
	return nil
}

func unicodeDecodeError(b []byte, start, end int, reason string) error {
	if end-start == 1 {
		return yaql.Raise("UnicodeDecodeError", "'utf-8' codec can't decode byte 0x%02x in position %d: %s", b[start], start, reason)
	}
	return yaql.Raise("UnicodeDecodeError", "'utf-8' codec can't decode bytes in position %d-%d: %s", start, end-1, reason)
}

// muranoBind is bind(obj, mappings): obj with every string "$name"
// replaced by mappings[name] (unless that is null) and every string
// "$text {name} text" by the text with each {name} replaced, recursively
// through sequences and dictionaries.
func muranoBind(c *yaql.Call) (value.Value, error) {
	return bindValue(c.RT, c.Args[0], c.Args[1].(*value.Dict))
}

var macroPattern = regexp.MustCompile(`\{([\p{L}\p{N}_]+)\}`)

func bindValue(rt *yaql.Runtime, v value.Value, mappings *value.Dict) (value.Value, error) {
	if err := rt.Step(); err != nil {
		return nil, err
	}
	switch x := v.(type) {
	case value.String:
		if !strings.HasPrefix(string(x), "$") {
			return x, nil
		}
		macro := string(x)[1:]
		if macroPattern.MatchString(macro) {
			return value.String(macroPattern.ReplaceAllStringFunc(macro, func(m string) string {
				r, _ := mappings.Get(value.String(m[1 : len(m)-1]))
				if r == nil {
					r = value.Null
				}
				return value.Str(r)
			})), nil
		}
		r, ok := mappings.Get(x[1:])
		if !ok {
			return nil, value.NewKeyError(x[1:])
		}
		if value.IsNull(r) {
			return x, nil
		}
		return r, nil
	case *value.Dict:
		out := value.NewDict(x.Len())
		for i, k := range x.Keys() {
			bk, err := bindValue(rt, k, mappings)
			if err != nil {
				return nil, err
			}
			bv, err := bindValue(rt, x.Values()[i], mappings)
			if err != nil {
				return nil, err
			}
			if err := out.Set(bk, bv); err != nil {
				return nil, err
			}
		}
		return out, nil
	case *value.List, *value.Range:
		var items []value.Value
		err := value.Each(x, func(e value.Value) error {
			b, err := bindValue(rt, e, mappings)
			items = append(items, b)
			return err
		})
		if err != nil {
			return nil, err
		}
		return value.NewPyList(items), nil
	}
	return v, nil
}

// The counter of randomName, shared by all evaluations as the
// reference's module-level counter is.
var (
	randomNameMu      sync.Mutex
	randomNameCounter int64
)

// muranoRandomName is randomName(): five random lowercase letters, the
// time in milliseconds in base 36 (at most eight digits) and a counter in
// base 36 that wraps after 1295.
func muranoRandomName(*yaql.Call) (value.Value, error) {
	randomNameMu.Lock()
	counter := randomNameCounter
	if counter == 0 {
		counter = 1
	}
	randomNameCounter = (counter + 1) % 1296
	randomNameMu.Unlock()
	var b strings.Builder
	for range 5 {
		b.WriteByte(byte('a' + rand.IntN(26)))
	}
	ts := strconv.FormatInt(time.Now().UnixMilli(), 36)
	if len(ts) > 8 {
		ts = ts[:8]
	}
	b.WriteString(ts)
	b.WriteString(strconv.FormatInt(counter, 36))
	return value.String(b.String()), nil
}
