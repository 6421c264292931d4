package main

import (
	"strings"
	"testing"
)

// The overlong-line warning (PGN Standard §4.3: at most 255 characters a line, its line end
// included) is printed when -W shows its class, as every class, and its JSON class names it.
func TestCheckOverlongLine4_3(t *testing.T) {
	game := []byte("[Event \"e\"]\n[Site \"s\"]\n[Date \"2020.01.01\"]\n[Round \"1\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 {" +
		strings.Repeat("x", 300) + "} *\n")
	const line = "-:9:1: game 1 (a - b, Round 1): warning: line of 311 characters, more than 255 with its line end\n"
	for _, tc := range []struct {
		flag, stdout, summary string
	}{
		{"-W", line, "0 errors, 1 warning"},
		{"-W=overlong-line", line, "0 errors, 1 warning"},
		{"-W=all,-overlong-line", "", "0 errors, 0 warnings"},
		{"-W=missing-tag", "", "0 errors, 0 warnings"},
		{"-q", "", "0 errors, 0 warnings"},
	} {
		out, stderr, code := runChess(t, game, "check", tc.flag, "-")
		if code != exitOK || out != tc.stdout || tc.flag != "-q" && !strings.Contains(stderr, tc.summary) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want %q, %q", tc.flag, code, out, stderr, tc.stdout, tc.summary)
		}
	}
	out, _, _ := runChess(t, game, "check", "-json", "-W=overlong-line", "-")
	if !strings.Contains(out, `"column":1,`) || !strings.Contains(out, `"class":"overlong-line"`) {
		t.Errorf("-json: %s", out)
	}
}
