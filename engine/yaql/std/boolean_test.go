package std_test

import "testing"

// booleanCases are expressions of the boolean library with the outcome the
// reference oracle (python3-yaql 2.0.0, plain flavour) gives.
//
// want is the JSON result or "!" + "Class: message" for an error.
var booleanCases = []struct{ expr, want string }{
	// and / or return an operand and evaluate the right one only if needed
	{"1 and 0", "0"},
	{"1 and 2", "2"},
	{"[] and 1", "[]"},
	{"null and 1", "null"},
	{"1 and null", "null"},
	{"true and null", "null"},
	{"1 or 0", "1"},
	{"1 or 2", "1"},
	{"[] or 1", "1"},
	{"0 or 'x'", `"x"`},
	{"null or false", "false"},
	{"false or null", "null"},
	{"true or 1/0", "true"},
	{"false and 1/0", "false"},
	{"0 and 1/0", "0"},
	{"1 or [].first()", "1"},
	// not, bool()
	{"not true", "false"},
	{"not null", "true"},
	{"not {}", "true"},
	{"not [1]", "false"},
	{"not 0.0", "true"},
	{"not ''", "true"},
	{"not 1 = 2", "true"},
	{"bool(1)", "true"},
	{"bool([])", "false"},
	{"bool({})", "false"},
	{"bool('')", "false"},
	{"bool('0')", "true"},
	{"bool(1.5)", "true"},
	{"bool(0.0)", "false"},
	{"bool(null)", "false"},
	{"bool(timespan())", "false"},
	{"bool(timespan(microseconds => 1))", "true"},
	{"bool(datetime(1, 1, 1))", "true"},
	{"bool()", `!NoMatchingFunctionException: No function "bool" matches supplied arguments`},
	{"bool(1, 2)", `!NoMatchingFunctionException: No function "bool" matches supplied arguments`},
	// isBoolean
	{"isBoolean(false)", "true"},
	{"isBoolean(0)", "false"},
	{"isBoolean(null)", "false"},
	{"isBoolean('true')", "false"},
}

func TestBoolean(t *testing.T) { checkOracleCases(t, "boolean_test", booleanCases) }
