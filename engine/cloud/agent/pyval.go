// This file defines how the agent sees plan values as Python does: their
// type names, truth, equality, str() and repr().

package agent

import (
	"slices"
	"strconv"
	"strings"
	"unicode"

	"murano.dev/playground/engine/value"
)

// bunch is murano-agent's Bunch: a dict whose keys are also attributes
// (the plan's args and a script call's result).
type bunch map[string]any

// pyType is the name Python gives the type of v.
func pyType(v any) string {
	switch v.(type) {
	case nil:
		return "NoneType"
	case bool:
		return "bool"
	case int64, int:
		return "int"
	case float64:
		return "float"
	case string:
		return "str"
	case []any:
		return "list"
	case tuple:
		return "tuple"
	case map[string]any:
		return "dict"
	case bunch:
		return "Bunch"
	case *scriptRunner:
		return "ScriptRunner"
	case *builtin, *boundMethod:
		return "builtin_function_or_method"
	}
	return "object"
}

// tuple is a Python tuple; it leaves the agent as a list.
type tuple []any

// truth is Python's bool(v).
func truth(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	case int64:
		return x != 0
	case int:
		return x != 0
	case float64:
		return x != 0
	case string:
		return x != ""
	case []any:
		return len(x) > 0
	case tuple:
		return len(x) > 0
	case map[string]any:
		return len(x) > 0
	case bunch:
		return len(x) > 0
	}
	return true
}

// number returns v as a Python number (bools are ints).
func number(v any) (i int64, f float64, isFloat, ok bool) {
	switch x := v.(type) {
	case bool:
		if x {
			return 1, 1, false, true
		}
		return 0, 0, false, true
	case int64:
		return x, float64(x), false, true
	case int:
		return int64(x), float64(x), false, true
	case float64:
		return 0, x, true, true
	}
	return 0, 0, false, false
}

// equal is Python's ==.
func equal(a, b any) bool {
	if ai, af, aFloat, ok := number(a); ok {
		bi, bf, bFloat, ok := number(b)
		if !ok {
			return false
		}
		if aFloat || bFloat {
			return af == bf
		}
		return ai == bi
	}
	switch x := a.(type) {
	case nil:
		return b == nil
	case string:
		y, ok := b.(string)
		return ok && x == y
	case []any:
		y, ok := b.([]any)
		return ok && slices.EqualFunc(x, y, equal)
	case tuple:
		y, ok := b.(tuple)
		return ok && slices.EqualFunc(x, y, equal)
	case map[string]any:
		return mapsEqual(x, asDict(b))
	case bunch:
		return mapsEqual(x, asDict(b))
	}
	return a == b
}

func asDict(v any) map[string]any {
	switch x := v.(type) {
	case map[string]any:
		if x == nil {
			return map[string]any{}
		}
		return x
	case bunch:
		if x == nil {
			return map[string]any{}
		}
		return x
	}
	return nil
}

func mapsEqual(a, b map[string]any) bool {
	if b == nil || len(a) != len(b) {
		return false
	}
	for k, v := range a {
		w, ok := b[k]
		if !ok || !equal(v, w) {
			return false
		}
	}
	return true
}

// str is Python's str(v).
func str(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return repr(v)
}

// repr is Python's repr(v). Dicts list their keys sorted: a Go map keeps
// no order.
func repr(v any) string {
	var b strings.Builder
	writeRepr(&b, v, 0)
	return b.String()
}

const maxReprDepth = 64

func writeRepr(b *strings.Builder, v any, depth int) {
	if depth > maxReprDepth {
		b.WriteString("...")
		return
	}
	switch x := v.(type) {
	case nil:
		b.WriteString("None")
	case bool:
		if x {
			b.WriteString("True")
		} else {
			b.WriteString("False")
		}
	case int64:
		b.WriteString(strconv.FormatInt(x, 10))
	case int:
		b.WriteString(strconv.Itoa(x))
	case float64:
		b.WriteString(value.FormatFloat(x))
	case string:
		b.WriteString(value.QuoteString(x))
	case []any:
		writeItems(b, "[", "]", x, depth)
	case tuple:
		if len(x) == 1 {
			b.WriteString("(")
			writeRepr(b, x[0], depth+1)
			b.WriteString(",)")
			return
		}
		writeItems(b, "(", ")", x, depth)
	case map[string]any:
		writeDict(b, x, depth)
	case bunch:
		writeDict(b, x, depth)
	case *scriptRunner:
		b.WriteString("<ScriptRunner " + x.name + ">")
	case *builtin:
		b.WriteString("<built-in function " + x.name + ">")
	case *boundMethod:
		b.WriteString("<built-in method " + x.name + " of " + pyType(x.self) + " object>")
	default:
		b.WriteString("<object>")
	}
}

func writeItems(b *strings.Builder, open, close string, items []any, depth int) {
	b.WriteString(open)
	for i, item := range items {
		if i > 0 {
			b.WriteString(", ")
		}
		writeRepr(b, item, depth+1)
	}
	b.WriteString(close)
}

func writeDict(b *strings.Builder, m map[string]any, depth int) {
	b.WriteString("{")
	for i, k := range sortedKeys(m) {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(value.QuoteString(k))
		b.WriteString(": ")
		writeRepr(b, m[k], depth+1)
	}
	b.WriteString("}")
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// isPySpace is Python's str.isspace for one character.
func isPySpace(r rune) bool {
	return unicode.IsSpace(r) || (r >= 0x1c && r <= 0x1f)
}

// strip is Python's str.strip().
func strip(s string) string {
	return strings.TrimFunc(s, isPySpace)
}
