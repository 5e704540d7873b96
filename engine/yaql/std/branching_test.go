package std_test

import "testing"

// branchingCases are expressions of the branching library with the outcome the
// reference oracle (python3-yaql 2.0.0, plain flavour) gives.
//
// want is the JSON result or "!" + "Class: message" for an error.
var branchingCases = []struct{ expr, want string }{
	// switch: first true key wins; keys and values are lazy
	{`switch("ab" > "abc" => 1, "ab" >= "abc" => 2, "ab" < "abc" => 3)`, "3"},
	{"switch(null => 1, true => 2)", "2"},
	{"switch(1 > 2 => 1)", "null"},
	{"switch()", "null"},
	{"switch(true => null)", "null"},
	{"switch(x => 1)", "1"},
	{"switch(true => 1, 1/0 => 2)", "1"},
	{"switch(false => 1/0, true => 2)", "2"},
	{"switch(1)", `!NoMatchingFunctionException: No function "switch" matches supplied arguments`},
	// selectCase, selectAllCases, examine
	{`selectCase("ab" > "abc", "ab" >= "abc", "ab" < "abc")`, "2"},
	{"selectCase(null, true)", "1"},
	{"selectCase()", "0"},
	{"selectCase(false, false)", "2"},
	{"selectCase(true, 1/0)", "0"},
	{`selectAllCases("ab" > "abc", "ab" <= "abc", "ab" < "abc")`, "[1, 2]"},
	{"selectAllCases(false, true, null, 1)", "[1, 3]"},
	{"selectAllCases()", "[]"},
	{"selectAllCases(true, 1/0).first()", "0"},
	{`examine("ab" > "abc", "ab" <= "abc", "ab" < "abc")`, "[false, true, true]"},
	{"examine(null, 1, [], 'a')", "[false, true, false, true]"},
	{"examine(true, 1/0).first()", "true"},
	// switchCase: a method on the index
	{"1.switchCase('a', 1 + 1, [])", "2"},
	{"2.switchCase('a', 1 + 1, [])", "[]"},
	{"3.switchCase('a', 1 + 1, [])", "[]"},
	{"1.switchCase(null, 2)", "2"},
	{"5.switchCase()", "null"},
	{"-1.switchCase(1, 2, 3)", "-2"},
	{"(-1).switchCase(1, 2, 3)", "3"},
	{"true.switchCase(1, 2, 3)", "2"},
	{"0.switchCase(1, 1/0)", "1"},
	{"1.5.switchCase(1, 2, 3)", `!NoMatchingMethodException: No method "switchCase" for receiver 1.5 matches supplied arguments`},
	{"null.switchCase(1, 2)", `!NoMatchingMethodException: No method "switchCase" for receiver None matches supplied arguments`},
	{"switchCase(1, 2, 3)", `!NoFunctionRegisteredException: Unknown function "switchCase"`},
	{`let(1) -> selectCase($ < 0, $ = 0).switchCase("less than 0", "equal to 0", "greater than 0")`, `"greater than 0"`},
	// coalesce
	{"coalesce(null)", "null"},
	{`coalesce(null, [1, 2, 3][0], "abc")`, "1"},
	{"coalesce(null, false, 1)", "false"},
	{"coalesce(null, 1)", "1"},
	{"coalesce()", "null"},
	{"coalesce(1, 1/0)", "1"},
	{"coalesce($, 1)", "1"},
}

func TestBranching(t *testing.T) { checkOracleCases(t, "branching_test", branchingCases) }
