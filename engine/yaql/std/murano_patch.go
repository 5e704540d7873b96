// This file defines MuranoPL's patch(obj, patch): RFC 6902 JSON patches
// applied the way the reference's libraries (python3-jsonpatch 1.32 and
// python3-jsonpointer 2.3) apply them, errors included. The document is
// patched in place: when a pointer does not resolve, the reference stops
// and returns the document as far as it got.

package std

import (
	"errors"
	"math"
	"math/big"
	"regexp"
	"strings"
	"unicode"

	"murano.dev/playground/engine/value"
	"murano.dev/playground/engine/yaql"
)

// jsonList and jsonDict are the mutable Python list and dict a document
// is made of while it is patched.
type jsonList struct{ items []value.Value }

type jsonDict struct{ keys, vals []value.Value }

// endOfList is what the pointer part "-" resolves to in a sequence.
type endOfList struct{ seq value.Value }

func (*jsonList) Type() string  { return "list" }
func (*jsonDict) Type() string  { return "dict" }
func (*endOfList) Type() string { return "jsonpointer.EndOfList" }

func (d *jsonDict) find(k value.Value) int {
	for i, x := range d.keys {
		if value.Equal(x, k) {
			return i
		}
	}
	return -1
}

func (d *jsonDict) set(k, v value.Value) {
	if i := d.find(k); i >= 0 {
		d.vals[i] = v
		return
	}
	d.keys, d.vals = append(d.keys, k), append(d.vals, v)
}

func (d *jsonDict) del(i int) {
	d.keys = append(d.keys[:i], d.keys[i+1:]...)
	d.vals = append(d.vals[:i], d.vals[i+1:]...)
}

// The exceptions of the JSON patch libraries.
const (
	classPointer    = "JsonPointerException"
	classInvalid    = "InvalidJsonPatch"
	classConflict   = "JsonPatchConflict"
	classTestFailed = "JsonPatchTestFailed"
)

func muranoPatch(c *yaql.Call) (value.Value, error) {
	patch := c.Args[1]
	if !isTuple(patch) {
		patch = value.NewTuple([]value.Value{patch})
	}
	p, err := toJSONDoc(c.RT, patch)
	if err != nil {
		return nil, err
	}
	var ops []value.Value
	switch x := p.(type) {
	case *jsonList:
		ops = x.items
	case *value.List:
		ops = x.Items
	}
	parsed := make([]*patchOp, len(ops))
	for i, op := range ops {
		if parsed[i], err = parsePatchOp(op); err != nil {
			return nil, err
		}
	}
	root, err := toJSONDoc(c.RT, c.Args[0])
	if err != nil {
		return nil, err
	}
	doc := root
	for _, op := range parsed {
		if err := c.RT.Step(); err != nil {
			return nil, err
		}
		if doc, err = op.apply(doc); err != nil {
			if isClass(err, classPointer) {
				return fromJSONDoc(root), nil
			}
			return nil, err
		}
	}
	return fromJSONDoc(doc), nil
}

func isClass(err error, class string) bool {
	var ye *yaql.Error
	return errors.As(err, &ye) && ye.Class == class
}

// toJSONDoc converts a value as dsl.to_mutable does, into a document of
// jsonList and jsonDict nodes.
func toJSONDoc(rt *yaql.Runtime, v value.Value) (value.Value, error) {
	if err := rt.Step(); err != nil {
		return nil, err
	}
	o := rt.Engine.Options
	items := func(xs []value.Value) ([]value.Value, error) {
		if len(xs) > muranoIteratorsLimit {
			return nil, collectionTooLarge()
		}
		out := make([]value.Value, len(xs))
		for i, x := range xs {
			d, err := toJSONDoc(rt, x)
			if err != nil {
				return nil, err
			}
			out[i] = d
		}
		return out, nil
	}
	switch x := v.(type) {
	case *value.Dict:
		if x.Len() > muranoIteratorsLimit {
			return nil, collectionTooLarge()
		}
		d := &jsonDict{}
		for i, k := range x.Keys() {
			dk, err := toJSONDoc(rt, k)
			if err != nil {
				return nil, err
			}
			if _, ok := dk.(*jsonList); ok {
				return nil, value.NewTypeError("unhashable type: 'list'")
			}
			if _, ok := dk.(*jsonDict); ok {
				return nil, value.NewTypeError("unhashable type: 'dict'")
			}
			dv, err := toJSONDoc(rt, x.Values()[i])
			if err != nil {
				return nil, err
			}
			d.set(dk, dv)
		}
		return d, nil
	case *value.Set:
		xs, err := items(x.Items())
		if err != nil || o.ConvertSetsToLists {
			return &jsonList{xs}, err
		}
		s := value.NewSet(len(xs))
		s.Mutable = true
		for _, e := range xs {
			if err := s.Add(e); err != nil {
				return nil, err
			}
		}
		return s, nil
	case *value.List:
		xs, err := items(x.Items)
		if err != nil || x.Mutable || o.ConvertTuplesToLists {
			return &jsonList{xs}, err
		}
		return value.NewTuple(xs), nil
	case *value.Range, *value.Iterator:
		frozen, err := muranoFreeze(rt, x)
		if err != nil {
			return nil, err
		}
		xs, err := items(frozen.(*value.List).Items)
		return &jsonList{xs}, err
	}
	return v, nil
}

// fromJSONDoc turns a document back into values.
func fromJSONDoc(v value.Value) value.Value {
	switch x := v.(type) {
	case *jsonList:
		out := make([]value.Value, len(x.items))
		for i, e := range x.items {
			out[i] = fromJSONDoc(e)
		}
		return value.NewPyList(out)
	case *jsonDict:
		out := value.NewDict(len(x.keys))
		for i, k := range x.keys {
			_ = out.Set(fromJSONDoc(k), fromJSONDoc(x.vals[i]))
		}
		return out
	case *value.List:
		out := make([]value.Value, len(x.Items))
		for i, e := range x.Items {
			out[i] = fromJSONDoc(e)
		}
		return &value.List{Items: out, Mutable: x.Mutable}
	}
	return v
}

// deepCopy is Python's copy.deepcopy of a document.
func deepCopy(v value.Value) value.Value {
	switch x := v.(type) {
	case *jsonList:
		out := &jsonList{make([]value.Value, len(x.items))}
		for i, e := range x.items {
			out.items[i] = deepCopy(e)
		}
		return out
	case *jsonDict:
		out := &jsonDict{append([]value.Value{}, x.keys...), make([]value.Value, len(x.vals))}
		for i, e := range x.vals {
			out.vals[i] = deepCopy(e)
		}
		return out
	case *value.List:
		out := make([]value.Value, len(x.Items))
		for i, e := range x.Items {
			out[i] = deepCopy(e)
		}
		return &value.List{Items: out, Mutable: x.Mutable}
	}
	return v
}

// docStr is Python's str() of a document node.
func docStr(v value.Value) string {
	if e, ok := v.(*endOfList); ok {
		return "EndOfList(" + value.Repr(fromJSONDoc(e.seq)) + ")"
	}
	return value.Str(fromJSONDoc(v))
}

// docClass is how Python prints type(v).
func docClass(v value.Value) string { return "<class '" + pyTypeName(v) + "'>" }

// jsonPointer is a parsed RFC 6901 pointer.
type jsonPointer struct {
	path  string
	parts []string
}

var invalidEscape = regexp.MustCompile(`~[^01]|~$`)

// parsePointer parses a pointer; a value that is not a string gives the
// TypeError Python's re module raises.
func parsePointer(v value.Value) (*jsonPointer, error) {
	s, ok := v.(value.String)
	if !ok {
		return nil, value.NewTypeError("expected string or bytes-like object, got '" + pyTypeName(v) + "'")
	}
	if m := invalidEscape.FindString(string(s)); m != "" {
		return nil, yaql.Raise(classPointer, "Found invalid escape %s", m)
	}
	parts := strings.Split(string(s), "/")
	if parts[0] != "" {
		return nil, yaql.Raise(classPointer, "Location must start with /")
	}
	parts = parts[1:]
	for i, p := range parts {
		parts[i] = strings.ReplaceAll(strings.ReplaceAll(p, "~1", "/"), "~0", "~")
	}
	return &jsonPointer{path: string(s), parts: parts}, nil
}

func (p *jsonPointer) equal(q *jsonPointer) bool {
	if len(p.parts) != len(q.parts) {
		return false
	}
	for i := range p.parts {
		if p.parts[i] != q.parts[i] {
			return false
		}
	}
	return true
}

// contains reports whether q is a prefix of p.
func (p *jsonPointer) contains(q *jsonPointer) bool {
	n := min(len(p.parts), len(q.parts))
	return (&jsonPointer{parts: p.parts[:n]}).equal(q)
}

func isDocSequence(v value.Value) bool {
	switch v.(type) {
	case *jsonList, *value.List, value.String:
		return true
	}
	return false
}

var arrayIndex = regexp.MustCompile(`^[1-9][0-9]*\n?$`)

// getPart converts a pointer part into the key or index it stands for in
// doc.
func getPart(doc value.Value, part string) (value.Value, error) {
	switch {
	case isJSONMapping(doc):
		return value.String(part), nil
	case isDocSequence(doc):
		if part == "-" {
			return value.String(part), nil
		}
		if !strings.HasPrefix(part, "0") && !arrayIndex.MatchString(part) {
			return nil, yaql.Raise(classPointer, "'%s' is not a valid sequence index", part)
		}
		return pyIntLiteral(part)
	}
	return nil, yaql.Raise(classPointer, "Document '%s' does not support indexing, must be mapping/sequence or support __getitem__", docClass(doc))
}

func isJSONMapping(v value.Value) bool {
	_, ok := v.(*jsonDict)
	return ok
}

// pyIntLiteral is Python's int(s) for a string.
func pyIntLiteral(s string) (value.Value, error) {
	t := strings.TrimFunc(s, unicode.IsSpace)
	digits := strings.ReplaceAll(t, "_", "")
	valid := t != "" && !strings.HasPrefix(t, "_") && !strings.HasSuffix(t, "_") && !strings.Contains(t, "__")
	if n, ok := new(big.Int).SetString(digits, 10); valid && ok && !strings.ContainsAny(digits, "+-") {
		return value.NewInt(n), nil
	}
	return nil, yaql.Raise("ValueError", "invalid literal for int() with base 10: %s", value.Repr(value.String(s)))
}

// docIndex is a sequence index as an int64; indexes too large for one
// are past the end of any sequence.
func docIndex(key value.Value) int64 {
	if i, ok := value.ToInt64(key); ok {
		return i
	}
	return math.MaxInt64
}

// walk resolves one pointer part in doc.
func walk(doc value.Value, part string) (value.Value, error) {
	key, err := getPart(doc, part)
	if err != nil {
		return nil, err
	}
	if d, ok := doc.(*jsonDict); ok {
		if i := d.find(key); i >= 0 {
			return d.vals[i], nil
		}
		return nil, yaql.Raise(classPointer, "member '%s' not found in %s", value.Str(key), docStr(doc))
	}
	if key == value.String("-") {
		return &endOfList{doc}, nil
	}
	items := seqItems(doc)
	i := docIndex(key)
	if i >= int64(len(items)) {
		return nil, yaql.Raise(classPointer, "index '%s' is out of bounds", value.Str(key))
	}
	return items[i], nil
}

// seqItems returns the elements of a sequence node (the characters of a
// string).
func seqItems(doc value.Value) []value.Value {
	switch x := doc.(type) {
	case *jsonList:
		return x.items
	case *value.List:
		return x.Items
	case value.String:
		var out []value.Value
		for _, r := range string(x) {
			out = append(out, value.String(string(r)))
		}
		return out
	}
	return nil
}

// toLast resolves all parts but the last and converts the last one; a
// pointer without parts gives the document and null.
func (p *jsonPointer) toLast(doc value.Value) (value.Value, value.Value, error) {
	if len(p.parts) == 0 {
		return doc, value.Null, nil
	}
	for _, part := range p.parts[:len(p.parts)-1] {
		var err error
		if doc, err = walk(doc, part); err != nil {
			return nil, nil, err
		}
	}
	key, err := getPart(doc, p.parts[len(p.parts)-1])
	return doc, key, err
}

// indexTypeError is the TypeError of indexing a sequence with a key that
// is not an integer.
func indexTypeError(seq, key value.Value) error {
	if _, ok := seq.(value.String); ok {
		return value.NewTypeError("string indices must be integers, not '" + pyTypeName(key) + "'")
	}
	return value.NewTypeError(pyTypeName(seq) + " indices must be integers or slices, not " + pyTypeName(key))
}

// getItem is Python's seq[key] on a document node, with Python's errors.
func getItem(doc, key value.Value) (value.Value, error) {
	if d, ok := doc.(*jsonDict); ok {
		if i := d.find(key); i >= 0 {
			return d.vals[i], nil
		}
		return nil, value.NewKeyError(key)
	}
	if !isDocSequence(doc) {
		return nil, value.NewTypeError("'" + pyTypeName(doc) + "' object is not subscriptable")
	}
	if !value.IsInt(key) {
		return nil, indexTypeError(doc, key)
	}
	items := seqItems(doc)
	i := docIndex(key)
	if i >= int64(len(items)) {
		name := pyTypeName(doc)
		if name == "str" {
			name = "string"
		}
		return nil, yaql.Raise("IndexError", "%s index out of range", name)
	}
	return items[i], nil
}

// patchOp is one operation of a patch.
type patchOp struct {
	op   string
	doc  *jsonDict
	ptr  *jsonPointer
	path string
}

// member returns operation[name], the InvalidJsonPatch "does not contain"
// error when it is missing.
func (o *patchOp) member(name string) (value.Value, error) {
	if i := o.doc.find(value.String(name)); i >= 0 {
		return o.doc.vals[i], nil
	}
	return nil, yaql.Raise(classInvalid, "The operation does not contain a '%s' member", name)
}

var patchOps = map[string]bool{"add": true, "remove": true, "replace": true, "move": true, "test": true, "copy": true}

// parsePatchOp checks an operation as the patch constructor does.
func parsePatchOp(v value.Value) (*patchOp, error) {
	has, err := pyContains(v, "op")
	if err != nil {
		return nil, err
	}
	if !has {
		return nil, yaql.Raise(classInvalid, "Operation does not contain 'op' member")
	}
	d, ok := v.(*jsonDict)
	if !ok {
		return nil, indexTypeError(v, value.String(""))
	}
	op, ok := d.vals[d.find(value.String("op"))].(value.String)
	if !ok {
		return nil, yaql.Raise(classInvalid, "Operation must be a string")
	}
	if !patchOps[string(op)] {
		return nil, yaql.Raise(classInvalid, "Unknown operation %s", value.Repr(op))
	}
	i := d.find(value.String("path"))
	if i < 0 {
		return nil, yaql.Raise(classInvalid, "Operation must have a 'path' member")
	}
	ptr, err := parsePointer(d.vals[i])
	if err != nil {
		if !isClass(err, classPointer) {
			return nil, yaql.Raise(classInvalid, "Invalid 'path'")
		}
		return nil, err
	}
	return &patchOp{op: string(op), doc: d, ptr: ptr, path: ptr.path}, nil
}

// pyContains is Python's name in v.
func pyContains(v value.Value, name string) (bool, error) {
	switch x := v.(type) {
	case *jsonDict:
		return x.find(value.String(name)) >= 0, nil
	case *jsonList, *value.List:
		for _, e := range seqItems(x) {
			if value.Equal(e, value.String(name)) {
				return true, nil
			}
		}
		return false, nil
	case value.String:
		return strings.Contains(string(x), name), nil
	}
	return false, value.NewTypeError("argument of type '" + pyTypeName(v) + "' is not iterable")
}

func (o *patchOp) apply(doc value.Value) (value.Value, error) {
	switch o.op {
	case "add":
		v, err := o.member("value")
		if err != nil {
			return nil, err
		}
		return o.add(doc, v)
	case "remove":
		return o.remove(doc)
	case "replace":
		return o.replace(doc)
	case "move":
		return o.move(doc)
	case "copy":
		return o.copy(doc)
	}
	return o.test(doc)
}

func (o *patchOp) add(doc, v value.Value) (value.Value, error) {
	sub, part, err := o.ptr.toLast(doc)
	if err != nil {
		return nil, err
	}
	switch s := sub.(type) {
	case *jsonList:
		if part == value.String("-") {
			s.items = append(s.items, v)
			return doc, nil
		}
		if value.IsNull(part) {
			return nil, value.NewTypeError("'>' not supported between instances of 'NoneType' and 'int'")
		}
		i := docIndex(part)
		if i > int64(len(s.items)) || i < 0 {
			return nil, yaql.Raise(classConflict, "can't insert outside of list")
		}
		s.items = append(s.items[:i], append([]value.Value{v}, s.items[i:]...)...)
		return doc, nil
	case *jsonDict:
		if value.IsNull(part) {
			return v, nil
		}
		s.set(part, v)
		return doc, nil
	}
	if value.IsNull(part) {
		return nil, value.NewTypeError("invalid document type " + docClass(sub))
	}
	return nil, yaql.Raise(classConflict, "unable to fully resolve json pointer %s, part %s", o.path, value.Str(part))
}

func (o *patchOp) remove(doc value.Value) (value.Value, error) {
	sub, part, err := o.ptr.toLast(doc)
	if err != nil {
		return nil, err
	}
	missing := func() error {
		return yaql.Raise(classConflict, "can't remove a non-existent object '%s'", value.Str(part))
	}
	switch s := sub.(type) {
	case *jsonDict:
		i := s.find(part)
		if i < 0 {
			return nil, missing()
		}
		s.del(i)
		return doc, nil
	case *jsonList:
		if !value.IsInt(part) {
			return nil, indexTypeError(s, part)
		}
		i := docIndex(part)
		if i >= int64(len(s.items)) {
			return nil, missing()
		}
		s.items = append(s.items[:i], s.items[i+1:]...)
		return doc, nil
	}
	if isDocSequence(sub) {
		return nil, value.NewTypeError("'" + pyTypeName(sub) + "' object doesn't support item deletion")
	}
	return nil, value.NewTypeError("'" + pyTypeName(sub) + "' object does not support item deletion")
}

func (o *patchOp) replace(doc value.Value) (value.Value, error) {
	v, err := o.member("value")
	if err != nil {
		return nil, err
	}
	sub, part, err := o.ptr.toLast(doc)
	if err != nil {
		return nil, err
	}
	if value.IsNull(part) {
		return v, nil
	}
	if part == value.String("-") {
		return nil, yaql.Raise(classInvalid, "'path' with '-' can't be applied to 'replace' operation")
	}
	switch s := sub.(type) {
	case *jsonList:
		i := docIndex(part)
		if i >= int64(len(s.items)) || i < 0 {
			return nil, yaql.Raise(classConflict, "can't replace outside of list")
		}
		s.items[i] = v
		return doc, nil
	case *jsonDict:
		i := s.find(part)
		if i < 0 {
			return nil, yaql.Raise(classConflict, "can't replace a non-existent object '%s'", value.Str(part))
		}
		s.vals[i] = v
		return doc, nil
	}
	return nil, yaql.Raise(classConflict, "unable to fully resolve json pointer %s, part %s", o.path, value.Str(part))
}

// source resolves the "from" member of move and copy.
func (o *patchOp) source(doc value.Value) (*jsonPointer, value.Value, value.Value, error) {
	raw, err := o.member("from")
	if err != nil {
		return nil, nil, nil, err
	}
	from, err := parsePointer(raw)
	if err != nil {
		return nil, nil, nil, err
	}
	sub, part, err := from.toLast(doc)
	if err != nil {
		return nil, nil, nil, err
	}
	v, err := getItem(sub, part)
	if err != nil {
		var ex *value.Exception
		if errors.As(err, &ex) && ex.Class == "KeyError" || isClass(err, "IndexError") {
			return nil, nil, nil, yaql.Raise(classConflict, "%s", errorMessage(err))
		}
		return nil, nil, nil, err
	}
	return from, sub, v, nil
}

func errorMessage(err error) string {
	var ex *value.Exception
	if errors.As(err, &ex) {
		return ex.Message
	}
	var ye *yaql.Error
	if errors.As(err, &ye) {
		return ye.Msg
	}
	return err.Error()
}

func (o *patchOp) move(doc value.Value) (value.Value, error) {
	from, sub, v, err := o.source(doc)
	if err != nil {
		return nil, err
	}
	if o.ptr.equal(from) {
		return doc, nil
	}
	if isJSONMapping(sub) && o.ptr.contains(from) {
		return nil, yaql.Raise(classConflict, "Cannot move values into their own children")
	}
	rm := &patchOp{op: "remove", ptr: from, path: from.path}
	if doc, err = rm.remove(doc); err != nil {
		return nil, err
	}
	return o.add(doc, v)
}

func (o *patchOp) copy(doc value.Value) (value.Value, error) {
	_, _, v, err := o.source(doc)
	if err != nil {
		return nil, err
	}
	return o.add(doc, deepCopy(v))
}

func (o *patchOp) test(doc value.Value) (value.Value, error) {
	sub, part, err := o.ptr.toLast(doc)
	val := sub
	if err == nil && !value.IsNull(part) {
		val, err = walk(sub, o.ptr.parts[len(o.ptr.parts)-1])
	}
	if err != nil {
		if isClass(err, classPointer) {
			return nil, yaql.Raise(classTestFailed, "%s", errorMessage(err))
		}
		return nil, err
	}
	want, err := o.member("value")
	if err != nil {
		return nil, err
	}
	_, isEnd := val.(*endOfList)
	if isEnd || !value.Equal(fromJSONDoc(val), fromJSONDoc(want)) {
		return nil, yaql.Raise(classTestFailed, "%s (%s) is not equal to tested value %s (%s)", docStr(val), docClass(val), docStr(want), docClass(want))
	}
	return doc, nil
}
