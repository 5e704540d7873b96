package std_test

import "testing"

// commonCases are expressions of the common library with the outcome the
// reference oracle (python3-yaql 2.0.0, plain flavour) gives.
//
// want is the JSON result or "!" + "Class: message" for an error.
var commonCases = []struct{ expr, want string }{
	// equality is Python's ==
	{"null = null", "true"},
	{"null != 1", "true"},
	{"1 = 1.0", "true"},
	{"0 != 0.0", "false"},
	{"5 != 6", "true"},
	{"true = 1", "true"},
	{"false = 0", "true"},
	{"'a' = 'a'", "true"},
	{"'a' = 'b'", "false"},
	{"[1, 2] = [1, 2]", "true"},
	{"[1, 2] != [2, 1]", "true"},
	{"{a => 1} = {a => 1}", "true"},
	{"{a => 1, b => 2} = {b => 2, a => 1}", "true"},
	{"set(1, 2) = set(2, 1)", "true"},
	{"[1] = 1", "false"},
	{"9007199254740993 = 9007199254740992.0", "false"},
	{"pow(2, 100) = pow(2, 100) * 1.0", "true"},
	{"float('nan') = float('nan')", "false"},
	// null orders before everything, equal to itself
	{"null < null", "false"},
	{"null <= null", "true"},
	{"null > null", "false"},
	{"null >= null", "true"},
	{"null < 1", "true"},
	{"null <= 1", "true"},
	{"null > 1", "false"},
	{"null >= 1", "false"},
	{"1 < null", "false"},
	{"1 <= null", "false"},
	{"1 > null", "true"},
	{"1 >= null", "true"},
	{"null > 'a'", "false"},
	{"'a' >= null", "true"},
	{"[1] < null", "false"},
	{"null < {}", "true"},
	// no ordering across types
	{"'a' < 1", `!NoMatchingFunctionException: No function "#operator_<" matches supplied arguments`},
	{"[1] < [2]", `!NoMatchingFunctionException: No function "#operator_<" matches supplied arguments`},
	{"true < 2", `!NoMatchingFunctionException: No function "#operator_<" matches supplied arguments`},
	{"3 > 2 > 1", `!NoMatchingFunctionException: No function "#operator_>" matches supplied arguments`},
}

func TestCommon(t *testing.T) { checkOracleCases(t, "common_test", commonCases) }
