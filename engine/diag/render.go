// This file renders errors as text and as JSON.

package diag

import (
	"encoding/json"
	"io"
	"strings"

	"murano.dev/playground/engine/source"
)

// Format renders e for a terminal: the "file:line:col: msg" line, the
// source line with carets under the error's span when f holds the text of
// the error's file, and the call stack, if any:
//
//	Classes/App.yaml:12:18: DslSyntaxError: Unknown usage Foo. Must be one of (Standard, VarArgs, KwArgs)
//	 |         Usage: Foo
//	 | ...............^^^
//	Traceback (most recent call last):
//	  Classes/App.yaml:30:9 in com.example.App::deploy
func Format(e *Error, f *source.File) string {
	var b strings.Builder
	b.WriteString(e.Error())
	if f != nil && f.Name == e.Pos.Start.File {
		if s := f.Snippet(e.Pos); s != "" {
			b.WriteString("\n" + s)
		}
	}
	if len(e.Stack) > 0 {
		b.WriteString("\nTraceback (most recent call last):")
		for _, fr := range e.Stack {
			b.WriteString("\n  " + fr.Pos.String() + " in " + fr.Func)
		}
	}
	return b.String()
}

// Print writes every error of l with [Format], one after the other,
// taking the source text from files (by file name; may be nil).
func Print(w io.Writer, l List, files map[string]*source.File) error {
	for _, e := range l {
		if _, err := io.WriteString(w, Format(e, files[e.Pos.Start.File])+"\n"); err != nil {
			return err
		}
	}
	return nil
}

type jsonError struct {
	Kind    string      `json:"kind"`
	File    string      `json:"file"`
	Line    int         `json:"line"`
	Col     int         `json:"col"`
	EndLine int         `json:"endLine"`
	EndCol  int         `json:"endCol"`
	Path    string      `json:"path"`
	Msg     string      `json:"msg"`
	Stack   []jsonFrame `json:"stack"`
}

type jsonFrame struct {
	Func string `json:"func"`
	File string `json:"file"`
	Line int    `json:"line"`
	Col  int    `json:"col"`
}

// MarshalJSON renders e as {kind, file, line, col, endLine, endCol, path,
// msg, stack: [{func, file, line, col}]}, the shape the web editor turns
// into markers. Unknown lines and columns are 0; a missing end is the
// start.
func (e *Error) MarshalJSON() ([]byte, error) {
	start, end := e.Pos.Start, e.Pos.End
	if !end.IsValid() {
		end = start
	}
	j := jsonError{
		Kind: e.Kind.String(), File: start.File, Line: start.Line, Col: start.Col,
		EndLine: end.Line, EndCol: end.Col, Path: e.Path, Msg: e.Msg, Stack: []jsonFrame{},
	}
	for _, fr := range e.Stack {
		j.Stack = append(j.Stack, jsonFrame{Func: fr.Func, File: fr.Pos.File, Line: fr.Pos.Line, Col: fr.Pos.Col})
	}
	return json.Marshal(j)
}

// JSON renders the list as a JSON array of errors (see
// [Error.MarshalJSON]); an empty list is [].
func JSON(l List) ([]byte, error) {
	if l == nil {
		l = List{}
	}
	return json.Marshal([]*Error(l))
}
