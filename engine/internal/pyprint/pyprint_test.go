package pyprint

import (
	"testing"

	"murano.dev/playground/engine/value"
)

// TestFormat compares Format with pprint.pformat of Python 3.11 (the
// wants were printed by it) over values given as JSON.
func TestFormat(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{`[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30]`, "[0,\n 1,\n 2,\n 3,\n 4,\n 5,\n 6,\n 7,\n 8,\n 9,\n 10,\n 11,\n 12,\n 13,\n 14,\n 15,\n 16,\n 17,\n 18,\n 19,\n 20,\n 21,\n 22,\n 23,\n 24,\n 25,\n 26,\n 27,\n 28,\n 29,\n 30]"},
		{`{"aaaaaaaaaaaaaa": 1, "bbbbbbbbbbbbbbbbbbbb": [1, 2, 3], "cccccccccccccccccccc": "x"}`, "{'aaaaaaaaaaaaaa': 1,\n 'bbbbbbbbbbbbbbbbbbbb': [1, 2, 3],\n 'cccccccccccccccccccc': 'x'}"},
		{`{"b": 1, "a": 2}`, "{'a': 2, 'b': 1}"},
		{`["xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy"]`, "['xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',\n 'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy']"},
		{`{"key": ["a much longer string value that goes on and on", "and another one that is long too", 3.5, null, true]}`, "{'key': ['a much longer string value that goes on and on',\n         'and another one that is long too',\n         3.5,\n         None,\n         True]}"},
		{`"word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word "`, "('word word word word word word word word word word word word word word word '\n 'word word word word word word word word word word word word word word word ')"},
		{`["word word word word word word word word word word word word word word word word word word word word word word word word word word word word word word "]`, "['word word word word word word word word word word word word word word word '\n 'word word word word word word word word word word word word word word word ']"},
		{`[[1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3], {"z": "line one\nline two line one\nline two line one\nline two line one\nline two line one\nline two line one\nline two "}]`, "[[1,\n  2,\n  3,\n  1,\n  2,\n  3,\n  1,\n  2,\n  3,\n  1,\n  2,\n  3,\n  1,\n  2,\n  3,\n  1,\n  2,\n  3,\n  1,\n  2,\n  3,\n  1,\n  2,\n  3,\n  1,\n  2,\n  3,\n  1,\n  2,\n  3],\n {'z': 'line one\\n'\n       'line two line one\\n'\n       'line two line one\\n'\n       'line two line one\\n'\n       'line two line one\\n'\n       'line two line one\\n'\n       'line two '}]"},
		{`[]`, "[]"},
		{`{"k": {}}`, "{'k': {}}"},
		{`["   lead  word\tword word\tword word\tword word\tword word\tword word\tword word\tword word\tword word\tword word\tword  end"]`, "['   lead  word\\tword word\\tword word\\tword word\\tword word\\tword word\\tword '\n 'word\\tword word\\tword word\\tword word\\tword  end']"},
	} {
		v, err := value.FromJSON([]byte(tt.in))
		if err != nil {
			t.Fatal(err)
		}
		if got := Format(value.WithLists(v, true)); got != tt.want {
			t.Errorf("Format(%s):\ngot  %q\nwant %q", tt.in, got, tt.want)
		}
	}
}
