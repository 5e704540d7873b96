package std_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
	"murano.dev/playground/engine/yaql/std"
)

// regexCases are expressions of the regex library with the outcome the
// reference oracle (python3-yaql 2.0.0, plain flavour) gives.
//
// want is the JSON result or "!" + "Class: message" for an error.
var regexCases = []struct{ expr, want string }{
	// matching: regex values, string patterns, operators
	{`regex('a.b').matches(axb)`, `true`},
	{`regex('a.b').matches(abx)`, `false`},
	{`axb.matches('a.b')`, `true`},
	{`axb =~ regex('a.b')`, `true`},
	{`abx !~ regex('a.b')`, `true`},
	{`axb =~ 'a.b'`, `true`},
	{`abx !~ 'a.b'`, `true`},
	{"regex(`(\\d+)\\.?(\\d+)?`).search('a24.16b')", `"24.16"`},
	{"regex(`(\\d+)\\.?(\\d+)?`).search('aa24.16bb', format('{0} = {1}({2}-{3}) + {4}({5}-{6})', $.value, $2.value, $2.start, $2.end, $3.value, $3.start, $3.end))", `"24.16 = 24(2-4) + 16(5-7)"`},
	{"regex(`\\d+`).searchAll('a24.16b')", `["24", "16"]`},
	{"regex(`\\d+`).searchAll('a24.16b', $.value+'!')", `["24!", "16!"]`},
	{"regex(`\\W+`).split('Words, words, words.')", `["Words", "words", "words", ""]`},
	{"regex(`(\\W+)`).split('Words, words, words.')", `["Words", ", ", "words", ", ", "words", ".", ""]`},
	{"regex(`\\W+`).split('Words, words, words.', 1)", `["Words", "words, words."]`},
	{`regex('[a-f]+', ignoreCase => true).split('0a3B9')`, `["0", "3", "9"]`},
	{"'Words, words, words.'.split(regex(`\\W+`))", `["Words", "words", "words", ""]`},
	{`'0a3B9'.split(regex('[a-f]+', ignoreCase => true))`, `["0", "3", "9"]`},
	{"regex(`\\d+`).replace(a12b23, xx)", `"axxbxx"`},
	{"regex(`\\d+`).replace(a12b23, xx, 1)", `"axxb23"`},
	{"regex(`([a-z0-9])([A-Z])`).replace(FooBarFoo, `\\1_\\2`)", `"Foo_Bar_Foo"`},
	{"a12b23.replace(regex(`\\d+`), xx, 1)", `"axxb23"`},
	{"regex(`\\d+`).replaceBy(a12b23, let(a => int($.value)) -> switch($a < 20 => xx, true => yy))", `"axxbyy"`},
	{"a12b23.replaceBy(regex(`\\d+`), with(int($.value)) -> switch($ < 20 => xx, true => yy))", `"axxbyy"`},
	{`escapeRegex('[')`, `"\\["`},
	{`escapeRegex('a.b-c d&e~f#g')`, `"a\\.b\\-c\\ d\\&e\\~f\\#g"`},
	{`isRegex(regex("a.b"))`, `true`},
	{`isRegex(123)`, `false`},
	{`regex('x*').searchAll('abxd')`, `["", "", "x", "", ""]`},
	{`regex('x*').split('axbc')`, `["", "a", "", "b", "c", ""]`},
	{`regex('a').split('aaa', -1)`, `["aaa"]`},
	{`regex('a').replace('aaa', 'b', -1)`, `"aaa"`},
	{`regex('a').replaceBy('a', 1)`, `!TypeError: sequence item 0: expected str instance, int found`},
	{`regex('a').replaceBy('xa', 1)`, `!TypeError: sequence item 1: expected str instance, int found`},
	{`regex('a').replaceBy('a', null)`, `""`},
	{`regex('(a)|b').search('b', [$2, $3])`, `[{"value": null, "start": -1, "end": -1}, null]`},
	{`regex('(?a)x')`, `!ValueError: ASCII and UNICODE flags are incompatible`},
	{`regex('(?a:\w)x')`, `{"$repr": "re.compile('(?a:\\\\w)x')", "$pytype": "Pattern"}`},
	{`regex('(?x) a b # c')`, `{"$repr": "re.compile('(?x) a b # c', re.VERBOSE)", "$pytype": "Pattern"}`},
	{`regex('a{,3}').search('aaaa')`, `"aaa"`},
	{`regex('(?P<ab>xy)').search('xy', $)`, `!IndexError: no such group`},
	{`regex('(?P<ab>x)').search('xy', $)`, `!ValueError: not enough values to unpack (expected 2, got 1)`},
	{`regex('(?P<a>x)(?P<b>y)').search('xy', $)`, `!ValueError: not enough values to unpack (expected 2, got 1)`},
	{`regex('(?P<b>x)(?P<a>ya)').search('xya', [$, $a])`, `!ValueError: not enough values to unpack (expected 2, got 1)`},
	{`regex('(?P<b>.)(?P<a>ab)').search('xab', [$, $a])`, `!ValueError: not enough values to unpack (expected 2, got 1)`},
	{`regex('a', ignoreCase => true)`, `{"$repr": "re.compile('a', re.IGNORECASE)", "$pytype": "Pattern"}`},
	{`str(regex('a', ignoreCase => true, multiLine=>true, dotAll=>true))`, `"re.compile('a', re.IGNORECASE|re.MULTILINE|re.DOTALL)"`},
	{`regex('(?i)a')`, `{"$repr": "re.compile('(?i)a', re.IGNORECASE)", "$pytype": "Pattern"}`},
	{"regex(`a\\p`)", `!error: bad escape \p at position 1`},
	{`regex('a(')`, `!error: missing ), unterminated subpattern at position 1`},
	{`regex('a)')`, `!error: unbalanced parenthesis at position 1`},
	{`regex('[a')`, `!error: unterminated character set at position 0`},
	{`regex('*a')`, `!error: nothing to repeat at position 0`},
	{`regex('a**')`, `!error: multiple repeat at position 2`},
	{`regex('a{2,1}')`, `!error: min repeat greater than max repeat at position 2`},
	{"regex(`\\1(a)`)", `!error: invalid group reference 1 at position 1`},
	{"regex(`(a)\\2`)", `!error: invalid group reference 2 at position 4`},
	{`regex('(?<a)b')`, `!error: unknown extension ?<a at position 1`},
	{`regex('(?P<1a>x)')`, `!error: bad character in group name '1a' at position 4`},
	{`regex('(?P<a>x)(?P<a>y)')`, `!error: redefinition of group name 'a' as group 2; was group 1 at position 12`},
	{`regex('a(?i)b')`, `!error: global flags not at the start of the expression at position 1`},
	{"regex(`[\\d-z]`)", `!error: bad character range \d-z at position 1`},
	{`regex('[z-a]')`, `!error: bad character range z-a at position 1`},
	{"regex(`\\x4`)", `!error: incomplete escape \x4 at position 0`},
	{"regex(`\\u12`)", `!error: incomplete escape \u12 at position 0`},
	{"regex(`[\\8]`)", `!error: bad escape \8 at position 1`},
	{`regex('(?#comment)a').search('ba')`, `"a"`},
	{`regex('a{4294967295}')`, `!OverflowError: the repetition number is too large`},
	{`regex('(?L)a')`, `!error: bad inline flags: cannot use 'L' flag with a str pattern at position 3`},
	{`regex('(?-i:a)')`, `{"$repr": "re.compile('(?-i:a)')", "$pytype": "Pattern"}`},
	{`regex('(?i-i:a)')`, `!error: bad inline flags: flag turned on and off at position 5`},
	{`regex('(?u)a')`, `{"$repr": "re.compile('(?u)a')", "$pytype": "Pattern"}`},
	{`regex("a\nb(")`, `!error: missing ), unterminated subpattern at position 3 (line 2, column 2)`},
	{`regex('a$').search('a\n')`, `"a"`},
	{`regex('(?m)^').searchAll('a\n')`, `["", ""]`},
	{"regex(`\\w+`).searchAll('é日_1٣ x')", `["é日_1٣", "x"]`},
	{"regex(`[^\\W\\d]+`).searchAll('ab12cd_3')", `["ab", "cd_"]`},
	{"regex(`[\\s\\S]`).search('x')", `"x"`},
	{"regex(`[^\\s\\S]`).search('x')", `null`},
	{`regex('é').search('aé', $)`, `{"value": "é", "start": 1, "end": 2}`},
	{`regex('(?s).').search('\n')`, `"\n"`},
	{`regex('.').search('\n')`, `null`},
	{`'日本語'.replace(regex('本'), 'x')`, `"日x語"`},
	{"regex(`(?P<n>\\d)`).replace('a1', `<\\g<n>>`)", `"a<1>"`},
	{"regex(`(\\d)`).replace('a1', `<\\g<1>>`)", `"a<1>"`},
	{"regex(`(\\d)`).replace('a1', `\\g<2>`)", `!error: invalid group reference 2 at position 3`},
	{"regex(`(\\d)`).replace('a1', `\\q`)", `!error: bad escape \q at position 0`},
	{"regex(`(\\d)`).replace('a1', `\\g<x>`)", `!IndexError: unknown group name 'x'`},
	{"regex(`(\\d)`).replace('a1', `\\n\\-\\101`)", `"a\n\\-A"`},
	{"regex(`(\\d)`).replace('b', `\\9`)", `!error: invalid group reference 9 at position 1`},
	// more: groups, empty matches, templates, errors
	{`regex('(a)|b').split('xaybz')`, `["x", "a", "y", null, "z"]`},
	{`regex('x*').replace('abxd', '-')`, `"-a-b--d-"`},
	{`regex('x*').split('abxd')`, `["", "a", "b", "", "d", ""]`},
	{"regex(`\\d*`).searchAll('a12')", `["", "12", ""]`},
	{"regex(`(\\d)(\\d)?`).searchAll('a12b3', [$.value, $2.value, $3.value, $3.start])", `[["12", "1", "2", 2], ["3", "3", null, -1]]`},
	{"regex(`(\\d)(\\d)?`).replaceBy('a12b3', $3.value)", `"a2b"`},
	{"regex(`(\\d)(\\d)?`).replaceBy('a12b3', str($3.value))", `"a2bnull"`},
	{`regex('a').replace('aaa', 'b', 100000000000000000000)`, `!OverflowError: Python int too large to convert to C ssize_t`},
	{`regex('straße', ignoreCase => true).matches('STRASSE')`, `false`},
	{`regex('ǅ', ignoreCase => true).search('ǆ')`, `"ǆ"`},
	{`regex('k', ignoreCase => true).search('K')`, `"K"`},
	{`regex('(?x) [ a ] b # comment').search(' ab')`, `"ab"`},
	{`regex('(?x) a \ b').search('a b')`, `"a b"`},
	{"regex(`\\Aa\\Z`).matches('a')", `true`},
	{"regex(`\\Aa\\Z`).matches('a\\n')", `false`},
	{`regex('a$', multiLine => true).searchAll('a\na\n')`, `["a", "a"]`},
	{"regex(`\\d+`).search('x١٢٣')", `"١٢٣"`},
	{"regex(`[\\w-]+`).search('a-b_c d')", `"a-b_c"`},
	{"regex(`\\101\\0\\x41\\u0041\\U00000041`).search('AA')", `null`},
	{"regex(`\\101\\x00\\x41\\u0041\\U00000041`).search('A')", `null`},
	{"regex(`\\N`)", `!error: missing { at position 2`},
	{"regex(`[\\b]`).search('a\\bb')", `"\b"`},
	{`regex('a{2}{3}')`, `!error: multiple repeat at position 4`},
	{`regex('(?i:a)b').search('AB')`, `null`},
	{`regex('(?i:a)b').search('Ab')`, `"Ab"`},
	{`regex('(?-i:a)b', ignoreCase => true).search('Ab')`, `null`},
	{`regex('(?-i:a)b', ignoreCase => true).search('aB')`, `"aB"`},
	{`regex('(?x)a', ignoreCase => true)`, `{"$repr": "re.compile('(?x)a', re.IGNORECASE|re.VERBOSE)", "$pytype": "Pattern"}`},
	{`regex('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')`, `{"$repr": "re.compile('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa)", "$pytype": "Pattern"}`},
	{`regex('a') = regex('a')`, `true`},
	{`regex('a') = regex('a', ignoreCase => true)`, `false`},
	{`'a' =~ '('`, `!error: missing ), unterminated subpattern at position 0`},
	{`'abc'.matches(regex('b'))`, `!NoMatchingMethodException: No method "matches" for receiver abc matches supplied arguments`},
	{`regex('x').search('abc')`, `null`},
	{`regex('x').search('abc', $.start)`, `null`},
	{`regex('a').searchAll('aaa').take(2)`, `["a", "a"]`},
	{`regex(null)`, `!NoMatchingFunctionException: No function "regex" matches supplied arguments`},
	{`regex('a', ignoreCase => 1)`, `!NoMatchingFunctionException: No function "regex" matches supplied arguments`},
	{`regex('a', ignoreCase => null)`, `{"$repr": "re.compile('a')", "$pytype": "Pattern"}`},
	{`'a\nb' =~ '^b'`, `false`},
	{`regex('^b', multiLine => true).matches('a\nb')`, `true`},
	{`regex('a.b', dotAll => true).matches('a\nb')`, `true`},
	{`regex('a.b').matches('a\nb')`, `false`},
	{"regex(`\\$`).search('a$')", `"$"`},
	{`regex('a|b|').searchAll('ab')`, `["a", "b", ""]`},
	{`regex('[]a]').searchAll(']a')`, `["]", "a"]`},
	{`regex('[^]a]').searchAll(']ab')`, `["b"]`},
	{`regex('a{,}').search('aaa')`, `"aaa"`},
	{`regex('x{').search('x{')`, `"x{"`},
	{`regex('x{a}').search('x{a}')`, `"x{a}"`},
	{`regex('x{1').search('x{1')`, `"x{1"`},
	{`regex('{').search('{')`, `"{"`},
	{`regex('a{1,2}?').search('aa')`, `"a"`},
	{"regex(`\\w+?`).search('abc')", `"a"`},
	{`regex('(?P<x>a)(?P=y)')`, `!error: unknown group name 'y' at position 12`},
	{`regex('(?(2)b|c)')`, `!error: invalid group reference 2 at position 3`},
	{"regex(`(\\d)`).replace('a1', `[\\g<0>]`)", `"a[1]"`},
	{"regex(`(\\d)`).replace('a1', `\\\\`)", `"a\\"`},
	{"regex(`(\\d)`).replace('a1', `\\n\\t`)", `"a\n\t"`},
	{"regex(`(\\d)`).replace('a1', `\\0`)", `"a\u0000"`},
	{"regex(`(\\d)`).replace('a1', `\\g<-1>`)", `!error: bad character in group name '-1' at position 3`},
	{"regex(`(\\d)`).replace('a1', `\\g<>`)", `!error: missing group name at position 3`},
	{"regex(`(\\d)`).replace('a1', `\\g`)", `!error: missing < at position 2`},
	{"regex(`(\\d)`).replace('a1', `\\g<a`)", `!error: missing >, unterminated name at position 3`},
	{"regex(`(\\d)`).replace('a1', `\\8`)", `!error: invalid group reference 8 at position 1`},
	{"regex(`(\\d)`).replace('a1', `\\777`)", `!error: octal escape value \777 outside of range 0-0o377 at position 0`},
	{"regex(`(\\d)`).replace('a1', `x\\`)", "!YaqlLexicalException: Lexical error: illegal character '`' at position 28"},
	{"regex(`(a)(b)?`).search('a', [$2, $3])", `[{"value": "a", "start": 0, "end": 1}, {"value": null, "start": -1, "end": -1}]`},
	{"regex(`(a)(b)?`).replace('a', `[\\2]`)", `"[]"`},
	{`regex('a').split('bab', 100000000000000000000)`, `!OverflowError: Python int too large to convert to C ssize_t`},
	{`regex('(').search('a')`, `!error: missing ), unterminated subpattern at position 0`},
	{`regex('a)').search('a')`, `!error: unbalanced parenthesis at position 1`},
	{`regex('a(?i)b')`, `!error: global flags not at the start of the expression at position 1`},
	{`regex('(?i)(?m)a')`, `{"$repr": "re.compile('(?i)(?m)a', re.IGNORECASE|re.MULTILINE)", "$pytype": "Pattern"}`},
	{`regex(' (?x)a')`, `!error: global flags not at the start of the expression at position 1`},
	{`regex('(?x) (?i)a')`, `{"$repr": "re.compile('(?x) (?i)a', re.IGNORECASE|re.VERBOSE)", "$pytype": "Pattern"}`},
	{`regex('(?z)a')`, `!error: unknown extension ?z at position 1`},
	{`regex('(?i')`, `!error: missing -, : or ) at position 3`},
	{`regex('(?i-')`, `!error: missing flag at position 4`},
	{`regex('(?i-z:a)')`, `!error: unknown flag at position 4`},
	{`regex('(?-i)a')`, `!error: missing : at position 4`},
	{`regex('(?t:a)')`, `!error: bad inline flags: cannot turn on global flag at position 3`},
	{`regex('(?i-i:a)')`, `!error: bad inline flags: flag turned on and off at position 5`},
	{`regex('(?a-u:a)')`, `!error: bad inline flags: cannot turn off flags 'a', 'u' and 'L' at position 5`},
	{`regex('(?au:a)')`, `!error: bad inline flags: flags 'a', 'u' and 'L' are incompatible at position 4`},
	{`regex('(?P')`, `!error: unexpected end of pattern at position 3`},
	{`regex('(?Px')`, `!error: unknown extension ?Px at position 1`},
	{`regex('(?P<a')`, `!error: missing >, unterminated name at position 4`},
	{`regex('(?P<>a)')`, `!error: missing group name at position 4`},
	{`regex('(?P=')`, `!error: missing group name at position 4`},
	{`regex('(?')`, `!error: unexpected end of pattern at position 2`},
	{`regex('(?<')`, `!error: unexpected end of pattern at position 3`},
	{`regex('(?<x')`, `!error: unknown extension ?<x at position 1`},
	{`regex('(?#abc')`, `!error: missing ), unterminated comment at position 0`},
	{`regex('[')`, `!error: unterminated character set at position 0`},
	{`regex('[a-')`, `!error: unterminated character set at position 0`},
	{"regex(`[a-\\w]`)", `!error: bad character range a-\w at position 1`},
	{"regex(`[\\w-a]`)", `!error: bad character range \w-a at position 1`},
	{`regex('[a-]').search('-')`, `"-"`},
	{"regex(`\\x`)", `!error: incomplete escape \x at position 0`},
	{"regex(`\\xz`)", `!error: incomplete escape \x at position 0`},
	{"regex(`\\u12345`)", `{"$repr": "re.compile('\\\\u12345')", "$pytype": "Pattern"}`},
	{"regex(`\\U00110000`)", `!error: bad escape \U00110000 at position 0`},
	{"regex(`\\U0010FFFF`)", `{"$repr": "re.compile('\\\\U0010FFFF')", "$pytype": "Pattern"}`},
	{"regex(`[\\U00110000]`)", `!error: bad escape \U00110000 at position 1`},
	{"regex(`[\\400]`)", `!error: octal escape value \400 outside of range 0-0o377 at position 1`},
	{"regex(`\\400`)", `!error: octal escape value \400 outside of range 0-0o377 at position 0`},
	{"regex(`[\\9]`)", `!error: bad escape \9 at position 1`},
	{"regex(`\\q`)", `!error: bad escape \q at position 0`},
	{"regex(`[\\q]`)", `!error: bad escape \q at position 1`},
	{"regex(`[\\A]`)", `!error: bad escape \A at position 1`},
	{"regex(`\\-\\.\\ \\é`).search('-. é')", `"-. é"`},
	{"regex(`[\\-\\]]`).search(']')", `"]"`},
	{`regex('a\nb\n(')`, `!error: missing ), unterminated subpattern at position 4 (line 3, column 1)`},
	{`regex('a\n(?z)')`, `!error: unknown extension ?z at position 3 (line 2, column 2)`},
	{`regex('(?P<a>x)(?P<b>y)?').search('x', $)`, `!ValueError: not enough values to unpack (expected 2, got 1)`},
	{`regex('(?P<a>x)').searchAll('x', $)`, `!ValueError: not enough values to unpack (expected 2, got 1)`},
	{`regex('(?P<ab>x)(?P<b>y)').search('xy', $)`, `!ValueError: not enough values to unpack (expected 2, got 1)`},
	{`regex('(?P<ba>..)(?P<a>.)').search('xab', $b)`, `!ValueError: not enough values to unpack (expected 2, got 1)`},
	{`regex('(?P<ba>..)(?P<a>.)').replaceBy('xab', $b.value)`, `!ValueError: not enough values to unpack (expected 2, got 1)`},
	{`regex('(?P<ba>..)').replaceBy('xab', 'r')`, `!IndexError: no such group`},
	{"regex(`(?:a|(b))+`).search('ab', $2)", `{"value": "b", "start": 1, "end": 2}`},
	{`regex('[a-c]', ignoreCase => true).searchAll('ABCD')`, `["A", "B", "C"]`},
	{`regex('[^a-c]', ignoreCase => true).searchAll('ABCD')`, `["D"]`},
	{"regex(`[^\\d\\s]+`).searchAll('ab 12 c3')", `["ab", "c"]`},
	{"regex(`[\\D]+`).searchAll('ab 12 c3')", `["ab ", " c"]`},
	{"regex(`[^\\W_]+`).searchAll('ab_12 é')", `["ab", "12", "é"]`},
	{`regex('^', multiLine => true).searchAll('a\nb\n')`, `["", "", ""]`},
	{`regex('$', multiLine => true).searchAll('a\nb\n')`, `["", "", ""]`},
	{`regex('$').searchAll('a\n')`, `["", ""]`},
	{`regex('$').searchAll('ab')`, `[""]`},
	{"regex(`\\b`).searchAll('ab cd')", `["", "", "", ""]`},
	{"regex(`\\B`).searchAll('ab cd')", `["", ""]`},
	{"regex(`\\bx\\b`).search('a x b')", `"x"`},
	{`regex('(?s:.)').searchAll('a\n')`, `["a", "\n"]`},
	{`regex('a').replace('a', 'b', true)`, `"b"`},
	{`regex('').split('abc')`, `["", "a", "b", "c", ""]`},
	{`regex('').replace('abc', '-')`, `"-a-b-c-"`},
	{`regex('').searchAll('ab')`, `["", "", ""]`},
	{`regex('b*').searchAll('abbc')`, `["", "bb", "", ""]`},
	{`regex('(b)*').split('abbc')`, `["", null, "a", "b", "", null, "c", null, ""]`},
	{`'abc'.split(regex(''), 2)`, `["", "a", "bc"]`},
	{`regex('é').replace('éaé', 'e')`, `"eae"`},
	{`regex('(é)(a)').search('xéa', [$2.start, $3.end])`, `[1, 3]`},
	{`escapeRegex('')`, `""`},
	{`escapeRegex('日本')`, `"日本"`},
	{"escapeRegex(`a\\b`)", `"a\\\\b"`},
	{`escapeRegex('\t\n\r\v\f_')`, `"\\\t\\\n\\\r\\\u000b\\\f_"`},
	// groups in repetitions that can match the empty string: the match is reliable
	{`regex('(a|)+').search('aa')`, `"aa"`},
	{`regex('(a|)+').searchAll('aab')`, `["aa", "", ""]`},
	{`regex('(a|)+').replace('aab', 'x')`, `"xxbx"`},
	{`'aab' =~ '(a|)+b'`, `true`},
	{`regex('(a|)?').search('a', $2)`, `{"value": "a", "start": 0, "end": 1}`},
	{`regex('(?:(a)|b)*').search('ab', $2)`, `{"value": "a", "start": 0, "end": 1}`},
	// patterns as values of other functions
	{`'{0[0]}'.format(regex('a'))`, `!TypeError: 're.Pattern' object is not subscriptable`},
	{`'{0:x}'.format(regex('a'))`, `!TypeError: unsupported format string passed to re.Pattern.__format__`},
	{`'{0.x}'.format(regex('a'))`, `!AttributeError: 're.Pattern' object has no attribute 'x'`},
	{`regex('a').replaceBy('a', regex('a'))`, `!TypeError: sequence item 0: expected str instance, re.Pattern found`},
	{`regex('a').replaceBy('a', {a=>1})`, `!TypeError: sequence item 0: expected str instance, FrozenDict found`},
	{`regex('a').replaceBy('xay', [1])`, `!TypeError: sequence item 1: expected str instance, tuple found`},
	{`isRegex(null)`, `false`},
	{`isRegex('a')`, `false`},
}

func TestRegex(t *testing.T) { checkOracleCases(t, "regex_test", regexCases) }

// regexUnsupported are patterns and subjects the reference handles but Go's
// RE2 engine cannot, with the feature the NotImplementedError names. The
// reference accepts every one of these (oracle, plain flavour).
var regexUnsupported = []struct{ expr, feature string }{
	{"regex(`(a)\\1`)", `backreference \1`},
	{`regex('(?P<x>a)(?P=x)')`, `backreference (?P=x)`},
	{`regex('(?=a)')`, `lookahead assertion (?=...)`},
	{`regex('(?!a)')`, `lookahead assertion (?!...)`},
	{`regex('(?<=a)b')`, `lookbehind assertion (?<=...)`},
	{`regex('(?<!a)b')`, `lookbehind assertion (?<!...)`},
	{`regex('(a)(?(1)b|c)')`, `conditional group`},
	{`regex('(?>a)')`, `atomic group`},
	{`regex('a++')`, `possessive quantifier`},
	{`regex('a{1,2}+')`, `possessive quantifier`},
	{`regex('a{1001}')`, `repetition count above 1000`},
	{`regex('\\N{DIGIT ONE}')`, `named character escape \N{DIGIT ONE}`},
	{`regex('\\bé').search('é')`, `\b and \B next to non-ASCII letters or digits`},
	{`regex('a$').search('a\nb\n')`, `$ without multiLine on text with several lines ending in a newline`},
	{`regex('|a').searchAll('a')`, `prefers an empty match where a non-empty one follows`},
	{`regex('(a|)+').search('aa', $2)`, `groups inside a repetition that can match the empty string`},
	{`regex('(a?)*b').split('aab')`, `groups inside a repetition that can match the empty string`},
	{"regex('(a*)+').replace('aa', `\\1`)", `groups inside a repetition that can match the empty string`},
	{`regex('(a|)+').replaceBy('aa', 'x')`, `groups inside a repetition that can match the empty string`},
}

func TestRegexUnsupported(t *testing.T) {
	e, root, err := std.NewFlavor(std.Plain, std.Setup{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range regexUnsupported {
		st, err := e.Parse(tc.expr)
		if err != nil {
			t.Fatalf("%s: %v", tc.expr, err)
		}
		_, err = st.Evaluate(context.Background(), root, value.Null)
		var ye *yaql.Error
		if !errors.As(err, &ye) || ye.Class != "NotImplementedError" || !strings.Contains(ye.Msg, tc.feature) {
			t.Errorf("%s: error %v, want NotImplementedError naming %q", tc.expr, err, tc.feature)
		}
	}
}

// TestRegexUnsupportedAfterSyntaxErrors checks that Python's syntax errors
// take precedence over unsupported features earlier in the pattern, as
// the reference reports them (oracle, plain flavour).
func TestRegexUnsupportedAfterSyntaxErrors(t *testing.T) {
	checkOracleCases(t, "regex_test", []struct{ expr, want string }{
		{`regex('(?=a)(')`, `!error: missing ), unterminated subpattern at position 5`},
		{`regex('(a)\\1\\2')`, `!error: invalid group reference 2 at position 6`},
		{`regex('a++b{2,1}')`, `!error: min repeat greater than max repeat at position 5`},
	})
}

// FuzzRegex checks that no pattern or subject makes the regex functions
// panic or run away: every outcome is a value or an error.
func FuzzRegex(f *testing.F) {
	for _, seed := range []struct{ p, s string }{
		{`(\d+)\.?(\d+)?`, "a24.16b"}, {`(?P<ab>x)(?P<b>y)`, "xy"}, {`x*`, "abxd"}, {`[^\W\d]+|\b$`, "é a\n"},
		{`(?x) a # c`, "a"}, {`a{2,1}`, ""}, {`(?i:[a-z]){1,3}?`, "ABC"}, {`\1(a)`, "aa"}, {`[\s\S]`, "\n"},
	} {
		f.Add(seed.p, seed.s)
	}
	e, root, err := std.NewFlavor(std.Plain, std.Setup{})
	if err != nil {
		f.Fatal(err)
	}
	exprs := []string{
		`regex($p).searchAll($s, [$.value, $.start, $.end, $2])`,
		`regex($p, ignoreCase => true, multiLine => true).split($s)`,
		`regex($p, dotAll => true).replace($s, $p)`,
		`regex($p).replaceBy($s, $.value)`,
		`[$s =~ $p, $s.matches($p), escapeRegex($s) =~ $p, str(regex($p))]`,
	}
	var stmts []*yaql.Statement
	for _, src := range exprs {
		st, err := e.Parse(src)
		if err != nil {
			f.Fatal(err)
		}
		stmts = append(stmts, st)
	}
	f.Fuzz(func(t *testing.T, p, s string) {
		ctx := root.Child()
		ctx.Set("p", value.String(p))
		ctx.Set("s", value.String(s))
		for _, st := range stmts {
			if _, err := st.Evaluate(context.Background(), ctx, value.Null); err != nil {
				var ye *yaql.Error
				if !errors.As(err, &ye) {
					t.Fatalf("%s with p=%q s=%q: unexpected error type %T: %v", st.Source, p, s, err, err)
				}
			}
		}
	})
}
