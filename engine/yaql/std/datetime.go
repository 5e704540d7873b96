// This file defines the date_time library: building dates and time spans,
// their properties (obj.year …), arithmetic and comparisons, now() and
// the time zone helpers. Dates follow Python's datetime: years 1 to 9999,
// microsecond precision, a fixed UTC offset (naive dates are taken as
// UTC); spans follow timedelta (engine/internal/pytime has the rules).

package std

import (
	"errors"
	"fmt"
	"math/big"
	"time"

	"murano.dev/playground/engine/internal/pytime"
	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

func init() { addLibrary(orderDateTime, "date_time", registerDateTime) }

// Clock returns the current time for now(), localtz() and the dates
// datetime(string) fills in; tests replace it. Its location is the local
// time zone.
var Clock = time.Now

var (
	zeroSpan    = value.TimeSpan{}
	spanOrNull  = yaql.TimeSpan.OrNull()
	intOrNull   = yaql.Int
	usPerSecond = int64(time.Second / time.Microsecond)
	usPerDay    = 86400 * usPerSecond
)

func registerDateTime(c *yaql.Context, _ Options) {
	c.Register(
		yaql.Fn("datetime", fnBuildDateTime,
			yaql.P("year", pyIntType), yaql.P("month", pyIntType), yaql.P("day", pyIntType),
			yaql.Opt("hour", pyIntType, value.Int(0)), yaql.Opt("minute", pyIntType, value.Int(0)),
			yaql.Opt("second", pyIntType, value.Int(0)), yaql.Opt("microsecond", pyIntType, value.Int(0)),
			yaql.Opt("offset", yaql.TimeSpan, zeroSpan)),
		yaql.Fn("timespan", fnBuildTimeSpan,
			yaql.Opt("days", pyIntType, value.Int(0)), yaql.Opt("hours", pyIntType, value.Int(0)),
			yaql.Opt("minutes", pyIntType, value.Int(0)), yaql.Opt("seconds", yaql.Integer, value.Int(0)),
			yaql.Opt("milliseconds", yaql.Integer, value.Int(0)), yaql.Opt("microseconds", yaql.Integer, value.Int(0))),
		yaql.Fn("datetime", fnDateTimeFromTimestamp, yaql.P("timestamp", yaql.Number), yaql.Opt("offset", yaql.TimeSpan, zeroSpan)),
		yaql.Fn("datetime", fnDateTimeFromString, yaql.P("string", yaql.String), yaql.Opt("format", yaql.String.OrNull(), value.Null)),
		yaql.Fn("now", fnNow, yaql.Opt("offset", spanOrNull, zeroSpan)),
		yaql.Fn("localtz", func(*yaql.Call) (value.Value, error) {
			_, off := Clock().Zone()
			return value.TimeSpan{Micros: int64(off) * usPerSecond}, nil
		}),
		yaql.Fn("utctz", func(*yaql.Call) (value.Value, error) { return zeroSpan, nil }),
		dtProperty("utc", yaql.DateTime, func(d time.Time) (value.Value, error) { return shiftDate(d, -offsetOf(d)) }),
	)
	for _, p := range []struct {
		name string
		div  float64
	}{{"days", 86400000000}, {"hours", 3600000000}, {"minutes", 60000000}, {"seconds", 1000000}, {"milliseconds", 1000}} {
		div := p.div
		c.Register(yaql.Fn("#property#"+p.name, func(c *yaql.Call) (value.Value, error) {
			return value.Float(float64(c.Args[0].(value.TimeSpan).Micros) / div), nil
		}, yaql.P("obj", yaql.TimeSpan)))
	}
	c.Register(
		yaql.Fn("#property#microseconds", func(c *yaql.Call) (value.Value, error) {
			return value.Int(c.Args[0].(value.TimeSpan).Micros), nil
		}, yaql.P("obj", yaql.TimeSpan)),
		yaql.Fn("#operator_+", func(c *yaql.Call) (value.Value, error) {
			return shiftDate(c.Args[0].(value.DateTime).T, c.Args[1].(value.TimeSpan).Micros)
		}, yaql.P("dt", yaql.DateTime), yaql.P("ts", yaql.TimeSpan)),
		yaql.Fn("#operator_+", func(c *yaql.Call) (value.Value, error) {
			return shiftDate(c.Args[1].(value.DateTime).T, c.Args[0].(value.TimeSpan).Micros)
		}, yaql.P("ts", yaql.TimeSpan), yaql.P("dt", yaql.DateTime)),
		yaql.Fn("#operator_-", func(c *yaql.Call) (value.Value, error) {
			return shiftDate(c.Args[0].(value.DateTime).T, -c.Args[1].(value.TimeSpan).Micros)
		}, yaql.P("dt", yaql.DateTime), yaql.P("ts", yaql.TimeSpan)),
		yaql.Fn("#operator_-", func(c *yaql.Call) (value.Value, error) {
			a, b := c.Args[0].(value.DateTime).T, c.Args[1].(value.DateTime).T
			return value.TimeSpan{Micros: a.UnixMicro() - b.UnixMicro()}, nil
		}, yaql.P("dt1", yaql.DateTime), yaql.P("dt2", yaql.DateTime)),
		yaql.Fn("#operator_+", func(c *yaql.Call) (value.Value, error) {
			return spanSum(c.Args[0], c.Args[1], 1)
		}, yaql.P("ts1", yaql.TimeSpan), yaql.P("ts2", yaql.TimeSpan)),
		yaql.Fn("#operator_-", func(c *yaql.Call) (value.Value, error) {
			return spanSum(c.Args[0], c.Args[1], -1)
		}, yaql.P("ts1", yaql.TimeSpan), yaql.P("ts2", yaql.TimeSpan)),
	)
	// The comparisons of dates, then those of spans, as the reference
	// registers them.
	comparisons := []struct {
		name string
		test func(int) bool
	}{
		{"#operator_>", func(c int) bool { return c > 0 }},
		{"#operator_>=", func(c int) bool { return c >= 0 }},
		{"#operator_<", func(c int) bool { return c < 0 }},
		{"#operator_<=", func(c int) bool { return c <= 0 }},
	}
	for _, op := range comparisons {
		test := op.test
		c.Register(yaql.Fn(op.name, func(c *yaql.Call) (value.Value, error) {
			return value.Bool(test(c.Args[0].(value.DateTime).T.Compare(c.Args[1].(value.DateTime).T))), nil
		}, yaql.P("dt1", yaql.DateTime), yaql.P("dt2", yaql.DateTime)))
	}
	for _, op := range comparisons {
		test := op.test
		c.Register(yaql.Fn(op.name, func(c *yaql.Call) (value.Value, error) {
			return value.Bool(test(cmpInts(c.Args[0].(value.TimeSpan).Micros, c.Args[1].(value.TimeSpan).Micros))), nil
		}, yaql.P("ts1", yaql.TimeSpan), yaql.P("ts2", yaql.TimeSpan)))
	}
	c.Register(
		yaql.Fn("#unary_operator_-", func(c *yaql.Call) (value.Value, error) {
			return spanSum(zeroSpan, c.Args[0], -1)
		}, yaql.P("ts", yaql.TimeSpan)),
		yaql.Fn("#unary_operator_+", func(c *yaql.Call) (value.Value, error) { return c.Args[0], nil },
			yaql.P("ts", yaql.TimeSpan)),
		yaql.Fn("#operator_*", func(c *yaql.Call) (value.Value, error) {
			return spanTimes(c.Args[0].(value.TimeSpan), c.Args[1])
		}, yaql.P("ts", yaql.TimeSpan), yaql.P("n", yaql.Number)),
		yaql.Fn("#operator_*", func(c *yaql.Call) (value.Value, error) {
			return spanTimes(c.Args[1].(value.TimeSpan), c.Args[0])
		}, yaql.P("n", yaql.Number), yaql.P("ts", yaql.TimeSpan)),
		yaql.Fn("#operator_/", func(c *yaql.Call) (value.Value, error) {
			a, b := c.Args[0].(value.TimeSpan).Micros, c.Args[1].(value.TimeSpan).Micros
			if b == 0 {
				return nil, yaql.Raise("ZeroDivisionError", "float division by zero")
			}
			return value.Float(float64(a) / float64(b)), nil
		}, yaql.P("ts1", yaql.TimeSpan), yaql.P("ts2", yaql.TimeSpan)),
		yaql.Fn("#operator_/", func(c *yaql.Call) (value.Value, error) {
			return spanDivide(c.Args[0].(value.TimeSpan), c.Args[1])
		}, yaql.P("ts", yaql.TimeSpan), yaql.P("n", yaql.Number)),
		dtProperty("year", yaql.DateTime, func(d time.Time) (value.Value, error) { return value.Int(d.Year()), nil }),
		dtProperty("month", yaql.DateTime, func(d time.Time) (value.Value, error) { return value.Int(d.Month()), nil }),
		dtProperty("day", yaql.DateTime, func(d time.Time) (value.Value, error) { return value.Int(d.Day()), nil }),
		dtProperty("hour", yaql.DateTime, func(d time.Time) (value.Value, error) { return value.Int(d.Hour()), nil }),
		dtProperty("minute", yaql.DateTime, func(d time.Time) (value.Value, error) { return value.Int(d.Minute()), nil }),
		dtProperty("second", yaql.DateTime, func(d time.Time) (value.Value, error) { return value.Int(d.Second()), nil }),
		dtProperty("microsecond", yaql.DateTime, func(d time.Time) (value.Value, error) {
			return value.Int(d.Nanosecond() / 1000), nil
		}),
		dtProperty("weekday", yaql.DateTime, func(d time.Time) (value.Value, error) {
			return value.Int((int(d.Weekday()) + 6) % 7), nil
		}),
		dtProperty("offset", yaql.DateTime, func(d time.Time) (value.Value, error) {
			return value.TimeSpan{Micros: offsetOf(d)}, nil
		}),
		dtProperty("timestamp", yaql.DateTime, dateTimestamp),
		dtProperty("date", yaql.DateTime, func(d time.Time) (value.Value, error) { return value.DateTime{T: midnight(d)}, nil }),
		dtProperty("time", yaql.DateTime, func(d time.Time) (value.Value, error) {
			return value.TimeSpan{Micros: d.Sub(midnight(d)).Microseconds()}, nil
		}),
		yaql.Meth("replace", fnReplace, yaql.P("dt", yaql.DateTime),
			yaql.Opt("year", intOrNull, value.Null), yaql.Opt("month", intOrNull, value.Null),
			yaql.Opt("day", intOrNull, value.Null), yaql.Opt("hour", intOrNull, value.Null),
			yaql.Opt("minute", intOrNull, value.Null), yaql.Opt("second", intOrNull, value.Null),
			yaql.Opt("microsecond", intOrNull, value.Null), yaql.Opt("offset", spanOrNull, value.Null)),
		yaql.Meth("format", func(c *yaql.Call) (value.Value, error) {
			max := c.RT.Engine.Options.MaxString
			s, err := pytime.Strftime(c.Args[0].(value.DateTime).T, string(c.Args[1].(value.String)), max)
			if errors.Is(err, pytime.ErrTooLong) {
				return nil, &yaql.Error{Class: yaql.ClassBudget, Msg: fmt.Sprintf("budget exceeded: a string would be longer than %d bytes", max), Pos: -1, End: -1}
			}
			if err != nil {
				return nil, raised(err)
			}
			return value.String(s), nil
		}, yaql.P("dt", yaql.DateTime), yaql.P("format", yaql.String)),
		yaql.Fn("isDatetime", func(c *yaql.Call) (value.Value, error) {
			_, ok := c.Args[0].(value.DateTime)
			return value.Bool(ok), nil
		}, yaql.P("value", yaql.Any)),
		yaql.Fn("isTimespan", func(c *yaql.Call) (value.Value, error) {
			_, ok := c.Args[0].(value.TimeSpan)
			return value.Bool(ok), nil
		}, yaql.P("value", yaql.Any)),
	)
}

// dtProperty declares obj.name for dates.
func dtProperty(name string, t yaql.Type, get func(time.Time) (value.Value, error)) *yaql.Func {
	return yaql.Fn("#property#"+name, func(c *yaql.Call) (value.Value, error) {
		return get(c.Args[0].(value.DateTime).T)
	}, yaql.P("obj", t))
}

// offsetOf returns the UTC offset of a date in microseconds.
func offsetOf(d time.Time) int64 {
	_, off := d.Zone()
	return int64(off) * usPerSecond
}

func midnight(d time.Time) time.Time {
	return time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, d.Location())
}

// zoneFor is the time zone the reference builds from an offset: UTC for
// a zero offset, an unnamed fixed offset otherwise.
func zoneFor(offset value.TimeSpan) (*time.Location, error) {
	us := offset.Micros
	if us == 0 {
		return pytime.UTC, nil
	}
	if us <= -usPerDay || us >= usPerDay {
		return nil, yaql.Raise("ValueError", "offset must be a timedelta strictly between -timedelta(hours=24) and timedelta(hours=24).")
	}
	if us%usPerSecond != 0 {
		return nil, yaql.Raise("ValueError", "offsets with a fraction of a second are not supported")
	}
	return time.FixedZone("", int(us/usPerSecond)), nil
}

// shiftDate adds us microseconds to a date, keeping its time zone.
func shiftDate(d time.Time, us int64) (value.Value, error) {
	t, err := pytime.Add(d, us)
	if err != nil {
		return nil, raised(err)
	}
	return value.DateTime{T: t}, nil
}

func dateTimestamp(d time.Time) (value.Value, error) {
	f, err := pytime.Timestamp(d)
	if err != nil {
		return nil, raised(err)
	}
	return value.Float(f), nil
}

// dateField converts a component of a date to int, failing as the
// reference's conversion to a C long does.
func dateField(v value.Value) (int64, error) {
	n, ok := value.ToInt64(v)
	if !ok {
		return 0, yaql.Raise("OverflowError", "Python int too large to convert to C long")
	}
	return n, nil
}

// newDate is Python's datetime() of the fields year to microsecond.
func newDate(f [7]int64, loc *time.Location) (value.Value, error) {
	t, err := pytime.Date(f[0], f[1], f[2], f[3], f[4], f[5], f[6], loc)
	if err != nil {
		return nil, raised(err)
	}
	return value.DateTime{T: t}, nil
}

func fnBuildDateTime(c *yaql.Call) (value.Value, error) {
	var f [7]int64
	for i := range f {
		n, err := dateField(c.Args[i])
		if err != nil {
			return nil, err
		}
		f[i] = n
	}
	loc, err := zoneFor(c.Args[7].(value.TimeSpan))
	if err != nil {
		return nil, err
	}
	return newDate(f, loc)
}

func fnReplace(c *yaql.Call) (value.Value, error) {
	d := c.Args[0].(value.DateTime).T
	f := [7]int64{int64(d.Year()), int64(d.Month()), int64(d.Day()), int64(d.Hour()), int64(d.Minute()), int64(d.Second()), int64(d.Nanosecond() / 1000)}
	for i := range f {
		if v := c.Args[i+1]; !value.IsNull(v) {
			n, err := dateField(v)
			if err != nil {
				return nil, err
			}
			f[i] = n
		}
	}
	loc := d.Location()
	if off, ok := c.Args[8].(value.TimeSpan); ok {
		var err error
		if loc, err = zoneFor(off); err != nil {
			return nil, err
		}
	}
	return newDate(f, loc)
}

func fnNow(c *yaql.Call) (value.Value, error) {
	now := Clock()
	loc := now.Location()
	if off, ok := c.Args[0].(value.TimeSpan); ok {
		var err error
		if loc, err = zoneFor(off); err != nil {
			return nil, err
		}
	}
	return value.DateTime{T: now.Round(0).Truncate(time.Microsecond).In(loc)}, nil
}

// fnDateTimeFromTimestamp is Python's datetime.fromtimestamp.
func fnDateTimeFromTimestamp(c *yaql.Call) (value.Value, error) {
	loc, err := zoneFor(c.Args[1].(value.TimeSpan))
	if err != nil {
		return nil, err
	}
	t, err := pytime.FromTimestamp(c.Args[0], loc)
	if err != nil {
		return nil, raised(err)
	}
	return value.DateTime{T: t}, nil
}

func fnDateTimeFromString(c *yaql.Call) (value.Value, error) {
	s := string(c.Args[0].(value.String))
	var t time.Time
	var err error
	if f, ok := c.Args[1].(value.String); ok && f != "" {
		t, err = pytime.Strptime(s, string(f))
	} else {
		t, err = pytime.ParseDate(s, Clock())
	}
	if err != nil {
		return nil, raised(err)
	}
	return value.DateTime{T: t}, nil
}

// spanFromMicros is timedelta(microseconds=us).
func spanFromMicros(us *big.Int) (value.Value, error) {
	ts, err := pytime.Span(us)
	if err != nil {
		return nil, raised(err)
	}
	return ts, nil
}

// spanSum returns a + sign·b for two spans.
func spanSum(a, b value.Value, sign int64) (value.Value, error) {
	x := big.NewInt(a.(value.TimeSpan).Micros)
	y := big.NewInt(b.(value.TimeSpan).Micros)
	if sign < 0 {
		y.Neg(y)
	}
	us := x.Add(x, y)
	days, _ := floorDivMod(us, big.NewInt(usPerDay))
	if d := days.Int64(); d > pytime.MaxSpanDays || d < -pytime.MaxSpanDays {
		return nil, yaql.Raise("OverflowError", "days=%d; must have magnitude <= %d", d, pytime.MaxSpanDays)
	}
	return spanFromMicros(us)
}

// spanFromFloat is timedelta(microseconds=f).
func spanFromFloat(f float64) (value.Value, error) {
	ts, err := pytime.SpanFromFloat(f)
	if err != nil {
		return nil, raised(err)
	}
	return ts, nil
}

func spanTimes(ts value.TimeSpan, n value.Value) (value.Value, error) {
	if f, ok := n.(value.Float); ok {
		return spanFromFloat(float64(ts.Micros) * float64(f))
	}
	return spanFromMicros(new(big.Int).Mul(big.NewInt(ts.Micros), bigOf(n)))
}

func spanDivide(ts value.TimeSpan, n value.Value) (value.Value, error) {
	if f, ok := n.(value.Float); ok {
		if f == 0 {
			return nil, yaql.Raise("ZeroDivisionError", "float division by zero")
		}
		return spanFromFloat(float64(ts.Micros) / float64(f))
	}
	d := bigOf(n)
	if d.Sign() == 0 {
		return nil, yaql.Raise("ZeroDivisionError", "division by zero")
	}
	q, _ := new(big.Rat).SetFrac(big.NewInt(ts.Micros), d).Float64()
	return spanFromFloat(q)
}

func fnBuildTimeSpan(c *yaql.Call) (value.Value, error) {
	us := new(big.Int)
	for i, unit := range []int64{usPerDay, 3600 * usPerSecond, 60 * usPerSecond, usPerSecond, 1000, 1} {
		us.Add(us, new(big.Int).Mul(bigOf(c.Args[i]), big.NewInt(unit)))
	}
	return spanFromMicros(us)
}
