// This file defines the JSON forms of a MuranoPL run: the result as the
// command line prints it, and the JSON-valued side of a request.

package engine

import (
	"bytes"
	"fmt"

	"murano.dev/playground/engine/value"
)

// MarshalJSON encodes the result as `muranopl run` prints it, in the shape
// of the reference oracle (oracle.py dsl) so that the two compare line by
// line: {"ok": true, "result", ["unordered": true,] ["model",] "traces",
// "log"} or {"ok": false, "error": {"type", "message"}, "traces", "log"}.
// Values use [EncodeJSON]; "unordered" is present when the result holds
// a set (encoded sorted), as the oracle marks it. encoding/json compacts
// and HTML-escapes what a MarshalJSON method returns: call this method
// directly for the oracle's exact text.
func (r *RunResult) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	if r.OK {
		b.WriteString(`{"ok": true, "result": `)
		result, unordered, err := encodeValue(r.Result)
		if err != nil {
			return nil, fmt.Errorf("result: %w", err)
		}
		b.Write(result)
		if unordered {
			b.WriteString(`, "unordered": true`)
		}
		if r.Model != nil {
			model, _, err := value.ToJSON(r.Model)
			if err != nil {
				return nil, fmt.Errorf("model: %w", err)
			}
			b.WriteString(`, "model": `)
			b.Write(model)
		}
	} else {
		b.WriteString(`{"ok": false, "error": `)
		if r.Error == nil {
			b.WriteString("null")
		} else {
			b.WriteString(`{"type": `)
			b.Write(jsonString(r.Error.Type))
			b.WriteString(`, "message": `)
			b.Write(jsonString(r.Error.Message))
			b.WriteByte('}')
		}
	}
	traces, _, err := value.ToJSON(value.NewTuple(r.Traces))
	if err != nil {
		return nil, fmt.Errorf("traces: %w", err)
	}
	b.WriteString(`, "traces": `)
	b.Write(traces)
	b.WriteString(`, "log": [`)
	for i, rec := range r.Log {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(`{"level": `)
		b.Write(jsonString(rec.Level))
		b.WriteString(`, "logger": `)
		b.Write(jsonString(rec.Logger))
		b.WriteString(`, "message": `)
		b.Write(jsonString(rec.Message))
		b.WriteByte('}')
	}
	b.WriteString("]}")
	return b.Bytes(), nil
}

// encodeValue is value.ToJSON with nil as null.
func encodeValue(v value.Value) ([]byte, bool, error) {
	if v == nil {
		return []byte("null"), false, nil
	}
	return value.ToJSON(v)
}

func jsonString(s string) []byte {
	out, _, _ := value.ToJSON(value.String(s))
	return out
}

// UnmarshalJSON reads the JSON-valued side of a request, with the keys of
// the golden corpora (engine/dsl/testdata) and the oracle's flags:
// "runtime", "package", "model", "objectId", "class", "static", "props",
// "method", "args", "kwargs", "exposeAll", "dumpModel", "finalize". A null
// value leaves its field alone; unknown keys are errors. The folders
// (Classes, Packages, CoreLibrary) are not JSON and stay untouched.
func (r *RunRequest) UnmarshalJSON(data []byte) error {
	v, err := value.FromJSON(data)
	if err != nil {
		return fmt.Errorf("run request: %w", err)
	}
	d, ok := v.(*value.Dict)
	if !ok {
		return fmt.Errorf("run request: want a JSON object, got %s", kindOf(v))
	}
	for i, k := range d.Keys() {
		key := string(k.(value.String))
		if err := r.setJSONField(key, d.Values()[i]); err != nil {
			return fmt.Errorf("run request: %s: %w", key, err)
		}
	}
	return nil
}

func (r *RunRequest) setJSONField(key string, v value.Value) error {
	switch key {
	case "runtime":
		return setText(&r.Runtime, v)
	case "package":
		return setText(&r.PackageName, v)
	case "objectId":
		return setText(&r.ObjectID, v)
	case "class":
		return setText(&r.Class, v)
	case "method":
		return setText(&r.Method, v)
	case "static":
		return setBool(&r.Static, v)
	case "exposeAll":
		return setBool(&r.ExposeAll, v)
	case "dumpModel":
		return setBool(&r.DumpModel, v)
	case "finalize":
		return setBool(&r.Finalize, v)
	case "props":
		return setObject(&r.Props, v)
	case "kwargs":
		return setObject(&r.Kwargs, v)
	case "model":
		var d *value.Dict
		err := setObject(&d, v)
		if d != nil {
			r.Model = d
		}
		return err
	case "args":
		if value.IsNull(v) {
			return nil
		}
		l, ok := v.(*value.List)
		if !ok {
			return fmt.Errorf("want an array, got %s", kindOf(v))
		}
		r.Args = l.Items
		return nil
	}
	return fmt.Errorf("unknown key")
}

func setText(dst *string, v value.Value) error {
	if value.IsNull(v) {
		return nil
	}
	s, ok := v.(value.String)
	if !ok {
		return fmt.Errorf("want a string, got %s", kindOf(v))
	}
	*dst = string(s)
	return nil
}

func setBool(dst *bool, v value.Value) error {
	if value.IsNull(v) {
		return nil
	}
	b, ok := v.(value.Bool)
	if !ok {
		return fmt.Errorf("want true or false, got %s", kindOf(v))
	}
	*dst = bool(b)
	return nil
}

func setObject(dst **value.Dict, v value.Value) error {
	if value.IsNull(v) {
		return nil
	}
	d, ok := v.(*value.Dict)
	if !ok {
		return fmt.Errorf("want an object, got %s", kindOf(v))
	}
	*dst = d
	return nil
}

// kindOf names a decoded JSON value's kind for error messages.
func kindOf(v value.Value) string {
	switch v.(type) {
	case *value.Dict:
		return "an object"
	case *value.List:
		return "an array"
	case value.String:
		return "a string"
	case value.Bool:
		return "a boolean"
	case value.NullType:
		return "null"
	}
	return "a number"
}
