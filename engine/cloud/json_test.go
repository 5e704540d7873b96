package cloud

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// tokenDecode decodes JSON with encoding/json's tokens, the behaviour
// DecodeJSON must have (objects in order, integers as int64).
func tokenDecode(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var value func() (any, error)
	value = func() (any, error) {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case json.Delim:
			if t == '{' {
				m := NewMap()
				for dec.More() {
					k, _ := dec.Token()
					v, err := value()
					if err != nil {
						return nil, err
					}
					m.Set(k.(string), v)
				}
				_, err := dec.Token()
				return m, err
			}
			list := []any{}
			for dec.More() {
				v, err := value()
				if err != nil {
					return nil, err
				}
				list = append(list, v)
			}
			_, err := dec.Token()
			return list, err
		case json.Number:
			if i, err := strconv.ParseInt(string(t), 10, 64); err == nil {
				return i, nil
			}
			return t.Float64()
		}
		return tok, nil
	}
	v, err := value()
	if err == nil {
		if _, rest := dec.Token(); rest != io.EOF {
			return nil, strconv.ErrSyntax
		}
	}
	return v, err
}

func sameDecoding(t *testing.T, doc []byte) {
	t.Helper()
	want, werr := tokenDecode(doc)
	got, gerr := DecodeJSON(doc)
	if (werr == nil) != (gerr == nil) {
		t.Fatalf("DecodeJSON(%q): error %v, encoding/json: %v", doc, gerr, werr)
	}
	if werr == nil && !reflect.DeepEqual(got, want) {
		t.Fatalf("DecodeJSON(%q) = %#v, want %#v", doc, got, want)
	}
}

func TestDecodeJSON(t *testing.T) {
	for _, doc := range []string{
		`{"b": 1, "a": [true, false, null, -0, 1.5, 1e3, 9223372036854775808, -12], "c": {}}`,
		`  [ ]  `, `"x"`, `12`, `-1.25E-2`, `[{"k": {"k": [[]]}}]`,
		`"esc \" \\ \/ \b \f \n \r \t \u0041 \u00e9 \ud83d\ude00 end"`,
		`"lone \ud83d x \ude00 y \ud83d\u0041"`, "\"bad \xff utf8 \xe2\x82\"", `"snow ☃"`,
		`{"a": 1,}`, `[1 2]`, `{"a" 1}`, `tru`, `"unterminated`, "\"ctl \x01\"", `01`, `{} {}`, ``,
	} {
		sameDecoding(t, []byte(doc))
	}
	deep := strings.Repeat("[", 10001) + strings.Repeat("]", 10001)
	if _, err := DecodeJSON([]byte(deep)); err == nil || !strings.Contains(err.Error(), "exceeded max depth") {
		t.Errorf("a document nested too deep: %v", err)
	}
}

func FuzzDecodeJSON(f *testing.F) {
	for _, seed := range []string{`{"a": [1, 2.5, "x\u00e9"], "b": null}`, `"\ud800"`, `[true]`} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, doc []byte) {
		if bytes.Count(doc, []byte("[")) > 100 || bytes.Count(doc, []byte("{")) > 100 {
			return
		}
		sameDecoding(t, doc)
	})
}

// TestAppendJSON checks that the cloud writes its values as
// encoding/json does.
func TestAppendJSON(t *testing.T) {
	for _, v := range []any{
		"plain", "q\" b\\ <a href='x'>&amp; \n\r\t\b\f\x01\x1f é \u2028 \u2029 \xff end", "",
		int64(-7), int64(1) << 62, true, false, nil,
		0.0, -0.0, 1.5, 1e-7, 1e21, 123456789.125, 1e20, 5e-324, -2.5e-10,
		[]any{int64(1), "x", []any{}}, NewMap("b", int64(1), "a", []any{NewMap()}),
	} {
		got, err := AppendJSON(nil, v)
		want, werr := json.Marshal(v)
		if err != nil || werr != nil || string(got) != string(want) {
			t.Errorf("AppendJSON(%#v) = %s, %v; encoding/json: %s, %v", v, got, err, want, werr)
		}
	}
	if _, err := AppendJSON(nil, math.NaN()); err == nil {
		t.Error("NaN was written")
	}
}
