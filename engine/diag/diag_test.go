package diag

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"murano.dev/playground/engine/source"
)

func pos(line, col int) source.Pos { return source.Pos{File: "App.yaml", Line: line, Col: col} }

func TestErrorString(t *testing.T) {
	cause := errors.New("cause")
	e := &Error{Kind: Load, Pos: source.At(pos(3, 5)), Msg: "KeyError: 'Contract'", Err: cause}
	if got, want := e.Error(), "App.yaml:3:5: KeyError: 'Contract'"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	if !errors.Is(e, cause) {
		t.Error("errors.Is does not find the cause")
	}
	if got, want := (&Error{Msg: "boom"}).Error(), "boom"; got != want {
		t.Errorf("Error() without a position = %q, want %q", got, want)
	}
	if got, want := (&Error{Pos: source.At(source.Pos{File: "x.yaml"}), Msg: "boom"}).Error(), "x.yaml: boom"; got != want {
		t.Errorf("Error() with a file only = %q, want %q", got, want)
	}
}

func TestList(t *testing.T) {
	var l List
	if l.Err() != nil {
		t.Fatal("an empty list is an error")
	}
	l.Add(&Error{Pos: source.At(pos(9, 1)), Msg: "c"})
	l.Add(&Error{Pos: source.At(pos(2, 7)), Msg: "a"})
	l.Add(&Error{Pos: source.At(pos(9, 1)), Msg: "d"})
	l.Add(&Error{Pos: source.At(pos(2, 9)), Msg: "b"})
	l.Sort()
	var msgs []string
	for _, e := range l {
		msgs = append(msgs, e.Msg)
	}
	if got := strings.Join(msgs, ","); got != "a,b,c,d" {
		t.Errorf("sorted = %s, want a,b,c,d", got)
	}
	if got, want := l.Err().Error(), "App.yaml:2:7: a (and 3 more errors)"; got != want {
		t.Errorf("Err() = %q, want %q", got, want)
	}

	var many List
	for i := range MaxErrors + 50 {
		many.Add(&Error{Pos: source.At(pos(i+1, 1)), Msg: fmt.Sprint(i)})
	}
	if len(many) != MaxErrors+1 {
		t.Fatalf("len = %d, want %d", len(many), MaxErrors+1)
	}
	if last := many[MaxErrors]; last.Msg != "too many errors" || last.Pos.Start.Line != MaxErrors+1 {
		t.Errorf("last entry = %v, want too many errors at line %d", last, MaxErrors+1)
	}
}

func TestFormat(t *testing.T) {
	f := source.NewFile("App.yaml", "Methods:\n  foo:\n    Arguments:\n      - a: {Contract: $, Usage: Foo}\n")
	e := &Error{
		Kind: Load,
		Pos:  source.Span{Start: pos(4, 33), End: pos(4, 36)},
		Msg:  "DslSyntaxError: Unknown usage Foo. Must be one of (Standard, VarArgs, KwArgs)",
		Stack: []Frame{
			{Func: "com.example.App::deploy", Pos: pos(30, 9)},
			{Func: "com.example.App::foo", Pos: pos(12, 11)},
		},
	}
	want := "App.yaml:4:33: DslSyntaxError: Unknown usage Foo. Must be one of (Standard, VarArgs, KwArgs)\n" +
		" |       - a: {Contract: $, Usage: Foo}\n" +
		" | ................................^^^\n" +
		"Traceback (most recent call last):\n" +
		"  App.yaml:30:9 in com.example.App::deploy\n" +
		"  App.yaml:12:11 in com.example.App::foo"
	if got := Format(e, f); got != want {
		t.Errorf("Format =\n%s\nwant\n%s", got, want)
	}
	if got, want := Format(e, source.NewFile("Other.yaml", "x")), strings.SplitN(want, "\n", 2)[0]; !strings.HasPrefix(got, want+"\nTraceback") {
		t.Errorf("Format with another file's text =\n%s", got)
	}

	var b strings.Builder
	if err := Print(&b, List{e, {Msg: "plain"}}, map[string]*source.File{"App.yaml": f}); err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != want+"\nplain\n" {
		t.Errorf("Print =\n%s", got)
	}
}

func TestJSON(t *testing.T) {
	l := List{
		{Kind: Syntax, Pos: source.Span{Start: pos(1, 4), End: pos(1, 9)}, Path: "Properties.a.Contract", Msg: "m"},
		{Kind: Exception, Pos: source.At(pos(7, 2)), Msg: "boom", Stack: []Frame{{Func: "A::f", Pos: pos(7, 2)}}},
	}
	got, err := JSON(l)
	if err != nil {
		t.Fatal(err)
	}
	want := `[{"kind":"syntax","file":"App.yaml","line":1,"col":4,"endLine":1,"endCol":9,"path":"Properties.a.Contract","msg":"m","stack":[]},` +
		`{"kind":"exception","file":"App.yaml","line":7,"col":2,"endLine":7,"endCol":2,"path":"","msg":"boom","stack":[{"func":"A::f","file":"App.yaml","line":7,"col":2}]}]`
	if string(got) != want {
		t.Errorf("JSON =\n%s\nwant\n%s", got, want)
	}
	if got, _ := JSON(nil); string(got) != "[]" {
		t.Errorf("JSON(nil) = %s, want []", got)
	}
}

func TestKindString(t *testing.T) {
	for k, want := range map[Kind]string{Syntax: "syntax", Load: "load", Contract: "contract", Type: "type", Runtime: "runtime", Exception: "exception", 42: "kind42"} {
		if got := k.String(); got != want {
			t.Errorf("Kind(%d).String() = %q, want %q", k, got, want)
		}
	}
}
