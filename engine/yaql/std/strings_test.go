package std_test

import (
	"context"
	"errors"
	"testing"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
	"murano.dev/playground/engine/yaql/std"
)

// stringCases are expressions of the strings library with the outcome the
// reference oracle (python3-yaql 2.0.0, plain flavour) gives.
//
// want is the JSON result, "~" + the result when the oracle flagged a set
// (order ignored), or "!" + "Class: message" for an error.
var stringCases = []struct{ expr, want string }{
	// comparison, concatenation, repetition, in
	{`'abc' > 'abd'`, `false`},
	{`'abc' >= 'ab'`, `true`},
	{`'B' < 'a'`, `true`},
	{`'é' > 'z'`, `true`},
	{`'a' < 1`, `!NoMatchingFunctionException: No function "#operator_<" matches supplied arguments`},
	{`'a' + 'b' + 'c'`, `"abc"`},
	{`'a' + 1`, `!NoMatchingFunctionException: No function "#operator_+" matches supplied arguments`},
	{`concat('a', 'b', 'c')`, `"abc"`},
	{`concat()`, `!AmbiguousFunctionException: Ambiguous function "concat"`},
	{`'ab' * 3`, `"ababab"`},
	{`3 * 'ab'`, `"ababab"`},
	{`'ab' * true`, `"ab"`},
	{`'ab' * -1`, `""`},
	{`'ab' * null`, `!NoMatchingFunctionException: No function "#operator_*" matches supplied arguments`},
	{`'ab' * 100000000000000000000000`, `!MemoryQuotaExceededException: Expression consumed too much memory`},
	{`'ab' * -100000000000000000000000`, `!MemoryQuotaExceededException: Expression consumed too much memory`},
	{`'a' * -3000`, `!MemoryQuotaExceededException: Expression consumed too much memory`},
	{`'ab' * 2.0`, `!NoMatchingFunctionException: No function "#operator_*" matches supplied arguments`},
	{`'b' in 'abc'`, `true`},
	{`'' in 'abc'`, `true`},
	{`'d' in 'abc'`, `false`},
	// len, case mapping
	{`len('héllo')`, `5`},
	{`'héllo'.len()`, `5`},
	{`len('')`, `0`},
	{`'straße'.toUpper()`, `"STRASSE"`},
	{`'ﬁ'.toUpper()`, `"FI"`},
	{`'İ'.toLower()`, `"i̇"`},
	{`'ΣΑΣ ΟΔΟΣ'.toLower()`, `"σας οδος"`},
	{`'Σ'.toLower()`, `"σ"`},
	{`'Привет'.toUpper()`, `"ПРИВЕТ"`},
	{`toUpper('a')`, `!NoFunctionRegisteredException: Unknown function "toUpper"`},
	{`'AB1c'.toLower()`, `"ab1c"`},
	// split and rightSplit
	{`'  a  b  c  '.split()`, `["a", "b", "c"]`},
	{`'  a  b  c  '.split(maxSplits => 1)`, `["a", "b  c  "]`},
	{`'  a  b  c  '.rightSplit(maxSplits => 1)`, `["  a  b", "c"]`},
	{`'a\u00a0b\u2003c\x1fd'.split()`, `["a", "b", "c", "d"]`},
	{`''.split()`, `[]`},
	{`''.split(',')`, `[""]`},
	{`'a,b,,c'.split(',')`, `["a", "b", "", "c"]`},
	{`'a,b,,c'.split(',', 1)`, `["a", "b,,c"]`},
	{`'a,b,,c'.rightSplit(',', 1)`, `["a,b,", "c"]`},
	{`'a,b,,c'.split(',', 0)`, `["a,b,,c"]`},
	{`'a,b'.split(',', true)`, `["a", "b"]`},
	{`'a'.split('')`, `!ValueError: empty separator`},
	{`'a'.split(null, 100000000000000000000)`, `!OverflowError: Python int too large to convert to C ssize_t`},
	{`'a b'.split(maxSplits => null)`, `!NoMatchingMethodException: No method "split" for receiver a b matches supplied arguments`},
	{`str('a b'.split())`, `"['a', 'b']"`},
	// join
	{`[1, null, true, 'x', [1, 2], 1.5].join(', ')`, `"1, null, true, x, (1, 2), 1.5"`},
	{`', '.join([1, 2])`, `"1, 2"`},
	{`[].join('-')`, `""`},
	{`'ab'.join('cd')`, `!NoMatchingMethodException: No method "join" for receiver ab matches supplied arguments`},
	{`{a => 1}.join(',')`, `!NoMatchingMethodException: No method "join" for receiver {'a': 1} matches supplied arguments`},
	{`set('a').join(',')`, `"a"`},
	// str
	{`str(null)`, `"null"`},
	{`str(true)`, `"true"`},
	{`str(false)`, `"false"`},
	{`str(1.0)`, `"1.0"`},
	{`str(10000000000000000.0)`, `"1e+16"`},
	{`str(0.1)`, `"0.1"`},
	{`str('x')`, `"x"`},
	{`str([1, 'a', null, true])`, `"(1, 'a', None, True)"`},
	{`str([1])`, `"(1,)"`},
	{`str([])`, `"()"`},
	{`str({a => [1, null, true]})`, `"{'a': (1, None, True)}"`},
	{`str({})`, `"{}"`},
	{`str(set())`, `"frozenset()"`},
	{`str(set(1))`, `"frozenset({1})"`},
	{`str(123456789012345678901234567890)`, `"123456789012345678901234567890"`},
	{`str(regex('a'))`, `"re.compile('a')"`},
	// trim, norm, isEmpty
	{`'  x  '.trim()`, `"x"`},
	{`'abxba'.trim(ab)`, `"x"`},
	{`'abxba'.trimLeft(ab)`, `"xba"`},
	{`'abxba'.trimRight(ab)`, `"abx"`},
	{`'  x  '.trimLeft()`, `"x  "`},
	{`'  x  '.trimRight()`, `"  x"`},
	{`'\u3000x\x1c'.trim()`, `"x"`},
	{`'x'.trim('')`, `"x"`},
	{`'x'.trim(null)`, `"x"`},
	{`trim('x')`, `!NoFunctionRegisteredException: Unknown function "trim"`},
	{`norm('')`, `null`},
	{`norm(null)`, `null`},
	{`norm('  x ')`, `"x"`},
	{`'aaa'.norm('a')`, `null`},
	{`null.norm()`, `null`},
	{`isEmpty('')`, `true`},
	{`isEmpty(null)`, `true`},
	{`null.isEmpty()`, `true`},
	{`isEmpty('  ')`, `true`},
	{`isEmpty('  x')`, `false`},
	{`' '.isEmpty(trim => false)`, `false`},
	{`'abaab'.isEmpty(chars => 'ab')`, `true`},
	{`' '.isEmpty(trim => null)`, `!NoMatchingMethodException: No method "isEmpty" for receiver   matches supplied arguments`},
	// replace
	{`'ABBD'.replace(B, x)`, `"AxxD"`},
	{`'ABxD'.replace(B, x, 1)`, `"AxxD"`},
	{`'aaa'.replace(a, b, -5)`, `"bbb"`},
	{`'aaa'.replace(a, b, 0)`, `"aaa"`},
	{`'abc'.replace('', '-')`, `"-a-b-c-"`},
	{`'abc'.replace('', '-', 2)`, `"-a-bc"`},
	{`'AxyD'.replace({x => z, y => 1})`, `"Az1D"`},
	{`'A122Dnull'.replace({1 => y, 2 => false, null => '!'}, 1)`, `"Ayfalse2D!"`},
	{`'abc ab abc'.replace({abc => xx, ab => yy})`, `"xx yy xx"`},
	{`'abc ab abc'.replace({ab => yy, abc => xx}, 1)`, `"yyc ab xx"`},
	{`'a'.replace(a, 1)`, `!NoMatchingMethodException: No method "replace" for receiver a matches supplied arguments`},
	// substring, indexOf, lastIndexOf
	{`'abcdef'.substring(2)`, `"cdef"`},
	{`'abcdef'.substring(-2)`, `"ef"`},
	{`'abcdef'.substring(2, 3)`, `"cde"`},
	{`'abcdef'.substring(-3, 2)`, `"de"`},
	{`'abcdef'.substring(1, -1)`, `"bcdef"`},
	{`'abcdef'.substring(-5, -1)`, `"bcdef"`},
	{`'abcdef'.substring(10)`, `""`},
	{`'abcdef'.substring(-10, 2)`, `"cd"`},
	{`'héllo'.substring(1, 2)`, `"él"`},
	{`'abc'.substring(100000000000000000000000)`, `""`},
	{`'abc'.substring(true)`, `"bc"`},
	{`'abcdefedcba'.indexOf(c)`, `2`},
	{`'abcdefedcba'.indexOf(f, 3)`, `5`},
	{`'abcdefedcba'.indexOf(x)`, `-1`},
	{`'abcdefedcba'.indexOf(dcb, -4, 3)`, `7`},
	{`'abcdefedcba'.indexOf(dcb, -4, 100)`, `7`},
	{`'abcdefedcba'.indexOf(dcb, 0, 5)`, `-1`},
	{`'abc'.indexOf('', 3)`, `3`},
	{`'abc'.indexOf('', 4)`, `-1`},
	{`'héllo'.indexOf(l)`, `2`},
	{`'abcdefedcbabc'.lastIndexOf(c)`, `12`},
	{`'abcdefedcbabc'.lastIndexOf(c, 0, 4)`, `2`},
	{`'abcdefedcbabc'.lastIndexOf(c, 3, 4)`, `-1`},
	{`'abcdefedcbabc'.lastIndexOf(c, -1, 1)`, `12`},
	{`'abc'.lastIndexOf('')`, `3`},
	{`'abc'.indexOf(b, -100)`, `1`},
	// toCharArray, characters, isString
	{`'abc'.toCharArray()`, `["a", "b", "c"]`},
	{`'héllo'.toCharArray()`, `["h", "é", "l", "l", "o"]`},
	{`''.toCharArray()`, `[]`},
	{`characters(digits => true)`, `["7", "9", "2", "0", "8", "4", "5", "6", "1", "3"]`},
	{`characters(octdigits => true, digits => true)`, `["7", "9", "2", "0", "8", "4", "5", "6", "1", "3"]`},
	{`characters(hexdigits => true)`, `["A", "9", "8", "5", "B", "a", "C", "7", "f", "0", "4", "D", "d", "E", "2", "b", "6", "F", "1", "3", "c", "e"]`},
	{`characters(asciiLowercase => true)`, `["z", "r", "a", "v", "o", "j", "f", "x", "g", "k", "p", "d", "y", "n", "b", "m", "q", "u", "s", "h", "t", "i", "c", "e", "w", "l"]`},
	{`characters(asciiUppercase => true)`, `["S", "A", "K", "Q", "U", "M", "Y", "L", "B", "W", "C", "G", "N", "D", "R", "O", "J", "X", "E", "H", "F", "I", "T", "Z", "V", "P"]`},
	{`characters(asciiLetters => true)`, `["S", "z", "r", "A", "K", "Q", "U", "M", "Y", "L", "B", "a", "v", "o", "W", "j", "C", "f", "x", "G", "g", "k", "N", "D", "R", "p", "O", "d", "y", "J", "X", "n", "E", "H", "b", "F", "m", "I", "T", "Z", "q", "u", "s", "h", "t", "i", "c", "V", "e", "w", "l", "P"]`},
	{`characters(punctuation => true)`, "[\"#\", \"{\", \";\", \"+\", \"-\", \".\", \"~\", \"_\", \"}\", \"]\", \"<\", \"%\", \"^\", \")\", \">\", \":\", \"|\", \"$\", \"[\", \"@\", \"!\", \"*\", \"\\\"\", \"`\", \"(\", \"&\", \"?\", \"\\\\\", \"'\", \"/\", \",\", \"=\"]"},
	{`characters(printable => true)`, "[\" \", \"#\", \"U\", \"9\", \";\", \"M\", \"Y\", \"5\", \"a\", \"~\", \"o\", \"W\", \"_\", \"<\", \"f\", \"0\", \"4\", \"p\", \"\\n\", \"@\", \"2\", \"F\", \"`\", \"1\", \"I\", \"\\\"\", \"&\", \"?\", \"\\f\", \"\\u000b\", \"/\", \"\\t\", \"c\", \"e\", \"S\", \"A\", \"B\", \"C\", \"}\", \"G\", \"g\", \"k\", \":\", \"|\", \"$\", \"d\", \"X\", \"E\", \"b\", \"6\", \"*\", \"\\\\\", \"s\", \"h\", \"i\", \"{\", \"z\", \"r\", \"-\", \"L\", \"j\", \"]\", \"%\", \"^\", \"N\", \")\", \"R\", \"[\", \"y\", \"J\", \"m\", \"3\", \"(\", \"Z\", \"q\", \"u\", \",\", \"w\", \"l\", \"P\", \"K\", \"Q\", \"+\", \"8\", \".\", \"v\", \"7\", \"x\", \">\", \"D\", \"O\", \"n\", \"H\", \"!\", \"T\", \"'\", \"\\r\", \"t\", \"=\", \"V\"]"},
	{`characters(whitespace => true)`, `[" ", "\n", "\t", "\r", "\f", "\u000b"]`},
	{`characters()`, `[]`},
	{`characters(true)`, `["7", "9", "2", "0", "8", "4", "5", "6", "1", "3"]`},
	{`characters(letters => true)`, `!AttributeError: module 'string' has no attribute 'letters'`},
	{`characters(lowercase => true)`, `!AttributeError: module 'string' has no attribute 'lowercase'`},
	{`characters(uppercase => true)`, `!AttributeError: module 'string' has no attribute 'uppercase'`},
	{`characters(digits => 1)`, `!NoMatchingFunctionException: No function "characters" matches supplied arguments`},
	{`characters(digits => null)`, `[]`},
	{`isString(abc)`, `true`},
	{`isString(null)`, `false`},
	{`isString(123)`, `false`},
	{`isString(true)`, `false`},
	// startsWith, endsWith, hex
	{`'ABC'.startsWith(A)`, `true`},
	{`'ABC'.startsWith(B, A)`, `true`},
	{`'ABC'.startsWith(C)`, `false`},
	{`'ABC'.startsWith()`, `false`},
	{`'ABC'.startsWith(null)`, `!NoMatchingMethodException: No method "startsWith" for receiver ABC matches supplied arguments`},
	{`'ABC'.endsWith(C)`, `true`},
	{`'ABC'.endsWith(B, C)`, `true`},
	{`'ABC'.endsWith(B)`, `false`},
	{`hex(255)`, `"0xff"`},
	{`hex(-42)`, `"-0x2a"`},
	{`hex(0)`, `"0x0"`},
	{`hex(123456789012345678901234567890)`, `"0x18ee90ff6c373e0ee4e3f0ad2"`},
	{`hex(true)`, `!NoMatchingFunctionException: No function "hex" matches supplied arguments`},
	{`hex(1.5)`, `!TypeError: 'float' object cannot be interpreted as an integer`},
	{`hex(null)`, `!TypeError: 'NoneType' object cannot be interpreted as an integer`},
	// format
	{`'{0}->{x}'.format(a, x => b)`, `"a->b"`},
	{`format('{0}->{x}', a, x => b)`, `"a->b"`},
	{`'{}{}'.format(1, 2)`, `"12"`},
	{`'{1}{0}'.format(1, 2)`, `"21"`},
	{`'{}{0}'.format(1, 2)`, `!ValueError: cannot switch from automatic field numbering to manual field specification`},
	{`'{0}{}'.format(1, 2)`, `!ValueError: cannot switch from manual field specification to automatic field numbering`},
	{`'{1}'.format(1)`, `!IndexError: Replacement index 1 out of range for positional args tuple`},
	{`'{x}'.format(1)`, `!KeyError: 'x'`},
	{`'{0}'.format(true)`, `"True"`},
	{`'{0}'.format(null)`, `"None"`},
	{`'{0}'.format([1, 'a'])`, `"(1, 'a')"`},
	{`'{0}'.format({a => [1, null]})`, `"{'a': (1, None)}"`},
	{`'{0}'.format(1.0)`, `"1.0"`},
	{`'{0!r}'.format('a')`, `"'a'"`},
	{`'{0!s}'.format(null)`, `"None"`},
	{`'{0!a}'.format('é日')`, `"'\\xe9\\u65e5'"`},
	{`'{0!x}'.format(1)`, `!ValueError: Unknown conversion specifier x`},
	{`'{0!}'.format(1)`, `!ValueError: unmatched '{' in format spec`},
	{`'{0!rr}'.format(1)`, `!ValueError: expected ':' after conversion specifier`},
	{`'{0.real}'.format(5)`, `"5"`},
	{`'{0.imag}'.format(1.5)`, `"0.0"`},
	{`'{0.denominator}'.format(true)`, `"1"`},
	{`'{0.x}'.format([1])`, `!AttributeError: 'tuple' object has no attribute 'x'`},
	{`'{a.b}'.format(a => {b => 1})`, `!AttributeError: 'FrozenDict' object has no attribute 'b'`},
	{`'{0[1]}'.format([1, 2])`, `"2"`},
	{`'{0[a]}'.format({a => 3})`, `"3"`},
	{`'{0[0]}'.format({a => 3})`, `!KeyError: 0`},
	{`'{0[5]}'.format([1, 2])`, `!IndexError: tuple index out of range`},
	{`'{0[-1]}'.format([1, 2])`, `!TypeError: tuple indices must be integers or slices, not str`},
	{`'{0[0]}'.format('日本')`, `"日"`},
	{`'{0[2]}'.format('日本')`, `!IndexError: string index out of range`},
	{`'{0[a]}'.format('ab')`, `!TypeError: string indices must be integers, not 'str'`},
	{`'{0[0]}'.format(null)`, `!TypeError: 'NoneType' object is not subscriptable`},
	{`'{0[1]x}'.format([1, 2])`, `!ValueError: Only '.' or '[' may follow ']' in format field specifier`},
	{`'{0[}'.format(1)`, `!ValueError: expected '}' before end of string`},
	{`'{0.}'.format(1)`, `!ValueError: Empty attribute in format string`},
	{`'{0]}'.format(1)`, `!KeyError: '0]'`},
	{`'{0{}'.format(1)`, `!ValueError: unexpected '{' in field name`},
	{`'{'.format(1)`, `!ValueError: Single '{' encountered in format string`},
	{`'}'.format(1)`, `!ValueError: Single '}' encountered in format string`},
	{`'{{0}}'.format(1)`, `"{0}"`},
	{`'{0}}}'.format(1)`, `"1}"`},
	{`'{0:}}'.format(1)`, `!ValueError: Single '}' encountered in format string`},
	{`'{0:{1}}'.format(3, 5)`, `"    3"`},
	{`'{:{}}'.format(1, 5)`, `"    1"`},
	{`'{0:>{1}.{2}f}'.format(3.14159, 10, 2)`, `"      3.14"`},
	{`'{0:{1:{2}}}'.format(1, 2, 3)`, `!ValueError: Max string recursion exceeded`},
	{`'{0:{{}}'.format(1)`, `!ValueError: unmatched '{' in format spec`},
	{`'{0:.2f}'.format(3.14159)`, `"3.14"`},
	{`'{0:,}'.format(1234567)`, `"1,234,567"`},
	{`'{0:_b}'.format(255)`, `"1111_1111"`},
	{`'{0:#x}'.format(255)`, `"0xff"`},
	{`'{0:#X}'.format(255)`, `"0XFF"`},
	{`'{0:#o}'.format(8)`, `"0o10"`},
	{`'{0:b}'.format(-5)`, `"-101"`},
	{`'{0:c}'.format(65)`, `"A"`},
	{`'{0:+c}'.format(65)`, `!ValueError: Sign not allowed with integer format specifier 'c'`},
	{`'{0:010,}'.format(1234)`, `"00,001,234"`},
	{`'{0:020,d}'.format(123456789)`, `"0,000,000,123,456,789"`},
	{`'{0:011_x}'.format(1234)`, `"0_0000_04d2"`},
	{`'{0:012,.1f}'.format(1234.5)`, `"00,001,234.5"`},
	{`'{0:*^9}'.format('日本')`, `"***日本****"`},
	{`'{0:=^10}'.format('a')`, `"====a====="`},
	{`'{0:=5}'.format('a')`, `!ValueError: '=' alignment not allowed in string format specifier`},
	{`'{0:+}'.format('a')`, `!ValueError: Sign not allowed in string format specifier`},
	{`'{0: }'.format('a')`, `!ValueError: Space not allowed in string format specifier`},
	{`'{0:#}'.format('a')`, `!ValueError: Alternate form (#) not allowed in string format specifier`},
	{`'{0:,}'.format('a')`, `!ValueError: Cannot specify ',' with 's'.`},
	{`'{0:05}'.format('ab')`, `"ab000"`},
	{`'{0:.1}'.format('abc')`, `"a"`},
	{`'{0:x}'.format('a')`, `!ValueError: Unknown format code 'x' for object of type 'str'`},
	{`'{0:d}'.format(1.5)`, `!ValueError: Unknown format code 'd' for object of type 'float'`},
	{`'{0:.2}'.format(12)`, `!ValueError: Precision not allowed in integer format specifier`},
	{`'{0:z}'.format(1)`, `!ValueError: Negative zero coercion (z) not allowed in integer format specifier`},
	{`'{0:abc}'.format(1)`, `!ValueError: Invalid format specifier 'abc' for object of type 'int'`},
	{`'{0:.}'.format(1)`, `!ValueError: Format specifier missing precision`},
	{`'{0:,_}'.format(1)`, `!ValueError: Cannot specify both ',' and '_'.`},
	{`'{0:_n}'.format(1)`, `!ValueError: Cannot specify '_' with 'n'.`},
	{`'{0:,x}'.format(1)`, `!ValueError: Cannot specify ',' with 'x'.`},
	{`'{0:5}'.format(null)`, `!TypeError: unsupported format string passed to NoneType.__format__`},
	{`'{0:5}'.format([1])`, `!TypeError: unsupported format string passed to tuple.__format__`},
	{`'{0:5}'.format({a => 1})`, `!TypeError: unsupported format string passed to FrozenDict.__format__`},
	{`'{0:>5}'.format(true)`, `"    1"`},
	{`'{0:q}'.format(true)`, `!ValueError: Unknown format code 'q' for object of type 'bool'`},
	{`'{0:e}'.format(123456789012345678901234567890)`, `"1.234568e+29"`},
	{`'{0:e}'.format(1234.5)`, `"1.234500e+03"`},
	{`'{0:.0e}'.format(1.5)`, `"2e+00"`},
	{`'{0:#.0e}'.format(1.0)`, `"1.e+00"`},
	{`'{0:g}'.format(0.00001234)`, `"1.234e-05"`},
	{`'{0:g}'.format(100000.0)`, `"100000"`},
	{`'{0:g}'.format(1000000.0)`, `"1e+06"`},
	{`'{0:#g}'.format(2.5)`, `"2.50000"`},
	{`'{0:G}'.format(0.000001)`, `"1E-06"`},
	{`'{0:.3}'.format(123.0)`, `"1.23e+02"`},
	{`'{0:.3}'.format(12.0)`, `"12.0"`},
	{`'{0:.2}'.format(99.0)`, `"9.9e+01"`},
	{`'{0:n}'.format(123456789.0)`, `"1.23457e+08"`},
	{`'{0:%}'.format(1.5)`, `"150.000000%"`},
	{`'{0:.1%}'.format(0.25)`, `"25.0%"`},
	{`'{0:z.1f}'.format(-0.0)`, `"0.0"`},
	{`'{0:.1f}'.format(-0.04)`, `"-0.0"`},
	{`'{0:z.1f}'.format(-0.04)`, `"0.0"`},
	{`'{0:+.2f}'.format(2.5)`, `"+2.50"`},
	{`'{0: .2f}'.format(2.5)`, `" 2.50"`},
	{`'{0:010.2f}'.format(-2.5)`, `"-000002.50"`},
	{`'{0:^10.2f}'.format(2.5)`, `"   2.50   "`},
	{`'{0:#}'.format(1.0)`, `"1.0"`},
	{`'{0:f}'.format(100000000000000000000.0)`, `"100000000000000000000.000000"`},
	{`'{0:99999999999999999999999}'.format(1)`, `!ValueError: Too many decimal digits in format string`},
	{`'{99999999999999999999999}'.format(1)`, `!ValueError: Too many decimal digits in format string`},
}

func TestStrings(t *testing.T) { checkOracleCases(t, "strings_test", stringCases) }

// TestStringsBudget checks that huge strings fail within the project's
// size budget (the reference would allocate them, or fail its memory
// quota only afterwards) instead of exhausting memory.
func TestStringsBudget(t *testing.T) {
	opts := std.DefaultOptions(std.Plain)
	opts.MemoryQuota = 0
	opts.MaxString = 1 << 20
	e, root, err := std.NewFlavor(std.Plain, std.Setup{Options: &opts})
	if err != nil {
		t.Fatal(err)
	}
	for _, src := range []string{
		`'a' * 1000000000000`,
		`'a' * 2000000`,
		`'{0:1000000000}'.format(1)`,
		`'{0:.1000000000f}'.format(1.0)`,
		`'{0:01000000000,}'.format(1)`,
		`('a' * 600000).replace('a', 'bb')`,
		`[1, 2].select('a' * 600000).join('')`,
		`concat('a' * 600000, 'a' * 600000)`,
	} {
		st, err := e.Parse(src)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		_, err = st.Evaluate(context.Background(), root, value.Null)
		var ye *yaql.Error
		if !errors.As(err, &ye) || ye.Class != yaql.ClassBudget {
			t.Errorf("%s: error %v, want %s", src, err, yaql.ClassBudget)
		}
	}
}

// FuzzFormat checks that no format string makes str.format panic or run
// away: every outcome is a string or an error.
func FuzzFormat(f *testing.F) {
	for _, seed := range []string{"{0}->{x}", "{:{}}", "{0:*^+#012,.3f}", "{0[a]}{1!r:>{2}}", "{0.real:_x}", "{", "}}{{", "{0:{1:{2}}}"} {
		f.Add(seed)
	}
	e, root, err := std.NewFlavor(std.Plain, std.Setup{})
	if err != nil {
		f.Fatal(err)
	}
	st, err := e.Parse(`[$f.format(1234.5, 'ab', [1, null], x => {a => true}), $f.format(-7, 12, 3, 4, x => null)]`)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, format string) {
		ctx := root.Child()
		ctx.Set("f", value.String(format))
		if _, err := st.Evaluate(context.Background(), ctx, value.Null); err != nil {
			var ye *yaql.Error
			if !errors.As(err, &ye) {
				t.Fatalf("%q: unexpected error type %T: %v", format, err, err)
			}
		}
	})
}
