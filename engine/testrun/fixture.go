// This file defines the native part of io.murano.test.TestFixture: the
// assertions, with testtools' (and unittest's) messages, and load,
// startEnv and finishEnv.

package testrun

import (
	"strings"
	"unicode/utf8"

	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/internal/pyprint"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// fixtureClass is the class whose subclasses are test classes.
const fixtureClass = "io.murano.test.TestFixture"

// The exceptions the assertions raise, as MuranoPL names them.
var (
	mismatchError = func(msg string) error {
		return &dsl.PyError{Module: "testtools.matchers._impl", Class: "MismatchError", Msg: msg}
	}
	assertionError = func(msg string) error { return dsl.PyErr("AssertionError", msg) }
)

func fixtureNative() *dsl.NativeClass {
	message := yaql.Opt("message", yaql.Any, value.Null)
	both := []yaql.Param{yaql.P("needle", yaql.Any), yaql.P("haystack", yaql.Any), message}
	return &dsl.NativeClass{Name: fixtureClass, Methods: []dsl.NativeMethodSpec{
		{Name: "load", Params: []yaql.Param{yaql.P("model", yaql.Any)}, Impl: load},
		{Name: "startEnv", Impl: none},
		{Name: "finishEnv", Impl: none},
		{Name: "assertEqual", Params: []yaql.Param{yaql.P("expected", yaql.Any), yaql.P("observed", yaql.Any), message}, Impl: assertEqual},
		{Name: "assertTrue", Params: []yaql.Param{yaql.P("expr", yaql.Any), message}, Impl: assertTruth(true)},
		{Name: "assertFalse", Params: []yaql.Param{yaql.P("expr", yaql.Any), message}, Impl: assertTruth(false)},
		{Name: "assertIn", Params: both, Impl: assertIn},
		{Name: "assertNotIn", Params: both, Impl: assertNotIn},
	}}
}

// load loads an object model ({"Objects", "ObjectsCopy", "Attributes"})
// into the test's executor, ids kept, and returns its root object.
func load(nc *dsl.NativeCall) (value.Value, error) {
	model, ok := nc.Arg(0).(*value.Dict)
	if !ok {
		return nil, dsl.PyErr("TypeError", "")
	}
	root, err := nc.Executor().LoadModel(model)
	if err != nil || root == nil {
		return value.Null, err
	}
	return root, nil
}

// none is startEnv and finishEnv: the test runner's execution session
// has no hooks here (nothing runs at the start or end of a deployment
// without a cloud).
func none(*dsl.NativeCall) (value.Value, error) { return value.Null, nil }

func assertEqual(nc *dsl.NativeCall) (value.Value, error) {
	expected, observed := nc.Arg(0), nc.Arg(1)
	if value.Equal(observed, expected) {
		return value.Null, nil
	}
	ref, act := repr(expected), repr(observed)
	var msg string
	if utf8.RuneCountInString(ref)+utf8.RuneCountInString(act) > 70 {
		msg = "!=:\nreference = " + longFormat(expected) + "\nactual    = " + longFormat(observed) + "\n"
	} else {
		msg = ref + " != " + act
	}
	return nil, mismatchError(annotate(msg, nc.Arg(2)))
}

func assertTruth(want bool) dsl.NativeMethod {
	return func(nc *dsl.NativeCall) (value.Value, error) {
		if value.Truth(nc.Arg(0)) == want {
			return value.Null, nil
		}
		msg := repr(nc.Arg(0)) + " is not false"
		if want {
			msg = repr(nc.Arg(0)) + " is not true"
		}
		if m := nc.Arg(1); !value.IsNull(m) {
			msg += " : " + str(m)
		}
		return nil, assertionError(msg)
	}
}

func assertIn(nc *dsl.NativeCall) (value.Value, error) {
	needle, haystack := nc.Arg(0), nc.Arg(1)
	if in, ok := contains(haystack, needle); ok && in {
		return value.Null, nil
	}
	return nil, mismatchError(annotate(repr(needle)+" not in "+repr(haystack), nc.Arg(2)))
}

func assertNotIn(nc *dsl.NativeCall) (value.Value, error) {
	needle, haystack := nc.Arg(0), nc.Arg(1)
	if in, ok := contains(haystack, needle); !ok || !in {
		return value.Null, nil
	}
	return nil, mismatchError(annotate(repr(haystack)+" matches Contains("+repr(needle)+")", nc.Arg(2)))
}

// contains is Python's needle in haystack; ok is false where Python
// raises TypeError.
func contains(haystack, needle value.Value) (in, ok bool) {
	switch h := haystack.(type) {
	case value.String:
		n, isStr := needle.(value.String)
		return isStr && strings.Contains(string(h), string(n)), isStr
	case *value.List:
		for _, it := range h.Items {
			if value.Equal(it, needle) {
				return true, true
			}
		}
		return false, true
	case *value.Dict:
		in, err := h.Has(needle)
		return in, err == nil
	case *value.Set:
		in, err := h.Has(needle)
		return in, err == nil
	}
	return false, false
}

// annotate adds the assertion's message to a mismatch, as testtools'
// Annotate does when the message is not false.
func annotate(msg string, message value.Value) string {
	if !value.Truth(message) {
		return msg
	}
	return msg + ": " + str(message)
}

// objectInterface is an object as the assertions see it (the
// reference's MuranoObjectInterface), for its repr.
type objectInterface struct{ o *dsl.Object }

func (objectInterface) Type() string   { return "MuranoObjectInterface" }
func (i objectInterface) Repr() string { return "<" + i.o.Repr() + ">" }

// python returns v with its objects as the assertions' Python code sees
// them.
func python(v value.Value) value.Value {
	switch x := v.(type) {
	case *dsl.Object:
		return objectInterface{x}
	case *value.List:
		items := make([]value.Value, len(x.Items))
		for i, it := range x.Items {
			items[i] = python(it)
		}
		return &value.List{Items: items, Mutable: x.Mutable}
	case *value.Dict:
		d := value.NewDict(x.Len())
		for i, k := range x.Keys() {
			d.Set(python(k), python(x.Values()[i]))
		}
		return d
	}
	return v
}

func repr(v value.Value) string { return value.Repr(python(v)) }
func str(v value.Value) string  { return value.Str(python(v)) }

// longFormat is how testtools writes one side of a long mismatch: a
// string with line breaks as a triple-quoted literal, other strings as
// their repr, anything else as pprint formats it.
func longFormat(v value.Value) string {
	s, ok := v.(value.String)
	if !ok {
		return pyprint.Format(python(v))
	}
	if !strings.Contains(string(s), "\n") {
		return value.Repr(s)
	}
	lines := strings.Split(string(s), "\n")
	for i, l := range lines {
		r := value.QuoteString(l)
		quote := r[len(r)-1:]
		lines[i] = strings.ReplaceAll(r[1:len(r)-1], `\`+quote, quote)
	}
	text := strings.Join(lines, "\n") + "''"
	for p := 0; ; p += 2 {
		i := strings.Index(text[p:], "'''")
		if i < 0 {
			break
		}
		p += i
		text = text[:p] + `\` + text[p:]
	}
	return "'''\\\n" + text + "'"
}
