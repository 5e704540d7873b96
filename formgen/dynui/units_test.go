package dynui

import (
	"testing"

	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/value"
)

// The YAML 1.1 and implicit-YAQL rules, from the verified table of
// dynamic-ui.md §2.
func TestPlainScalarResolution(t *testing.T) {
	tests := []struct {
		text string
		kind decl.Kind
		want string // Python str() of the value, for scalars
	}{
		{"$.appConfiguration.name", decl.Expr, ""},
		{"$", decl.Expr, ""},
		{"foo()", decl.Expr, ""},
		{"a[0]", decl.Expr, ""},
		{"100 + 20", decl.Expr, ""},
		{"key=value", decl.Expr, ""},
		{"node-1", decl.Expr, ""},
		{"e-mail", decl.Expr, ""},
		{"node-{0}", decl.Expr, ""},
		{"ä-ö", decl.Expr, ""},
		{"not true", decl.String, "not true"},
		{"Instance flavor", decl.String, "Instance flavor"},
		{"10.0.0.1", decl.String, "10.0.0.1"},
		{"io.murano.X", decl.String, "io.murano.X"},
		{"1.2.3", decl.String, "1.2.3"},
		{"08", decl.String, "08"},
		{"a:b", decl.String, "a:b"},
		{"Hello, world", decl.String, "Hello, world"},
		{"murano-#", decl.String, "murano-#"},
		{"http://x.y/z", decl.String, "http://x.y/z"},
		{"Windows (2012)", decl.String, "Windows (2012)"},
		{"50%", decl.String, "50%"},
		{"yes", decl.Bool, "True"},
		{"off", decl.Bool, "False"},
		{"1:20", decl.Int, "80"},
		{"0x1F", decl.Int, "31"},
		{"017", decl.Int, "15"},
		{"1_000", decl.Int, "1000"},
		{"1.5e+3", decl.Float, "1500.0"},
		{"1e5", decl.String, "1e5"},
		{"2.10", decl.Float, "2.1"},
		{"2001-12-14", decl.Date, "2001-12-14"},
	}
	for _, tt := range tests {
		_, docs, errs := decl.DecodeYAML("t.yaml", []byte("k: "+tt.text+"\n"), yamlRule)
		if len(errs) > 0 {
			t.Errorf("%q: %v", tt.text, errs)
			continue
		}
		n := docs[0].Get("k")
		if n.Kind != tt.kind {
			t.Errorf("%q: kind %v, want %v", tt.text, n.Kind, tt.kind)
			continue
		}
		if tt.want == "" {
			continue
		}
		if got := pyStr((&Definition{}).toValue(n)); got != tt.want {
			t.Errorf("%q: value %s, want %s", tt.text, got, tt.want)
		}
	}
}

func TestQuotedKeyIsString(t *testing.T) {
	_, docs, _ := decl.DecodeYAML("t.yaml", []byte("?:\n  type: x\n'$x': 1\n"), yamlRule)
	if k := docs[0].Entries[0].Key; k.Kind != decl.String || k.Text() != "?" {
		t.Errorf("?: key = %v %q", k.Kind, k.Text())
	}
	if k := docs[0].Entries[1].Key; k.Kind != decl.String {
		t.Errorf("quoted $x key is %v", k.Kind)
	}
}

// Examples of dynamic-ui.md §6.2.
func TestDecamelize(t *testing.T) {
	for in, want := range map[string]string{
		"minLength": "min_length", "errorMessages": "error_messages", "helpText": "help_text",
		"descriptionTitle": "description_title", "confirmInput": "confirm_input", "imageType": "image_type",
		"emptyValueMessage": "empty_value_message", "widgetMedia": "widget_media", "regexpValidator": "regexp_validator",
		"includeSnapshots": "include_snapshots", "min_length": "min_length", "PostgreSQL": "postgre_sql",
		"devTier": "dev_tier", "Application": "application", "ParametersSource": "parameters_source", "": "",
	} {
		if got := decamelize(in); got != want {
			t.Errorf("decamelize(%q) = %q, want %q", in, got, want)
		}
	}
}

// Django's pretty_name, as §7 verified it.
func TestPrettyName(t *testing.T) {
	for in, want := range map[string]string{"unitNamingPattern": "Unitnamingpattern", "osImage": "Osimage", "admin_password": "Admin password", "": ""} {
		if got := prettyName(in); got != want {
			t.Errorf("prettyName(%q) = %q, want %q", in, got, want)
		}
	}
}

// The version messages of §3.
func TestVersionCheck(t *testing.T) {
	tests := []struct{ text, err string }{
		{"2", ""}, {"2.0", ""}, {"2.4", ""}, {"2.4.0", ""}, {"2.1", ""},
		{"1.0", "Unsupported Dynamic UI format version: requested format version 1.0.0 is not compatible with the supported family 2"},
		{"3", "Unsupported Dynamic UI format version: requested format version 3.0.0 is not compatible with the supported family 2"},
		{"2.5", "Unsupported Dynamic UI format version: requested format version 2.5.0 is newer than latest supported 2.4.0"},
		{"2.4.1", "Unsupported Dynamic UI format version: requested format version 2.4.1 is newer than latest supported 2.4.0"},
		{"abc", "Version string lacks a numerical component: 'abc'"},
	}
	for _, tt := range tests {
		_, err := checkVersion(tt.text)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tt.err {
			t.Errorf("checkVersion(%q) = %q, want %q", tt.text, got, tt.err)
		}
	}
}

// Django 3.2's messages with their parameters (§9.2).
func TestValidatorMessages(t *testing.T) {
	tests := []struct {
		v    validator
		in   value.Value
		want string
	}{
		{minLengthValidator(3), value.String("ab"), "Ensure this value has at least 3 characters (it has 2)."},
		{minLengthValidator(1), value.String(""), "Ensure this value has at least 1 character (it has 0)."},
		{maxLengthValidator(2), value.String("abc"), "Ensure this value has at most 2 characters (it has 3)."},
		{minValueValidator(value.Int(1)), value.Int(0), "Ensure this value is greater than or equal to 1."},
		{maxValueValidator(value.Int(10)), value.Int(11), "Ensure this value is less than or equal to 10."},
		{ipv4Validator, value.String("1.2.3"), "Enter a valid IPv4 address."},
		{nullCharsValidator, value.String("a\x00"), "Null characters are not allowed."},
		{passwordValidator, value.String("password"), passwordMessage},
	}
	for _, tt := range tests {
		ok, params, err := tt.v.check(tt.in)
		if err != nil || ok {
			t.Errorf("%s(%v) passed (err %v)", tt.v.name, tt.in, err)
			continue
		}
		if !tt.v.params {
			params = nil
		}
		if got := formatMessage(tt.v.message, params); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.v.name, got, tt.want)
		}
	}
	if got := formatMessage("Not below %(limit_value)s, 100%% %(value)r", map[string]value.Value{"limit_value": value.Int(-5), "value": value.String("x")}); got != "Not below -5, 100% 'x'" {
		t.Errorf("formatMessage = %q", got)
	}
}

func TestStrongPassword(t *testing.T) {
	for pw, want := range map[string]bool{"Passw0rd!": true, "password": false, "PASSW0RD!": false, "Passw0rd": false, "Pa1!": true, "Pass\nw0rd!": false} {
		if got := strongPassword(pw); got != want {
			t.Errorf("strongPassword(%q) = %v", pw, got)
		}
	}
}

// The seeded random host name of §11 (oracle: seed 42, clock 1500000000).
func TestGeneratedHostname(t *testing.T) {
	g := newGenerator(42)
	if got := g.hostname("", value.Int(1)); got != "udaxij5399reo1" {
		t.Errorf("hostname = %q, want udaxij5399reo1", got)
	}
	if got := g.hostname("web-#-#", value.Int(3)); got != "web-3-3" {
		t.Errorf("pattern hostname = %q", got)
	}
}

func TestLiteralEval(t *testing.T) {
	for in, want := range map[string]string{
		"(None, None)": "(None, None)", "('net-1', 'sub-1')": "('net-1', 'sub-1')", "('a',)": "('a',)", "('net', None)": "('net', None)",
	} {
		v, err := literalEval(in)
		if err != nil || value.Repr(v) != want {
			t.Errorf("literalEval(%q) = %v, %v", in, v, err)
		}
	}
	if _, err := literalEval("bogus"); err == nil {
		t.Error("bogus evaluated")
	}
}

func TestErrorDiagnostic(t *testing.T) {
	_, err := Load("ui.yaml", []byte("Version: 3\nApplication: {}\n"))
	d := AsError(err).Diagnostic()
	want := "ui.yaml:1:10: ValueError: Unsupported Dynamic UI format version: requested format version 3.0.0 is not compatible with the supported family 2"
	if d.Error() != want {
		t.Errorf("diagnostic = %q, want %q", d.Error(), want)
	}
}
