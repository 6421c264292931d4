package chess

import (
	"errors"
	"reflect"
	"strconv"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

// FuzzParseEPD: ParseEPD never panics; an error is an *EPDError wrapping ErrInvalidEPD with an
// offset inside the line; a record it accepts writes (String) a line that reads back as the
// same record, whose String is the same line.
func FuzzParseEPD(f *testing.F) {
	for _, s := range []string{
		`r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - bm Qxf7#; id "mate in 1";`,
		`rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - hmvc 0; fmvn 1; c0 "a \"b\" c"; c1 x;`,
		`4k3/8/8/3pP3/8/8/8/4K3 w - d6 pv exd6 Kd7 e5e6; am Kd2; dm 3; acd 20; ce +15;`,
		`bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - bm O-O;`,
		`8/8/8/8/8/8/8/KN1N3k w - - bm Nc3;`,
		`rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id "open`,
		`8/8/8/8 w - - ;;`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		e, err := ParseEPD(line)
		if err != nil {
			var ee *EPDError
			if !errors.As(err, &ee) || !errors.Is(err, ErrInvalidEPD) || ee.Offset < 0 || ee.Offset > len(line) {
				t.Fatalf("ParseEPD(%q) error %v (%T)", line, err, err)
			}
			return
		}
		text := e.String()
		back, err := ParseEPD(text)
		if err != nil {
			t.Fatalf("ParseEPD(%q) = %v; it wrote %q", line, err, text)
		}
		if back.String() != text || back.Position != e.Position || !sameEPDMoves(back, e) {
			t.Fatalf("%q wrote %q, which reads back as %q", line, text, back.String())
		}
	})
}

func sameEPDMoves(a, b EPD) bool {
	if len(a.Operations) != len(b.Operations) {
		return false
	}
	for i := range a.Operations {
		if a.Operations[i].Opcode != b.Operations[i].Opcode || !reflect.DeepEqual(a.Operations[i].Moves, b.Operations[i].Moves) {
			return false
		}
	}
	return true
}

// TestEPDRoundTrip: a record of a random position (standard and Chess960) with a best move,
// a predicted variation, an id, a comment and the clocks writes a line that reads back as the
// same record.
func TestEPDRoundTrip(t *testing.T) {
	params := gopter.DefaultTestParametersWithSeed(propertySeed(t))
	params.MinSuccessfulTests = propertyRuns()
	props := gopter.NewProperties(params)
	props.Property("EPD write/read", prop.ForAll(
		func(n int, seed int64, plies int, id string) string {
			start := StartingPosition()
			if n >= 0 {
				start = Chess960Start(n)
			}
			game, err := randomGame(start, seed, plies)
			if err != nil {
				return err.Error()
			}
			p := game[len(game)-1]
			e := EPD{Position: p, Operations: []EPDOperation{{Opcode: "id", Operands: []string{id}}}}
			if moves := p.LegalMoves(); len(moves) > 0 {
				m := moves[int(seed&0x7fff)%len(moves)]
				e.Operations = append(e.Operations, EPDOperation{"bm", []string{p.SAN(m)}, []Move{m}})
				pv := EPDOperation{Opcode: "pv"}
				q := p
				for k := 0; k < 3; k++ {
					ms := q.LegalMoves()
					if len(ms) == 0 {
						break
					}
					m := ms[(int(seed>>8&0xff)+k)%len(ms)]
					pv.Operands = append(pv.Operands, q.SAN(m))
					pv.Moves = append(pv.Moves, m)
					q, _ = q.Play(m)
				}
				e.Operations = append(e.Operations, pv)
			}
			e.Operations = append(e.Operations,
				EPDOperation{Opcode: "hmvc", Operands: []string{strconv.Itoa(p.HalfmoveClock())}},
				EPDOperation{Opcode: "fmvn", Operands: []string{strconv.Itoa(p.FullmoveNumber())}},
				EPDOperation{Opcode: "c0", Operands: []string{id + `"; \`}})
			back, err := ParseEPD(e.String())
			if err != nil {
				return e.String() + ": " + err.Error()
			}
			if p.CastlingRights() == 0 {
				p = p.WithChess960(false)
			}
			want := e
			want.Position = back.Position // compared below, apart from the Chess960 flag EPD cannot carry
			if back.Position.WithChess960(p.Chess960()) != p || !reflect.DeepEqual(back, want) {
				return e.String() + " reads back as " + back.String()
			}
			return ""
		},
		gen.IntRange(-1, 959), gen.Int64(), gen.IntRange(0, maxPlies), gen.AlphaString()))
	props.TestingRun(t)
}
