// Package syntax parses YAQL expressions into trees.
//
// The grammar is yaql 2.0's: literals, bare words, $variables, function and
// method calls, indexers, list and dictionary literals, keyword arguments
// and an operator table whose precedence groups and associativity decide
// how operators combine. A [Dialect] selects the table: the default one,
// the yaql 0.2 compatible one (where => is an ordinary operator) and
// MuranoPL's (with the extra operators is and :).
//
// Every operator is parsed into a call of the function that implements it
// (#operator_+, #unary_operator_-, #indexer, #list, #map, ...), exactly as
// the reference does, so that libraries may overload operators. Positions
// are offsets in characters (runes) from the start of the expression, the
// unit the reference's error messages use.
package syntax

// Dialect selects the operator table and the optional grammar rules.
type Dialect struct {
	// Legacy makes => a left-associative binary operator (building pairs)
	// just below or, instead of the separator of keyword arguments.
	Legacy bool
	// Murano adds MuranoPL's operators: binary "is" among the comparisons,
	// binary and prefix ":" above all others.
	Murano bool
	// AllowDelegates accepts calls of arbitrary values, value(args), which
	// evaluate to #call(value, args).
	AllowDelegates bool
}

type assoc uint8

const (
	leftAssoc assoc = iota
	rightAssoc
)

// opInfo describes one operator symbol in one role (prefix or binary).
type opInfo struct {
	level int // precedence group: 1 binds tightest
	assoc assoc
	fn    string // the function the operator calls
}

// grammar is the operator table of a dialect.
type grammar struct {
	dialect  Dialect
	binary   map[string]opInfo
	prefix   map[string]opInfo
	symbols  []string        // operator symbols, longest first
	words    map[string]bool // operators spelled as words (and, or, not, in, mod, is)
	mapping  bool            // => separates keyword arguments
	indexLvl int             // the level of the [ ] indexer
}

type opSpec struct {
	symbol string
	prefix bool
	assoc  assoc
	alias  string
}

func newGrammar(d Dialect) *grammar {
	var groups [][]opSpec
	if d.Murano {
		groups = append(groups, []opSpec{{symbol: ":"}, {symbol: ":", prefix: true}})
	}
	groups = append(groups,
		[]opSpec{{symbol: "."}, {symbol: "?."}},
		[]opSpec{{symbol: "[]"}},
		[]opSpec{{symbol: "+", prefix: true}, {symbol: "-", prefix: true}},
		[]opSpec{{symbol: "=~"}, {symbol: "!~"}},
		[]opSpec{{symbol: "*"}, {symbol: "/"}, {symbol: "mod"}},
		[]opSpec{{symbol: "+"}, {symbol: "-"}},
	)
	cmp := []opSpec{{symbol: ">"}}
	if d.Murano {
		cmp = append(cmp, opSpec{symbol: "is"})
	}
	cmp = append(cmp, opSpec{symbol: "<"}, opSpec{symbol: ">="}, opSpec{symbol: "<="},
		opSpec{symbol: "!=", alias: "not_equal"}, opSpec{symbol: "=", alias: "equal"}, opSpec{symbol: "in"})
	groups = append(groups, cmp,
		[]opSpec{{symbol: "not", prefix: true}},
		[]opSpec{{symbol: "and"}},
		[]opSpec{{symbol: "or"}},
	)
	if d.Legacy {
		groups = append(groups, []opSpec{{symbol: "=>"}})
	}
	groups = append(groups, []opSpec{{symbol: "->", assoc: rightAssoc}})

	g := &grammar{
		dialect: d,
		binary:  map[string]opInfo{},
		prefix:  map[string]opInfo{},
		words:   map[string]bool{},
		mapping: !d.Legacy,
	}
	seen := map[string]bool{}
	for i, group := range groups {
		level := i + 1
		for _, op := range group {
			if op.symbol == "[]" {
				g.indexLvl = level
				continue
			}
			fn := "#operator_" + op.symbol
			if op.prefix {
				fn = "#unary_operator_" + op.symbol
			}
			if op.alias != "" {
				fn = "*" + op.alias
			}
			info := opInfo{level: level, assoc: op.assoc, fn: fn}
			if op.prefix {
				g.prefix[op.symbol] = info
			} else {
				g.binary[op.symbol] = info
			}
			if isWordStart(rune(op.symbol[0])) {
				g.words[op.symbol] = true
			} else if !seen[op.symbol] {
				seen[op.symbol] = true
				g.symbols = append(g.symbols, op.symbol)
			}
		}
	}
	if g.mapping {
		g.symbols = append(g.symbols, "=>")
	}
	sortLongestFirst(g.symbols)
	return g
}

func sortLongestFirst(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && len(s[j]) > len(s[j-1]); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
