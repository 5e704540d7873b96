// This file defines dates and time spans.

package value

import (
	"fmt"
	"strings"
	"time"
)

// DateTime is a point in time with a fixed UTC offset, as YAQL's datetime
// values are (naive inputs are taken as UTC).
type DateTime struct{ T time.Time }

func (DateTime) Type() string { return "datetime" }

// String is Python's str(datetime): "2024-01-02 03:04:05.000006+00:00".
func (d DateTime) String() string {
	s := d.T.Format("2006-01-02 15:04:05")
	if us := d.T.Nanosecond() / 1000; us != 0 {
		s += fmt.Sprintf(".%06d", us)
	}
	_, off := d.T.Zone()
	return s + FormatOffset(off, ":")
}

// Repr approximates Python's repr(datetime) with a dateutil time zone.
func (d DateTime) Repr() string {
	t := d.T
	parts := []string{fmt.Sprint(t.Year()), fmt.Sprint(int(t.Month())), fmt.Sprint(t.Day()), fmt.Sprint(t.Hour()), fmt.Sprint(t.Minute())}
	us := t.Nanosecond() / 1000
	if t.Second() != 0 || us != 0 {
		parts = append(parts, fmt.Sprint(t.Second()))
	}
	if us != 0 {
		parts = append(parts, fmt.Sprint(us))
	}
	_, off := t.Zone()
	tz := "tzutc()"
	if off != 0 {
		tz = fmt.Sprintf("tzoffset(None, %d)", off)
	}
	return "datetime.datetime(" + strings.Join(parts, ", ") + ", tzinfo=" + tz + ")"
}

// FormatOffset formats a UTC offset in seconds as Python does: +HH:MM
// (isoformat, sep ":") or +HHMM (%z, sep ""), with the seconds when there
// are some.
func FormatOffset(off int, sep string) string {
	sign := '+'
	if off < 0 {
		sign = '-'
		off = -off
	}
	s := fmt.Sprintf("%c%02d%s%02d", sign, off/3600, sep, off/60%60)
	if off%60 != 0 {
		s += fmt.Sprintf("%s%02d", sep, off%60)
	}
	return s
}

// TimeSpan is a duration with microsecond precision (Python timedelta).
type TimeSpan struct{ Micros int64 }

func (TimeSpan) Type() string { return "timedelta" }

// Parts splits the span as Python's timedelta normalises it: days (any
// sign), seconds in [0, 86400) and microseconds in [0, 1000000).
func (t TimeSpan) Parts() (days, seconds, micros int64) {
	const usPerDay = 86400 * 1000000
	days = t.Micros / usPerDay
	rest := t.Micros % usPerDay
	if rest < 0 {
		days--
		rest += usPerDay
	}
	return days, rest / 1000000, rest % 1000000
}

// String is Python's str(timedelta): "-1 day, 23:59:59.500000".
func (t TimeSpan) String() string {
	d, s, us := t.Parts()
	out := fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	if us != 0 {
		out += fmt.Sprintf(".%06d", us)
	}
	switch {
	case d == 1 || d == -1:
		out = fmt.Sprintf("%d day, ", d) + out
	case d != 0:
		out = fmt.Sprintf("%d days, ", d) + out
	}
	return out
}

// Repr is Python's repr(timedelta).
func (t TimeSpan) Repr() string {
	d, s, us := t.Parts()
	var parts []string
	if d != 0 {
		parts = append(parts, fmt.Sprintf("days=%d", d))
	}
	if s != 0 {
		parts = append(parts, fmt.Sprintf("seconds=%d", s))
	}
	if us != 0 {
		parts = append(parts, fmt.Sprintf("microseconds=%d", us))
	}
	if len(parts) == 0 {
		return "datetime.timedelta(0)"
	}
	return "datetime.timedelta(" + strings.Join(parts, ", ") + ")"
}

// ISO is Python's datetime.isoformat(): "2024-01-02T03:04:05+00:00".
func (d DateTime) ISO() string {
	return strings.Replace(d.String(), " ", "T", 1)
}
