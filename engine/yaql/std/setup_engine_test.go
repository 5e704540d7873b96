package std_test

import (
	"testing"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
	"murano.dev/playground/engine/yaql/std"
	"murano.dev/playground/engine/yaql/syntax"
)

// These tests port the assertions of yaql's test_engine.py that register
// functions from host code (the declaration checks and the direct call of
// a definition are in engine/yaql/setup_declare_test.go).

// constantFoo returns the tests engine and a child of the test context
// holding foo(arg: t) → arg.
func constantFoo(t *testing.T, typ yaql.Type) (*yaql.Engine, *yaql.Context) {
	e, c := testsFlavor(t)
	c = c.Child()
	c.Register(yaql.Fn("foo", returnArg, yaql.P("arg", typ)))
	return e, c
}

// TestEngine.test_keyword_constant_function
func TestSetupKeywordConstant(t *testing.T) {
	e, c := constantFoo(t, yaql.Keyword)
	setupWant(t, e, c, "foo(qw)", nil, value.String("qw"))
	setupWantError(t, e, c, "foo($)", value.String("asd"), yaql.ClassNoMatchingFunc, noMatch("foo"))
	setupWantError(t, e, c, `foo("q w")`, nil, yaql.ClassNoMatchingFunc, noMatch("foo"))
	setupWantError(t, e, c, "foo(null)", nil, yaql.ClassNoMatchingFunc, noMatch("foo"))
}

// TestEngine.test_constant_function: the reference's Constant(nullable=True).
func TestSetupConstant(t *testing.T) {
	e, c := constantFoo(t, &yaql.ConstantType{Name: "constant", Nullable: true})
	setupWant(t, e, c, "foo(qw)", nil, value.String("qw"))
	setupWant(t, e, c, "foo(123)", nil, value.Int(123))
	setupWant(t, e, c, "foo(false)", nil, value.Bool(false))
	setupWant(t, e, c, "foo(null)", nil, value.Null)
	setupWantError(t, e, c, "foo($)", value.String("asd"), yaql.ClassNoMatchingFunc, noMatch("foo"))
}

// TestEngine.test_string_constant_function
func TestSetupStringConstant(t *testing.T) {
	e, c := constantFoo(t, yaql.StringConstant)
	setupWant(t, e, c, "foo(qw)", nil, value.String("qw"))
	setupWant(t, e, c, `foo("q w")`, nil, value.String("q w"))
	setupWantError(t, e, c, "foo($)", value.String("asd"), yaql.ClassNoMatchingFunc, noMatch("foo"))
	setupWantError(t, e, c, "foo(123)", nil, yaql.ClassNoMatchingFunc, noMatch("foo"))
	setupWantError(t, e, c, "foo(null)", nil, yaql.ClassNoMatchingFunc, noMatch("foo"))
}

// TestEngine.test_numeric_constant_function
func TestSetupNumericConstant(t *testing.T) {
	e, c := constantFoo(t, yaql.NumericConstant)
	setupWant(t, e, c, "foo(123)", nil, value.Int(123))
	setupWant(t, e, c, "foo(12.4)", nil, value.Float(12.4))
	setupWantError(t, e, c, "foo($)", value.Int(5), yaql.ClassNoMatchingFunc, noMatch("foo"))
	setupWantError(t, e, c, `foo("123")`, nil, yaql.ClassNoMatchingFunc, noMatch("foo"))
	setupWantError(t, e, c, "foo(null)", nil, yaql.ClassNoMatchingFunc, noMatch("foo"))
}

// TestEngine.test_boolean_constant_function
func TestSetupBooleanConstant(t *testing.T) {
	e, c := constantFoo(t, yaql.BooleanConstant)
	setupWant(t, e, c, "foo(true)", nil, value.Bool(true))
	setupWantError(t, e, c, "foo($)", value.Bool(true), yaql.ClassNoMatchingFunc, noMatch("foo"))
	setupWantError(t, e, c, `foo("true")`, nil, yaql.ClassNoMatchingFunc, noMatch("foo"))
	setupWantError(t, e, c, "foo(null)", nil, yaql.ClassNoMatchingFunc, noMatch("foo"))
}

// TestEngine.test_skip_args: func(a=11, b=22, c=33) → (a, b, c); untyped
// parameters with an int default take the reference's PythonType(int),
// nullable.
func TestSetupSkipArgs(t *testing.T) {
	e, c := testsFlavor(t)
	c.Register(yaql.Fn("func", func(c *yaql.Call) (value.Value, error) {
		return value.NewTuple([]value.Value{c.Args[0], c.Args[1], c.Args[2]}), nil
	}, yaql.Opt("a", yaql.Int, value.Int(11)), yaql.Opt("b", yaql.Int, value.Int(22)), yaql.Opt("c", yaql.Int, value.Int(33))))
	setupWant(t, e, c, "func(,,1)", nil, ints(11, 22, 1))
	setupWant(t, e, c, "func(0,,1)", nil, ints(0, 22, 1))
	setupWant(t, e, c, "func()", nil, ints(11, 22, 33))
	setupWant(t, e, c, "func(,1, c=>4)", nil, ints(11, 1, 4))
	setupWantError(t, e, c, "func(,1, b=>4)", nil, yaql.ClassNoMatchingFunc, noMatch("func"))
	setupWantError(t, e, c, "func(,1,, c=>4)", nil, yaql.ClassNoMatchingFunc, noMatch("func"))
}

// TestEngine.test_mapping_translation_exception
func TestSetupMappingTranslation(t *testing.T) {
	e, c := testsFlavor(t)
	c.Register(yaql.Fn("f", func(*yaql.Call) (value.Value, error) { return value.Int(1), nil },
		yaql.Rest("args", yaql.Any), yaql.Kwargs("kwargs", yaql.Any)))
	setupWantError(t, e, c, "f(2+2 => 4)", nil, yaql.ClassMapping, "Cannot convert mapping to keyword argument")
}

// TestEngine.test_super: len(string) overridden in a child context as
// 2 * the outer len(string).
func TestSetupSuper(t *testing.T) {
	e, c := testsFlavor(t)
	c = c.Child()
	c.Register(yaql.Fn("len", func(c *yaql.Call) (value.Value, error) {
		n, err := c.Super(c.Args[:1], nil)
		if err != nil {
			return nil, err
		}
		return value.Int(2 * intArg(n)), nil
	}, yaql.P("string", yaql.String)))
	setupWant(t, e, c, "len(abc)", nil, value.Int(6))
}

// TestEngine.test_delegate_factory: a function calling any function of the
// context by name (the reference's injected Delegate()).
func TestSetupDelegateFactory(t *testing.T) {
	e, c := testsFlavor(t)
	c = c.Child()
	c.Register(yaql.Fn("callFunc", func(c *yaql.Call) (value.Value, error) {
		return c.RT.CallFunction(c.Ctx.Child(), string(c.Args[0].(value.String)), yaql.NoValue, c.Rest, c.Kwargs)
	}, yaql.P("name", yaql.String), yaql.Rest("args", yaql.Any), yaql.Kwargs("kwargs", yaql.Any)))
	setupWant(t, e, c, "callFunc(list, 1, 2)", nil, ints(1, 2))
	setupWant(t, e, c, "callFunc('#operator_*', 2, 3)", nil, value.Int(6))
}

// TestEngine.test_high_precedence_operator_insertion: the reference adds a
// binary ":" above every other operator; the MuranoPL dialect has exactly
// such an operator. $.a[0] must still read ($.a)[0].
func TestSetupHighPrecedenceOperator(t *testing.T) {
	_, c := testsFlavor(t)
	e := yaql.NewEngine(syntax.Dialect{Murano: true, AllowDelegates: true}, std.DefaultOptions(std.Tests))
	a := value.NewDict(1)
	a.SetString("a", ints(1))
	setupWant(t, e, c, "$.a[0]", a, value.Int(1))
}

// TestEngine.test_eval: yaql.eval, the reference's default engine (no
// options: no iterator limit, no memory quota) and context.
func TestSetupEval(t *testing.T) {
	e := yaql.NewEngine(syntax.Dialect{}, yaql.Options{LimitIterators: -1})
	c := std.NewContext(std.Options{})
	got, err := evalIn(t, e, c, "let(inp => $) -> [1, 2, 3].select($ + $inp).reduce($1 * $2)", value.Int(3))
	if err != nil || got.Type() != "int" || !value.Equal(got, value.Int(120)) {
		t.Errorf("got %v, %v; want 120", got, err)
	}
}
