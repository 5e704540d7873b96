package std

import (
	"context"
	"errors"
	"testing"
	"time"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// TestMuranoSleep checks what sleep asks the clock for, without sleeping,
// and that an interrupted sleep ends the evaluation.
func TestMuranoSleep(t *testing.T) {
	saved := sleepFor
	defer func() { sleepFor = saved }()
	e, root, err := NewFlavor(Murano, Setup{})
	if err != nil {
		t.Fatal(err)
	}
	eval := func(src string) (value.Value, error) {
		st, err := e.Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		return st.Evaluate(context.Background(), root, value.Null)
	}
	for _, tc := range []struct {
		src  string
		want time.Duration
	}{
		{`sleep(1.5)`, 1500 * time.Millisecond},
		{`sleep(2)`, 2 * time.Second},
		{`sleep(0)`, 0},
		{`sleep(-3)`, 0},
	} {
		var asked time.Duration
		sleepFor = func(_ context.Context, d time.Duration) error { asked = d; return nil }
		v, err := eval(tc.src)
		if err != nil || !value.IsNull(v) || asked != tc.want {
			t.Errorf("%s = %v, %v after sleeping %v; want null after %v", tc.src, v, err, asked, tc.want)
		}
	}
	sleepFor = func(context.Context, time.Duration) error { return context.Canceled }
	_, err = eval(`[1, 2].select(sleep(10))`)
	var ye *yaql.Error
	if !errors.As(err, &ye) || ye.Class != yaql.ClassCancelled {
		t.Errorf("interrupted sleep: error %v, want %s", err, yaql.ClassCancelled)
	}
}
