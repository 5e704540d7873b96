package std_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
	"murano.dev/playground/engine/yaql/std"
)

// queryCases are expressions of the queries library with the outcome the
// reference gives (plain flavour), obtained with
//
//	echo '{"expr": "<expr>"}' | /usr/bin/python3 ../shared/oracle/oracle.py yaql --flavour plain
//
// want is the JSON result, "~" + the result when the oracle flagged a set
// (order ignored), or "!" + "Class: message" for an error.
var queryCases = []struct{ expr, want string }{
	// where / filter / select / map
	{`[1, 2, 3, 4, 5].where($ > 3)`, `[4, 5]`},
	{`[1, 2, 3].filter($ != 2)`, `[1, 3]`},
	{`[1, 2, 3].where(null)`, `[]`},
	{`[1, 2, 3].select($ * $)`, `[1, 4, 9]`},
	{`[1, 2].map([$])`, `[[1], [2]]`},
	{`[{a => 2}, {a => 4}].select($.a)`, `[2, 4]`},
	{`select([1, 2], $)`, `!NoFunctionRegisteredException: Unknown function "select"`},
	{`'abc'.where(true)`, `!NoMatchingMethodException: No method "where" for receiver abc matches supplied arguments`},
	{`{a => 1}.where(true)`, `!NoMatchingMethodException: No method "where" for receiver {'a': 1} matches supplied arguments`},
	{`null.where(true)`, `!NoMatchingMethodException: No method "where" for receiver None matches supplied arguments`},
	// collection attribution
	{`[{a => 1}, {a => 2, b => 3}].a`, `[1, 2]`},
	{`[[{a => 1}], [{a => 2}]].a`, `[[1], [2]]`},
	{`[{a => 1}, {b => 2}].a`, `!KeyError: 'a'`},
	{`[1, 2].a`, `!NoFunctionRegisteredException: Unknown function "#property#a"`},
	{`[].a`, `[]`},
	// skip / take / limit
	{`[1, 2, 3, 4, 5].skip(2)`, `[3, 4, 5]`},
	{`[1, 2, 3, 4, 5].take(2)`, `[1, 2]`},
	{`[1, 2, 3, 4, 5].limit(4)`, `[1, 2, 3, 4]`},
	{`[1, 2].take(true)`, `[1]`},
	{`[1, 2].skip(false)`, `[1, 2]`},
	{`[1, 2].skip(10)`, `[]`},
	{`[1, 2].take(0)`, `[]`},
	{`[1, 2].skip(-1)`, `!ValueError: Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize.`},
	{`[1, 2].take(-1)`, `!ValueError: Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.`},
	{`[1, 2].take(100000000000000000000)`, `!ValueError: Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.`},
	{`[1, 2].skip(null)`, `!NoMatchingMethodException: No method "skip" for receiver (1, 2) matches supplied arguments`},
	{`[1, 2].take(1.0)`, `!NoMatchingMethodException: No method "take" for receiver (1, 2) matches supplied arguments`},
	{`sequence().skip(3).take(2)`, `[3, 4]`},
	// append / concat
	{`[1, 2, 3].append(4, 5)`, `[1, 2, 3, 4, 5]`},
	{`append([1], null, [2])`, `[1, null, [2]]`},
	{`[1].concat([2, 3], [4, 5])`, `[1, 2, 3, 4, 5]`},
	{`concat([1], [2])`, `[1, 2]`},
	{`concat()`, `!AmbiguousFunctionException: Ambiguous function "concat"`},
	{`[1].concat('ab')`, `!NoMatchingMethodException: No method "concat" for receiver (1,) matches supplied arguments`},
	{`[1].append()`, `[1]`},
	// distinct
	{`[1, 2, 3, 1].distinct()`, `[1, 2, 3]`},
	{`[{a => 1}, {b => 2}, {a => 1}].distinct()`, `[{"a": 1}, {"b": 2}]`},
	{`[['a', 1], ['b', 2], ['c', 1], ['a', 3]].distinct($[1])`, `[["a", 1], ["b", 2], ["a", 3]]`},
	{`distinct([1, 1.0, true, 2])`, `[1, 2]`},
	{`[1, 2].distinct(null)`, `[1]`},
	{`['a b'.split(' '), 1].distinct()`, `!TypeError: unhashable type: 'list'`},
	{`[1, 2, 1].distinct(keySelector => $ > 1)`, `[1, 2]`},
	{`sequence().distinct().take(3)`, `[0, 1, 2]`},
	// enumerate
	{`['a', 'b', 'c'].enumerate()`, `[[0, "a"], [1, "b"], [2, "c"]]`},
	{`['a', 'b', 'c'].enumerate(2)`, `[[2, "a"], [3, "b"], [4, "c"]]`},
	{`enumerate(['a'], start => -1)`, `[[-1, "a"]]`},
	{`[1].enumerate(true)`, `[[1, 1]]`},
	{`[1].enumerate(null)`, `!TypeError: 'NoneType' object cannot be interpreted as an integer`},
	{`[].enumerate(null)`, `!TypeError: 'NoneType' object cannot be interpreted as an integer`},
	{`[1].enumerate(1.5)`, `!NoMatchingMethodException: No method "enumerate" for receiver (1,) matches supplied arguments`},
	{`[1].enumerate().first() = [0, 1]`, `false`},
	{`sequence().enumerate(10000000000000000000).take(2)`, `[[10000000000000000000, 0], [10000000000000000001, 1]]`},
	// any / all
	{`[[], 0, ''].any()`, `true`},
	{`[[], 0, ''].any(predicate => $)`, `false`},
	{`[].any()`, `false`},
	{`any([0])`, `true`},
	{`[1, 2].any($ > 1)`, `true`},
	{`[1, 2].any(null)`, `false`},
	{`[1, [], ''].all()`, `false`},
	{`[1, [0], 'a'].all()`, `true`},
	{`[].all()`, `true`},
	{`all([1, 2], $ > 1)`, `false`},
	{`[1, 0].all(null)`, `false`},
	{`sequence().any($ > 10)`, `true`},
	{`sequence().all($ < 10)`, `false`},
	// len / count
	{`[1, 2].count()`, `2`},
	{`range(3).len()`, `3`},
	{`len(range(4))`, `4`},
	{`range(2000).len()`, `2000`},
	{`range(2000).count()`, `!CollectionTooLargeException: Collection length exceeds 1000 elements`},
	{`[1, 2].where(true).len()`, `2`},
	{`{a => 1}.count()`, `!NoMatchingMethodException: No method "count" for receiver {'a': 1} matches supplied arguments`},
	{`set(1, 2).count()`, `2`},
	// memorize
	{`let(range(4)) -> $.sum() + $.len()`, `6`},
	{`let(range(4).memorize()) -> $.sum() + $.len()`, `10`},
	{`[1, 2].memorize()`, `[1, 2]`},
	{`sequence().memorize().take(3)`, `[0, 1, 2]`},
	// sum / min / max
	{`[3, 1, 2].sum()`, `6`},
	{`['a', 'b'].sum('c')`, `"cab"`},
	{`['a', 'b'].sum()`, `"ab"`},
	{`[].sum()`, `!TypeError: reduce() of empty iterable with no initial value`},
	{`[].sum(0)`, `0`},
	{`[1].sum(null)`, `!NoMatchingFunctionException: No function "#operator_+" matches supplied arguments`},
	{`[1, 2.5].sum()`, `3.5`},
	{`[[1], [2]].sum()`, `[1, 2]`},
	{`[3, 1, 2].max()`, `3`},
	{`[3, 1, 2].min()`, `1`},
	{`[].max()`, `!TypeError: reduce() of empty iterable with no initial value`},
	{`[].min(0)`, `0`},
	{`[1, 2].max(3)`, `3`},
	{`[1, 2].min(initial => 0)`, `0`},
	{`['b', 'a'].max()`, `"b"`},
	{`[1, 'a'].max()`, `!NoMatchingFunctionException: No function "#operator_>" matches supplied arguments`},
	{`[null, 1].max()`, `1`},
	{`[null, 1].min()`, `null`},
	// first / last / single
	{`[1, 2].first()`, `1`},
	{`[].first()`, `!StopIteration: `},
	{`[].first(5)`, `5`},
	{`[].first(null)`, `null`},
	{`[1, 2].last()`, `2`},
	{`[].last()`, `!StopIteration: `},
	{`[].last(7)`, `7`},
	{`range(5).last()`, `4`},
	{`range(0).last(null)`, `null`},
	{`['abc'].single()`, `"abc"`},
	{`[].single()`, `!StopIteration: `},
	{`[1, 2].single()`, `!StopIteration: Collection contains more than one item`},
	{`range(1, 2).single()`, `1`},
	{`sequence().first()`, `0`},
	// selectMany
	{`[0, 1].selectMany([$, $ + 1])`, `[0, 1, 1, 2]`},
	{`[1, 2].selectMany($)`, `[1, 2]`},
	{`[[1, 2], 'ab', {a => 1}].selectMany($)`, `[1, 2, "ab", {"a": 1}]`},
	{`range(3).selectMany(range($))`, `[0, 0, 1]`},
	{`[1, 2].selectMany(set($, 5))`, `[1, 5, 2, 5]`},
	// range / sequence
	{`range(3)`, `[0, 1, 2]`},
	{`range(1, 4)`, `[1, 2, 3]`},
	{`range(4, 1, -1)`, `[4, 3, 2]`},
	{`range(1, 10, 3)`, `[1, 4, 7]`},
	{`range(0, 3, 0)`, `!ValueError: range() arg 3 must not be zero`},
	{`range(true)`, `[0]`},
	{`range(-2)`, `[]`},
	{`range(null)`, `!NoMatchingFunctionException: No function "range" matches supplied arguments`},
	{`range(1.5)`, `!NoMatchingFunctionException: No function "range" matches supplied arguments`},
	{`range(10000000000000000000000, 10000000000000000000003)`, `[10000000000000000000000, 10000000000000000000001, 10000000000000000000002]`},
	{`range(3)[1]`, `!NoMatchingFunctionException: No function "#indexer" matches supplied arguments`},
	{`range(stop => 2)`, `[0, 1]`},
	{`range(start => 1, stop => 3)`, `[1, 2]`},
	{`sequence().take(5)`, `[0, 1, 2, 3, 4]`},
	{`sequence(5).take(3)`, `[5, 6, 7]`},
	{`sequence(1, -1).take(3)`, `[1, 0, -1]`},
	{`sequence(step => 10).take(3)`, `[0, 10, 20]`},
	{`sequence(10000000000000000000000).take(2)`, `[10000000000000000000000, 10000000000000000000001]`},
	{`sequence(9223372036854775806).take(3)`, `[9223372036854775806, 9223372036854775807, 9223372036854775808]`},
	{`sequence(null)`, `!NoMatchingFunctionException: No function "sequence" matches supplied arguments`},
	// orderBy / thenBy
	{`[[3, 'c'], [2, 'b'], [1, 'c'], [0, 'd']].orderBy($[1])`, `[[2, "b"], [3, "c"], [1, "c"], [0, "d"]]`},
	{`[1, 4, 3, 2].orderByDescending($)`, `[4, 3, 2, 1]`},
	{`[[3, 'c'], [2, 'b'], [1, 'c']].orderBy($[1]).thenBy($[0])`, `[[2, "b"], [1, "c"], [3, "c"]]`},
	{`[[3, 'c'], [2, 'b'], [1, 'c']].orderBy($[1]).thenByDescending($[0])`, `[[2, "b"], [3, "c"], [1, "c"]]`},
	{`[3, null, 1].orderBy($)`, `[null, 1, 3]`},
	{`[3, null, 1].orderByDescending($)`, `[3, 1, null]`},
	{`[1, 'a'].orderBy($)`, `!NoMatchingFunctionException: No function "#operator_<" matches supplied arguments`},
	{`[1, null, 'a'].orderBy($)`, `!NoMatchingFunctionException: No function "#operator_<" matches supplied arguments`},
	{`[1].orderBy($.nosuch)`, `[1]`},
	{`[2, 1].orderBy($.nosuch)`, `!NoFunctionRegisteredException: Unknown function "#property#nosuch"`},
	{`[[1, 2], [1], [0, 5]].orderBy($)`, `!NoMatchingFunctionException: No function "#operator_<" matches supplied arguments`},
	{`['b', 'a', 'B'].orderBy($)`, `["B", "a", "b"]`},
	{`[1.5, 1, true].orderBy($)`, `!NoMatchingFunctionException: No function "#operator_<" matches supplied arguments`},
	{`[3, 1, 2].orderBy(1)`, `[3, 1, 2]`},
	{`[1, 2].thenBy($)`, `!NoMatchingMethodException: No method "thenBy" for receiver (1, 2) matches supplied arguments`},
	// The reference names the receiver "<yaql.standard_library.queries.OrderingIterable object at 0x?>";
	// ordered collections are iterators here, printed "<iterator object>".
	{`[3, 1, 2].orderBy($).len()`, `!NoMatchingMethodException`},
	// Ordered and memorized collections can be iterated again, also through
	// parameters that apply the iterator limit.
	{`let([3, 1, 2].orderBy($)) -> $.sum() + $.count()`, `9`},
	{`let([3, 1, 2].orderBy($)) -> [$.first(), $.last()]`, `[1, 3]`},
	{`isIterable([1].orderBy($))`, `true`},
	{`[3, 1, 2].orderBy($).where($ > 1)`, `[2, 3]`},
	{`[3, 1, 2].orderBy($).memorize()`, `[1, 2, 3]`},
	{`[[2, 1], [1, 2], [2, 0], [1, 1]].orderByDescending($[0]).thenBy($[1])`, `[[2, 0], [2, 1], [1, 1], [1, 2]]`},
	{`[[1, 'b', 3], [1, 'a', 2], [0, 'b', 1], [1, 'a', 1]].orderBy($[0]).thenBy($[1]).thenByDescending($[2])`, `[[0, "b", 1], [1, "a", 2], [1, "a", 1], [1, "b", 3]]`},
	// groupBy
	{`[1, 2, 3, 4].groupBy($ mod 2)`, `[[1, [1, 3]], [0, [2, 4]]]`},
	{`['a', 'b', 'c', 'd'].groupBy($ in list(a, c), $ + '!')`, `[[true, ["a!", "c!"]], [false, ["b!", "d!"]]]`},
	{`[1, 2, 3].groupBy($ mod 2, $, $.sum())`, `[[1, 4], [0, 2]]`},
	{`[1, 2, 3].groupBy($ mod 2, aggregator => $.len())`, `[[1, 2], [0, 1]]`},
	{`[1, 2, 3].groupBy($ mod 2,, $.len())`, `[[1, 2], [0, 1]]`},
	{`[1, 2, 3].groupBy($ mod 2, $, $[1])`, `!IndexError: list index out of range`},
	{`[1, 2].groupBy($ mod 2, $, $[1])`, `!IndexError: list index out of range`},
	{`[[1, 'a'], [2, 'b'], [1, 'c']].groupBy($[0], $[1], [$[0], $[1].sum()])`, `[[1, "ac"], [2, "b"]]`},
	{`[[1, 'a'], [2, 'b'], [1, 'c']].groupBy($[0],, [$[0], $[1].len()])`, `[[1, [[1, "a"], 2]], [2, 1]]`},
	{`[1, 2].groupBy('a b'.split(' '))`, `!TypeError: unhashable type: 'list'`},
	{`[1, 2, 3].groupBy(null)`, `[[null, [1, 2, 3]]]`},
	{`[].groupBy($)`, `[]`},
	{`str([1, 2].groupBy($).first())`, `"(1, [1])"`},
	// join
	{`[1, 2, 3, 4].join([1, 2, 3, 4], $1 > $2, [$1, $2])`, `[[2, 1], [3, 1], [3, 2], [4, 1], [4, 2], [4, 3]]`},
	{`[1, 2].join([3, 4], true, [$1, $2])`, `[[1, 3], [1, 4], [2, 3], [2, 4]]`},
	{`[1, 2].join([], true, $1)`, `[]`},
	{`range(3).join(range(2), true, $1 * 10 + $2)`, `[0, 1, 10, 11, 20, 21]`},
	// zip / zipLongest
	{`[1, 2, 3].zip([4, 5], [6, 7])`, `[[1, 4, 6], [2, 5, 7]]`},
	{`[1, 2].zip()`, `[[1], [2]]`},
	{`[1, 2, 3].zipLongest([4, 5])`, `[[1, 4], [2, 5], [3, null]]`},
	{`[1, 2, 3].zipLongest([4, 5], default => 100)`, `[[1, 4], [2, 5], [3, 100]]`},
	{`[1].zipLongest([2, 3], foo => 3)`, `[[1, 2], [null, 3]]`},
	{`[].zipLongest([])`, `[]`},
	{`[1].zip([2]).first() = [1, 2]`, `true`},
	{`sequence().zip([1, 2])`, `[[0, 1], [1, 2]]`},
	// repeat / cycle
	{`1.repeat(2)`, `[1, 1]`},
	{`null.repeat(3)`, `[null, null, null]`},
	{`[1, 2].repeat(2)`, `[[1, 2], [1, 2]]`},
	{`1.repeat(0)`, `[]`},
	{`1.repeat(-5).take(3)`, `[1, 1, 1]`},
	{`1.repeat().take(3)`, `[1, 1, 1]`},
	{`1.repeat(null)`, `!NoMatchingMethodException: No method "repeat" for receiver 1 matches supplied arguments`},
	{`[1, 2].cycle().take(5)`, `[1, 2, 1, 2, 1]`},
	{`[].cycle()`, `[]`},
	{`sequence().cycle().take(3)`, `[0, 1, 2]`},
	// takeWhile / skipWhile
	{`[1, 2, 3, 4, 5].takeWhile($ < 4)`, `[1, 2, 3]`},
	{`[1, 2, 3, 4, 5].skipWhile($ < 3)`, `[3, 4, 5]`},
	{`[1, 5, 1].skipWhile($ < 3)`, `[5, 1]`},
	{`[].takeWhile(true)`, `[]`},
	{`sequence().takeWhile($ < 3)`, `[0, 1, 2]`},
	{`sequence().skipWhile($ < 3).take(2)`, `[3, 4]`},
	// indexOf etc
	{`[1, 2, 3, 2].indexOf(2)`, `1`},
	{`[1, 2, 3, 2].indexOf(5)`, `-1`},
	{`[1, 2, 3, 2].lastIndexOf(2)`, `3`},
	{`[1, 2.0, 3].indexOf(2)`, `1`},
	{`[1, 2, 3, 4].indexWhere($ > 2)`, `2`},
	{`[1, 2].indexWhere($ > 2)`, `-1`},
	{`[1, 2, 3, 4].lastIndexWhere($ < 4)`, `2`},
	{`[1, 2].lastIndexWhere(false)`, `-1`},
	{`[null].indexOf(null)`, `0`},
	{`sequence().indexOf(7)`, `7`},
	// slice / splitWhere / sliceWhere / splitAt
	{`[1, 2, 3, 4, 5].slice(2)`, `[[1, 2], [3, 4], [5]]`},
	{`[1, 2, 3].slice(0)`, `[]`},
	{`[1, 2, 3].slice(-1)`, `!ValueError: Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.`},
	{`[].slice(-1)`, `!ValueError: Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.`},
	{`[1, 2, 3].slice(true)`, `[[1], [2], [3]]`},
	{`sequence().slice(2).take(2)`, `[[0, 1], [2, 3]]`},
	{`[1, 2, 3, 4, 5, 6, 7].splitWhere($ mod 3 = 0)`, `[[1, 2], [4, 5], [7]]`},
	{`[1, 2, 3].splitWhere(true)`, `[[], [], []]`},
	{`[].splitWhere(true)`, `[]`},
	{`[1, 2, 3, 4, 5, 6, 7].sliceWhere($ mod 3 = 0)`, `[[1, 2], [3], [4, 5], [6], [7]]`},
	{`[1, 2, 3, 4, 5].sliceWhere($ < 3)`, `[[1, 2], [3, 4, 5]]`},
	{`[1, 2, 3].sliceWhere(1)`, `[[1, 2, 3]]`},
	{`[].sliceWhere(1)`, `[]`},
	{`[1, 2, 3, 4].splitAt(1)`, `[[1], [2, 3, 4]]`},
	{`[1, 2, 3, 4].splitAt(0)`, `[[], [1, 2, 3, 4]]`},
	{`[1, 2, 3].splitAt(-1)`, `[[1, 2], [3]]`},
	{`[1, 2, 3].splitAt(-10)`, `[[], [1, 2, 3]]`},
	{`[1, 2, 3].splitAt(10)`, `[[1, 2, 3], []]`},
	{`[1, 2, 3].splitAt(1).first() = [1]`, `true`},
	{`[1, 2, 3].splitAt(100000000000000000000)`, `[[1, 2, 3], []]`},
	// aggregate / reduce / accumulate
	{`[a, a, b, a, a].aggregate($1 + $2)`, `"aabaa"`},
	{`[].aggregate($1 + $2, 1)`, `1`},
	{`[].aggregate($1 + $2)`, `!TypeError: reduce() of empty iterable with no initial value`},
	{`[1, 2, 3].reduce($1 * $2)`, `6`},
	{`[1, 2, 3].reduce($1 + $2, 10)`, `16`},
	{`[1, 2, 3].accumulate($1 + $2)`, `[1, 3, 6]`},
	{`[1, 2, 3].accumulate($1 + $2, 100)`, `[100, 101, 103, 106]`},
	{`[].accumulate($1 + $2, 1)`, `[1]`},
	{`[].accumulate($1 + $2)`, `!TypeError: accumulate() of empty sequence with no initial value`},
	{`sequence().accumulate($1 + $2).take(5)`, `[0, 1, 3, 6, 10]`},
	{`[1, 2].aggregate(seed => 0, selector => $1 - $2)`, `-3`},
	// reverse
	{`[1, 2, 3, 4].reverse()`, `[4, 3, 2, 1]`},
	{`[].reverse()`, `[]`},
	{`range(3).reverse()`, `[2, 1, 0]`},
	{`reverse([1])`, `!NoFunctionRegisteredException: Unknown function "reverse"`},
	// mergeWith
	{`{'a'=> 1, 'b'=> 2, 'c'=> [1, 2]}.mergeWith({'d'=> 5, 'b'=> 3, 'c'=> [2, 3]})`, `{"a": 1, "b": 3, "c": [1, 2, 3], "d": 5}`},
	{`{'a'=> 1, 'b'=> 2, 'c'=> [1, 2]}.mergeWith({'d'=> 5, 'b'=> 3, 'c'=> [2, 3]}, $1+$2)`, `{"a": 1, "b": 3, "c": [1, 2, 2, 3], "d": 5}`},
	{`{'a'=> 1, 'b'=> 2, 'c'=> [1, 2]}.mergeWith({'d'=> 5, 'b'=> 3, 'c'=> [2, 3]}, $1+$2, $1)`, `{"a": 1, "b": 2, "c": [1, 2, 2, 3], "d": 5}`},
	{`{'a'=> 1, 'b'=> 2, 'c'=> [1, 2]}.mergeWith({'d'=> 5, 'b'=> 3, 'c'=> [2, 3]}, maxLevels => 1)`, `{"a": 1, "b": 3, "c": [2, 3], "d": 5}`},
	{`{a => {b => [1, 2], c => 1}, d => 2}.mergeWith({a => {b => [3], c => 2, e => 5}, f => 1}, maxLevels => 2)`, `{"a": {"b": [3], "c": 2, "e": 5}, "d": 2, "f": 1}`},
	{`{a => {b => {c => 1}}}.mergeWith({a => {b => {d => 2}}})`, `{"a": {"b": {"c": 1, "d": 2}}}`},
	{`{a => 1}.mergeWith({a => {b => 1}})`, `!TypeError: Cannot merge <class 'int'> with <class 'yaql.language.utils.FrozenDict'>`},
	{`{a => [1]}.mergeWith({a => {b => 1}})`, `!TypeError: Cannot merge <class 'tuple'> with <class 'yaql.language.utils.FrozenDict'>`},
	{`{a => 1}.mergeWith({a => [1]})`, `!TypeError: Cannot merge <class 'int'> with <class 'tuple'>`},
	{`{a => 1}.mergeWith({a => 2}, maxLevels => null)`, `!NoMatchingMethodException: No method "mergeWith" for receiver {'a': 1} matches supplied arguments`},
	{`{a => 1}.mergeWith({a => 2}, itemMerger => $1 + $2)`, `{"a": 3}`},
	{`{a => [1, 2]}.mergeWith({a => set(2, 3)})`, `~{"a": [2, 3]}`},
	{`{a => 1}.mergeWith({a => 2}, maxLevels => -1)`, `{"a": 2}`},
	{`{}.mergeWith({})`, `{}`},
	{`{a => 1}.mergeWith([1])`, `!NoMatchingMethodException: No method "mergeWith" for receiver {'a': 1} matches supplied arguments`},
	{`{a => [1, 1]}.mergeWith({a => [1]})`, `{"a": [1]}`},
	{`{a => 'x'}.mergeWith({a => 'y'}, listMerger => 0)`, `{"a": "y"}`},
	// isIterable
	{`isIterable([])`, `true`},
	{`isIterable(set(1, 2))`, `true`},
	{`isIterable("foo")`, `false`},
	{`isIterable({"a" => 1})`, `false`},
	{`isIterable(null)`, `false`},
	{`isIterable(range(2))`, `true`},
	{`isIterable(1)`, `false`},
	{`[].isIterable()`, `!NoMethodRegisteredException: Unknown method "isIterable" for receiver ()`},
	// generate / generateMany
	{`generate(0, $ < 10, $ + 2)`, `[0, 2, 4, 6, 8]`},
	{`generate(1, $ < 10, $ + 2, $ * 1000)`, `[1000, 3000, 5000, 7000, 9000]`},
	{`generate(1, $ < 5, $ + 1, decycle => true)`, `[1, 2, 3, 4]`},
	{`generate(1, $ < 5, 1, decycle => true)`, `[1]`},
	{`generate(1, $ < 5, 1)`, `!CollectionTooLargeException: Collection length exceeds 1000 elements`},
	{`generate(0, true, $ + 1).take(3)`, `[0, 1, 2]`},
	{`generate(0, $ < 3, $ + 1, decycle => 1)`, `!NoMatchingFunctionException: No function "generate" matches supplied arguments`},
	{`generate(0, false, 1 / 0)`, `[]`},
	{`generate(0, $ < 1, $.nosuch)`, `!NoFunctionRegisteredException: Unknown function "#property#nosuch"`},
	{`generateMany("1", {"1" => ["2", "3"], "2"=>["4"], "3"=>["5"]}.get($, []))`, `["1", "2", "3", "4", "5"]`},
	{`generateMany(1, [$+1, $+2].where($ < 5))`, `[1, 2, 3, 3, 4, 4, 4]`},
	{`generateMany(1, [$+1, $+2].where($ < 5), depthFirst => true)`, `[1, 2, 3, 4, 4, 3, 4]`},
	{`generateMany(1, [$+1, $+2].where($ < 5), decycle => true)`, `[1, 2, 3, 4]`},
	{`generateMany(1, [$+1, $+2].where($ < 5), $ * 10)`, `[10, 20, 30, 30, 40, 40, 40]`},
	{`generateMany('ab', 'xy')`, `!CollectionTooLargeException: Collection length exceeds 1000 elements`},
	{`generateMany(1, 2)`, `!TypeError: 'int' object is not iterable`},
	{`generateMany(1, null)`, `!TypeError: 'NoneType' object is not iterable`},
	{`generateMany({a => 1}, {b => 2})`, `!CollectionTooLargeException: Collection length exceeds 1000 elements`},
	{`generateMany(0, [$ + 1]).take(3)`, `[0, 1, 2]`},
	{`generateMany('a', switch($ = 'a' => 'bc', true => []))`, `["a", "b", "c"]`},
	{`generateMany('a', switch($ = 'a' => {b => 1, c => 2}, true => []))`, `["a", "b", "c"]`},
	// defaultIfEmpty
	{`[].defaultIfEmpty([1, 2])`, `[1, 2]`},
	{`[3].defaultIfEmpty([1, 2])`, `[3]`},
	{`[].where(true).defaultIfEmpty([1])`, `[1]`},
	{`[1].where(true).defaultIfEmpty([2])`, `[1]`},
	{`[].defaultIfEmpty(1)`, `!NoMatchingMethodException: No method "defaultIfEmpty" for receiver () matches supplied arguments`},
	{`set().defaultIfEmpty([0])`, `[0]`},
	{`let([1, 2].select($).defaultIfEmpty([])) -> $.sum() + $.count()`, `5`},
	{`let(range(3).memorize()) -> $.zip($)`, `[[0, 0], [1, 1], [2, 2]]`},
	{`let(range(3).orderBy($)) -> $.zip($)`, `[[0, 0], [1, 1], [2, 2]]`},
	// laziness: lambdas run only for the elements pulled
	{`sequence().select(10 / (3 - $)).take(3)`, `[3, 5, 10]`},
	{`sequence().where(10 / (5 - $) > 2).take(2)`, `[2, 3]`},
	{`[1, 0].select(1 / $).first()`, `1`},
	{`[2, 0].orderBy(1 / $).first()`, `!ZeroDivisionError: integer division or modulo by zero`},
	{`sequence(1).selectMany(range(10 / $)).take(4)`, `[0, 1, 2, 3]`},
	{`let(x => [1, 0].select(1 / $)) -> 1`, `1`},
	{`[1, 0].enumerate().select($[1]).where(1 / $ > 0).first()`, `1`},
}

func TestQueries(t *testing.T) { checkOracleCases(t, "queries_test", queryCases) }

// TestQueriesBudget checks that infinite generators stay lazy and that
// consuming one fails within the step budget instead of running forever
// (the reference never returns).
func TestQueriesBudget(t *testing.T) {
	opts := std.DefaultOptions(std.Plain)
	opts.LimitIterators = -1
	opts.MaxSteps = 200_000
	e, root, err := std.NewFlavor(std.Plain, std.Setup{Options: &opts})
	if err != nil {
		t.Fatal(err)
	}
	for _, src := range []string{
		`sequence().len()`,
		`sequence().count()`,
		`sequence().orderBy($)`,
		`sequence().where(false).first()`,
		`sequence().groupBy($)`,
		`sequence().reverse()`,
		`sequence().sum()`,
		`sequence().last()`,
		`1.repeat().cycle().skip(100000000)`,
		`[1].cycle().indexOf(2)`,
		`generate(1, true, $).all()`,
		`generateMany(0, [$, $]).any(false)`,
		`sequence().join(sequence(), false, $1).first()`,
		`sequence().splitAt(1)`,
		`sequence().distinct($ mod 2).take(3)`,
	} {
		st, err := e.Parse(src)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		_, err = st.Evaluate(ctx, root, value.Null)
		cancel()
		var ye *yaql.Error
		if !errors.As(err, &ye) || ye.Class != yaql.ClassBudget {
			t.Errorf("%s: error %v, want %s", src, err, yaql.ClassBudget)
		}
	}
}
