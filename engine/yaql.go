// This file defines YAQL evaluation through the facade.

package engine

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
	"murano.dev/playground/engine/yaql/std"
	"murano.dev/playground/engine/yaql/syntax"
)

// YAQLRequest is one YAQL evaluation.
type YAQLRequest struct {
	Expr string
	// Data is $; nil means null, as the reference's command line passes.
	Data value.Value
	// Vars are extra variables ($name).
	Vars map[string]value.Value
	// Flavor is plain, legacy, murano or murano-legacy (or one of the test
	// suite's flavours); empty means plain.
	Flavor std.Flavor
	// AllowDelegates accepts value(args) calls.
	AllowDelegates bool
	// LimitIterators and MemoryQuota override the flavour's engine options
	// when not nil.
	LimitIterators, MemoryQuota *int
	// MaxSteps overrides the step budget when positive.
	MaxSteps int64
}

// YAQLError is a failed evaluation: the reference's exception class and
// message, what kind of failure it is, and where in the expression.
type YAQLError struct {
	Kind    string // "syntax", "runtime" or "budget"
	Class   string
	Message string
	Detail  string
	// Start and End are rune offsets in the expression; Start is -1 when
	// the error has no position.
	Start, End int
}

func (e *YAQLError) Error() string {
	s := e.Class + ": " + e.Message
	if e.Detail != "" {
		s += " (" + e.Detail + ")"
	}
	return s
}

// Short is the error as the reference prints it: "Class: message".
func (e *YAQLError) Short() string {
	if e.Message == "" {
		return e.Class
	}
	return e.Class + ": " + e.Message
}

type flavorKey struct {
	flavor                   std.Flavor
	delegates                bool
	limit, quota, setL, setQ int
	steps                    int64
}

type builtFlavor struct {
	engine *yaql.Engine
	ctx    *yaql.Context
	err    error
}

var flavors sync.Map // flavorKey → *builtFlavor (built once; both are immutable)

func flavorFor(req YAQLRequest) (*yaql.Engine, *yaql.Context, error) {
	f := req.Flavor
	if f == "" {
		f = std.Plain
	}
	key := flavorKey{flavor: f, delegates: req.AllowDelegates, steps: req.MaxSteps}
	if req.LimitIterators != nil {
		key.limit, key.setL = *req.LimitIterators, 1
	}
	if req.MemoryQuota != nil {
		key.quota, key.setQ = *req.MemoryQuota, 1
	}
	if b, ok := flavors.Load(key); ok {
		b := b.(*builtFlavor)
		return b.engine, b.ctx, b.err
	}
	opts := std.DefaultOptions(f)
	if req.LimitIterators != nil {
		opts.LimitIterators = *req.LimitIterators
	}
	if req.MemoryQuota != nil {
		opts.MemoryQuota = *req.MemoryQuota
	}
	if req.MaxSteps > 0 {
		opts.MaxSteps = req.MaxSteps
	}
	e, c, err := std.NewFlavor(f, std.Setup{AllowDelegates: req.AllowDelegates, Options: &opts})
	b, _ := flavors.LoadOrStore(key, &builtFlavor{e, c, err})
	bf := b.(*builtFlavor)
	return bf.engine, bf.ctx, bf.err
}

// EvalYAQL evaluates one expression. Failures of the expression are
// returned as *YAQLError; an unknown flavour is a plain error.
func EvalYAQL(ctx context.Context, req YAQLRequest) (value.Value, error) {
	e, root, err := flavorFor(req)
	if err != nil {
		return nil, err
	}
	st, err := e.Parse(req.Expr)
	if err != nil {
		return nil, convertError(err)
	}
	c := root
	if len(req.Vars) > 0 || req.Flavor == std.Tests {
		c = root.Child()
		if req.Flavor == std.Tests {
			c.Set("data", dataOrNull(req.Data))
		}
		for k, v := range req.Vars {
			c.Set(k, v)
		}
	}
	v, err := st.Evaluate(ctx, c, dataOrNull(req.Data))
	if err != nil {
		return nil, convertError(err)
	}
	return v, nil
}

func dataOrNull(v value.Value) value.Value {
	if v == nil {
		return value.Null
	}
	return v
}

func convertError(err error) error {
	var se *syntax.Error
	if errors.As(err, &se) {
		return &YAQLError{Kind: "syntax", Class: se.Class, Message: se.Msg, Detail: se.Hint, Start: se.Pos, End: se.End}
	}
	var ye *yaql.Error
	if errors.As(err, &ye) {
		kind := "runtime"
		if ye.Class == yaql.ClassBudget || ye.Class == yaql.ClassCancelled {
			kind = "budget"
		}
		return &YAQLError{Kind: kind, Class: ye.Class, Message: ye.Msg, Detail: ye.Detail, Start: ye.Pos, End: ye.End}
	}
	var ve *value.Exception
	if errors.As(err, &ve) {
		return &YAQLError{Kind: "runtime", Class: ve.Class, Message: ve.Message, Start: -1, End: -1}
	}
	return &YAQLError{Kind: "runtime", Class: "Error", Message: err.Error(), Start: -1, End: -1}
}

// LineCol converts a rune offset in text to a 1-based line and column.
func LineCol(text string, offset int) (line, col int) {
	line, col = 1, 1
	i := 0
	for _, r := range text {
		if i == offset {
			break
		}
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
		i++
	}
	return line, col
}

// Caret renders the line of text holding the span [start, end) with
// carets under the span (at least one), for terminal error messages.
func Caret(text string, start, end int) string {
	line, col := LineCol(text, start)
	lines := splitLines(text)
	if line-1 >= len(lines) {
		return ""
	}
	src := []rune(lines[line-1])
	var pad []rune
	for i := 0; i < col-1 && i < len(src); i++ {
		if src[i] == '\t' {
			pad = append(pad, '\t')
		} else {
			pad = append(pad, ' ')
		}
	}
	width := max(1, min(end-start, len(src)-(col-1)))
	return fmt.Sprintf(" | %s\n | %s%s", lines[line-1], string(pad), strings.Repeat("^", width))
}

func splitLines(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}
