package main

import (
	"encoding/json"
	"sort"
	"strings"
	"testing"

	"github.com/ox88/chess"
)

// everyWarningClass holds one game for each warning class that a file's games can have
// (the class "warning" is a file's, see TestCheckNameMismatchFollowsWAndStrict), each with the
// Seven Tag Roster but the game for missing-tag.
var everyWarningClass = func() string {
	const tags = "[Event \"e\"]\n[Site \"s\"]\n[Date \"2020.01.01\"]\n[Round \"1\"]\n[White \"a\"]\n[Black \"b\"]\n"
	games := []string{
		"[Result \"*\"]\n\n1. e4 e5 2. Ng1f3 *",                                                     // lenient-san
		"[Result \"*\"]\n\n1. e4 e5 Nf3 *",                                                          // missing-move-number
		"[Result \"*\"]\n\n1. e4 e5 3. Nf3 *",                                                       // move-number-mismatch
		"[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4r3/4K3 w - - 0 1\"]\n\n1. Kxe2 Kd7 *", // moves-after-end
		"[Result \"*\"]\n\n1. e4\n",                                                                 // missing-result
		"[Result \"1-0\"]\n\n1. e4 0-1",                                                             // result-mismatch
		"[Result \"\"]\n\n1. e4 *",                                                                  // empty-result-tag
		"[Result \"*\"]\n\n1. e4 +- *",                                                              // annotation-symbol
		"[Result \"*\"]\n\n1. e4 * ff",                                                              // text-after-result
		"[Result \"*\"]\n\n1. e4 \\ e5 *",                                                           // bad-escape
		"[Result \"*\"]\n\n1. e4 {" + strings.Repeat("x", 300) + "} *",                              // overlong-line
	}
	text := ""
	for _, g := range games {
		text += tags + g + "\n\n"
	}
	return text + "[Event \"e\"]\n\n1. e4 *\n" // missing-tag
}()

// checkWarningClasses runs chess check -json with flags on everyWarningClass and returns the
// classes of the warnings printed, each once, sorted.
func checkWarningClasses(t *testing.T, flags ...string) []string {
	t.Helper()
	out, stderr, code := runChess(t, []byte(everyWarningClass), append(append([]string{"check", "-json"}, flags...), "-")...)
	if code != exitOK {
		t.Fatalf("%v: exit %d, %s", flags, code, stderr)
	}
	seen := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var g jsonGame
		if err := json.Unmarshal([]byte(line), &g); err != nil {
			continue // the summary
		}
		for _, w := range g.Warnings {
			seen[w.Class] = true
		}
	}
	var classes []string
	for c := range seen {
		classes = append(classes, c)
	}
	sort.Strings(classes)
	return classes
}

// TestCheckEveryWarningClassSelectable: every warning class of chess.PGNClasses that a game
// can have is printed by -W, alone by -W=CLASS, and left out by -W=all,-CLASS; -j 2 prints
// the same as -j 1.
func TestCheckEveryWarningClassSelectable(t *testing.T) {
	var all []string
	for _, c := range chess.PGNClasses() {
		if c.Warning && c.Name != "warning" {
			all = append(all, c.Name)
		}
	}
	sort.Strings(all)
	if got := checkWarningClasses(t, "-W"); strings.Join(got, " ") != strings.Join(all, " ") {
		t.Fatalf("-W prints the classes %q, want %q", got, all)
	}
	for _, c := range all {
		if got := checkWarningClasses(t, "-W="+c); strings.Join(got, " ") != c {
			t.Errorf("-W=%s prints the classes %q", c, got)
		}
		var rest []string
		for _, o := range all {
			if o != c {
				rest = append(rest, o)
			}
		}
		if got := checkWarningClasses(t, "-W=all,-"+c); strings.Join(got, " ") != strings.Join(rest, " ") {
			t.Errorf("-W=all,-%s prints the classes %q", c, got)
		}
	}
	one, _, _ := runChess(t, []byte(everyWarningClass), "check", "-json", "-W", "-j", "1", "-")
	two, _, _ := runChess(t, []byte(everyWarningClass), "check", "-json", "-W", "-j", "2", "-")
	// the summary's seconds differ
	one, two = one[:strings.LastIndex(one, "{\"summary\"")], two[:strings.LastIndex(two, "{\"summary\"")]
	if one != two || one == "" {
		t.Errorf("-j 2 prints\n%s\n-j 1\n%s", two, one)
	}
}
