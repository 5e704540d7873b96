package std_test

import (
	"context"
	"regexp"
	"testing"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql/std"
)

// flavourCase is an expression evaluated in a flavour with the outcome
// the reference gives, obtained with
//
//	echo '{"expr": "<expr>"}' | /usr/bin/python3 ../shared/oracle/oracle.py yaql --flavour <flavour>
//
// want is the JSON result, "~" + the result when the oracle flagged a set
// (order ignored), or "!" + "Class: message" for an error.
var muranoCases = []flavourCase{
	{`murano`, `base64encode("héllo")`, `"aMOpbGxv"`},
	{`murano`, `"hi".base64encode()`, `"aGk="`},
	{`murano`, `base64encode("")`, `""`},
	{`murano`, `base64encode(1)`, `!NoMatchingFunctionException: No function "base64encode" matches supplied arguments`},
	{`murano`, `"aGk=".base64decode()`, `"hi"`},
	{`murano`, `base64decode("aGk")`, `!TypeError: Incorrect padding`},
	{`murano`, `base64decode("a")`, `!TypeError: Invalid base64-encoded string: number of data characters (1) cannot be 1 more than a multiple of 4`},
	{`murano`, `base64decode("/w==")`, `!UnicodeDecodeError: 'utf-8' codec can't decode byte 0xff in position 0: invalid start byte`},
	{`murano`, `base64decode("a!G=k=")`, `"hi"`},
	{`murano`, `base64decode("é")`, `!ValueError: string argument should contain only ASCII characters`},
	{`murano`, `base64decode("")`, `""`},
	{`murano`, `base64decode("aGk=aGk=")`, `"hi"`},
	{`murano`, `base64decode("aG=k")`, `!TypeError: Incorrect padding`},
	{`murano`, `base64decode("aGk===")`, `"hi"`},
	{`murano`, `base64decode("=aGk=")`, `"hi"`},
	{`murano`, `base64decode("aGkx")`, `"hi1"`},
	{`murano`, `base64decode("aGkxM")`, `!TypeError: Invalid base64-encoded string: number of data characters (5) cannot be 1 more than a multiple of 4`},
	{`murano`, `base64decode("a G k =")`, `"hi"`},
	{`murano`, `base64decode("_-8=")`, `!TypeError: Invalid base64-encoded string: number of data characters (1) cannot be 1 more than a multiple of 4`},
	{`murano`, `base64decode("++8=")`, `!UnicodeDecodeError: 'utf-8' codec can't decode byte 0xfb in position 0: invalid start byte`},
	{`murano`, `base64decode("wyg=")`, `!UnicodeDecodeError: 'utf-8' codec can't decode byte 0xc3 in position 0: invalid continuation byte`},
	{`murano`, `base64decode("4oI=")`, `!UnicodeDecodeError: 'utf-8' codec can't decode bytes in position 0-1: unexpected end of data`},
	{`murano`, `base64decode("7aCA")`, `!UnicodeDecodeError: 'utf-8' codec can't decode byte 0xed in position 0: invalid continuation byte`},
	{`murano`, `base64decode("8JCA")`, `!UnicodeDecodeError: 'utf-8' codec can't decode bytes in position 0-2: unexpected end of data`},
	{`murano`, `base64decode(null)`, `!NoMatchingFunctionException: No function "base64decode" matches supplied arguments`},
	{`murano`, `base64encode("日本語").base64decode()`, `"日本語"`},
	{`murano`, `[1,2].pselect($*2)`, `[2, 4]`},
	{`murano`, `pselect([1,2], $*2)`, `[2, 4]`},
	{`murano`, `[1,0].pselect(1/$)`, `!ZeroDivisionError: integer division or modulo by zero`},
	{`murano`, `pselect([], $)`, `[]`},
	{`murano`, `[1,2].pselect($*2).len()`, `2`},
	{`murano`, `pselect({a=>1}, $)`, `!NoMatchingFunctionException: No function "pselect" matches supplied arguments`},
	{`murano`, `[0,1,0].pselect(1/$)`, `!ZeroDivisionError: integer division or modulo by zero`},
	{`murano`, `bind("$a", {a=>1})`, `1`},
	{`murano`, `bind("$x{a}y{b}", {a=>1})`, `"x1yNone"`},
	{`murano`, `bind(["$a", {"$a" => "$b"}], {a=>k, b=>[1]})`, `["k", {"k": [1]}]`},
	{`murano`, `bind("$c", {a=>1})`, `!KeyError: 'c'`},
	{`murano`, `bind("$a", {a=>null})`, `"$a"`},
	{`murano`, `bind("${a}", {a=>{b=>1}})`, `"{'b': 1}"`},
	{`murano`, `bind("${a}", {a=>[1,2]})`, `"(1, 2)"`},
	{`murano`, `bind("${a}", {a=>true})`, `"True"`},
	{`murano`, `bind("${a}", {a=>1.0})`, `"1.0"`},
	{`murano`, `bind("${a}{a}", {a=>"x"})`, `"xx"`},
	{`murano`, `bind("${é}", {"é"=>"x"})`, `"x"`},
	{`murano`, `bind("$", {""=>5})`, `5`},
	{`murano`, `bind({"$a"=>1}, {a=>[1]})`, `!TypeError: unhashable type: 'list'`},
	{`murano`, `bind({"$a"=>1}, {a=>2})`, `{"$map": [[2, 1]]}`},
	{`murano`, `bind(set("$a"), {a=>1})`, `~["$a"]`},
	{`murano`, `bind(null, {})`, `null`},
	{`murano`, `bind(range(2), {})`, `[0, 1]`},
	{`murano`, `bind("$a", 1)`, `!NoMatchingFunctionException: No function "bind" matches supplied arguments`},
	{`murano`, `bind("x$a", {a=>1})`, `"x$a"`},
	{`murano`, `bind("${ab c}", {a=>1})`, `!KeyError: '{ab c}'`},
	{`murano`, `bind("${}", {a=>1})`, `!KeyError: '{}'`},
	{`murano`, `"$a".bind({a=>1})`, `1`},
	{`murano`, `randomName() != randomName()`, `true`},
	{`murano`, `randomName(1)`, `!NoMatchingFunctionException: No function "randomName" matches supplied arguments`},
	{`murano`, `isObject(1)`, `false`},
	{`murano`, `isObject(null)`, `false`},
	{`murano`, `isObject({a=>1})`, `false`},
	{`murano`, `1.isObject()`, `!NoMethodRegisteredException: Unknown method "isObject" for receiver 1`},
	{`murano`, `require(null)`, `!ValueError: Required value is missing`},
	{`murano`, `require(1)`, `1`},
	{`murano`, `2.require()`, `2`},
	{`murano`, `null.require()`, `!ValueError: Required value is missing`},
	{`murano`, `require()`, `!NoMatchingFunctionException: No function "require" matches supplied arguments`},
	{`murano`, `sleep(0)`, `null`},
	{`murano`, `sleep(-1)`, `null`},
	{`murano`, `sleep(0.01)`, `null`},
	{`murano`, `sleep(true)`, `!NoMatchingFunctionException: No function "sleep" matches supplied arguments`},
	{`murano`, `sleep(null)`, `!NoMatchingFunctionException: No function "sleep" matches supplied arguments`},
	{`murano`, `1.sleep()`, `!NoMethodRegisteredException: Unknown method "sleep" for receiver 1`},
	{`murano`, `"abc".substr(1)`, `!NoMethodRegisteredException: Unknown method "substr" for receiver abc`},
	{`murano`, `toLower("A")`, `!NoFunctionRegisteredException: Unknown function "toLower"`},
	{`murano`, `firstOrDefault([])`, `!NoFunctionRegisteredException: Unknown function "firstOrDefault"`},
	{`murano`, `range(0,3000)`, `!CollectionTooLargeException: Collection length exceeds 2000 elements`},
	{`murano`, `range(0,2000).len()`, `2000`},
	{`murano`, `let(x=>range(0,3000)) -> 1`, `1`},
	{`murano`, `set(1,2)`, `~[1, 2]`},
	{`murano`, `{a=>[1,set(2)]}`, `~{"a": [1, [2]]}`},
	{`murano`, `{[1]=>2}`, `!TypeError: unhashable type: 'list'`},
	{`murano`, `{a=>1}.keys()`, `~["a"]`},
	{`murano`, `range(0,3).select($)`, `[0, 1, 2]`},
	{`murano`, `[[1, 2], [3]].selectMany($)`, `[1, 2, 3]`},
	{`murano`, `dict(a=>set(1))`, `~{"a": [1]}`},
	{`murano`, `[1, 2].toList()`, `[1, 2]`},
	{`murano`, `'a b'.split(' ')`, `["a", "b"]`},
	{`murano-legacy`, `range(0,3000)`, `!CollectionTooLargeException: Collection length exceeds 2000 elements`},
	{`murano-legacy`, `{a=>1}.keys()`, `~["a"]`},
	{`murano-legacy`, `substr("abc", true)`, `"bc"`},
	{`murano-legacy`, `substr("abc", null)`, `!NoMatchingFunctionException: No function "substr" matches supplied arguments`},
	{`murano-legacy`, `substr("abc", 1, null)`, `!NoMatchingFunctionException: No function "substr" matches supplied arguments`},
	{`murano-legacy`, `substr(null, 1)`, `!NoMatchingFunctionException: No function "substr" matches supplied arguments`},
	{`murano-legacy`, `"abc".substr(1)`, `"bc"`},
	{`murano-legacy`, `substr("abc", 1, 1)`, `"b"`},
	{`murano-legacy`, `"abc".substr(-2)`, `"bc"`},
	{`murano-legacy`, `substr("abc", 1, -1)`, `"bc"`},
	{`murano-legacy`, `substr("abc", 0, 10)`, `"abc"`},
	{`murano-legacy`, `substr("abc", 1.0)`, `!NoMatchingFunctionException: No function "substr" matches supplied arguments`},
	{`murano-legacy`, `firstOrDefault([])`, `null`},
	{`murano-legacy`, `[1].firstOrDefault(3)`, `1`},
	{`murano-legacy`, `firstOrDefault([], 5)`, `5`},
	{`murano-legacy`, `firstOrDefault(null)`, `!NoMatchingFunctionException: No function "firstOrDefault" matches supplied arguments`},
	{`murano-legacy`, `firstOrDefault({a=>1})`, `"a"`},
	{`murano-legacy`, `[].firstOrDefault()`, `null`},
	{`murano-legacy`, `toLower("A")`, `"a"`},
	{`murano-legacy`, `toUpper("a")`, `"A"`},
	{`murano-legacy`, `trim(" a ")`, `"a"`},
	{`murano-legacy`, `join(["a","b"], ",")`, `"a,b"`},
	{`murano-legacy`, `join([1,2], ",")`, `"1,2"`},
	{`murano-legacy`, `split("a,b", ",")`, `["a", "b"]`},
	{`murano-legacy`, `flatten([[1],[2]])`, `[1, 2]`},
	{`murano-legacy`, `replace("abc", "b", "x")`, `"axc"`},
	{`murano-legacy`, `matches("abc", "b")`, `true`},
	{`murano-legacy`, `startsWith("abc", "a")`, `true`},
	{`murano-legacy`, `endsWith("abc", "c")`, `true`},
	{`murano-legacy`, `"A".toLower()`, `"a"`},
	{`murano-legacy`, `{a=>1}.b`, `null`},
	{`murano-legacy`, `{a=>1}[a]`, `["a"]`},
	{`murano-legacy`, `[1,2][$>1]`, `[2]`},
	{`murano-legacy`, `range(3).take(2)`, `[3, 4]`},
	{`murano-legacy`, `dict(a=>1)`, `{"a": 1}`},
	{`murano-legacy`, `tuple(1,2)`, `[1, 2]`},
	{`murano-legacy`, `select([1,2], $)`, `[1, 2]`},
	{`murano-legacy`, `base64encode("a")`, `"YQ=="`},
	{`murano-legacy`, `bind("$a", {a=>1})`, `1`},
	{`murano-legacy`, `require(null)`, `!ValueError: Required value is missing`},
	{`murano-legacy`, `'a b'.split(' ')`, `["a", "b"]`},
}

// patchCases are JSON patches, bad pointers and failing operations included.
var patchCases = []flavourCase{
	{`murano`, `{a=>1}.patch({op=>add, path=>"/b", value=>2})`, `{"a": 1, "b": 2}`},
	{`murano`, `{a=>1}.patch([{op=>add, path=>"/b", value=>2}, {op=>remove, path=>"/a"}])`, `{"b": 2}`},
	{`murano`, `patch({a=>1}, {op=>replace, path=>"/a", value=>[1,2]})`, `{"a": [1, 2]}`},
	{`murano`, `{a=>1}.patch({op=>remove, path=>"/x"})`, `!JsonPatchConflict: can't remove a non-existent object 'x'`},
	{`murano`, `{a=>1}.patch({op=>replace, path=>"/x", value=>1})`, `!JsonPatchConflict: can't replace a non-existent object 'x'`},
	{`murano`, `{a=>1}.patch({op=>add, path=>"/x/y", value=>1})`, `{"a": 1}`},
	{`murano`, `{a=>1}.patch([{op=>add, path=>"/b", value=>2}, {op=>add, path=>"/x/y", value=>1}])`, `{"a": 1, "b": 2}`},
	{`murano`, `{a=>1}.patch({op=>add, path=>"b", value=>2})`, `!JsonPointerException: Location must start with /`},
	{`murano`, `{a=>1}.patch({op=>add, path=>"/~2", value=>2})`, `!JsonPointerException: Found invalid escape ~2`},
	{`murano`, `{a=>1}.patch({op=>add, path=>1, value=>2})`, `!InvalidJsonPatch: Invalid 'path'`},
	{`murano`, `{a=>1}.patch({op=>add, path=>"/b"})`, `!InvalidJsonPatch: The operation does not contain a 'value' member`},
	{`murano`, `{a=>1}.patch({op=>bad, path=>"/b"})`, `!InvalidJsonPatch: Unknown operation 'bad'`},
	{`murano`, `{a=>1}.patch({path=>"/b"})`, `!InvalidJsonPatch: Operation does not contain 'op' member`},
	{`murano`, `{a=>1}.patch({op=>1, path=>"/b"})`, `!InvalidJsonPatch: Operation must be a string`},
	{`murano`, `{a=>1}.patch({op=>add})`, `!InvalidJsonPatch: Operation must have a 'path' member`},
	{`murano`, `{a=>1}.patch({op=>test, path=>"/a", value=>2})`, `!JsonPatchTestFailed: 1 (<class 'int'>) is not equal to tested value 2 (<class 'int'>)`},
	{`murano`, `{a=>1}.patch({op=>test, path=>"/a", value=>1})`, `{"a": 1}`},
	{`murano`, `{a=>1}.patch({op=>test, path=>"/b", value=>1})`, `!JsonPatchTestFailed: member 'b' not found in {'a': 1}`},
	{`murano`, `{a=>[1,2]}.patch({op=>test, path=>"/a", value=>[1,3]})`, `!JsonPatchTestFailed: [1, 2] (<class 'list'>) is not equal to tested value [1, 3] (<class 'list'>)`},
	{`murano`, `{a=>[1,2]}.patch({op=>add, path=>"/a/-", value=>3})`, `{"a": [1, 2, 3]}`},
	{`murano`, `{a=>[1,2]}.patch({op=>add, path=>"/a/0", value=>3})`, `{"a": [3, 1, 2]}`},
	{`murano`, `{a=>[1,2]}.patch({op=>add, path=>"/a/5", value=>3})`, `!JsonPatchConflict: can't insert outside of list`},
	{`murano`, `{a=>[1,2]}.patch({op=>add, path=>"/a/01", value=>3})`, `{"a": [1, 3, 2]}`},
	{`murano`, `{a=>[1,2]}.patch({op=>add, path=>"/a/0x", value=>3})`, `!ValueError: invalid literal for int() with base 10: '0x'`},
	{`murano`, `{a=>[1,2]}.patch({op=>add, path=>"/a/x", value=>3})`, `{"a": [1, 2]}`},
	{`murano`, `{a=>[1,2]}.patch({op=>remove, path=>"/a/5"})`, `!JsonPatchConflict: can't remove a non-existent object '5'`},
	{`murano`, `{a=>[1,2]}.patch({op=>remove, path=>"/a/-"})`, `!TypeError: list indices must be integers or slices, not str`},
	{`murano`, `{a=>[1,2]}.patch({op=>replace, path=>"/a/-", value=>1})`, `!InvalidJsonPatch: 'path' with '-' can't be applied to 'replace' operation`},
	{`murano`, `{a=>[1,2]}.patch({op=>replace, path=>"/a/2", value=>1})`, `!JsonPatchConflict: can't replace outside of list`},
	{`murano`, `{a=>[1,2]}.patch({op=>replace, path=>"", value=>1})`, `1`},
	{`murano`, `{a=>[1,2]}.patch({op=>add, path=>"", value=>1})`, `1`},
	{`murano`, `[1,2].patch({op=>add, path=>"", value=>1})`, `!TypeError: '>' not supported between instances of 'NoneType' and 'int'`},
	{`murano`, `{a=>[1,2]}.patch({op=>remove, path=>""})`, `!JsonPatchConflict: can't remove a non-existent object 'None'`},
	{`murano`, `{a=>[1,2]}.patch({op=>move, from=>"/a", path=>"/b"})`, `{"b": [1, 2]}`},
	{`murano`, `{a=>[1,2]}.patch({op=>move, from=>"/a", path=>"/a/c"})`, `!JsonPatchConflict: Cannot move values into their own children`},
	{`murano`, `{a=>{x=>1}}.patch({op=>move, from=>"/a", path=>"/a/c"})`, `!JsonPatchConflict: Cannot move values into their own children`},
	{`murano`, `{a=>[1,2]}.patch({op=>move, from=>"/x", path=>"/b"})`, `!JsonPatchConflict: 'x'`},
	{`murano`, `{a=>[1,2]}.patch({op=>move, path=>"/b"})`, `!InvalidJsonPatch: The operation does not contain a 'from' member`},
	{`murano`, `{a=>[1,2]}.patch({op=>copy, from=>"/a", path=>"/b"})`, `{"a": [1, 2], "b": [1, 2]}`},
	{`murano`, `{a=>[1,2]}.patch({op=>copy, from=>"/a/7", path=>"/b"})`, `!JsonPatchConflict: list index out of range`},
	{`murano`, `{a=>[1,2]}.patch({op=>copy, from=>1, path=>"/b"})`, `!TypeError: expected string or bytes-like object, got 'int'`},
	{`murano`, `{a=>"abc"}.patch({op=>add, path=>"/a/0", value=>1})`, `!JsonPatchConflict: unable to fully resolve json pointer /a/0, part 0`},
	{`murano`, `{a=>"abc"}.patch({op=>test, path=>"/a/1", value=>"b"})`, `{"a": "abc"}`},
	{`murano`, `{a=>"abc"}.patch({op=>remove, path=>"/a/1"})`, `!TypeError: 'str' object doesn't support item deletion`},
	{`murano`, `{a=>5}.patch({op=>add, path=>"/a/0", value=>1})`, `{"a": 5}`},
	{`murano`, `{a=>5}.patch({op=>test, path=>"/a/0", value=>1})`, `!JsonPatchTestFailed: Document '<class 'int'>' does not support indexing, must be mapping/sequence or support __getitem__`},
	{`murano`, `5.patch({op=>add, path=>"", value=>1})`, `!TypeError: invalid document type <class 'int'>`},
	{`murano`, `5.patch({op=>add, path=>"/a", value=>1})`, `5`},
	{`murano`, `null.patch([])`, `null`},
	{`murano`, `{a=>1}.patch([])`, `{"a": 1}`},
	{`murano`, `{a=>1}.patch("abc")`, `!InvalidJsonPatch: Operation does not contain 'op' member`},
	{`murano`, `{a=>1}.patch(1)`, `!TypeError: argument of type 'int' is not iterable`},
	{`murano`, `{a=>1}.patch([1,2].toList())`, `!TypeError: argument of type 'int' is not iterable`},
	{`murano`, `{a=>1}.patch([[{op=>add, path=>"/b", value=>2}]])`, `!InvalidJsonPatch: Operation does not contain 'op' member`},
	{`murano`, `{"a/b"=>1, "m~n"=>2}.patch([{op=>remove, path=>"/a~1b"}, {op=>replace, path=>"/m~0n", value=>3}])`, `{"m~n": 3}`},
	{`murano`, `{a=>[1,2]}.patch({op=>test, path=>"/a/-", value=>1})`, `!JsonPatchTestFailed: EndOfList([1, 2]) (<class 'jsonpointer.EndOfList'>) is not equal to tested value 1 (<class 'int'>)`},
	{`murano`, `{a=>{b=>1}}.patch({op=>test, path=>"/a", value=>{b=>2}})`, `!JsonPatchTestFailed: {'b': 1} (<class 'dict'>) is not equal to tested value {'b': 2} (<class 'dict'>)`},
	{`murano`, `{a=>1.0}.patch({op=>test, path=>"/a", value=>true})`, `{"a": 1.0}`},
	{`murano`, `{a=>null}.patch({op=>test, path=>"/a", value=>null})`, `{"a": null}`},
	{`murano`, `{a=>[1,2]}.patch({op=>test, path=>"/a", value=>set(1,2)})`, `{"a": [1, 2]}`},
	{`murano`, `{a=>[1,2]}.patch({op=>move, from=>"/a/0", path=>"/a/-"})`, `{"a": [2, 1]}`},
	{`murano`, `{a=>[1,2]}.patch({op=>move, from=>"/a/-", path=>"/b"})`, `!TypeError: list indices must be integers or slices, not str`},
	{`murano`, `{a=>[1,2]}.patch({op=>move, from=>"/a", path=>"/a"})`, `{"a": [1, 2]}`},
	{`murano`, `{a=>[1,2]}.patch({op=>move, from=>"", path=>"/b"})`, `!JsonPatchConflict: None`},
	{`murano`, `{1=>2}.patch({op=>remove, path=>"/1"})`, `!JsonPatchConflict: can't remove a non-existent object '1'`},
	{`murano`, `[[1]].patch({op=>add, path=>"/0/0", value=>9})`, `[[9, 1]]`},
	{`murano`, `{a=>1}.patch({op=>add, path=>"/b", value=>2, extra=>1})`, `{"a": 1, "b": 2}`},
	{`murano`, `{a=>[1,{b=>2}]}.patch([{op=>move, from=>"/a/1", path=>"/a/0/x"}, {op=>copy, from=>"/a", path=>"/a/-"}])`, `{"a": [1]}`},
	{`murano`, `"abc".patch({op=>test, path=>"/5", value=>1})`, `!JsonPatchTestFailed: index '5' is out of bounds`},
	{`murano`, `"abc".patch({op=>test, path=>"/-", value=>1})`, `!JsonPatchTestFailed: EndOfList('abc') (<class 'jsonpointer.EndOfList'>) is not equal to tested value 1 (<class 'int'>)`},
	{`murano`, `"abc".patch({op=>move, from=>"/-", path=>""})`, `!TypeError: string indices must be integers, not 'str'`},
	{`murano`, `null.patch({op=>remove, path=>""})`, `!TypeError: 'NoneType' object does not support item deletion`},
	{`murano`, `5.patch({op=>remove, path=>""})`, `!TypeError: 'int' object does not support item deletion`},
	{`murano`, `[1].patch({op=>remove, path=>""})`, `!TypeError: list indices must be integers or slices, not NoneType`},
	{`murano`, `{a=>1}.patch([{op=>add, path=>"", value=>5}, {op=>add, path=>"/x/y", value=>1}])`, `{"a": 1}`},
	{`murano`, `[1,2].patch({op=>add, path=>"/0000000000000000000000000001", value=>9})`, `[1, 9, 2]`},
	{`murano`, `[1,2].patch({op=>add, path=>"/100000000000000000000000000", value=>9})`, `!JsonPatchConflict: can't insert outside of list`},
	{`murano`, `[1,2].patch({op=>test, path=>"/100000000000000000000000000", value=>9})`, `!JsonPatchTestFailed: index '100000000000000000000000000' is out of bounds`},
	{`murano`, `{a=>set(1,2)}.patch({op=>add, path=>"/a/0", value=>9})`, `{"a": [9, 1, 2]}`},
	{`murano`, `["op"].patch(["op"].toList())`, `!TypeError: string indices must be integers, not 'str'`},
	{`murano`, `{a=>1}.patch("xopx")`, `!TypeError: string indices must be integers, not 'str'`},
	{`murano`, `{a=>1}.patch(null)`, `!TypeError: argument of type 'NoneType' is not iterable`},
	{`murano`, `{a=>[1,2]}.patch({op=>move, from=>"/a/0", path=>"/a/x"})`, `{"a": [2]}`},
	{`murano`, `{a=>[1,2]}.patch([{op=>remove, path=>"/a/0"}, {op=>test, path=>"/a", value=>[2]}, {op=>replace, path=>"/a/0", value=>{c=>[]}}])`, `{"a": [{"c": []}]}`},
	{`murano`, `{a=>1}.patch({op=>add, path=>"/b", value=>range(0,3)})`, `{"a": 1, "b": [0, 1, 2]}`},
	{`murano`, `{a=>1}.patch({op=>copy, from=>"/a", path=>"/a"})`, `{"a": 1}`},
	{`murano`, `{a=>{b=>{c=>1}}}.patch({op=>move, from=>"/a/b", path=>"/a/b/c/d"})`, `!JsonPatchConflict: Cannot move values into their own children`},
}

func TestMurano(t *testing.T) { runFlavourCases(t, muranoCases) }

func TestMuranoPatch(t *testing.T) { runFlavourCases(t, patchCases) }

// TestRandomName checks the form of randomName(): five lowercase letters,
// the time in base 36 and a counter in base 36.
func TestRandomName(t *testing.T) {
	e, root, err := std.NewFlavor(std.Murano, std.Setup{})
	if err != nil {
		t.Fatal(err)
	}
	st, err := e.Parse(`randomName()`)
	if err != nil {
		t.Fatal(err)
	}
	form := regexp.MustCompile(`^[a-z]{5}[0-9a-z]{8}[0-9a-z]{1,2}$`)
	seen := map[string]bool{}
	for range 3 {
		v, err := st.Evaluate(context.Background(), root, value.Null)
		if err != nil {
			t.Fatal(err)
		}
		s := string(v.(value.String))
		if !form.MatchString(s) || seen[s] {
			t.Errorf("randomName() = %q: want a new name of the form %s", s, form)
		}
		seen[s] = true
	}
}
