package chess

import (
	"fmt"
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// The differential test of the reader's one-play SAN (playSAN) against parseSAN, the
// general way of ParseSANDeviation (which tries playSANFast first), followed by Play: the same
// Move, the same SANDeviation, the same error (every field of the *SANError, and its text), and
// the same position reached, or p unchanged on an error; and ParseSANDeviation, with or without
// its short way, agrees.

// checkPlaySAN compares playSAN(s) on p with parseSAN(s) and Play, and returns the
// difference, or "".
func checkPlaySAN(p Position, s string) string {
	var sp sanParts
	m, dev, err := p.parseSAN(s, &sp)
	if pm, pdev, perr := p.ParseSANDeviation(s); pm != m || pdev != dev || !reflect.DeepEqual(perr, err) {
		return fmt.Sprintf("%s: ParseSANDeviation(%q) = %v [%v] %v, parseSAN %v [%v] %v", p.FEN(), s, pm, pdev, perr, m, dev, err)
	}
	want := p
	if err == nil {
		var perr error
		if want, perr = p.Play(m); perr != nil {
			return fmt.Sprintf("%s: Play(ParseSAN(%q) = %v): %v", p.FEN(), s, m, perr)
		}
	}
	got := p
	gm, gdev, gerr := got.playSAN(s)
	switch {
	case gm != m || gdev != dev:
		return fmt.Sprintf("%s: playSAN(%q) = %v [%v], parseSAN = %v [%v]", p.FEN(), s, gm, gdev, m, dev)
	case (gerr == nil) != (err == nil) || err != nil && (gerr.Error() != err.Error() || !reflect.DeepEqual(gerr, err)):
		return fmt.Sprintf("%s: playSAN(%q) error %#v, parseSAN's %#v", p.FEN(), s, gerr, err)
	case got != want:
		return fmt.Sprintf("%s: playSAN(%q) reached %s, Play %s", p.FEN(), s, got.FEN(), want.FEN())
	}
	return ""
}

// garbageAlphabet is what SAN tokens are made of, and a little more.
const garbageAlphabet = "NBRQKPnbrqkpabcdefgh12345678x:-=()+#!?O0. e"

// sanGarbage returns n strings near SAN: random tokens of the alphabet, and s mutated (a
// byte dropped, replaced, inserted, or the token cut).
func sanGarbage(r *rand.Rand, s string, n int) []string {
	out := make([]string, 0, n)
	for range n {
		var b []byte
		switch k := r.Intn(5); {
		case k == 0 || s == "":
			b = make([]byte, 1+r.Intn(8))
			for i := range b {
				b[i] = garbageAlphabet[r.Intn(len(garbageAlphabet))]
			}
		default:
			b = []byte(s)
			i := r.Intn(len(b))
			c := garbageAlphabet[r.Intn(len(garbageAlphabet))]
			switch k {
			case 1:
				b = append(b[:i:i], b[i+1:]...)
			case 2:
				b[i] = c
			case 3:
				b = append(b[:i:i], append([]byte{c}, b[i:]...)...)
			case 4:
				b = b[:i]
			}
		}
		out = append(out, string(b))
	}
	return out
}

// playSANInputs returns the inputs checked in p: for every legal move its SAN, LAN, UCI and
// every lenient spelling of sanVariants, then garbage near them, "--", "" and the castlings.
func playSANInputs(p Position, r *rand.Rand, garbage int) []string {
	in := []string{"", "--", "O-O", "O-O-O", "0-0+", "O-O-O#", "e1g1", "e8h8", "0000"}
	for _, m := range p.LegalMoves() {
		san, lan := p.SAN(m), p.LAN(m)
		in = append(in, san, lan, m.String())
		for _, v := range sanVariants(p, m, san, lan) {
			in = append(in, v.in)
		}
		in = append(in, sanGarbage(r, san, garbage)...)
	}
	in = append(in, sanGarbage(r, "", 4*garbage)...)
	return append(in, everySquareSAN(r)...)
}

// everySquareSAN returns the short SAN shapes to every square, legal in a position or not:
// e4, Nf3, Nxf3 for every piece letter, exd5 from both neighbouring files, some with a "+"
// or "#", so that illegal moves of every kind (pins, checks, no piece) are tried.
func everySquareSAN(r *rand.Rand) []string {
	var out []string
	for sq := range 64 {
		to := sq88(sq).String()
		shapes := []string{to}
		for _, l := range "NBRQK" {
			shapes = append(shapes, string(l)+to, string(l)+"x"+to)
		}
		for _, f := range []int{sq&7 - 1, sq&7 + 1} {
			if f >= 0 && f < 8 {
				shapes = append(shapes, string(rune('a'+f))+"x"+to)
			}
		}
		for _, s := range shapes {
			out = append(out, s+[]string{"", "", "+", "#"}[r.Intn(4)])
		}
	}
	return out
}

// TestPlaySANMatchesParseSANAndPlay runs the differential test on the fuzz positions, random
// games from the standard and Chess960 starts and (without -short) a sample of the perft
// suites' positions and their children.
func TestPlaySANMatchesParseSANAndPlay(t *testing.T) {
	r := rand.New(rand.NewSource(13))
	var positions []Position
	for _, fen := range append(fuzzSANPositions, queensFEN, "8/8/8/8/8/8/8/K6k w - - 0 1",
		"8/8/8/KPp4r/8/8/8/7k w - c6 0 2",          // bxc6 e.p. would leave the king in check along the rank
		"4k3/8/8/8/3pP3/8/8/4KR2 b - e3 0 1",       // dxe3 e.p. is legal
		"8/2p5/3p4/KP5r/1R3pPk/8/4P3/8 b - g3 0 1", // fxg3 e.p. would expose the black king
		"k7/8/8/7B/8/5n2/8/1R2K2r w - - 0 1",       // double check: Bxf3 would answer only one
		"r3k2r/8/8/8/4q3/8/8/R3K2R w KQkq - 0 1",   // castling rights in check
		"r3k2r/8/8/8/4Q3/8/8/R3K2R b KQkq - 0 1",
		"r3k2r/8/8/8/8/8/5b2/R3K2R w KQkq - 0 1",  // O-O-O through no attack, O-O through one
		"1r2k1r1/8/8/8/8/8/8/R3K1R1 w AGbg - 0 1", // Chess960 castling rights (X-FEN files)
	) {
		positions = append(positions, MustParseFEN(fen))
	}
	games := 20
	if testing.Short() {
		games = 4
	}
	for i := range games {
		positions = append(positions, walk{Start: -1, Seed: int64(i), Plies: 160}.positions()...)
		positions = append(positions, walk{Start: i * 47 % 960, Seed: int64(i), Plies: 160}.positions()...)
	}
	inputs := 0
	for _, p := range positions {
		for _, s := range playSANInputs(p, r, 3) {
			inputs++
			if msg := checkPlaySAN(p, s); msg != "" {
				t.Fatal(msg)
			}
		}
	}
	if !testing.Short() {
		n := 0
		forSuitePositions(t, func(where string, p *Position) {
			if n++; n%50 != 0 {
				return
			}
			for _, s := range playSANInputs(*p, r, 1) {
				inputs++
				if msg := checkPlaySAN(*p, s); msg != "" {
					t.Fatalf("%s: %s", where, msg)
				}
			}
		})
	}
	if inputs < 50_000 {
		t.Errorf("only %d inputs checked", inputs)
	}
	t.Logf("%d positions and suite samples, %d inputs", len(positions), inputs)
}

// TestPlaySANProperty: for positions of random games and any token, SAN-like or not, playSAN
// agrees with parseSAN and Play (gopter).
func TestPlaySANProperty(t *testing.T) {
	params := gopter.DefaultTestParametersWithSeed(propertySeed(t))
	params.MinSuccessfulTests = propertyRuns()
	properties := gopter.NewProperties(params)
	token := gen.SliceOfN(6, gen.IntRange(0, len(garbageAlphabet)-1)).Map(func(ix []int) string {
		var sb strings.Builder
		for _, i := range ix {
			sb.WriteByte(garbageAlphabet[i])
		}
		return sb.String()
	})
	properties.Property("playSAN is parseSAN then Play", prop.ForAll(
		func(w walk, tok string, pick int64) string {
			r := rand.New(rand.NewSource(pick))
			for _, p := range w.positions() {
				moves := p.LegalMoves()
				shapes := everySquareSAN(r)
				in := []string{tok, tok[:r.Intn(len(tok)+1)], shapes[r.Intn(len(shapes))], shapes[r.Intn(len(shapes))]}
				if len(moves) > 0 {
					m := moves[r.Intn(len(moves))]
					san, lan := p.SAN(m), p.LAN(m)
					vs := sanVariants(p, m, san, lan)
					in = append(in, san, vs[r.Intn(len(vs))].in, sanGarbage(r, san, 1)[0])
				}
				for _, s := range in {
					if msg := checkPlaySAN(p, s); msg != "" {
						return msg
					}
				}
			}
			return ""
		},
		gopter.CombineGens(gen.IntRange(-1, 959), gen.Int64(), gen.IntRange(0, 120)).Map(func(v []interface{}) walk {
			return walk{Start: v[0].(int), Seed: v[1].(int64), Plies: v[2].(int)}
		}),
		token,
		gen.Int64(),
	))
	properties.TestingRun(t)
}

// TestPlaySANCheckersHandedOn: the checkers set that playSANCheckers hands from move to move,
// as the PGN reader replays a line, is always the checkers of the position it goes with, after
// a move (exact SAN, a lenient spelling or a null move), after an error (p unchanged) and from
// an unknown start; and the moves and positions are playSAN's (gopter).
func TestPlaySANCheckersHandedOn(t *testing.T) {
	params := gopter.DefaultTestParametersWithSeed(propertySeed(t))
	params.MinSuccessfulTests = propertyRuns()
	properties := gopter.NewProperties(params)
	properties.Property("the handed checkers are the position's", prop.ForAll(
		func(start, plies int, seed int64) string {
			p := StartingPosition()
			if start >= 0 {
				p = MustParseFEN(chess960FEN(start))
			}
			r := rand.New(rand.NewSource(seed))
			checkers := unknownCheckers
			for range plies {
				moves := p.LegalMoves()
				if len(moves) == 0 {
					break
				}
				m := moves[r.Intn(len(moves))]
				san := p.SAN(m)
				in := []string{sanGarbage(r, san, 1)[0], san}
				if vs := sanVariants(p, m, san, p.LAN(m)); r.Intn(3) == 0 {
					in[1] = vs[r.Intn(len(vs))].in
				}
				if !p.InCheck() && r.Intn(8) == 0 {
					in[1] = "--"
				}
				for _, s := range in {
					want := p
					wm, wdev, werr := want.playSAN(s)
					gm, gdev, gerr := p.playSANCheckers(s, &checkers)
					switch {
					case gm != wm || gdev != wdev || (gerr == nil) != (werr == nil) || p != want:
						return fmt.Sprintf("%s: playSANCheckers(%q) = %v [%v] %v, playSAN %v [%v] %v", want.FEN(), s, gm, gdev, gerr, wm, wdev, werr)
					case checkers != unknownCheckers && checkers != p.checkers():
						return fmt.Sprintf("%s after %q: checkers %#x, want %#x", p.FEN(), s, checkers, p.checkers())
					}
				}
			}
			return ""
		},
		gen.IntRange(-1, 959), gen.IntRange(0, 120), gen.Int64(),
	))
	properties.TestingRun(t)
}
