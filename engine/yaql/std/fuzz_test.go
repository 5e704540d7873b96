package std_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
	"murano.dev/playground/engine/yaql/std"
	"murano.dev/playground/engine/yaql/syntax"
)

// FuzzEval evaluates arbitrary expressions in every flavour under a small
// budget: evaluation must never panic, never hang past the budget, and
// fail only with the evaluator's own error types.
func FuzzEval(f *testing.F) {
	for _, s := range []string{
		"$.where($ > 1).select($ * 2)", "range(10).groupBy($ mod 3)", "'abc' * 3 + str([1, {a => null}])",
		"let(x => [1, 2]) -> $x.join(',')", "[1, 2, 3].orderBy(-$).first()", "{a => 1}.a", "$[0]",
		"1 / 0", "range(3).sum() = 3", "'a,b'.split(',')", "sequence().take(5)", "[[1], [2]].flatten()",
		"regex('a+').search('baa')", "datetime(2020, 1, 1).year", "switch($ > 1 => 1, true => 2)",
	} {
		f.Add(s, uint8(0))
	}
	flavors := []std.Flavor{std.Plain, std.Legacy, std.Murano, std.MuranoLegacy, std.Tests}
	type built struct {
		e *yaql.Engine
		c *yaql.Context
	}
	var engines []built
	for _, fl := range flavors {
		opts := std.DefaultOptions(fl)
		opts.MaxSteps = 20000
		opts.MaxCollection = 10000
		opts.MaxString = 1 << 16
		e, c, err := std.NewFlavor(fl, std.Setup{Options: &opts})
		if err != nil {
			f.Fatal(err)
		}
		engines = append(engines, built{e, c})
	}
	data := value.NewTuple([]value.Value{value.Int(1), value.Int(2), value.Int(3)})
	f.Fuzz(func(t *testing.T, src string, which uint8) {
		if len(src) > 200 {
			return
		}
		b := engines[int(which)%len(engines)]
		st, err := b.e.Parse(src)
		if err != nil {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_, err = st.Evaluate(ctx, b.c, data)
		if err == nil {
			return
		}
		var ye *yaql.Error
		var ve *value.Exception
		var se *syntax.Error
		if !errors.As(err, &ye) && !errors.As(err, &ve) && !errors.As(err, &se) {
			t.Fatalf("%q: error of unexpected type %T: %v", src, err, err)
		}
	})
}
