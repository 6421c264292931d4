package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/ox88/chess"
)

// warningClasses is the value of chess check -W: which classes of warnings to print (the
// classes of chess.PGNClasses). A bare -W, or -W=all, prints every class; -W=CLASS,... the
// classes named; -W=all,-CLASS,... every class but those. Without -W no warning is printed.
type warningClasses struct {
	set    bool            // -W was given
	all    bool            // all classes but those in except
	only   map[string]bool // the classes named, when not all
	except map[string]bool
}

func (w *warningClasses) IsBoolFlag() bool { return true }

func (w *warningClasses) String() string {
	switch {
	case w == nil || !w.set:
		return ""
	case w.all && len(w.except) == 0:
		return "all"
	case w.all:
		return "all," + joinSorted(w.except, "-")
	}
	return joinSorted(w.only, "")
}

func joinSorted(m map[string]bool, prefix string) string {
	var names []string
	for n := range m {
		names = append(names, prefix+n)
	}
	sort.Strings(names)
	return strings.Join(names, ",")
}

// Set reads "true" (a bare -W), "false", or a comma-separated list of class names, each with
// an optional "-" that takes the class out, and "all".
func (w *warningClasses) Set(s string) error {
	*w = warningClasses{}
	switch s {
	case "false":
		return nil
	case "true", "all":
		w.set, w.all = true, true
		return nil
	}
	w.set = true
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		minus := strings.HasPrefix(name, "-")
		name = strings.TrimPrefix(name, "-")
		switch {
		case name == "all" && !minus:
			w.all = true
			continue
		case !isWarningClass(name):
			return fmt.Errorf("unknown warning class %q (the classes: %s)", name, strings.Join(warningClassNames(), ", "))
		case minus:
			if w.except == nil {
				w.except = map[string]bool{}
			}
			w.except[name] = true
		default:
			if w.only == nil {
				w.only = map[string]bool{}
			}
			w.only[name] = true
		}
	}
	if len(w.except) > 0 && !w.all {
		return fmt.Errorf("-W=-CLASS takes classes out of all: write -W=all,-CLASS")
	}
	return nil
}

// any reports whether some warning class is printed.
func (w *warningClasses) any() bool { return w.set && (w.all || len(w.only) > 0) }

// shows reports whether warnings of the class are printed.
func (w *warningClasses) shows(class string) bool {
	if !w.set {
		return false
	}
	if w.all {
		return !w.except[class]
	}
	return w.only[class]
}

func isWarningClass(name string) bool {
	for _, c := range chess.PGNClasses() {
		if c.Warning && c.Name == name {
			return true
		}
	}
	return false
}

func warningClassNames() []string {
	var names []string
	for _, c := range chess.PGNClasses() {
		if c.Warning {
			names = append(names, c.Name)
		}
	}
	return names
}

// shownWarnings returns the warnings of warns that -W prints.
func (w *warningClasses) shownWarnings(warns []*chess.PGNError) []*chess.PGNError {
	if w.all && len(w.except) == 0 {
		return warns
	}
	var out []*chess.PGNError
	for _, e := range warns {
		if w.shows(e.Class()) {
			out = append(out, e)
		}
	}
	return out
}
