package chess

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand"
	"strconv"
	"strings"
	"testing"
)

// TestParseEval reads the arguments of [%eval] (lichess and ChessBase comment commands): pawns
// from White's point of view, mate in N, and mate delivered (#0, #-0).
func TestParseEval(t *testing.T) {
	tests := []struct {
		in     string
		want   Eval
		kind   EvalKind
		winner Winner
		out    string // String of the result
	}{
		{"0.35", Eval{Centipawns: 35}, EvalCentipawns, NoWinner, "0.35"},
		{"-1.25", Eval{Centipawns: -125}, EvalCentipawns, NoWinner, "-1.25"},
		{"+2", Eval{Centipawns: 200}, EvalCentipawns, NoWinner, "2.00"},
		{"-0.004", Eval{}, EvalCentipawns, NoWinner, "0.00"},
		{"-0.05", Eval{Centipawns: -5}, EvalCentipawns, NoWinner, "-0.05"},
		{"300", Eval{Centipawns: 30000}, EvalCentipawns, NoWinner, "300.00"},
		{"#3", Eval{Mate: 3}, EvalMateIn, WhiteWins, "#3"},
		{"#+3", Eval{Mate: 3}, EvalMateIn, WhiteWins, "#3"},
		{"#-3", Eval{Mate: -3}, EvalMateIn, BlackWins, "#-3"},
		{"#0", Eval{Checkmate: WhiteWins}, EvalMateDelivered, WhiteWins, "#0"},
		{"#+0", Eval{Checkmate: WhiteWins}, EvalMateDelivered, WhiteWins, "#0"},
		{"#-0", Eval{Checkmate: BlackWins}, EvalMateDelivered, BlackWins, "#-0"},
	}
	for _, tc := range tests {
		e, err := ParseEval(tc.in)
		if err != nil || e != tc.want || e.Kind() != tc.kind || e.Winner() != tc.winner || e.String() != tc.out {
			t.Errorf("ParseEval(%q) = %+v (%v, %v, %q), %v; want %+v (%v, %v, %q)", tc.in, e, e.Kind(), e.Winner(), e.String(), err, tc.want, tc.kind, tc.winner, tc.out)
		}
		if e.IsMate() != (tc.kind != EvalCentipawns) {
			t.Errorf("ParseEval(%q).IsMate() = %v", tc.in, e.IsMate())
		}
	}
	for _, in := range []string{"", "#", "#x", "# 3", "abc", "nan", "NaN", "inf", "-Inf", "1e3", "0x10", "2000000", "1,5", "#3.5", "#99999999999"} {
		if e, err := ParseEval(in); !errors.Is(err, ErrSyntax) || e != (Eval{}) || !strings.Contains(err.Error(), "invalid eval") {
			t.Errorf("ParseEval(%q) = %+v, %v; want ErrSyntax", in, e, err)
		}
	}
	if s := (Eval{Checkmate: 7}).String(); s != "0.00" {
		t.Errorf("an Eval with an out-of-range Checkmate: %q", s)
	}
	if s := EvalKind(9).String(); s != "EvalKind(9)" {
		t.Errorf("EvalKind(9).String() = %q", s)
	}
}

// TestEvalRoundTrip: String, MarshalText and JSON read back as the same Eval for random values
// of every kind.
func TestEvalRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for i := range 2000 {
		var e Eval
		switch i % 4 {
		case 0, 1:
			e.Centipawns = rng.Intn(200001) - 100000
		case 2:
			e.Mate = rng.Intn(200) - 100
			if e.Mate == 0 {
				e.Mate = 1
			}
		default:
			e.Checkmate = WhiteWins + Winner(rng.Intn(2))
		}
		back, err := ParseEval(e.String())
		if err != nil || back != e {
			t.Fatalf("ParseEval(%q) = %+v, %v; want %+v", e.String(), back, err, e)
		}
		b, err := json.Marshal(struct{ E Eval }{e})
		if err != nil {
			t.Fatal(err)
		}
		var got struct{ E Eval }
		if err := json.Unmarshal(b, &got); err != nil || got.E != e {
			t.Fatalf("JSON %s: %+v, %v; want %+v", b, got.E, err, e)
		}
	}
	var e Eval
	if err := e.UnmarshalText([]byte("#x")); err == nil || e != (Eval{}) {
		t.Errorf("UnmarshalText(#x) = %v, %+v", err, e)
	}
}

// TestEvalCompare orders evaluations from White's point of view: Black's mate delivered, then
// Black's mates (later ones better for White), the centipawn scores, White's mates (sooner
// ones better), White's mate delivered.
func TestEvalCompare(t *testing.T) {
	order := []Eval{
		{Checkmate: BlackWins}, {Mate: -1}, {Mate: -5}, {Centipawns: -100000}, {Centipawns: -1},
		{}, {Centipawns: 35}, {Centipawns: math.MaxInt}, {Mate: 9}, {Mate: 2}, {Mate: 1}, {Checkmate: WhiteWins},
	}
	for i, a := range order {
		for j, b := range order {
			want := 0
			if i < j {
				want = -1
			} else if i > j {
				want = 1
			}
			if got := a.Compare(b); got != want {
				t.Errorf("%v.Compare(%v) = %d, want %d", a, b, got, want)
			}
		}
	}
}

// TestPGNEvalMateDelivered: an unsigned [%eval #0] is credited to the side that made the
// mating move, so White's being mated is told from White's mating.
func TestPGNEvalMateDelivered(t *testing.T) {
	for _, tc := range []struct {
		pgn    string
		winner Winner
	}{
		{"1. f3 e5 2. g4 Qh4# { [%eval #0] } 0-1", BlackWins},
		{"1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# { [%eval #0] } 1-0", WhiteWins},
		{"1. f3 e5 2. g4 Qh4# { [%eval #-0] } 0-1", BlackWins},
	} {
		g, err := NewPGNReader(strings.NewReader(tc.pgn)).Read()
		if err != nil {
			t.Fatal(err)
		}
		var last *PGNNode
		for n := range g.Root.MainLine() {
			last = n
		}
		e, ok := last.Eval()
		if !ok || e.Kind() != EvalMateDelivered || e.Winner() != tc.winner {
			t.Errorf("%s: Eval() = %v (%v, %v), %v; want mate delivered by %v", tc.pgn, e, e.Kind(), e.Winner(), ok, tc.winner)
		}
		// Written back, it reads the same without the position.
		if err := last.SetEval(e, 0); err != nil {
			t.Fatal(err)
		}
		arg, _ := last.Command("eval")
		if back, err := ParseEval(arg); err != nil || back != e {
			t.Errorf("%s: SetEval wrote %q, read back %v, %v", tc.pgn, arg, back, err)
		}
	}
}

func FuzzParseEval(f *testing.F) {
	for _, s := range []string{"0.35", "-1.25", "#3", "#-3", "#0", "#-0", "#+0", "300", "", "#", "nan", "1e3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := ParseEval(s)
		if err != nil {
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("ParseEval(%q): %v does not wrap ErrSyntax", s, err)
			}
			return
		}
		if back, err := ParseEval(e.String()); err != nil || back != e {
			t.Fatalf("ParseEval(%q) = %+v; its String %q reads back as %+v, %v", s, e, e.String(), back, err)
		}
	})
}

// TestEvalTextReadsBack: MarshalText and AppendText write only what ParseEval reads back (a
// million pawns either way, mate in at most 2^31-1 moves) and refuse the rest with
// ErrInvalidValue, as SetEval refuses it; String answers for every value, the most negative
// int included (it wrote "--92233720368547758.0(").
func TestEvalTextReadsBack(t *testing.T) {
	for _, e := range []Eval{{Centipawns: 1e8}, {Centipawns: -1e8}, {Mate: 1<<31 - 1}, {Mate: -(1<<31 - 1)}} {
		b, err := e.MarshalText()
		var back Eval
		if err != nil || back.UnmarshalText(b) != nil || back != e {
			t.Errorf("%+v: MarshalText %q, %v; read back %+v", e, b, err, back)
		}
	}
	type outOfRange struct {
		e    Eval
		text string
	}
	cases := []outOfRange{
		{Eval{Centipawns: 1e8 + 1}, "1000000.01"},
		{Eval{Centipawns: math.MinInt32}, "-21474836.48"},
		{Eval{Centipawns: math.MaxInt32}, "21474836.47"},
	}
	if strconv.IntSize == 64 { // the ends of a 64-bit int, written so that the file compiles where int has 32 bits
		shift := 31
		cases = append(cases, outOfRange{Eval{Centipawns: math.MinInt}, "-92233720368547758.08"},
			outOfRange{Eval{Centipawns: math.MaxInt}, "92233720368547758.07"},
			outOfRange{Eval{Mate: 1 << shift}, "#2147483648"},
			outOfRange{Eval{Mate: math.MinInt}, "#-9223372036854775808"})
	}
	for _, tt := range cases {
		if b, err := tt.e.MarshalText(); !errors.Is(err, ErrInvalidValue) {
			t.Errorf("%+v: MarshalText %q, %v; want ErrInvalidValue", tt.e, b, err)
		}
		if got := tt.e.String(); got != tt.text {
			t.Errorf("%+v: String %q, want %q", tt.e, got, tt.text)
		}
	}
}

// TestMustParseEval: the Must form returns what ParseEval returns and panics on what it refuses.
func TestMustParseEval(t *testing.T) {
	if got := MustParseEval("#-3"); got != (Eval{Mate: -3}) {
		t.Errorf("MustParseEval(#-3) = %+v, want Mate -3", got)
	}
	if got := MustParseEval("0.35"); got != (Eval{Centipawns: 35}) {
		t.Errorf("MustParseEval(0.35) = %+v, want 35 centipawns", got)
	}
	defer func() {
		if recover() == nil {
			t.Error("MustParseEval(\"x\") did not panic")
		}
	}()
	MustParseEval("x")
}
