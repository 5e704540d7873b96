package std

import (
	"context"
	"errors"
	"testing"
	"time"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// fakeClock stands in for the wall clock: sleeping advances it at once.
type fakeClock struct{ t time.Time }

func (f *fakeClock) now() time.Time                   { return f.t }
func (f *fakeClock) sleep(d time.Duration)            { f.t = f.t.Add(d) }
func (f *fakeClock) since(t0 time.Time) time.Duration { return f.t.Sub(t0) }

func evalMurano(t *testing.T, opts *yaql.Options, ctx context.Context, src string) (value.Value, error) {
	t.Helper()
	e, root, err := NewFlavor(Murano, Setup{Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	st, err := e.Parse(src)
	if err != nil {
		t.Fatal(err)
	}
	return st.Evaluate(ctx, root, value.Null)
}

// TestMuranoSleep checks how long sleep waits, on a fake clock.
func TestMuranoSleep(t *testing.T) {
	saved := sleepClock
	defer func() { sleepClock = saved }()
	for _, tc := range []struct {
		src  string
		want time.Duration
	}{
		{`sleep(1.5)`, 1500 * time.Millisecond},
		{`sleep(2)`, 2 * time.Second},
		{`sleep(0)`, 0},
		{`sleep(-3)`, 0},
		{`[1, 2].select(sleep(0.25))`, 500 * time.Millisecond},
	} {
		clock := &fakeClock{t: time.Unix(0, 0)}
		sleepClock.now, sleepClock.sleep = clock.now, clock.sleep
		start := clock.now()
		_, err := evalMurano(t, nil, context.Background(), tc.src)
		if got := clock.since(start); err != nil || got != tc.want {
			t.Errorf("%s slept %v (error %v), want %v", tc.src, got, err, tc.want)
		}
	}
}

// TestMuranoSleepBudget checks that sleeping counts against the step
// budget.
func TestMuranoSleepBudget(t *testing.T) {
	saved := sleepClock
	defer func() { sleepClock = saved }()
	clock := &fakeClock{t: time.Unix(0, 0)}
	sleepClock.now, sleepClock.sleep = clock.now, clock.sleep
	opts := DefaultOptions(Murano)
	opts.MaxSteps = 10_000
	_, err := evalMurano(t, &opts, context.Background(), `sleep(3600)`)
	var ye *yaql.Error
	if !errors.As(err, &ye) || ye.Class != yaql.ClassBudget {
		t.Errorf("sleep(3600) with 10000 steps: error %v, want %s", err, yaql.ClassBudget)
	}
}

// TestMuranoSleepCancel checks that a cancelled evaluation stops
// sleeping within about a second.
func TestMuranoSleepCancel(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := evalMurano(t, nil, ctx, `sleep(3600)`)
	var ye *yaql.Error
	if !errors.As(err, &ye) || ye.Class != yaql.ClassCancelled {
		t.Errorf("cancelled sleep(3600): error %v, want %s", err, yaql.ClassCancelled)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("cancelled sleep(3600) returned after %v", d)
	}
}
