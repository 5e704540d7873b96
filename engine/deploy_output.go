// This file finds the packages of a deploy in folders, as the deploy
// reference harness does, and writes the deploy output as it prints it.

package engine

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"murano.dev/playground/engine/cloud"
	"murano.dev/playground/engine/value"
)

// FindPackages returns the packages under dir: dir itself when it holds
// manifest.yaml, else the top-most folders that hold one and the .zip
// packages found on the way (links followed), in name order. Those that
// do not load are listed as skipped, named by their path from dir's
// parent.
func FindPackages(dir string) ([]*Package, []SkippedPackage, error) {
	st, err := os.Stat(dir)
	if err != nil {
		return nil, nil, err
	}
	if !st.IsDir() {
		return nil, nil, fmt.Errorf("%s is not a folder", dir)
	}
	var found []*Package
	var skipped []SkippedPackage
	open := func(path, shown string) {
		pp, err := ReadPackagePath(path)
		if err == nil {
			var p *Package
			if p, err = pp.Open(); err == nil {
				found = append(found, p)
				return
			}
		}
		skipped = append(skipped, SkippedPackage{Package: shown, Error: err.Error()})
	}
	var walk func(path, shown string, depth int) error
	walk = func(path, shown string, depth int) error {
		if _, err := os.Stat(filepath.Join(path, "manifest.yaml")); err == nil {
			open(path, shown)
			return nil
		}
		if depth > 32 {
			return nil
		}
		entries, err := os.ReadDir(path)
		if err != nil {
			return err
		}
		var dirs []string
		for _, e := range entries {
			full := filepath.Join(path, e.Name())
			info, err := os.Stat(full)
			switch {
			case err != nil:
			case info.IsDir():
				dirs = append(dirs, e.Name())
			case strings.HasSuffix(e.Name(), ".zip"):
				open(full, filepath.Join(shown, e.Name()))
			}
		}
		slices.Sort(dirs)
		for _, d := range dirs {
			if err := walk(filepath.Join(path, d), filepath.Join(shown, d), depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	err = walk(dir, filepath.Base(filepath.Clean(dir)), 0)
	return found, skipped, err
}

// DeployOutputJSON writes a deploy output as Python's json.dumps with
// sort_keys and ensure_ascii=False does: indented by indent spaces, or
// on one line (", " and ": " between items) when indent is negative.
// The text ends with a newline.
func DeployOutputJSON(out map[string]any, indent int) ([]byte, error) {
	var b bytes.Buffer
	err := WriteDeployOutput(&b, out, indent)
	return b.Bytes(), err
}

// WriteDeployOutput writes what [DeployOutputJSON] returns to w.
func WriteDeployOutput(w io.Writer, out map[string]any, indent int) error {
	if err := writeDeployValue(w, out, indent); err != nil {
		return err
	}
	_, err := w.Write([]byte{'\n'})
	return err
}

// writeDeployValue writes one value of a deploy output as
// WriteDeployOutput does, without a newline after it.
func writeDeployValue(w io.Writer, v any, indent int) error {
	pw := &pyJSONWriter{b: bufio.NewWriterSize(w, 1<<16), indent: indent}
	if err := pw.value(v, 0); err != nil {
		return err
	}
	return pw.b.Flush()
}

// pyJSONWriter writes the values of a deploy output — MuranoPL data,
// the cloud's JSON values, maps and lists of them — with sorted keys.
type pyJSONWriter struct {
	b      *bufio.Writer
	indent int
}

// maxJSONDepth bounds the nesting the writer follows.
const maxJSONDepth = 1000

func (w *pyJSONWriter) newline(depth int) {
	if w.indent < 0 {
		return
	}
	w.b.WriteByte('\n')
	for range depth * w.indent {
		w.b.WriteByte(' ')
	}
}

func (w *pyJSONWriter) separator(depth int) {
	if w.indent < 0 {
		w.b.WriteString(", ")
		return
	}
	w.b.WriteByte(',')
	w.newline(depth)
}

func (w *pyJSONWriter) object(keys []string, get func(string) any, depth int) error {
	if len(keys) == 0 {
		w.b.WriteString("{}")
		return nil
	}
	slices.Sort(keys)
	w.b.WriteByte('{')
	w.newline(depth + 1)
	for i, k := range keys {
		if i > 0 {
			w.separator(depth + 1)
		}
		w.string(k)
		w.b.WriteString(": ")
		if err := w.value(get(k), depth+1); err != nil {
			return err
		}
	}
	w.newline(depth)
	w.b.WriteByte('}')
	return nil
}

func (w *pyJSONWriter) array(n int, get func(int) any, depth int) error {
	if n == 0 {
		w.b.WriteString("[]")
		return nil
	}
	w.b.WriteByte('[')
	w.newline(depth + 1)
	for i := range n {
		if i > 0 {
			w.separator(depth + 1)
		}
		if err := w.value(get(i), depth+1); err != nil {
			return err
		}
	}
	w.newline(depth)
	w.b.WriteByte(']')
	return nil
}

func (w *pyJSONWriter) value(v any, depth int) error {
	if depth > maxJSONDepth {
		return fmt.Errorf("the output nests deeper than %d levels", maxJSONDepth)
	}
	switch x := v.(type) {
	case nil, value.NullType:
		w.b.WriteString("null")
	case bool:
		w.b.WriteString(strconv.FormatBool(x))
	case value.Bool:
		w.b.WriteString(strconv.FormatBool(bool(x)))
	case string:
		w.string(x)
	case value.String:
		w.string(string(x))
	case int:
		w.b.WriteString(strconv.Itoa(x))
	case int64:
		w.b.WriteString(strconv.FormatInt(x, 10))
	case value.Int:
		w.b.WriteString(strconv.FormatInt(int64(x), 10))
	case value.BigInt:
		w.b.WriteString(x.V.String())
	case float64:
		w.b.WriteString(value.FormatFloat(x))
	case value.Float:
		w.b.WriteString(value.FormatFloat(float64(x)))
	case json.RawMessage:
		w.b.Write(x)
	case json.Number:
		w.b.WriteString(string(x))
	case *cloud.Map:
		if x == nil {
			w.b.WriteString("null")
			return nil
		}
		return w.object(x.Keys(), x.Value, depth)
	case map[string]any:
		return w.object(slices.Collect(maps.Keys(x)), func(k string) any { return x[k] }, depth)
	case *value.Dict:
		keys := make([]string, x.Len())
		vals := make(map[string]any, x.Len())
		for i, k := range x.Keys() {
			keys[i] = value.Str(k)
			vals[keys[i]] = x.Values()[i]
		}
		return w.object(keys, func(k string) any { return vals[k] }, depth)
	case []any:
		return w.array(len(x), func(i int) any { return x[i] }, depth)
	case *value.List:
		return w.array(len(x.Items), func(i int) any { return x.Items[i] }, depth)
	case value.Value:
		items, err := value.Slice(x)
		if err != nil {
			w.string(value.Str(x))
			return nil
		}
		return w.array(len(items), func(i int) any { return items[i] }, depth)
	default:
		data, err := json.Marshal(x)
		if err != nil {
			return err
		}
		var generic any
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		if err := dec.Decode(&generic); err != nil {
			return err
		}
		return w.value(generic, depth)
	}
	return nil
}

// string writes a JSON string as Python's json with ensure_ascii=False:
// quotes, backslashes and control characters escaped, the rest as it is.
func (w *pyJSONWriter) string(s string) {
	w.b.WriteByte('"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		w.b.WriteString(s[start:i])
		start = i + 1
		switch c {
		case '"':
			w.b.WriteString(`\"`)
		case '\\':
			w.b.WriteString(`\\`)
		case '\n':
			w.b.WriteString(`\n`)
		case '\r':
			w.b.WriteString(`\r`)
		case '\t':
			w.b.WriteString(`\t`)
		case '\b':
			w.b.WriteString(`\b`)
		case '\f':
			w.b.WriteString(`\f`)
		default:
			fmt.Fprintf(w.b, `\u%04x`, c)
		}
	}
	w.b.WriteString(s[start:])
	w.b.WriteByte('"')
}
