package chess

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

// TestPGNClassTable checks the one table of problem classes: stable, unique short names, each
// warning class a sentinel of its own that wraps ErrPGNWarning, each error class none.
func TestPGNClassTable(t *testing.T) {
	names := map[string]bool{}
	for _, c := range PGNClasses() {
		if names[c.Name] {
			t.Errorf("class %q twice", c.Name)
		}
		names[c.Name] = true
		if c.Err == nil {
			if c.Name != "io" {
				t.Errorf("class %q has no sentinel", c.Name)
			}
			continue
		}
		if got := errors.Is(c.Err, ErrPGNWarning); got != c.Warning {
			t.Errorf("class %q: errors.Is(ErrPGNWarning) = %v, want %v", c.Name, got, c.Warning)
		}
		if got := (&PGNError{Err: c.Err, Warning: c.Warning}).Class(); got != c.Name {
			t.Errorf("a PGNError wrapping %v has class %q, want %q", c.Err, got, c.Name)
		}
	}
	want := "illegal-move ambiguous-move syntax unterminated-comment bad-tag bad-fen budget unsupported-variant " +
		"wrong-result unbalanced-rav lenient-san missing-move-number move-number-mismatch moves-after-end " +
		"missing-result result-mismatch empty-result-tag missing-tag annotation-symbol text-after-result bad-escape overlong-line warning io"
	var got []string
	for _, c := range PGNClasses() {
		got = append(got, c.Name)
	}
	if strings.Join(got, " ") != want {
		t.Errorf("classes:\n%s\nwant\n%s", strings.Join(got, " "), want)
	}
}

// TestPGNProblemClasses reads one game per class and checks the class, severity and order of
// every problem in PGNGame.Problems (errors and warnings in input order), and that Kind keeps
// its meaning.
func TestPGNProblemClasses(t *testing.T) {
	for _, tc := range []struct {
		name, pgn string
		want      string // class/severity of each problem, in order
	}{
		{"8.2.3 lenient SAN", "1. e4 e5 2. Ng1f3 *", "lenient-san/warning"},
		{"8.2.2 missing move number", "1. e4 e5 Nf3 *", "missing-move-number/warning"},
		{"8.2.2 move number mismatch", "1. e4 e5 3. Nf3 *", "move-number-mismatch/warning"},
		{"8.2.6 missing termination marker", "[White \"a\"]\n\n1. e4", "missing-result/warning"},
		{"8.2.6 Result tag mismatch", "[Result \"1-0\"]\n\n1. e4 0-1", "result-mismatch/warning"},
		{"8.1.1.7 empty Result tag", "[Result \"\"]\n\n1. e4 *", "empty-result-tag/warning"},
		{"8.2.3.8 annotation symbol", "1. e4 +- *", "annotation-symbol/warning"},
		{"8.2.6 text after the marker", "1. e4 * ff", "text-after-result/warning"},
		{"7 stray backslash", "1. e4 \\ e5 *", "bad-escape/warning"},
		{"8.2.6 moves after the end", "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4r3/4K3 w - - 0 1\"]\n\n1. Kxe2 Kd7 *", "moves-after-end/warning"},
		{"8.2.3 illegal move, then a warning after it in the file", "1. e4 e4 +- *", "illegal-move/error annotation-symbol/warning"},
		{"8.2 syntax then warning", "1. e4 e5 2. Nf3 \"x\" Nc6 3. Bb5 a6 5. Ba4 *", "syntax/error move-number-mismatch/warning"},
		{"warning then error", "1. e4 e5 Nf3 Nf3 *", "missing-move-number/warning illegal-move/error"},
		{"8.1 bad tag", "[White x]\n\n1. e4 *", "bad-tag/error"},
		{"8.2.5 unbalanced RAV", "1. e4 ) *", "unbalanced-rav/error"},
		{"8.2.6 wrong result", "1. f3 e5 2. g4 Qh4# 1-0", "wrong-result/error"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := NewPGNReader(strings.NewReader(tc.pgn + "\n")).Read()
			var got []string
			for _, e := range g.Problems {
				got = append(got, e.Class()+"/"+e.Severity())
				if e.Warning != errors.Is(e, ErrPGNWarning) {
					t.Errorf("%v: Warning %v but errors.Is(ErrPGNWarning) %v", e, e.Warning, !e.Warning)
				}
				if e.Warning && e.Kind() != "warning" {
					t.Errorf("%v: Kind %q", e, e.Kind())
				}
			}
			if strings.Join(got, " ") != tc.want {
				t.Errorf("problems %q, want %q (err %v, warnings %v)", strings.Join(got, " "), tc.want, err, g.Warnings)
			}
			var list ErrorList
			errors.As(err, &list)
			if len(list)+len(g.Warnings) != len(g.Problems) {
				t.Errorf("%d errors and %d warnings, %d problems", len(list), len(g.Warnings), len(g.Problems))
			}
		})
	}
}

// TestPGNLenientSANDeviation8_2_3 checks that a lenient SAN warning carries its SANDeviation
// bits, and a StrictSAN error too.
func TestPGNLenientSANDeviation8_2_3(t *testing.T) {
	const text = "1. e4 e5 2. Ng1-f3 Nc6 3. Bb5 Nf6 4. 0-0 *\n"
	g, _ := NewPGNReader(strings.NewReader(text)).Read()
	var devs []SANDeviation
	for _, w := range g.Warnings {
		if !errors.Is(w, ErrLenientSAN) {
			t.Errorf("%v is no ErrLenientSAN", w)
		}
		devs = append(devs, w.Deviation)
	}
	if len(devs) != 2 || devs[0] != SANOverDisambiguation|SANLongAlgebraic || devs[1] != SANZeroCastling {
		t.Errorf("deviations %v", devs)
	}
	r := NewPGNReader(strings.NewReader(text))
	r.StrictSAN = true
	_, err := r.Read()
	var list ErrorList
	if !errors.As(err, &list) || len(list) != 1 || list[0].Deviation != SANOverDisambiguation|SANLongAlgebraic || list[0].Class() != "syntax" {
		t.Errorf("StrictSAN: %v", err)
	}
}

// TestPGNTagPairAcrossLines8_1: white space, line ends included, may stand between the tokens
// of a tag pair, so a tag pair split across lines is one tag pair; a broken one is still
// reported at its line and the next line read for itself.
func TestPGNTagPairAcrossLines8_1(t *testing.T) {
	for _, tc := range []struct {
		name, pgn, tags, errs string
	}{
		{"name and value on two lines", "[White\n  \"Carlsen\"]\n[Black \"Caruana\"]\n\n1. e4 *\n", "White=Carlsen Black=Caruana", ""},
		{"every token on its own line", "[\nWhite\r\n\"Carlsen\"\n\n]\n[Black \"Caruana\"]\n\n1. e4 *\n", "White=Carlsen Black=Caruana", ""},
		{"the next game's line numbers count the line ends", "[White\n\"A\"\n]\n\n1. e4 e5 2. Qxe5 *\n", "White=A", "5:13"},
		{"a missing ] stays an error at its line", "[White \"A\"\n[Black \"B\"]\n\n1. e4 *\n", "White=A Black=B", "1:11"},
		{"a missing value before movetext", "[White\n1. e4 *\n", "White=", "1:7"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := NewPGNReader(strings.NewReader(tc.pgn)).Read()
			var tags []string
			for _, tag := range g.Tags {
				tags = append(tags, tag.Name+"="+tag.Value)
			}
			var errs []string
			var list ErrorList
			errors.As(err, &list)
			for _, e := range list {
				errs = append(errs, strconv.Itoa(e.Line)+":"+strconv.Itoa(e.Column))
			}
			if strings.Join(tags, " ") != tc.tags || strings.Join(errs, " ") != tc.errs {
				t.Errorf("tags %q errors %q (%v), want %q and %q", strings.Join(tags, " "), strings.Join(errs, " "), err, tc.tags, tc.errs)
			}
		})
	}
}
