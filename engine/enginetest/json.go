// This file defines the strict comparison of JSON texts that the corpora
// use.

package enginetest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"sort"
	"strconv"
	"strings"
)

// CanonicalJSON returns the canonical text of the JSON value raw: two
// values are the same for a corpus when their canonical texts are. Object
// members keep their order (the reference's dictionaries are ordered); an
// int and a float stay apart (1 is not 1.0); ints are written in decimal,
// floats in the shortest form that reads back the same, strings with the
// fewest escapes; separators are ", " and ": ", as Python's json.dumps
// writes them.
func CanonicalJSON(raw []byte) (string, error) {
	var c canonicalizer
	c.enc = json.NewEncoder(&c.str)
	c.enc.SetEscapeHTML(false)
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := c.value(dec); err != nil {
		return "", fmt.Errorf("%w in %.200q", err, raw)
	}
	if _, err := dec.Token(); err != io.EOF {
		return "", fmt.Errorf("more than one JSON value in %.200q", raw)
	}
	return c.out.String(), nil
}

// canonicalizer writes the canonical text of a JSON value to out; str
// holds what enc, which leaves <, > and & as they are, writes of a string.
type canonicalizer struct {
	out strings.Builder
	str bytes.Buffer
	enc *json.Encoder
}

func (c *canonicalizer) value(dec *json.Decoder) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	switch tok := tok.(type) {
	case json.Delim:
		end := map[json.Delim]json.Delim{'[': ']', '{': '}'}[tok]
		if end == 0 {
			return fmt.Errorf("unexpected %q", rune(tok))
		}
		c.out.WriteRune(rune(tok))
		for i := 0; dec.More(); i++ {
			if i > 0 {
				c.out.WriteString(", ")
			}
			if tok == '{' {
				key, err := dec.Token()
				if err != nil {
					return err
				}
				c.string(key.(string))
				c.out.WriteString(": ")
			}
			if err := c.value(dec); err != nil {
				return err
			}
		}
		if _, err := dec.Token(); err != nil {
			return err
		}
		c.out.WriteRune(rune(end))
	case string:
		c.string(tok)
	case json.Number:
		c.out.WriteString(canonicalNumber(tok))
	case bool:
		c.out.WriteString(strconv.FormatBool(tok))
	case nil:
		c.out.WriteString("null")
	}
	return nil
}

func (c *canonicalizer) string(s string) {
	c.str.Reset()
	c.enc.Encode(s)
	c.out.Write(bytes.TrimSuffix(c.str.Bytes(), []byte("\n")))
}

func canonicalNumber(n json.Number) string {
	text := string(n)
	if !strings.ContainsAny(text, ".eE") {
		if i, ok := new(big.Int).SetString(text, 10); ok {
			return i.String()
		}
		return text
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return text
	}
	out := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(out, ".eIN") {
		out += ".0"
	}
	return out
}

// SameJSON reports whether two JSON texts are the same value (see
// [CanonicalJSON]).
func SameJSON(a, b []byte) (bool, error) {
	ca, err1 := CanonicalJSON(a)
	cb, err2 := CanonicalJSON(b)
	if err := errors.Join(err1, err2); err != nil {
		return false, err
	}
	return ca == cb, nil
}

// SortItems returns the JSON list raw with its items [lo:hi] (hi < 0: to
// the end) sorted by their canonical texts, for what the reference
// returns in no defined order; any other value is returned as it is.
func SortItems(raw []byte, lo, hi int) ([]byte, error) {
	if !bytes.HasPrefix(bytes.TrimSpace(raw), []byte("[")) {
		return raw, nil
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, err
	}
	if hi < 0 || hi > len(items) {
		hi = len(items)
	}
	if lo > hi {
		return raw, nil
	}
	keys := make([]string, len(items))
	for i, item := range items {
		text, err := CanonicalJSON(item)
		if err != nil {
			return nil, err
		}
		keys[i] = text
	}
	part := keys[lo:hi]
	sort.Strings(part)
	return []byte("[" + strings.Join(keys, ", ") + "]"), nil
}

// Members returns the members of the JSON object raw in their order.
func Members(raw []byte) ([]Field, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, fmt.Errorf("not a JSON object: %.200q", raw)
	}
	var members []Field
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return nil, err
		}
		members = append(members, Field{key.(string), value})
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	return members, nil
}
