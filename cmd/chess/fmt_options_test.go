package main

import "testing"

// chess fmt's export choices: -nocomments, -novariations, -nonags, -width.
func TestFmtExportChoices(t *testing.T) {
	in := "[Event \"e\"]\n1.e4 {best by test} e5 2.Nf3 (2.f4 exf4) Nc6! 3. Bb5 a6 *"
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-nocomments"}, "1. e4 e5 2. Nf3 (2. f4 exf4) 2... Nc6 $1 3. Bb5 a6 *"},
		{[]string{"-novariations"}, "1. e4 { best by test } 1... e5 2. Nf3 Nc6 $1 3. Bb5 a6 *"},
		{[]string{"-nonags", "-nocomments", "-novariations"}, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *"},
		{[]string{"-width", "30"}, "1. e4 { best by test } 1... e5\n2. Nf3 (2. f4 exf4) 2... Nc6\n$1 3. Bb5 a6 *"},
	}
	for _, tt := range tests {
		out, stderr, code := runChess(t, []byte(in), append([]string{"fmt"}, tt.args...)...)
		if want := "[Event \"e\"]\n\n" + tt.want + "\n\n"; code != exitOK || out != want {
			t.Errorf("fmt %v: exit %d %s\n%q\nwant\n%q", tt.args, code, stderr, out, want)
		}
	}
}
