// This file defines the field types of Dynamic UI and builds fields from
// their specifications, as the dashboard's field classes do in their
// constructors and update() methods.

package dynui

import (
	"fmt"
	"sort"
	"strings"

	"murano.dev/playground/engine/dsl/decl"
	"murano.dev/playground/engine/source"
	"murano.dev/playground/engine/value"
)

// Kind is a field type.
type Kind uint8

// The field types; every unknown type is an application reference.
const (
	String Kind = iota
	Text
	Password
	Integer
	Boolean
	FloatingIP
	ClusterIP
	DatabaseList
	Choice
	Flavor
	Image
	Keypair
	AZone
	Network
	SecurityGroup
	Volume
	Domain
	AppRef
)

type fieldClass struct {
	name   string // the dashboard's class name
	widget string // the default widget
	args   []string
}

var (
	baseArgs   = []string{"required", "widget", "label", "initial", "help_text", "error_messages", "show_hidden_initial", "validators", "localize", "disabled", "label_suffix", "description", "description_title"}
	charArgs   = []string{"max_length", "min_length", "strip", "empty_value"}
	choiceArgs = []string{"choices"}
	hzArgs     = []string{"choices", "add_item_link", "add_item_link_args"}
)

var classes = map[Kind]fieldClass{
	String:        {"CharField", "TextInput", charArgs},
	Text:          {"CharField", "Textarea", charArgs},
	Password:      {"PasswordField", "PasswordInput", append([]string{"confirm_input"}, charArgs...)},
	Integer:       {"IntegerField", "NumberInput", []string{"max_value", "min_value"}},
	Boolean:       {"BooleanField", "CheckboxInput", nil},
	FloatingIP:    {"FloatingIpBooleanField", "CheckboxInput", nil},
	ClusterIP:     {"ClusterIPField", "TextInput", append([]string{"unpack_ipv4"}, charArgs...)},
	DatabaseList:  {"DatabaseListField", "TextInput", charArgs},
	Choice:        {"ChoiceField", "Select", choiceArgs},
	Flavor:        {"FlavorChoiceField", "FlavorWidget", append([]string{"requirements"}, choiceArgs...)},
	Image:         {"ImageChoiceField", "SelectWidget", append([]string{"image_type"}, choiceArgs...)},
	Keypair:       {"KeyPairChoiceField", "DynamicSelectWidget", hzArgs},
	AZone:         {"AZoneChoiceField", "Select", choiceArgs},
	Network:       {"NetworkChoiceField", "Select", append([]string{"filter", "murano_networks", "allow_auto"}, choiceArgs...)},
	SecurityGroup: {"SecurityGroupChoiceField", "DynamicSelectWidget", hzArgs},
	Volume:        {"VolumeChoiceField", "Select", append([]string{"include_volumes", "include_snapshots"}, choiceArgs...)},
	Domain:        {"DomainChoiceField", "MuranoTypeWidget", append([]string{"empty_value_message"}, hzArgs...)},
	AppRef:        {"DynamicSelect", "MuranoTypeWidget", append([]string{"empty_value_message"}, hzArgs...)},
}

var typeNames = map[string]Kind{
	"string": String, "text": Text, "password": Password, "integer": Integer, "boolean": Boolean,
	"floatingip": FloatingIP, "clusterip": ClusterIP, "databaselist": DatabaseList, "choice": Choice,
	"flavor": Flavor, "image": Image, "keypair": Keypair, "azone": AZone, "network": Network,
	"securitygroup": SecurityGroup, "volume": Volume, "domain": Domain,
}

// Field is a field of a rendered form.
type Field struct {
	Name  string
	Kind  Kind
	Class string
	// Widget is the widget class; Hidden is set for HiddenInput.
	Widget string
	Hidden bool
	// ErrorWidget is the message an application reference shows instead
	// of a select when no package provides its types.
	ErrorWidget string
	Required    bool
	Disabled    bool
	HelpText    string
	// DescriptionTitle is the title of the description panel entry.
	DescriptionTitle string
	Choices          []ChoiceItem
	// FQNs are the types an application reference accepts.
	FQNs []string
	// Pos is where the field is written in ui.yaml.
	Pos source.Span

	nameIsExpr     bool        // the name is a YAQL expression (unquoted a-b)
	label          value.Value // nil: Django's pretty_name
	initial        value.Value
	description    value.Value
	props          map[string]*rawExpr // YAQL-valued attributes
	errorMessages  map[string]string
	userMessages   map[string]string // the errorMessages written in ui.yaml
	validators     []validator
	js             []jsValidator
	minLength      value.Value
	maxLength      value.Value
	minValue       value.Value
	maxValue       value.Value
	strip          bool
	emptyValue     value.Value
	attrs          map[string]value.Value
	confirmInput   bool
	clone          bool // the -clone of a password
	emptyAsNone    bool // app references clean '' to None
	djangoSelect   bool // Django's Select renders a None key as ''
	requirements   *value.Dict
	imageType      value.Value
	networkOptions networkOptions
}

// ChoiceItem is an option of a select: the submitted value, the title
// and whether it is disabled.
type ChoiceItem struct {
	Key      value.Value
	Title    string
	Disabled bool
}

type networkOptions struct {
	filter    string
	murano    string
	allowAuto bool
}

// jsValidator is a regular expression checked in the browser.
type jsValidator struct {
	Regex   string `json:"regex"`
	Message string `json:"message"`
}

// fieldType resolves the type of a field specification.
func fieldType(n *decl.Node) (Kind, []string) {
	switch n.Kind {
	case decl.List:
		fqns := make([]string, len(n.Items))
		for i, it := range n.Items {
			fqns[i] = it.Text()
		}
		return AppRef, fqns
	case decl.String:
		if k, ok := typeNames[n.Text()]; ok {
			return k, nil
		}
	}
	return AppRef, []string{n.Text()}
}

// buildField constructs one field of a form.
func (r *request) buildField(spec *decl.Node) (*Field, error) {
	if spec.Kind != decl.Map {
		return nil, errorf(spec.Span, "AttributeError", "'%s' object has no attribute 'pop'", pyType(spec))
	}
	typeNode, nameNode := spec.Get("type"), spec.Get("name")
	if typeNode == nil {
		return nil, errorf(spec.Span, "KeyError", "'type'")
	}
	if nameNode == nil {
		return nil, errorf(spec.Span, "KeyError", "'name'")
	}
	kind, fqns := fieldType(typeNode)
	nameIsExpr := nameNode.Kind == decl.Expr
	if kind == Domain {
		fqns = []string{"io.murano.windows.ActiveDirectory"}
	}
	cls := classes[kind]
	f := &Field{Name: nameNode.Text(), Kind: kind, Class: cls.name, Widget: cls.widget, FQNs: fqns, Pos: spec.Span,
		props: map[string]*rawExpr{}, errorMessages: map[string]string{}, attrs: map[string]value.Value{},
		strip: true, confirmInput: true, Required: true, emptyValue: value.String(""), nameIsExpr: nameIsExpr}
	kwargs, err := r.def.kwargs(spec)
	if err != nil {
		return nil, err
	}
	// process_widget, then finalize_properties.
	var widgetAttrs *value.Dict
	var rest []kwarg
	explicitWidget := value.Value(nil)
	for _, kw := range kwargs {
		switch {
		case kw.key == "widget_media":
			if kind != Password {
				f.Widget = "Widget"
			}
		case kw.key == "widget_attrs":
			if x, ok := kw.val.(*rawExpr); ok {
				f.props[kw.key] = x
				continue
			}
			d, ok := kw.val.(*value.Dict)
			if !ok {
				return nil, errorf(kw.at, "TypeError", "'%s' object is not a mapping", kw.val.Type())
			}
			widgetAttrs = d
		default:
			if x, ok := kw.val.(*rawExpr); ok {
				f.props[kw.key] = x
				continue
			}
			if kw.key == "widget" {
				explicitWidget = kw.val
			}
			rest = append(rest, kw)
		}
	}
	if _, ok := explicitWidget.(hiddenWidget); ok && kind != Text && kind != Password {
		f.Widget, f.Hidden = "HiddenInput", true
	}
	switch kind {
	case Text:
		f.attrs["cols"], f.attrs["rows"] = value.String("40"), value.String("10")
	case Password:
		f.attrs["data-type"] = value.String("password")
	case Boolean, FloatingIP:
		if widgetAttrs == nil {
			f.attrs["class"] = value.String("checkbox")
		}
	case Flavor:
		f.attrs["class"], f.attrs["id"] = value.String(" flavor"), value.String("id_flavor")
	case AppRef, Domain:
		f.attrs["class"] = value.String("murano_add_select")
	}
	if widgetAttrs != nil && kind != Password {
		for i, k := range widgetAttrs.Keys() {
			ks := pyStr(k)
			if (kind == AppRef || kind == Domain) && ks == "class" {
				f.attrs[ks] = value.String(pyStr(widgetAttrs.Values()[i]) + " murano_add_select")
				continue
			}
			f.attrs[ks] = widgetAttrs.Values()[i]
		}
		if kind == Flavor {
			f.attrs["class"] = value.String(pyStr(orNull(widgetAttrs, "class", value.String(""))) + " flavor")
		}
	}
	args := map[string]kwarg{}
	for _, kw := range rest {
		args[kw.key] = kw
	}
	if kind == Password {
		if _, ok := args["label"]; !ok {
			return nil, errorf(spec.Span, "TypeError", "PasswordField.__init__() missing 1 required positional argument: 'label'")
		}
	}
	if kind == ClusterIP {
		if kw, ok := args["protocol"]; ok {
			return nil, errorf(kw.at, "TypeError", "django.forms.fields.GenericIPAddressField.__init__() got multiple values for keyword argument 'protocol'")
		}
	}
	if kind == Network {
		if kw, ok := args["murano_networks"]; ok && value.Truth(kw.val) {
			s, isStr := kw.val.(value.String)
			if !isStr {
				return nil, errorf(kw.at, "AttributeError", "'%s' object has no attribute 'lower'", kw.val.Type())
			}
			if l := strings.ToLower(string(s)); l != "exclude" && l != "translate" {
				return nil, errorf(kw.at, "ValueError", "Invalid value of 'murano_nets' option")
			}
		}
	}
	allowed := map[string]bool{}
	for _, a := range baseArgs {
		allowed[a] = true
	}
	for _, a := range cls.args {
		allowed[a] = true
	}
	for _, kw := range rest {
		if !allowed[kw.key] {
			return nil, errorf(kw.at, "TypeError", "Field.__init__() got an unexpected keyword argument '%s'", kw.key)
		}
	}
	if err := r.applyArgs(f, args); err != nil {
		return nil, err
	}
	return f, nil
}

func orNull(d *value.Dict, key string, def value.Value) value.Value {
	if v, ok := d.GetString(key); ok {
		return v
	}
	return def
}

// applyArgs sets the field's attributes from its constructor arguments.
func (r *request) applyArgs(f *Field, args map[string]kwarg) error {
	get := func(k string) (value.Value, bool) {
		kw, ok := args[k]
		if !ok {
			return nil, false
		}
		return kw.val, true
	}
	if v, ok := get("required"); ok {
		f.Required = value.Truth(v)
	}
	if v, ok := get("disabled"); ok {
		f.Disabled = value.Truth(v)
	}
	if v, ok := get("strip"); ok {
		f.strip = value.Truth(v)
	}
	if v, ok := get("empty_value"); ok {
		f.emptyValue = v
	}
	label, hasLabel := get("label")
	if hasLabel && !value.IsNull(label) {
		f.DescriptionTitle = pyStr(label)
	}
	if v, ok := get("description_title"); ok && value.Truth(v) {
		f.DescriptionTitle = pyStr(v)
	}
	escape := func(v value.Value) value.Value {
		if value.Truth(v) {
			return value.String(htmlEscape(pyStr(v)))
		}
		return v
	}
	if hasLabel {
		f.label = escape(label)
		if value.IsNull(label) {
			f.label = nil
		}
	}
	if v, ok := get("initial"); ok {
		f.initial = escape(v)
	}
	if v, ok := get("description"); ok {
		f.description = v
	}
	if v, ok := get("help_text"); ok && value.Truth(v) {
		f.HelpText = htmlEscape(pyStr(v))
	}
	if v, ok := get("confirm_input"); ok {
		f.confirmInput = value.Truth(v)
	}
	switch f.Kind {
	case Boolean, FloatingIP:
		f.Required = false
	case Integer:
		f.errorMessages["invalid"] = "Enter a whole number."
	case DatabaseList:
		f.errorMessages["invalid"] = databaseListMessage
	case AppRef, Domain:
		f.emptyAsNone = true
	case Choice, Flavor, AZone, Network, Volume:
		f.djangoSelect = true
	}
	f.errorMessages["required"] = "This field is required."
	f.errorMessages["invalid_choice"] = "Select a valid choice. %(value)s is not one of the available choices."
	if v, ok := get("error_messages"); ok {
		if d, isDict := v.(*value.Dict); isDict {
			f.userMessages = map[string]string{}
			for i, k := range d.Keys() {
				f.errorMessages[pyStr(k)] = pyStr(d.Values()[i])
				f.userMessages[pyStr(k)] = pyStr(d.Values()[i])
			}
		}
	}
	// Validators, as CustomPropertiesField collects them.
	var custom []validator
	if v, ok := get("validators"); ok {
		vs, err := r.validators(f, v, args["validators"])
		if err != nil {
			return err
		}
		custom = vs
	}
	if f.Kind == Password {
		if len(custom) == 0 {
			custom = []validator{passwordValidator}
			if f.HelpText == "" {
				f.HelpText = "Enter a complex password with at least one letter, one number and one special character"
			}
			if _, set := f.errorMessages["invalid"]; !set {
				f.errorMessages["invalid"] = passwordMessage
			}
			if _, set := args["min_length"]; !set {
				args["min_length"] = kwarg{key: "min_length", val: value.Int(7)}
			}
			if _, set := args["max_length"]; !set {
				args["max_length"] = kwarg{key: "max_length", val: value.Int(255)}
			}
			f.js = append(f.js, jsValidator{Regex: passwordPattern, Message: f.errorMessages["invalid"]})
		} else if f.HelpText == "" {
			f.HelpText = "Enter a password"
		}
	}
	switch f.Kind {
	case ClusterIP:
		f.validators = append(f.validators, ipv4Validator)
	}
	f.validators = append(f.validators, custom...)
	switch f.Kind {
	case String, Text, Password, DatabaseList, ClusterIP:
		if f.Kind == ClusterIP {
			if _, set := args["max_length"]; !set {
				args["max_length"] = kwarg{key: "max_length", val: value.Int(39)}
			}
		}
		if v, ok := get("min_length"); ok && !value.IsNull(v) {
			n, _ := value.ToInt64(v)
			f.minLength = value.Int(n)
			f.validators = append(f.validators, minLengthValidator(n))
		}
		if v, ok := get("max_length"); ok && !value.IsNull(v) {
			n, _ := value.ToInt64(v)
			f.maxLength = value.Int(n)
			f.validators = append(f.validators, maxLengthValidator(n))
		}
		f.validators = append(f.validators, nullCharsValidator)
	case Integer:
		if v, ok := get("max_value"); ok && !value.IsNull(v) {
			f.maxValue = v
			f.validators = append(f.validators, maxValueValidator(v))
		}
		if v, ok := get("min_value"); ok && !value.IsNull(v) {
			f.minValue = v
			f.validators = append(f.validators, minValueValidator(v))
		}
	}
	for _, k := range []string{"min_length", "max_length", "min_value", "max_value"} {
		if x, ok := f.props[k]; ok {
			v, err := r.evalAttr(x)
			if err != nil {
				return err
			}
			switch k {
			case "min_length":
				f.minLength = v
			case "max_length":
				f.maxLength = v
			case "min_value":
				f.minValue = v
			case "max_value":
				f.maxValue = v
			}
		}
	}
	switch f.Kind {
	case Flavor:
		if v, ok := get("requirements"); ok {
			f.requirements, _ = v.(*value.Dict)
		}
	case Image:
		if v, ok := get("image_type"); ok {
			f.imageType = v
		}
	case Network:
		f.networkOptions.allowAuto = true
		if v, ok := get("filter"); ok && value.Truth(v) {
			f.networkOptions.filter = pyStr(v)
		}
		if v, ok := get("murano_networks"); ok && value.Truth(v) {
			f.networkOptions.murano = pyStr(v)
		}
		if v, ok := get("allow_auto"); ok {
			f.networkOptions.allowAuto = value.Truth(v)
		}
	}
	return r.populate(f, args)
}

// populate fills the choices and automatic initial values (the fields'
// update() methods) and the placeholder of optional fields.
func (r *request) populate(f *Field, args map[string]kwarg) error {
	cat := r.w.catalog
	get := func(k string) (value.Value, bool) {
		kw, ok := args[k]
		if !ok {
			return nil, false
		}
		return kw.val, true
	}
	switch f.Kind {
	case Choice:
		var choices value.Value
		if x, ok := f.props["choices"]; ok {
			v, err := r.evalAttr(x)
			if err != nil {
				return err
			}
			choices = v
		} else if v, ok := get("choices"); ok {
			choices = v
		}
		items, err := choiceItems(choices)
		if err != nil {
			err.Pos = f.Pos
			return err
		}
		f.Choices = items
	case Flavor:
		var items []ChoiceItem
		for _, fl := range cat.Flavors {
			if f.requirements != nil && !meets(fl.VCPUs, fl.Disk, fl.RAM, f.requirements) {
				continue
			}
			items = append(items, ChoiceItem{Key: value.String(fl.ID), Title: fl.Name})
		}
		sort.SliceStable(items, func(i, j int) bool { return items[i].Title < items[j].Title })
		f.Choices = items
		for _, it := range items {
			if strings.Contains(it.Title, "medium") {
				f.setInitial(it.Key)
				break
			}
		}
	case Image:
		var items []ChoiceItem
		for _, im := range cat.Images {
			if im.ImageType == "snapshot" || !im.HasMurano {
				continue
			}
			title := im.MuranoTitle
			if title == "" {
				title = im.Name
			}
			disabled := im.Status != "active"
			if disabled {
				title += " (" + im.Status + ")"
			}
			if f.imageType != nil && !value.IsNull(f.imageType) {
				want := pyStr(f.imageType)
				if im.MuranoType == "" && want != "" {
					return errorf(f.Pos, "AttributeError", "'NoneType' object has no attribute 'startswith'")
				}
				if !strings.HasPrefix(im.MuranoType, want+".") && im.MuranoType != want {
					continue
				}
			}
			items = append(items, ChoiceItem{Key: value.String(im.ID), Title: title, Disabled: disabled})
		}
		sort.SliceStable(items, func(i, j int) bool { return items[i].Title < items[j].Title })
		switch {
		case len(items) == 0:
			items = []ChoiceItem{{Key: value.String(""), Title: "No images available"}}
		case len(items) > 1:
			items = append([]ChoiceItem{{Key: value.String(""), Title: "Select Image"}}, items...)
		}
		f.Choices = items
	case Keypair:
		items := []ChoiceItem{{Key: value.String(""), Title: "No keypair"}}
		names := append([]string(nil), cat.Keypairs...)
		sort.Strings(names)
		for _, k := range names {
			items = append(items, ChoiceItem{Key: value.String(k), Title: k})
		}
		f.Choices = items
		if len(cat.Keypairs) == 1 {
			f.setInitial(value.String(cat.Keypairs[0]))
		}
	case SecurityGroup:
		items := []ChoiceItem{{Key: value.String(""), Title: "Application default security group"}}
		names := append([]string(nil), cat.SecurityGroups...)
		sort.Strings(names)
		for _, g := range names {
			if !strings.HasPrefix(g, "murano--") {
				items = append(items, ChoiceItem{Key: value.String(g), Title: g})
			}
		}
		f.Choices = items
	case AZone:
		var items []ChoiceItem
		for _, z := range cat.Zones {
			if z.Available {
				items = append(items, ChoiceItem{Key: value.String(z.Name), Title: z.Name})
			}
		}
		if len(items) == 0 {
			items = []ChoiceItem{{Key: value.String(""), Title: "No availability zones available"}}
		}
		sort.SliceStable(items, func(i, j int) bool { return items[i].Title < items[j].Title })
		f.Choices = items
	case Volume:
		incVol, incSnap := true, true
		if v, ok := get("include_volumes"); ok {
			incVol = value.Truth(v)
		}
		if v, ok := get("include_snapshots"); ok {
			incSnap = value.Truth(v)
		}
		var items []ChoiceItem
		if incVol {
			for _, v := range cat.Volumes {
				items = append(items, ChoiceItem{Key: value.String(v.ID), Title: v.Name})
			}
		}
		if incSnap {
			for _, v := range cat.Snapshots {
				items = append(items, ChoiceItem{Key: value.String(v.ID), Title: v.Name})
			}
		}
		if len(items) > 0 {
			sort.SliceStable(items, func(i, j int) bool { return items[i].Title < items[j].Title })
			items = append([]ChoiceItem{{Key: value.String(""), Title: "Select volume"}}, items...)
		} else {
			items = []ChoiceItem{{Key: value.String(""), Title: "No volumes available"}}
		}
		f.Choices = items
	case Network:
		items, err := r.networkChoices(f)
		if err != nil {
			return err
		}
		f.Choices = items
	case AppRef, Domain:
		r.appRefChoices(f, args)
	}
	if !f.Required {
		f.attrs["placeholder"] = value.String("Optional")
	}
	return nil
}

// setInitial is an update() assigning the initial value: it replaces a
// YAQL initial too.
func (f *Field) setInitial(v value.Value) {
	f.initial = v
	delete(f.props, "initial")
}

func meets(vcpus, disk, ram int, req *value.Dict) bool {
	limit := func(k string) (int64, bool) {
		v, ok := req.GetString(k)
		if !ok {
			return 0, false
		}
		n, _ := value.ToInt64(v)
		return n, true
	}
	for _, c := range []struct {
		key string
		val int
		min bool
	}{{"min_vcpus", vcpus, true}, {"min_disk", disk, true}, {"min_memory_mb", ram, true},
		{"max_vcpus", vcpus, false}, {"max_disk", disk, false}, {"max_memory_mb", ram, false}} {
		n, ok := limit(c.key)
		if !ok {
			continue
		}
		if c.min && int64(c.val) < n || !c.min && int64(c.val) > n {
			return false
		}
	}
	return true
}

// choiceItems reads a choices value: a list of pairs or a mapping.
func choiceItems(v value.Value) ([]ChoiceItem, *Error) {
	var pairs []value.Value
	switch x := v.(type) {
	case nil, value.NullType:
		return nil, nil
	case *value.Dict:
		for i, k := range x.Keys() {
			pairs = append(pairs, value.NewTuple([]value.Value{k, x.Values()[i]}))
		}
	case *value.List:
		pairs = x.Items
	case value.String:
		for _, r := range string(x) {
			pairs = append(pairs, value.String(string(r)))
		}
	default:
		if !value.Truth(v) {
			return nil, nil
		}
		return nil, &Error{Type: "TypeError", Message: "'" + v.Type() + "' object is not iterable"}
	}
	items := make([]ChoiceItem, 0, len(pairs))
	for _, p := range pairs {
		var kv []value.Value
		switch x := p.(type) {
		case *value.List:
			kv = x.Items
		case value.String:
			for _, r := range string(x) {
				kv = append(kv, value.String(string(r)))
			}
		case *value.Dict:
			kv = x.Keys()
		}
		if len(kv) != 2 {
			if kv == nil {
				return nil, &Error{Type: "TypeError", Message: "cannot unpack non-iterable " + p.Type() + " object"}
			}
			if len(kv) > 2 {
				return nil, &Error{Type: "ValueError", Message: "too many values to unpack (expected 2)"}
			}
			return nil, &Error{Type: "ValueError", Message: fmt.Sprintf("not enough values to unpack (expected 2, got %d)", len(kv))}
		}
		if group, ok := kv[1].(*value.List); ok {
			for _, g := range group.Items {
				gl, _ := g.(*value.List)
				if gl == nil || len(gl.Items) != 2 {
					continue
				}
				items = append(items, ChoiceItem{Key: gl.Items[0], Title: pyStr(gl.Items[1])})
			}
			continue
		}
		items = append(items, ChoiceItem{Key: kv[0], Title: pyStr(kv[1])})
	}
	return items, nil
}
