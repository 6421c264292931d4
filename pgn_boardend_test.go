package chess

import (
	"errors"
	"math/rand"
	"strings"
	"testing"
)

// boardEndStarts are starting positions for the differential test of the game's end: the
// standard one, positions already over (bare kings, a dead pawn wall), a mate on the board's
// edge to find, thin material that captures make insufficient, closed walls a king may open or
// close, and clocks near the 75-move rule.
var boardEndStarts = []string{
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"8/8/4k3/8/8/3K4/8/8 w - - 0 1",
	"8/8/k7/p1p1p1p1/P1P1P1P1/8/8/7K w - - 0 1",
	"7k/8/6K1/8/8/8/8/R7 w - - 0 1",
	"4k3/8/8/8/8/8/3n4/R3K3 w - - 0 1",
	"4k3/3p4/8/8/8/8/3P4/4K3 w - - 0 1",
	"8/8/2k5/p1p1p1p1/P1P1P1P1/8/1K6/B7 w - - 0 1",
	"8/4k3/8/p1p1p1p1/P1P1P1P1/3K4/8/8 b - - 0 1",
	"7k/8/6K1/8/8/8/8/R7 w - - 140 90",
	"4k3/8/8/8/8/8/5r2/R3K3 b - - 146 120",
	"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
	"k7/2Q5/8/8/8/8/8/K7 b - - 0 1",
	"k7/8/1Q6/8/8/8/8/K7 w - - 149 100",
}

// randomBoardEndGame plays a random game from start until Game.Outcome says it is over or
// maxPlies have been played. Half the time a side takes back its own last move when it can,
// so that positions repeat (and fivefold repetitions happen).
func randomBoardEndGame(rnd *rand.Rand, start Position, maxPlies int) []Move {
	g := NewGame(start)
	var moves []Move
	repeat := rnd.Intn(2) == 0
	for len(moves) < maxPlies && !g.Outcome().IsOver() {
		legal := g.Position().LegalMoves()
		m := legal[rnd.Intn(len(legal))]
		if n := len(moves); repeat && n >= 2 && rnd.Intn(10) < 8 {
			last := moves[n-2]
			for _, c := range legal {
				if c.From() == last.To() && c.To() == last.From() {
					m = c
				}
			}
		}
		if err := g.Play(m); err != nil {
			panic(err)
		}
		moves = append(moves, m)
	}
	return moves
}

// TestPGNBoardEndMatchesGame is the differential test of the one rule of the game's end on
// the board (FIDE Laws 5.1.1, 5.2.1, 5.2.2, 9.6.1, 9.6.2): after every ply of generated games,
// the reader's PGNGame.BoardEnd equals Game.Outcome's termination.
func TestPGNBoardEndMatchesGame(t *testing.T) {
	rnd := rand.New(rand.NewSource(12))
	games := 300
	if testing.Short() {
		games = 60
	}
	seen := map[Termination]int{}
	for i := 0; i < games; i++ {
		fen := boardEndStarts[i%len(boardEndStarts)]
		start := MustParseFEN(fen)
		moves := randomBoardEndGame(rnd, start, 160)
		g := NewGame(start)
		var text strings.Builder
		text.WriteString("[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n\n")
		for ply := 0; ; ply++ {
			want := g.Outcome().Termination
			r := NewPGNReader(strings.NewReader(text.String() + " *\n"))
			r.NoTree = true
			pg, err := r.Read()
			if err != nil {
				t.Fatalf("game %d ply %d: %v\n%s", i, ply, err, text.String())
			}
			if pg.BoardEnd != want {
				t.Fatalf("game %d from %s, after %d plies: reader's BoardEnd %v, Game.Outcome %v\n%s", i, fen, ply, pg.BoardEnd, want, text.String())
			}
			seen[want]++
			if ply == len(moves) {
				break
			}
			p := g.Position()
			text.WriteString(p.SAN(moves[ply]) + " ")
			if err := g.Play(moves[ply]); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, term := range []Termination{Checkmate, Stalemate, InsufficientMaterial, DeadPosition, FivefoldRepetition, SeventyFiveMoves} {
		if seen[term] == 0 {
			t.Errorf("no generated game ended by %v: the test does not cover it", term)
		}
	}
	t.Logf("%v", seen)
}

// TestPGNBoardEndCases checks, for the reader and Game alike, the cases in which the reader's
// own copy of the rule used to disagree with Game: a starting position already over or
// repeated (FIDE Laws 9.2.3: the starting position counts), a dead position reached by a king
// move, and a stalemate on the 150th halfmove, which 5.2.1 ends before 9.6.2 does.
func TestPGNBoardEndCases(t *testing.T) {
	for _, tc := range []struct {
		name, fen, moves string
		want             Termination
	}{
		{"5.2.2 bare kings at the start", "8/8/4k3/8/8/3K4/8/8 w - - 0 1", "", InsufficientMaterial},
		{"5.2.2 a dead pawn wall at the start", "8/8/k7/p1p1p1p1/P1P1P1P1/8/8/7K w - - 0 1", "", DeadPosition},
		{"5.2.2 a dead position reached by a king move", "8/8/8/p1p1p1pk/P1P1P1P1/8/8/K7 b - - 0 1", "1... Kh6", DeadPosition},
		{"9.6.1 the starting position repeated five times", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
			"1. Ra2 Kd8 2. Ra1 Ke8 3. Ra2 Kd8 4. Ra1 Ke8 5. Ra2 Kd8 6. Ra1 Ke8 7. Ra2 Kd8 8. Ra1 Ke8", FivefoldRepetition},
		{"5.2.1 a stalemate on the 150th halfmove is no 9.6.2 ending", "k7/8/1Q6/8/8/8/8/K7 w - - 149 100", "100. Qc7", Stalemate},
		{"9.6.2 the 150th halfmove", "k7/8/1Q6/8/8/8/8/K7 w - - 149 100", "100. Qd4", SeventyFiveMoves},
		{"5.1.1 a mate on the 150th halfmove", "k7/8/1K6/8/8/8/7Q/8 w - - 149 100", "100. Qh8#", Checkmate},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := NewGame(MustParseFEN(tc.fen))
			for _, san := range strings.Fields(tc.moves) {
				if strings.HasSuffix(san, ".") {
					continue // a move number
				}
				if err := g.PlaySAN(san); err != nil {
					t.Fatal(err)
				}
			}
			if got := g.Outcome().Termination; got != tc.want {
				t.Errorf("Game.Outcome: %v, want %v", got, tc.want)
			}
			r := NewPGNReader(strings.NewReader("[SetUp \"1\"]\n[FEN \"" + tc.fen + "\"]\n\n" + tc.moves + " *\n"))
			pg, err := r.Read()
			if err != nil || len(pg.Warnings) != 0 {
				t.Fatalf("read: %v, warnings %v", err, pg.Warnings)
			}
			if pg.BoardEnd != tc.want {
				t.Errorf("PGNGame.BoardEnd: %v, want %v", pg.BoardEnd, tc.want)
			}
		})
	}
}

// TestPGNDeclaredResultAgainstBoardEnd checks the declared result (the termination marker, or
// the Result tag without one; PGN Standard §8.2.6) against every automatic ending of the FIDE
// Laws, not only checkmate and stalemate: a win declared after a draw on the board is an
// ErrWrongResult error at the marker (or the tag), and the matching result is none.
func TestPGNDeclaredResultAgainstBoardEnd(t *testing.T) {
	const fivefold = "1. Ra2 Kd8 2. Ra1 Ke8 3. Ra2 Kd8 4. Ra1 Ke8 5. Ra2 Kd8 6. Ra1 Ke8 7. Ra2 Kd8 8. Ra1 Ke8"
	for _, tc := range []struct {
		name, fen, movetext string
		want                string // the error, or "" for none
	}{
		{"9.6.1 fivefold then 1-0", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", fivefold + " 1-0",
			"4:89: game 1, \"1-0\": the game ended on the board by fivefold repetition but the result is 1-0"},
		{"9.6.1 fivefold then 1/2-1/2", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", fivefold + " 1/2-1/2", ""},
		{"9.6.2 seventy-five moves then 0-1", "k7/8/1Q6/8/8/8/8/K7 w - - 149 100", "100. Qd4 0-1",
			"4:10: game 1, \"0-1\": the game ended on the board by seventy-five-move rule but the result is 0-1"},
		{"5.2.2 insufficient material then 1-0", "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "1. Kxe2 1-0",
			"4:9: game 1, \"1-0\": the game ended on the board by insufficient material but the result is 1-0"},
		{"5.2.2 dead position then 0-1", "8/8/8/p1p1p1pk/P1P1P1P1/8/8/K7 b - - 0 1", "1... Kh6 0-1",
			"4:10: game 1, \"0-1\": the game ended on the board by dead position but the result is 0-1"},
		{"5.2.2 a start already over, declared in the Result tag", "8/8/4k3/8/8/3K4/8/8 w - - 0 1", "[Result \"1-0\"]",
			"3:9: game 1, \"1-0\": the game ended on the board by insufficient material but the result is 1-0"},
		{"the unfinished marker * is no claim", "k7/8/1Q6/8/8/8/8/K7 w - - 149 100", "100. Qd4 *", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := "[SetUp \"1\"]\n[FEN \"" + tc.fen + "\"]\n"
			if strings.HasPrefix(tc.movetext, "[") {
				text += tc.movetext + "\n"
			} else {
				text += "\n" + tc.movetext + "\n"
			}
			_, err := NewPGNReader(strings.NewReader(text)).Read()
			got := ""
			if err != nil {
				got = err.Error()
				if !errors.Is(err, ErrWrongResult) {
					t.Errorf("%v does not wrap ErrWrongResult", err)
				}
			}
			if got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}

// initTimeFEN is computed with the package's other package-level values, before init runs:
// ParseFEN must see the attack tables filled all the same (the white king stands attacked
// with Black to move, which only the tables can tell).
var initTimeFEN = func() error {
	_, err := ParseFEN("4k3/8/8/8/8/8/8/4K2r b - - 0 1")
	return err
}()

// TestPackageValuesBeforeInit: values computed before init (the starting position, a test's
// positions) are computed from filled tables.
func TestPackageValuesBeforeInit(t *testing.T) {
	if initTimeFEN == nil {
		t.Error("ParseFEN before init accepted a position whose side not to move is in check")
	}
	if p := MustParseFEN(startingFEN); StartingPosition() != p || len(StartingPosition().LegalMoves()) != 20 {
		t.Errorf("StartingPosition() = %v, want %v", StartingPosition(), p)
	}
}
