// This file cleans and validates field values the way Django 3.2 and the
// dashboard's field classes do: to_python, validate, then every
// validator, with Django's English messages and error codes.

package dynui

import (
	"context"
	"math/big"
	"net/netip"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// The messages of Django 3.2 and of the dashboard.
const (
	requiredMessage     = "This field is required."
	invalidValueMessage = "Enter a valid value."
	passwordMessage     = "The password must contain at least one letter, one                                  number and one special character"
	passwordPattern     = `^.*(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[!@#$%^&*()_+|\/.,~?><:{}-]).*$`
	databaseListMessage = "First symbol should be latin letter or underscore. Subsequent symbols can be latin letter, numeric, underscore, at sign, number sign or dollar sign"
	passwordSpecials    = `!@#$%^&*()_+|\/.,~?><:{}-`
)

// validator is a Django validator: it fails with its message, which a
// field's error message for the same code replaces.
type validator struct {
	name    string // the class or function name
	code    string
	message string
	params  bool // the message is formatted with %(value)s etc.
	check   func(v value.Value) (ok bool, params map[string]value.Value, err error)
}

var nullCharsValidator = validator{name: "ProhibitNullCharactersValidator", code: "null_characters_not_allowed",
	message: "Null characters are not allowed.", params: true,
	check: func(v value.Value) (bool, map[string]value.Value, error) {
		return !strings.ContainsRune(pyStr(v), 0), map[string]value.Value{"value": v}, nil
	}}

var ipv4Validator = validator{name: "validate_ipv4_address", code: "invalid", message: "Enter a valid IPv4 address.",
	check: func(v value.Value) (bool, map[string]value.Value, error) {
		a, err := netip.ParseAddr(pyStr(v))
		return err == nil && a.Is4(), nil, nil
	}}

var passwordValidator = validator{name: "RegexValidator", code: "invalid", message: passwordMessage, params: true,
	check: func(v value.Value) (bool, map[string]value.Value, error) {
		return strongPassword(pyStr(v)), map[string]value.Value{"value": v}, nil
	}}

// strongPassword is re.search of the dashboard's password pattern: one
// line holding a digit, a lower-case and an upper-case ASCII letter and
// one of the special characters.
func strongPassword(s string) bool {
	s = strings.TrimSuffix(s, "\n")
	if strings.Contains(s, "\n") {
		return false
	}
	var digit, lower, upper, special bool
	for _, r := range s {
		switch {
		case unicode.IsDigit(r):
			digit = true
		case r >= 'a' && r <= 'z':
			lower = true
		case r >= 'A' && r <= 'Z':
			upper = true
		}
		if strings.ContainsRune(passwordSpecials, r) {
			special = true
		}
	}
	return digit && lower && upper && special
}

func lengthValidator(name, code string, limit int64, min bool) validator {
	word := "at most"
	if min {
		word = "at least"
	}
	unit := "characters"
	if limit == 1 {
		unit = "character"
	}
	return validator{name: name, code: code, params: true,
		message: "Ensure this value has " + word + " %(limit_value)d " + unit + " (it has %(show_value)d).",
		check: func(v value.Value) (bool, map[string]value.Value, error) {
			n := int64(pyLen(v))
			ok := n <= limit
			if min {
				ok = n >= limit
			}
			return ok, map[string]value.Value{"limit_value": value.Int(limit), "show_value": value.Int(n), "value": v}, nil
		}}
}

func minLengthValidator(n int64) validator {
	return lengthValidator("MinLengthValidator", "min_length", n, true)
}

func maxLengthValidator(n int64) validator {
	return lengthValidator("MaxLengthValidator", "max_length", n, false)
}

func valueValidator(name, code, word string, limit value.Value, min bool) validator {
	return validator{name: name, code: code, params: true,
		message: "Ensure this value is " + word + " or equal to %(limit_value)s.",
		check: func(v value.Value) (bool, map[string]value.Value, error) {
			c, err := value.Compare(v, limit)
			if err != nil {
				return false, nil, &Error{Type: "TypeError", Message: err.Error()}
			}
			ok := c <= 0
			if min {
				ok = c >= 0
			}
			return ok, map[string]value.Value{"limit_value": limit, "value": v}, nil
		}}
}

func minValueValidator(v value.Value) validator {
	return valueValidator("MinValueValidator", "min_value", "greater than", v, true)
}

func maxValueValidator(v value.Value) validator {
	return valueValidator("MaxValueValidator", "max_value", "less than", v, false)
}

func pyLen(v value.Value) int {
	switch x := v.(type) {
	case value.String:
		return len([]rune(string(x)))
	case *value.List:
		return len(x.Items)
	case *value.Dict:
		return x.Len()
	}
	return len([]rune(pyStr(v)))
}

// regexValidator is Django's RegexValidator for a regexpValidator.
func regexValidator(re *compiledRegex) validator {
	return validator{name: "RegexValidator", code: "invalid", message: invalidValueMessage, params: true,
		check: func(v value.Value) (bool, map[string]value.Value, error) {
			ok, err := re.search(pyStr(v))
			return ok, map[string]value.Value{"value": v}, err
		}}
}

// compiledRegex is a Python pattern compiled by the YAQL regex library.
type compiledRegex struct {
	pattern value.Value
}

var (
	compileStmt = mustParse(`regex($p, ignoreCase => $i, multiLine => $m, dotAll => $s)`)
	searchStmt  = mustParse(`$s =~ $p`)
)

func mustParse(src string) *yaql.Statement {
	s, err := dashEngine.Parse(src)
	if err != nil {
		panic(err)
	}
	return s
}

// compileRegex compiles a pattern once per definition.
func (d *Definition) compileRegex(spec *regexSpec) (*compiledRegex, error) {
	if re, ok := d.regexes[*spec]; ok {
		return re, nil
	}
	re, err := compileRegex(spec)
	if err == nil {
		d.regexes[*spec] = re
	}
	return re, err
}

func compileRegex(spec *regexSpec) (*compiledRegex, error) {
	c := legacyRoot.Child()
	c.Set("p", value.String(spec.pattern))
	c.Set("i", value.Bool(spec.ignoreCase))
	c.Set("m", value.Bool(spec.multiLine))
	c.Set("s", value.Bool(spec.dotAll))
	v, err := compileStmt.Evaluate(context.Background(), c, nil)
	if err != nil {
		return nil, err
	}
	return &compiledRegex{pattern: v}, nil
}

func (r *compiledRegex) search(s string) (bool, error) {
	c := legacyRoot.Child()
	c.Set("p", r.pattern)
	c.Set("s", value.String(s))
	v, err := searchStmt.Evaluate(context.Background(), c, nil)
	if err != nil {
		return false, err
	}
	return value.Truth(v), nil
}

var databaseNameRE = regexp.MustCompile(`^[a-zA-z_][a-zA-Z0-9_$#@]*\n?$`)

// formatMessage applies Python's "%" formatting with a dict to a message.
func formatMessage(msg string, params map[string]value.Value) string {
	if params == nil {
		return msg
	}
	var b strings.Builder
	for i := 0; i < len(msg); i++ {
		if msg[i] != '%' || i+1 >= len(msg) {
			b.WriteByte(msg[i])
			continue
		}
		if msg[i+1] == '%' {
			b.WriteByte('%')
			i++
			continue
		}
		if msg[i+1] == '(' {
			end := strings.IndexByte(msg[i:], ')')
			if end > 0 && i+end+1 < len(msg) {
				name := msg[i+2 : i+end]
				conv := msg[i+end+1]
				if v, ok := params[name]; ok && strings.IndexByte("sdr", conv) >= 0 {
					switch conv {
					case 'd':
						if n, ok := value.ToBig(v); ok {
							b.WriteString(n.String())
						} else {
							b.WriteString(pyStr(v))
						}
					case 'r':
						b.WriteString(value.Repr(v))
					default:
						b.WriteString(pyStr(v))
					}
					i += end + 1
					continue
				}
			}
		}
		b.WriteByte(msg[i])
	}
	return b.String()
}

// fieldError is a Django ValidationError of one field.
type fieldError struct {
	code    string
	message string
	params  map[string]value.Value
}

// widgetValue is what the field's widget reads from the POST data: nil
// when the field was not posted.
func widgetValue(f *Field, posted map[string]string) value.Value {
	s, ok := posted[f.Name]
	if f.Kind == Boolean || f.Kind == FloatingIP {
		if f.Hidden {
			if !ok {
				return nil
			}
			return value.String(s)
		}
		if !ok {
			return value.Bool(false)
		}
		switch strings.ToLower(s) {
		case "true":
			return value.Bool(true)
		case "false":
			return value.Bool(false)
		}
		return value.Bool(s != "")
	}
	if !ok {
		return nil
	}
	return value.String(s)
}

// toPython converts the widget value (nil when absent).
func (f *Field) toPython(raw value.Value) (value.Value, *fieldError, error) {
	switch f.Kind {
	case Boolean, FloatingIP:
		if s, ok := raw.(value.String); ok {
			l := strings.ToLower(string(s))
			return value.Bool(l != "false" && l != "0" && s != ""), nil, nil
		}
		return value.Bool(raw != nil && value.Truth(raw)), nil, nil
	case Integer:
		if raw == nil || isEmpty(raw) {
			return value.Null, nil, nil
		}
		n, ok := pyIntText(trimDecimal(pyStr(raw)))
		if !ok {
			return nil, &fieldError{code: "invalid", message: f.errorMessages["invalid"]}, nil
		}
		return n, nil, nil
	case DatabaseList:
		if raw == nil || !value.Truth(raw) {
			return value.NewPyList(nil), nil, nil
		}
		parts := strings.Split(pyStr(raw), ",")
		items := make([]value.Value, len(parts))
		for i, p := range parts {
			items[i] = value.String(value.TrimSpace(p))
		}
		return value.NewPyList(items), nil, nil
	case ClusterIP:
		if raw == nil {
			return value.String(""), nil, nil
		}
		s := value.TrimSpace(pyStr(raw))
		if s != "" && strings.Contains(s, ":") {
			a, err := netip.ParseAddr(s)
			if err != nil || !a.Is6() {
				return nil, &fieldError{code: "invalid", message: "This is not a valid IPv6 address."}, nil
			}
			return value.String(a.String()), nil, nil
		}
		return value.String(s), nil, nil
	case Network:
		if raw == nil || !value.Truth(raw) {
			return value.NewTuple([]value.Value{value.Null, value.Null}), nil, nil
		}
		v, err := literalEval(pyStr(raw))
		if err != nil {
			return nil, nil, err
		}
		return v, nil, nil
	case Choice, Image, Keypair, AZone, SecurityGroup, Volume, AppRef, Domain, Flavor:
		if raw == nil || isEmpty(raw) {
			return value.String(""), nil, nil
		}
		return value.String(pyStr(raw)), nil, nil
	}
	// CharField
	if raw == nil || isEmpty(raw) {
		return f.emptyValue, nil, nil
	}
	s := pyStr(raw)
	if f.strip {
		s = value.TrimSpace(s)
	}
	if s == "" {
		return f.emptyValue, nil, nil
	}
	return value.String(s), nil, nil
}

var decimalTail = regexp.MustCompile(`\.0*\s*$`)

func trimDecimal(s string) string {
	if loc := decimalTail.FindStringIndex(s); loc != nil {
		return s[:loc[0]] + s[loc[1]:]
	}
	return s
}

// pyIntText is Python's int(s) for base-10 text.
func pyIntText(s string) (value.Value, bool) {
	s = value.TrimSpace(s)
	sign := ""
	if s != "" && (s[0] == '+' || s[0] == '-') {
		if s[0] == '-' {
			sign = "-"
		}
		s = s[1:]
	}
	if s == "" || s[0] == '_' || s[len(s)-1] == '_' || strings.Contains(s, "__") {
		return nil, false
	}
	var digits strings.Builder
	for _, r := range s {
		switch {
		case r == '_':
		case unicode.IsDigit(r):
			digits.WriteRune('0' + rune(digitValue(r)))
		default:
			return nil, false
		}
	}
	n, ok := new(big.Int).SetString(sign+digits.String(), 10)
	if !ok {
		return nil, false
	}
	return value.NewInt(n), true
}

// digitValue is the value of a Unicode decimal digit: decimal digits
// come in runs of ten starting at a zero.
func digitValue(r rune) int {
	if r >= '0' && r <= '9' {
		return int(r - '0')
	}
	start := r
	for unicode.IsDigit(start - 1) {
		start--
	}
	return int(r-start) % 10
}

// validChoice is ChoiceField.valid_value.
func (f *Field) validChoice(v value.Value) bool {
	text := pyStr(v)
	for _, c := range f.Choices {
		if value.Equal(v, c.Key) || text == pyStr(c.Key) {
			return true
		}
	}
	return false
}

// clean is the field's clean(): the cleaned value, or its errors. A
// non-nil error is a failure of the dashboard's code (a YAQL runtime
// error), not a validation error.
func (r *request) clean(f *Field, raw value.Value) (value.Value, []fieldError, error) {
	if f.Kind == Flavor {
		if raw == nil {
			return value.Null, nil, nil
		}
		for _, c := range f.Choices {
			if value.Equal(c.Key, raw) {
				return value.String(c.Title), nil, nil
			}
		}
		return raw, nil, nil
	}
	if f.Disabled {
		// Django cleans the initial value of a disabled field.
		initial, err := r.initialValue(f)
		if err != nil {
			return nil, nil, err
		}
		raw = initial
	}
	v, ferr, err := f.toPython(raw)
	if err != nil || ferr != nil {
		return nil, errorList(ferr), err
	}
	if x, ok := f.props["enabled"]; ok {
		en, err := r.evalAttr(x)
		if err != nil {
			return nil, nil, err
		}
		if !value.Truth(en) {
			return v, nil, nil
		}
	}
	if isEmpty(v) && f.Required {
		return nil, []fieldError{{code: "required", message: f.errorMessages["required"]}}, nil
	}
	switch f.Kind {
	case Choice, Image, Keypair, AZone, SecurityGroup, Volume, AppRef, Domain, Network:
		if value.Truth(v) && !f.validChoice(v) {
			return nil, []fieldError{{code: "invalid_choice", message: f.errorMessages["invalid_choice"],
				params: map[string]value.Value{"value": v}}}, nil
		}
	case DatabaseList:
		for _, it := range v.(*value.List).Items {
			if !databaseNameRE.MatchString(pyStr(it)) {
				return nil, []fieldError{{code: "invalid", message: databaseListMessage,
					params: map[string]value.Value{"value": it}}}, nil
			}
		}
	}
	if !isEmpty(v) {
		var errs []fieldError
		for _, val := range f.validators {
			ok, params, err := val.check(v)
			if err != nil {
				return nil, nil, err
			}
			if ok {
				continue
			}
			fe := fieldError{code: val.code, message: val.message}
			if val.params {
				fe.params = params
			}
			if val.code != "" {
				if m, over := f.errorMessages[val.code]; over {
					fe.message = m
				}
			}
			errs = append(errs, fe)
		}
		if len(errs) > 0 {
			return nil, errs, nil
		}
	}
	if f.emptyAsNone && v == value.String("") {
		return value.Null, nil, nil
	}
	return v, nil, nil
}

func errorList(e *fieldError) []fieldError {
	if e == nil {
		return nil
	}
	return []fieldError{*e}
}

// messages renders a field's errors.
func messages(errs []fieldError) []string {
	out := make([]string, len(errs))
	for i, e := range errs {
		out[i] = formatMessage(e.message, e.params)
	}
	return out
}

// literalEval is ast.literal_eval for the tuples a network select posts.
func literalEval(s string) (value.Value, error) {
	t := strings.TrimSpace(s)
	if !strings.HasPrefix(t, "(") || !strings.HasSuffix(t, ")") {
		return literalAtom(t)
	}
	body := strings.TrimSpace(t[1 : len(t)-1])
	if body == "" {
		return value.NewTuple(nil), nil
	}
	var items []value.Value
	for len(body) > 0 {
		var item string
		if body[0] == '\'' || body[0] == '"' {
			end := closingQuote(body)
			if end < 0 {
				return nil, malformed()
			}
			item, body = body[:end+1], strings.TrimSpace(body[end+1:])
		} else {
			i := strings.IndexByte(body, ',')
			if i < 0 {
				i = len(body)
			}
			item, body = strings.TrimSpace(body[:i]), body[i:]
		}
		v, err := literalAtom(item)
		if err != nil {
			return nil, err
		}
		items = append(items, v)
		if body == "" {
			break
		}
		if body[0] != ',' {
			return nil, malformed()
		}
		body = strings.TrimSpace(body[1:])
	}
	return value.NewTuple(items), nil
}

func closingQuote(s string) int {
	q := s[0]
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case q:
			return i
		}
	}
	return -1
}

func literalAtom(s string) (value.Value, error) {
	switch {
	case s == "None":
		return value.Null, nil
	case s == "True":
		return value.Bool(true), nil
	case s == "False":
		return value.Bool(false), nil
	case len(s) >= 2 && (s[0] == '\'' || s[0] == '"') && s[len(s)-1] == s[0]:
		u, err := strconv.Unquote(`"` + strings.ReplaceAll(s[1:len(s)-1], `"`, `\"`) + `"`)
		if err != nil {
			return value.String(s[1 : len(s)-1]), nil
		}
		return value.String(u), nil
	}
	if n, ok := pyIntText(s); ok {
		return n, nil
	}
	return nil, malformed()
}

func malformed() error {
	return &Error{Type: "ValueError", Message: "malformed node or string"}
}
