package syntax

import "testing"

// The expected trees print operators as the functions they call; the
// expected errors are the reference's messages (checked with the oracle).
func TestParse(t *testing.T) {
	tests := []struct {
		dialect Dialect
		src     string
		want    string
	}{
		{Dialect{}, "1 + 2 * 3", "#operator_+(1, #operator_*(2, 3))"},
		{Dialect{}, "not 1 = 2", "#unary_operator_not(*equal(1, 2))"},
		{Dialect{}, "-2.abs()", "#unary_operator_-(#operator_.(2, abs()))"},
		{Dialect{}, "3 > 2 > 1", "#operator_>(#operator_>(3, 2), 1)"},
		{Dialect{}, "1 - -1", "#operator_-(1, #unary_operator_-(1))"},
		{Dialect{}, "a -> b -> c", "#operator_->(a, #operator_->(b, c))"},
		{Dialect{}, "$.a.b[0]", "#indexer(#operator_.(#operator_.($, a), b), 0)"},
		{Dialect{}, "-$[0]", "#unary_operator_-(#indexer($, 0))"},
		{Dialect{}, "$x != 1 and $y", "#operator_and(*not_equal($x, 1), $y)"},
		{Dialect{}, "list(,1)", "list(<NoValue>, 1)"},
		{Dialect{}, "list(1,,3)", "list(1, <NoValue>, 3)"},
		{Dialect{}, "f(1, a => 2)", "f(1, a => 2)"},
		{Dialect{}, "f(1,, a => 2)", "f(1, <NoValue>, a => 2)"},
		{Dialect{}, "{a => 1, 2 => [3]}", "#map(a => 1, 2 => #list(3))"},
		{Dialect{}, "[1,2][0,1]", "#indexer(#list(1, 2), 0, 1)"},
		{Dialect{}, "'a\\nb' + `a\\nb`", "#operator_+('a\nb', 'a\\nb')"},
		{Dialect{}, "'\\101\\x41\\u0041\\U00000041\\q'", "'AAAA\\q'"},
		{Dialect{}, "'\\N{LATIN SMALL LETTER A}'", "'a'"},
		{Dialect{}, "1.5.abs()", "#operator_.(1.5, abs())"},
		{Dialect{}, "a.b (1)", "Parse error: unexpected '(' at position 4 of expression 'a.b (1)'"},
		{Dialect{}, "list(1,)", "Parse error: unexpected ')' at position 7 of expression 'list(1,)'"},
		{Dialect{}, "list(,)", "Parse error: unexpected ')' at position 6 of expression 'list(,)'"},
		{Dialect{}, "list(a=>1, 2)", "Parse error: unexpected ')' at position 12 of expression 'list(a=>1, 2)'"},
		{Dialect{}, "list(1, a=>1,)", "Parse error: unexpected ')' at position 13 of expression 'list(1, a=>1,)'"},
		{Dialect{}, "[1,2,]", "Parse error: unexpected ']' at position 5 of expression '[1,2,]'"},
		{Dialect{}, "{a=>1,}", "Parse error: unexpected '}' at position 6 of expression '{a=>1,}'"},
		{Dialect{}, "true true", "Parse error: unexpected 'True' at position 5 of expression 'true true'"},
		{Dialect{}, "1 'abc'", "Parse error: unexpected 'abc' at position 2 of expression '1 'abc''"},
		{Dialect{}, "1 1.50", "Parse error: unexpected '1.5' at position 2 of expression '1 1.50'"},
		{Dialect{}, "1 foo(", "Parse error: unexpected 'foo' at position 2 of expression '1 foo('"},
		{Dialect{}, "1 +", "Parse error: unexpected end of statement"},
		{Dialect{}, "()", "Parse error: unexpected ')' at position 1 of expression '()'"},
		{Dialect{}, "(1,2)", "Parse error: unexpected ',' at position 2 of expression '(1,2)'"},
		{Dialect{}, "a => 1", "Parse error: unexpected '=>' at position 2 of expression 'a => 1'"},
		{Dialect{}, "$x(1)", "Parse error: unexpected '(' at position 2 of expression '$x(1)'"},
		{Dialect{}, ".5", "Parse error: unexpected '.' at position 0 of expression '.5'"},
		{Dialect{}, "2 ** 3", "Parse error: unexpected '*' at position 3 of expression '2 ** 3'"},
		{Dialect{}, "__foo", "Lexical error: illegal character '_' at position 0"},
		{Dialect{}, "12abc", "Lexical error: illegal character '1' at position 0"},
		{Dialect{}, "1.5e3", "Lexical error: illegal character '5' at position 2"},
		{Dialect{}, "1 # 2", "Lexical error: illegal character '#' at position 2"},
		{Dialect{}, "[1][1:2]", "Lexical error: illegal character ':' at position 5"},
		{Dialect{}, "__foo(1)", "__foo(1)"},
		{Dialect{}, "list(,, a => 2)", "Parse error: unexpected '=>' at position 10 of expression 'list(,, a => 2)'"},
		{Dialect{}, "list(1,,, a => 2)", "Parse error: unexpected '=>' at position 12 of expression 'list(1,,, a => 2)'"},
		{Dialect{}, "list(, a => 2)", "Parse error: unexpected '=>' at position 9 of expression 'list(, a => 2)'"},
		{Dialect{}, "not(true)", "not(True)"},
		{Dialect{AllowDelegates: true}, "$x(1)(2)", "#call(#call($x, 1), 2)"},
		{Dialect{AllowDelegates: true}, "a + $b(1)", "#operator_+(a, #call($b, 1))"},
		{Dialect{Legacy: true}, "a => 1", "#operator_=>(a, 1)"},
		{Dialect{Legacy: true}, "a => b or c", "#operator_=>(a, #operator_or(b, c))"},
		{Dialect{Legacy: true}, "f(x => 1)", "f(#operator_=>(x, 1))"},
		{Dialect{Murano: true}, "ns:Name.f()", "#operator_.(#operator_:(ns, Name), f())"},
		{Dialect{Murano: true}, ":Name", "#unary_operator_:(Name)"},
		{Dialect{Murano: true}, "$x is :T and 1 > 0", "#operator_and(#operator_is($x, #unary_operator_:(T)), #operator_>(1, 0))"},
	}
	for _, tt := range tests {
		e, err := NewParser(tt.dialect).Parse(tt.src)
		var got string
		if err != nil {
			got = err.(*Error).Msg
		} else {
			got = e.String()
		}
		if got != tt.want {
			t.Errorf("Parse(%q) = %s\nwant %s", tt.src, got, tt.want)
		}
	}
}
