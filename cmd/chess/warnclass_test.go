package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// warnClassGame has a missing Round tag (missing-tag), a missing move number and a lenient
// spelling, in that order in the file.
const warnClassGame = "[Event \"e\"]\n[Site \"s\"]\n[Date \"d\"]\n[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 e5 Ng1f3 *\n"

func TestCheckWarningClasses(t *testing.T) {
	for _, tc := range []struct {
		flag string
		want string // the classes printed, in order, by the start of their messages
	}{
		{"-W", "missing tag Round|missing move number|lenient SAN"},
		{"-W=all", "missing tag Round|missing move number|lenient SAN"},
		{"-W=lenient-san", "lenient SAN"},
		{"-W=lenient-san,missing-tag", "missing tag Round|lenient SAN"},
		{"-W=all,-missing-tag", "missing move number|lenient SAN"},
		{"-W=all,-missing-tag,-lenient-san", "missing move number"},
		{"-W=false", ""},
	} {
		out, _, code := runChess(t, []byte(warnClassGame), "check", tc.flag, "-")
		if code != exitOK {
			t.Errorf("%s: exit %d", tc.flag, code)
		}
		var got []string
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			if i := strings.Index(line, "warning: "); i >= 0 {
				msg := line[i+len("warning: "):]
				for _, p := range []string{"missing tag Round", "missing move number", "lenient SAN"} {
					if strings.HasPrefix(msg, p) {
						got = append(got, p)
					}
				}
			}
		}
		if strings.Join(got, "|") != tc.want {
			t.Errorf("%s: printed %q, want %q\n%s", tc.flag, strings.Join(got, "|"), tc.want, out)
		}
	}
	for _, bad := range []string{"-W=no-such-class", "-W=-missing-tag", "-W=illegal-move"} {
		if _, stderr, code := runChess(t, []byte(warnClassGame), "check", bad, "-"); code != exitUsage || !strings.Contains(stderr, "warning class") && !strings.Contains(stderr, "-W=all,-CLASS") {
			t.Errorf("%s: exit %d, %q", bad, code, stderr)
		}
	}
}

// TestCheckJSONClassAndUnfinishedResult8_2_6: every JSON problem names its class, and a game
// with neither a termination marker nor a Result tag reports the result "*" (§8.2.6), with a
// missing-result warning.
func TestCheckJSONClassAndUnfinishedResult8_2_6(t *testing.T) {
	out, _, _ := runChess(t, []byte("[White \"w\"]\n\n1. e4 e5 Ng1f3\n"), "check", "-json", "-")
	var g jsonGame
	if err := json.Unmarshal([]byte(strings.Split(out, "\n")[0]), &g); err != nil {
		t.Fatal(err)
	}
	var classes []string
	for _, w := range g.Warnings {
		classes = append(classes, w.Class)
	}
	want := "missing-move-number lenient-san missing-result missing-tag missing-tag missing-tag missing-tag missing-tag missing-tag"
	if g.Result != "*" || strings.Join(classes, " ") != want {
		t.Errorf("result %q, classes %q, want * and %q", g.Result, strings.Join(classes, " "), want)
	}
	out, _, _ = runChess(t, []byte("[White \"w\"]\n\n1. e4 e5 Ng1f3\n"), "check", "-json", "-W=lenient-san", "-")
	json.Unmarshal([]byte(strings.Split(out, "\n")[0]), &g)
	if len(g.Warnings) != 1 || g.Warnings[0].Class != "lenient-san" {
		t.Errorf("-json -W=lenient-san: %+v", g.Warnings)
	}
}

// An unknown class given to -W is named as a bad value of -W, not as a bad boolean (the flag
// package's wording for flags that may stand alone), with the command's prefix.
func TestCheckUnknownWarningClassMessage(t *testing.T) {
	_, stderr, code := runChess(t, nil, "check", "-W=foo", "testdata/sample.pgn")
	first, _, _ := strings.Cut(stderr, "\n")
	want := `chess check: invalid value "foo" for -W: unknown warning class "foo" (the classes: ` + strings.Join(warningClassNames(), ", ") + ")"
	if code != exitUsage || first != want {
		t.Errorf("exit %d, first line\n%s\nwant\n%s", code, first, want)
	}
}
