// This file defines the evaluation of plan bodies: statements,
// operators, names and calls, with Python's errors and messages.

package agent

import (
	"math"
	"strconv"
	"strings"
	"sync"
)

// maxSize bounds the strings and lists a body builds (characters or
// items), so that a body cannot exhaust memory.
const maxSize = 1 << 20

// builtin is a function of the body's builtins or a method bound to its
// receiver.
type builtin struct {
	name string
	fn   func(args []any, kwargs []namedValue) (any, error)
}

type boundMethod struct {
	name string
	self any
	fn   func(args []any, kwargs []namedValue) (any, error)
}

type namedValue struct {
	name  string
	value any
}

func pyErr(format string, args ...any) *planError { return failf(1, format, args...) }

// interp runs one body.
type interp struct {
	prog    *program
	globals map[string]any
	locals  map[string]any
}

func (in *interp) run() (any, error) {
	v, _, err := in.block(in.prog.body)
	return v, err
}

func (in *interp) block(stmts []stmt) (result any, returned bool, err error) {
	for _, s := range stmts {
		switch s := s.(type) {
		case *returnStmt:
			if s.value == nil {
				return nil, true, nil
			}
			v, err := in.eval(s.value)
			return v, true, err
		case *exprStmt:
			if _, err := in.eval(s.value); err != nil {
				return nil, false, err
			}
		case *assignStmt:
			v, err := in.eval(s.value)
			if err != nil {
				return nil, false, err
			}
			in.locals[s.name] = v
		case *importStmt:
			return nil, false, pyErr("No module named '%s'", s.module)
		case *ifStmt:
			cond, err := in.eval(s.cond)
			if err != nil {
				return nil, false, err
			}
			branch := s.other
			if truth(cond) {
				branch = s.then
			}
			if v, returned, err := in.block(branch); returned || err != nil {
				return v, returned, err
			}
		}
	}
	return nil, false, nil
}

func (in *interp) lookup(name string) (any, error) {
	if in.prog.locals[name] {
		if v, ok := in.locals[name]; ok {
			return v, nil
		}
		return nil, pyErr("cannot access local variable '%s' where it is not associated with a value", name)
	}
	if v, ok := in.globals[name]; ok {
		return v, nil
	}
	if b, ok := builtins()[name]; ok {
		return b, nil
	}
	if unsupportedBuiltins[name] {
		return nil, pyErr("the simulated murano agent does not offer %s()", name)
	}
	return nil, pyErr("name '%s' is not defined", name)
}

func (in *interp) eval(e expr) (any, error) {
	switch e := e.(type) {
	case *constExpr:
		return e.value, nil
	case *nameExpr:
		return in.lookup(e.name)
	case *listExpr:
		items := make([]any, len(e.items))
		for i, x := range e.items {
			v, err := in.eval(x)
			if err != nil {
				return nil, err
			}
			items[i] = v
		}
		if e.tuple {
			return tuple(items), nil
		}
		return items, nil
	case *dictExpr:
		d := map[string]any{}
		for i := range e.keys {
			k, err := in.eval(e.keys[i])
			if err != nil {
				return nil, err
			}
			v, err := in.eval(e.vals[i])
			if err != nil {
				return nil, err
			}
			key, ok := k.(string)
			if !ok {
				if isUnhashable(k) {
					return nil, pyErr("unhashable type: '%s'", pyType(k))
				}
				return nil, pyErr("the simulated murano agent's dicts have string keys only")
			}
			d[key] = v
		}
		return d, nil
	case *attrExpr:
		x, err := in.eval(e.x)
		if err != nil {
			return nil, err
		}
		return attribute(x, e.name)
	case *indexExpr:
		x, err := in.eval(e.x)
		if err != nil {
			return nil, err
		}
		i, err := in.eval(e.index)
		if err != nil {
			return nil, err
		}
		return subscript(x, i)
	case *callExpr:
		return in.call(e)
	case *unaryExpr:
		x, err := in.eval(e.x)
		if err != nil {
			return nil, err
		}
		return unary(e.op, x)
	case *binaryExpr:
		x, err := in.eval(e.x)
		if err != nil {
			return nil, err
		}
		y, err := in.eval(e.y)
		if err != nil {
			return nil, err
		}
		return binary(e.op, x, y)
	case *compareExpr:
		x, err := in.eval(e.x)
		if err != nil {
			return nil, err
		}
		for i, op := range e.ops {
			y, err := in.eval(e.ys[i])
			if err != nil {
				return nil, err
			}
			ok, err := compare(op, x, y)
			if err != nil || !ok {
				return false, err
			}
			x = y
		}
		return true, nil
	case *boolExpr:
		x, err := in.eval(e.x)
		if err != nil || truth(x) != e.and {
			return x, err
		}
		return in.eval(e.y)
	case *condExpr:
		c, err := in.eval(e.cond)
		if err != nil {
			return nil, err
		}
		if truth(c) {
			return in.eval(e.then)
		}
		return in.eval(e.else_)
	}
	return nil, pyErr("unknown expression")
}

func (in *interp) call(e *callExpr) (any, error) {
	fn, err := in.eval(e.fn)
	if err != nil {
		return nil, err
	}
	args := make([]any, len(e.args))
	for i, a := range e.args {
		if args[i], err = in.eval(a); err != nil {
			return nil, err
		}
	}
	kwargs := make([]namedValue, len(e.kwargs))
	for i, kw := range e.kwargs {
		v, err := in.eval(kw.value)
		if err != nil {
			return nil, err
		}
		kwargs[i] = namedValue{kw.name, v}
	}
	switch f := fn.(type) {
	case *builtin:
		return f.fn(args, kwargs)
	case *boundMethod:
		return f.fn(args, kwargs)
	case *scriptRunner:
		return f.call("", args, kwargs)
	}
	return nil, pyErr("'%s' object is not callable", pyType(fn))
}

func isUnhashable(v any) bool {
	switch v.(type) {
	case []any, map[string]any, bunch:
		return true
	}
	return false
}

func attribute(x any, name string) (any, error) {
	switch v := x.(type) {
	case *scriptRunner:
		if strings.HasPrefix(name, "__") {
			return nil, pyErr("%s", name)
		}
		return &boundMethod{name: name, self: v, fn: func(args []any, kwargs []namedValue) (any, error) {
			return v.call(name, args, kwargs)
		}}, nil
	case bunch:
		if m, ok := dictMethod(v, name); ok {
			return m, nil
		}
		if item, ok := v[name]; ok {
			return item, nil
		}
		return nil, pyErr("%s", name)
	case map[string]any:
		if m, ok := dictMethod(v, name); ok {
			return m, nil
		}
	case string:
		if m, ok := strMethods()[name]; ok {
			return &boundMethod{name: name, self: v, fn: func(args []any, kwargs []namedValue) (any, error) {
				return m(v, args, kwargs)
			}}, nil
		}
		if otherStrMethods()[name] {
			return nil, pyErr("the simulated murano agent does not offer str.%s()", name)
		}
	}
	return nil, pyErr("'%s' object has no attribute '%s'", pyType(x), name)
}

func dictMethod(d map[string]any, name string) (any, bool) {
	switch name {
	case "get":
		return &boundMethod{name: name, self: d, fn: func(args []any, kwargs []namedValue) (any, error) {
			if len(kwargs) > 0 {
				return nil, pyErr("dict.get() takes no keyword arguments")
			}
			if len(args) < 1 || len(args) > 2 {
				return nil, pyErr("get expected at most 2 arguments, got %d", len(args))
			}
			var def any
			if len(args) == 2 {
				def = args[1]
			}
			if k, ok := args[0].(string); ok {
				if v, found := d[k]; found {
					return v, nil
				}
			} else if isUnhashable(args[0]) {
				return nil, pyErr("unhashable type: '%s'", pyType(args[0]))
			}
			return def, nil
		}}, true
	case "keys", "values", "items", "copy", "update", "pop", "popitem", "setdefault", "clear", "fromkeys":
		return &builtin{name: name, fn: func([]any, []namedValue) (any, error) {
			return nil, pyErr("the simulated murano agent does not offer dict.%s()", name)
		}}, true
	}
	return nil, false
}

func subscript(x, index any) (any, error) {
	switch v := x.(type) {
	case map[string]any, bunch:
		d := asDict(v)
		if k, ok := index.(string); ok {
			if item, found := d[k]; found {
				return item, nil
			}
		} else if isUnhashable(index) {
			return nil, pyErr("unhashable type: '%s'", pyType(index))
		}
		return nil, pyErr("%s", repr(index))
	case []any, tuple, string:
		i, _, isFloat, ok := number(index)
		if !ok || isFloat {
			kind := pyType(x)
			if kind == "str" {
				return nil, pyErr("string indices must be integers, not '%s'", pyType(index))
			}
			return nil, pyErr("%s indices must be integers or slices, not %s", kind, pyType(index))
		}
		var n int64
		switch s := v.(type) {
		case []any:
			n = int64(len(s))
		case tuple:
			n = int64(len(s))
		case string:
			n = int64(len([]rune(s)))
		}
		if i < 0 {
			i += n
		}
		if i < 0 || i >= n {
			kind := pyType(x)
			if kind == "str" {
				kind = "string"
			}
			return nil, pyErr("%s index out of range", kind)
		}
		switch s := v.(type) {
		case []any:
			return s[i], nil
		case tuple:
			return s[i], nil
		case string:
			return string([]rune(s)[i]), nil
		}
	}
	return nil, pyErr("'%s' object is not subscriptable", pyType(x))
}

func unary(op string, x any) (any, error) {
	if op == "not" {
		return !truth(x), nil
	}
	i, f, isFloat, ok := number(x)
	if !ok || op == "~" && isFloat {
		return nil, pyErr("bad operand type for unary %s: '%s'", op, pyType(x))
	}
	switch {
	case op == "~":
		return ^i, nil
	case isFloat && op == "-":
		return -f, nil
	case isFloat:
		return f, nil
	case op == "-":
		if i == math.MinInt64 {
			return nil, pyErr("the simulated murano agent's integers have 64 bits")
		}
		return -i, nil
	}
	return i, nil
}

func binary(op string, x, y any) (any, error) {
	if op == "%" {
		if s, ok := x.(string); ok {
			return percentFormat(s, y)
		}
	}
	xi, xf, xFloat, xNum := number(x)
	yi, yf, yFloat, yNum := number(y)
	if xNum && yNum {
		if xFloat || yFloat {
			return floatOp(op, xf, yf)
		}
		return intOp(op, xi, yi)
	}
	switch op {
	case "+":
		switch a := x.(type) {
		case string:
			if b, ok := y.(string); ok {
				return sized(a+b, len(a)+len(b))
			}
			return nil, pyErr("can only concatenate str (not \"%s\") to str", pyType(y))
		case []any:
			if b, ok := y.([]any); ok {
				return sized(append(append([]any{}, a...), b...), len(a)+len(b))
			}
			return nil, pyErr("can only concatenate list (not \"%s\") to list", pyType(y))
		case tuple:
			if b, ok := y.(tuple); ok {
				return sized(append(append(tuple{}, a...), b...), len(a)+len(b))
			}
			return nil, pyErr("can only concatenate tuple (not \"%s\") to tuple", pyType(y))
		}
	case "*":
		seq, n := x, y
		if !isSequence(seq) {
			seq, n = y, x
		}
		if isSequence(seq) {
			if count, _, isFloat, ok := number(n); ok && !isFloat {
				return repeat(seq, count)
			}
			return nil, pyErr("can't multiply sequence by non-int of type '%s'", pyType(n))
		}
	}
	return nil, pyErr("unsupported operand type(s) for %s: '%s' and '%s'", op, pyType(x), pyType(y))
}

func isSequence(v any) bool {
	switch v.(type) {
	case string, []any, tuple:
		return true
	}
	return false
}

func sized[T any](v T, n int) (any, error) {
	if n > maxSize {
		return nil, pyErr("the simulated murano agent's values hold at most %d items", maxSize)
	}
	return v, nil
}

func repeat(seq any, n int64) (any, error) {
	if n < 0 {
		n = 0
	}
	switch s := seq.(type) {
	case string:
		if n > 0 && int64(len(s)) > maxSize/n {
			return sized(s, maxSize+1)
		}
		return strings.Repeat(s, int(n)), nil
	case []any, tuple:
		items := asItems(s)
		if n > 0 && int64(len(items)) > maxSize/n {
			return sized(s, maxSize+1)
		}
		out := make([]any, 0, len(items)*int(n))
		for range n {
			out = append(out, items...)
		}
		if _, isTuple := s.(tuple); isTuple {
			return tuple(out), nil
		}
		return out, nil
	}
	return nil, pyErr("unsupported operand type(s) for *: '%s' and 'int'", pyType(seq))
}

func asItems(v any) []any {
	switch s := v.(type) {
	case []any:
		return s
	case tuple:
		return s
	}
	return nil
}

func intOp(op string, a, b int64) (any, error) {
	overflow := pyErr("the simulated murano agent's integers have 64 bits")
	switch op {
	case "+":
		if (b > 0 && a > math.MaxInt64-b) || (b < 0 && a < math.MinInt64-b) {
			return nil, overflow
		}
		return a + b, nil
	case "-":
		if (b < 0 && a > math.MaxInt64+b) || (b > 0 && a < math.MinInt64+b) {
			return nil, overflow
		}
		return a - b, nil
	case "*":
		if a != 0 && b != 0 {
			c := a * b
			if c/b != a || (a == -1 && b == math.MinInt64) || (b == -1 && a == math.MinInt64) {
				return nil, overflow
			}
		}
		return a * b, nil
	case "/":
		if b == 0 {
			return nil, pyErr("division by zero")
		}
		return float64(a) / float64(b), nil
	case "//", "%":
		if b == 0 {
			return nil, pyErr("integer division or modulo by zero")
		}
		if a == math.MinInt64 && b == -1 {
			return nil, overflow
		}
		q, r := a/b, a%b
		if r != 0 && (r < 0) != (b < 0) {
			q, r = q-1, r+b
		}
		if op == "//" {
			return q, nil
		}
		return r, nil
	}
	return nil, pyErr("unsupported operand")
}

func floatOp(op string, a, b float64) (any, error) {
	switch op {
	case "+":
		return a + b, nil
	case "-":
		return a - b, nil
	case "*":
		return a * b, nil
	case "/":
		if b == 0 {
			return nil, pyErr("float division by zero")
		}
		return a / b, nil
	case "//":
		if b == 0 {
			return nil, pyErr("float floor division by zero")
		}
		return math.Floor(a / b), nil
	case "%":
		if b == 0 {
			return nil, pyErr("float modulo")
		}
		r := math.Mod(a, b)
		if r != 0 && (r < 0) != (b < 0) {
			r += b
		}
		return r, nil
	}
	return nil, pyErr("unsupported operand")
}

func compare(op string, x, y any) (bool, error) {
	switch op {
	case "==":
		return equal(x, y), nil
	case "!=":
		return !equal(x, y), nil
	case "is", "is not":
		same := identical(x, y)
		return same == (op == "is"), nil
	case "in", "not in":
		found, err := member(x, y)
		return found == (op == "in"), err
	}
	c, err := order(op, x, y)
	if err != nil {
		return false, err
	}
	switch op {
	case "<":
		return c < 0, nil
	case "<=":
		return c <= 0, nil
	case ">":
		return c > 0, nil
	}
	return c >= 0, nil
}

// identical is Python's `is` for the values a body sees: None, True and
// False are singletons; other values are distinct objects.
func identical(x, y any) bool {
	switch a := x.(type) {
	case nil:
		return y == nil
	case bool:
		b, ok := y.(bool)
		return ok && a == b
	}
	return false
}

func order(op string, x, y any) (int, error) {
	_, xf, xFloat, xNum := number(x)
	_, yf, yFloat, yNum := number(y)
	if xNum && yNum {
		xi, _, _, _ := number(x)
		yi, _, _, _ := number(y)
		if !xFloat && !yFloat {
			return cmpOrdered(xi, yi), nil
		}
		return cmpOrdered(xf, yf), nil
	}
	if a, ok := x.(string); ok {
		if b, ok := y.(string); ok {
			return strings.Compare(a, b), nil
		}
	}
	return 0, pyErr("'%s' not supported between instances of '%s' and '%s'", op, pyType(x), pyType(y))
}

func cmpOrdered[T int64 | float64](a, b T) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func member(item, container any) (bool, error) {
	switch c := container.(type) {
	case string:
		s, ok := item.(string)
		if !ok {
			return false, pyErr("'in <string>' requires string as left operand, not %s", pyType(item))
		}
		return strings.Contains(c, s), nil
	case []any, tuple:
		for _, e := range asItems(c) {
			if equal(e, item) {
				return true, nil
			}
		}
		return false, nil
	case map[string]any, bunch:
		if isUnhashable(item) {
			return false, pyErr("unhashable type: '%s'", pyType(item))
		}
		k, ok := item.(string)
		_, found := asDict(c)[k]
		return ok && found, nil
	}
	return false, pyErr("argument of type '%s' is not iterable", pyType(container))
}

// builtins returns the functions of the agent's builtins that bodies
// use, made on first use: only a program that runs plans links them.
func builtins() map[string]*builtin {
	builtinsOnce.Do(func() { builtinTable = makeBuiltins() })
	return builtinTable
}

var (
	builtinsOnce sync.Once
	builtinTable map[string]*builtin
)

// unsupportedBuiltins are the agent's other builtins.
var unsupportedBuiltins = map[string]bool{
	"abs": true, "all": true, "any": true, "dict": true, "enumerate": true, "filter": true, "format": true,
	"getattr": true, "hasattr": true, "isinstance": true, "list": true, "map": true, "max": true, "min": true,
	"range": true, "reversed": true, "set": true, "sorted": true, "sum": true, "tuple": true, "zip": true,
	"Exception": true, "ValueError": true, "KeyError": true, "IndexError": true, "TypeError": true,
	"AttributeError": true, "RuntimeError": true, "NameError": true,
}

func makeBuiltins() map[string]*builtin {
	builtins := map[string]*builtin{}
	one := func(name string, f func(v any) (any, error), def any) {
		builtins[name] = &builtin{name: name, fn: func(args []any, kwargs []namedValue) (any, error) {
			if len(kwargs) > 0 {
				return nil, pyErr("%s() takes no keyword arguments", name)
			}
			switch len(args) {
			case 0:
				if def == nil {
					return nil, pyErr("%s() takes exactly one argument (0 given)", name)
				}
				return def, nil
			case 1:
				return f(args[0])
			}
			return nil, pyErr("%s expected at most 1 argument, got %d", name, len(args))
		}}
	}
	one("str", func(v any) (any, error) { return str(v), nil }, "")
	one("repr", func(v any) (any, error) { return repr(v), nil }, nil)
	one("bool", func(v any) (any, error) { return truth(v), nil }, false)
	one("len", length, nil)
	one("int", toInt, int64(0))
	one("float", toFloat, 0.0)
	builtins["print"] = &builtin{name: "print", fn: func([]any, []namedValue) (any, error) { return nil, nil }}
	return builtins
}

func length(v any) (any, error) {
	switch s := v.(type) {
	case string:
		return int64(len([]rune(s))), nil
	case []any:
		return int64(len(s)), nil
	case tuple:
		return int64(len(s)), nil
	case map[string]any:
		return int64(len(s)), nil
	case bunch:
		return int64(len(s)), nil
	}
	return nil, pyErr("object of type '%s' has no len()", pyType(v))
}

func toInt(v any) (any, error) {
	switch x := v.(type) {
	case string:
		text := strings.ReplaceAll(strip(x), "_", "")
		if i, err := strconv.ParseInt(text, 10, 64); err == nil && !strings.Contains(strip(x), "__") && !strings.HasPrefix(strip(x), "_") {
			return i, nil
		}
		return nil, pyErr("invalid literal for int() with base 10: %s", repr(x))
	case float64:
		if math.IsInf(x, 0) {
			return nil, pyErr("cannot convert float infinity to integer")
		}
		if math.IsNaN(x) {
			return nil, pyErr("cannot convert float NaN to integer")
		}
		if math.Abs(x) >= 9.2e18 {
			return nil, pyErr("the simulated murano agent's integers have 64 bits")
		}
		return int64(x), nil
	}
	if i, _, _, ok := number(v); ok {
		return i, nil
	}
	return nil, pyErr("int() argument must be a string, a bytes-like object or a real number, not '%s'", pyType(v))
}

func toFloat(v any) (any, error) {
	if s, ok := v.(string); ok {
		text := strings.ToLower(strip(s))
		switch strings.TrimLeft(text, "+-") {
		case "inf", "infinity", "nan":
			f, _ := strconv.ParseFloat(text, 64)
			return f, nil
		}
		if f, err := strconv.ParseFloat(text, 64); err == nil || strings.Contains(err.Error(), "range") {
			if !strings.HasPrefix(strings.TrimLeft(text, "+-"), "0x") {
				return f, nil
			}
		}
		return nil, pyErr("could not convert string to float: %s", repr(s))
	}
	if _, f, _, ok := number(v); ok {
		return f, nil
	}
	return nil, pyErr("float() argument must be a string or a real number, not '%s'", pyType(v))
}
