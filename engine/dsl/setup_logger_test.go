package dsl_test

// Ported from murano's test_logger.TestLogger (python-setup.md, Part A).
// The reference replaces the Python logger under a Logger object and its
// formatting helper by mocks and checks their calls; here the engine's
// host Logger logs through Options.Log, and the records show both the
// formatting (message, positional and keyword arguments) and the level
// of each call. The records expected are the reference's, as the oracle
// prints them for the same six calls.

import (
	"strings"
	"testing"

	"murano.dev/playground/engine/dsl"
	"murano.dev/playground/engine/value"
)

func TestSetupLogger(t *testing.T) {
	// The six calls of each test<Level> method format to these messages;
	// the last one cannot be formatted: the logger warns and logs it as
	// it is.
	formatted := []string{"str", "тест", "str", "str message", "str message", "str {message}{0}"}
	const cannotFormat = "Can not format string: str {message}{0}"
	for _, tc := range []struct{ name, method, level string }{
		{"test_trace", "testTrace", "TRACE"},
		{"test_debug", "testDebug", "DEBUG"},
		{"test_info", "testInfo", "INFO"},
		{"test_warning", "testWarning", "WARNING"},
		{"test_error", "testError", "ERROR"},
		{"test_critical", "testCritical", "CRITICAL"},
		{"test_exception", "testException", "ERROR"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRunner(t, setup{}).mustLoad(`{"?": {"type": "TestLogger", "id": "obj1"}}`)
			logger := r.mustCall("testCreate")
			r.log = nil
			r.mustCall(tc.method, logger)
			var want []dsl.LogRecord
			for _, msg := range formatted {
				if msg == "str {message}{0}" {
					want = append(want, dsl.LogRecord{Level: "WARNING", Logger: "applications.name", Message: cannotFormat})
				}
				// Trace records are below the level murano logs at.
				if tc.level != "TRACE" {
					want = append(want, dsl.LogRecord{Level: tc.level, Logger: "applications.name", Message: msg})
				}
			}
			got := r.log
			if tc.method == "testException" {
				got = withoutStackTraces(t, got)
			}
			if !sameRecords(got, want) {
				t.Errorf("%s: log records\n%s\nwant\n%s", tc.method, records(got), records(want))
			}
		})
	}
}

// withoutStackTraces cuts the stack trace Logger.exception appends to the
// message, checking that there is one.
func withoutStackTraces(t *testing.T, recs []dsl.LogRecord) []dsl.LogRecord {
	t.Helper()
	out := make([]dsl.LogRecord, len(recs))
	for i, rec := range recs {
		out[i] = rec
		if rec.Level != "ERROR" {
			continue
		}
		msg, trace, ok := strings.Cut(rec.Message, "\n")
		if !ok || !strings.Contains(trace, "File ") {
			t.Errorf("exception record %q has no stack trace after the message", rec.Message)
		}
		out[i].Message = msg
	}
	return out
}

func sameRecords(a, b []dsl.LogRecord) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func records(recs []dsl.LogRecord) string {
	var b strings.Builder
	for _, r := range recs {
		b.WriteString("  " + r.Level + " " + r.Logger + " " + value.Repr(value.String(r.Message)) + "\n")
	}
	return b.String()
}
