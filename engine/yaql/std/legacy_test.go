package std_test

import (
	"testing"

	"murano.dev/playground/engine/yaql/std"
)

// legacyCases are expressions of the yaql 0.2 compatibility layer, in the
// flavours that use it (see flavourCase for how they were obtained).
var legacyCases = []flavourCase{
	{`legacy`, `a => b`, `["a", "b"]`},
	{`legacy`, `null => 1 => []`, `[null, 1, []]`},
	{`legacy`, `(a => b) => c`, `[["a", "b"], "c"]`},
	{`legacy`, `a => (b => c)`, `["a", ["b", "c"]]`},
	{`legacy`, `dict(a => 1, b => 2)`, `{"a": 1, "b": 2}`},
	{`legacy`, `dict(tuple(a, 1), tuple(b, 2))`, `{"a": 1, "b": 2}`},
	{`legacy`, `(a=>1).dict(b=>2)`, `!NoMethodRegisteredException: Unknown method "dict" for receiver ('a', 1)`},
	{`legacy`, `tuple(1,2).dict()`, `!NoMethodRegisteredException: Unknown method "dict" for receiver (1, 2)`},
	{`legacy`, `dict(1)`, `!NoMatchingFunctionException: No function "dict" matches supplied arguments`},
	{`legacy`, `dict()`, `{}`},
	{`legacy`, `dict(a=>1, [b, 2])`, `{"a": 1, "b": 2}`},
	{`legacy`, `dict(tuple(a,1,2))`, `{"a": 1}`},
	{`legacy`, `{a=>1}`, `{"a": 1}`},
	{`legacy`, `{a=>1}.b`, `null`},
	{`legacy`, `{a=>1}.a`, `1`},
	{`legacy`, `range(0,3).toList()`, `[0, 1, 2]`},
	{`legacy`, `toList([1])`, `!NoFunctionRegisteredException: Unknown function "toList"`},
	{`legacy`, `{a=>1}.toList()`, `["a"]`},
	{`legacy`, `tuple(0, [], "a")`, `[0, [], "a"]`},
	{`legacy`, `tuple()`, `[]`},
	{`legacy`, `tuple(null)`, `[null]`},
	{`legacy`, `[1,2][$>1]`, `[2]`},
	{`legacy`, `[1,2][1]`, `2`},
	{`legacy`, `[1,2][-1]`, `2`},
	{`legacy`, `[1,2][5]`, `!IndexError: tuple index out of range`},
	{`legacy`, `[1,2][true]`, `[1, 2]`},
	{`legacy`, `[1,2][null]`, `[]`},
	{`legacy`, `[][0]`, `!IndexError: tuple index out of range`},
	{`legacy`, `{a=>1}[a]`, `["a"]`},
	{`legacy`, `range(0,3)[1]`, `1`},
	{`legacy`, `range(0,3)[7]`, `!IndexError: range object index out of range`},
	{`legacy`, `range(0,3)[-1]`, `2`},
	{`legacy`, `set(1,2)[1]`, `[1, 2]`},
	{`legacy`, `range(3).take(5)`, `[3, 4, 5, 6, 7]`},
	{`legacy`, `0.range(3)`, `[0, 1, 2]`},
	{`legacy`, `range(true).take(2)`, `[1, 2]`},
	{`legacy`, `range(null)`, `!NoMatchingFunctionException: No function "range" matches supplied arguments`},
	{`legacy`, `range(1,null).take(2)`, `[1, 2]`},
	{`legacy`, `range(1,5,2)`, `[1, 3]`},
	{`legacy`, `range(1.5)`, `!NoMatchingFunctionException: No function "range" matches supplied arguments`},
	{`legacy`, `range(2, 2)`, `[]`},
	{`legacy`, `range(10000000000000000000000).take(2)`, `[10000000000000000000000, 10000000000000000000001]`},
	{`legacy`, `15.switch($ < 3 => "a", $ < 7 => "b", $ => "c")`, `"c"`},
	{`legacy`, `switch(1, $ > 0 => 2)`, `2`},
	{`legacy`, `1.switch(tuple(1,2,3))`, `!ValueError: switch() tuples must be of size 2`},
	{`legacy`, `1.switch(1)`, `!ValueError: switch() must have tuple or mapping parameters`},
	{`legacy`, `1.switch($>5 => 1)`, `null`},
	{`legacy`, `1.switch([true, 2].toList())`, `!ValueError: switch() must have tuple or mapping parameters`},
	{`legacy`, `2.switch()`, `null`},
	{`legacy`, `[1, 2].as(len($) => a, sum($) => b) -> $a + $b`, `5`},
	{`legacy`, `[1, 2].as(sum($) => a).select($ * $a)`, `[3, 6]`},
	{`legacy`, `[1].as($ => 1)`, `!AttributeError: 'int' object has no attribute 'startswith'`},
	{`legacy`, `[1].as(tuple(1,2,3))`, `!ValueError: as() tuples must be of size 2`},
	{`legacy`, `[1].as(5)`, `!ValueError: as() must have tuple parameters`},
	{`legacy`, `[1].as(a => b) -> $b`, `"a"`},
	{`legacy`, `let(5) -> $.as($ => x) -> $x`, `5`},
	{`legacy`, `[1, 2].as(len($) => n).len()`, `2`},
	{`legacy`, `select([1,2], $*2)`, `[2, 4]`},
	{`legacy`, `where([1,2], $>1)`, `[2]`},
	{`legacy`, `list(1,2)`, `[1, 2]`},
	{`legacy`, `[1,2].list()`, `[[1, 2]]`},
	{`legacy`, `bool(1)`, `true`},
	{`legacy`, `1.bool()`, `true`},
	{`legacy`, `int("3")`, `3`},
	{`legacy`, `"3".int()`, `3`},
	{`legacy`, `float(1)`, `1.0`},
	{`legacy`, `1.float()`, `1.0`},
	{`legacy`, `sum([1,2])`, `3`},
	{`legacy`, `join([1,2], ",")`, `"1,2"`},
	{`legacy`, `[1,2].join(",")`, `"1,2"`},
	{`legacy`, `takeWhile([1,2,3], $<2)`, `[1]`},
	{`legacy`, `get({a=>1}, a)`, `1`},
	{`legacy`, `$legacy`, `true`},
	{`legacy`, `{a=>1}.len()`, `1`},
	{`legacy`, `{a=>1}.select($)`, `["a"]`},
	{`tests-legacy`, `{a=>1}.select($)`, `["a"]`},
	{`tests-legacy`, `a => b`, `["a", "b"]`},
	{`tests-legacy`, `$legacy`, `null`},
	{`tests-legacy-new`, `{a=>1}[a]`, `!NoMatchingFunctionException: No function "#indexer" matches supplied arguments`},
	{`tests-legacy-new`, `{a=>1}.b`, `null`},
	{`tests-legacy-new`, `dict(a=>1)`, `{"a": 1}`},
	{`tests-legacy-new`, `dict(tuple(a,1))`, `{"a": 1}`},
	{`tests-legacy-new`, `[1,2][$>1]`, `[2]`},
	{`tests-legacy-new`, `2.switch($>1 => 5)`, `5`},
	{`tests-legacy-new`, `2.switch($>5 => 5)`, `null`},
	{`tests-legacy-new`, `[1].as(len($) => a) -> $a`, `1`},
	{`tests-legacy-new`, `[1, 2].as(len($) => a, sum($) => b) -> $a + $b`, `5`},
	{`tests-legacy-new`, `select([1,2], $)`, `[1, 2]`},
	{`tests-legacy-new`, `range(3).take(2)`, `[3, 4]`},
	{`tests-legacy-new`, `tuple(1)`, `[1]`},
	{`tests-legacy-new`, `[1,2].select(x=>$)`, `!NoMatchingMethodException: No method "select" for receiver (1, 2) matches supplied arguments`},
	{`tests-legacy-new`, `{a=>1}`, `{"a": 1}`},
	{`murano-legacy`, `{a=>1}[a]`, `["a"]`},
	{`murano-legacy`, `range(3).take(2)`, `[3, 4]`},
	{`murano-legacy`, `range(0, 2)`, `[0, 1]`},
	{`murano-legacy`, `tuple(1, [2])`, `[1, [2]]`},
	{`murano-legacy`, `[1].as(len($) => a) -> $a`, `1`},
	{`murano-legacy`, `{a=>1}.b`, `null`},
}

func TestLegacy(t *testing.T) { runFlavourCases(t, legacyCases) }

// TestLegacyBudget checks that the endless legacy range stays lazy and
// that draining it ends within the step budget (the reference never
// returns).
func TestLegacyBudget(t *testing.T) {
	opts := std.DefaultOptions(std.Legacy)
	opts.LimitIterators = -1
	opts.MaxSteps = 200_000
	e, root, err := std.NewFlavor(std.Legacy, std.Setup{Options: &opts})
	if err != nil {
		t.Fatal(err)
	}
	for _, src := range []string{
		`range(0).len()`,
		`range(0).toList()`,
		`range(0)[$ < 0].first()`,
	} {
		wantBudgetExceeded(t, e, root, src)
	}
}
