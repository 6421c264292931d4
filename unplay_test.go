package chess

import "testing"

// TestUnplayRestoresThePositionBefore: unplay with the undo of a move takes back what play
// did, to the last field (== on the whole value: board, derived sets, hash, clocks), for
// every legal move of the query positions (the perft table, random games from it, and
// without -short the shared perft suites with their Chess960 castlings) and of random games
// from the standard and Chess960 starts, and for the null move; the PGN validator relies on
// it for the position before a move (variations, messages).
func TestUnplayRestoresThePositionBefore(t *testing.T) {
	positions := queryPositions(t)
	for i := range 30 {
		positions = append(positions, walk{Start: -1, Seed: int64(i), Plies: 200}.positions()...)
		positions = append(positions, walk{Start: i * 31 % 960, Seed: int64(i), Plies: 200}.positions()...)
	}
	var kinds [5]int // plain, capture, castling, en passant, promotion
	for _, p := range positions {
		moves := p.LegalMoves()
		if !p.InCheck() {
			moves = append(moves, NullMove)
		}
		for _, m := range moves {
			q := p
			u := q.undoOf(m)
			if m == NullMove {
				q, _ = q.PlayNull()
			} else {
				q.play(m)
			}
			after := q
			q.unplay(m, u)
			if q != p {
				t.Fatalf("%s: %v played to %s and taken back to %s", p.FEN(), m, after.FEN(), q.FEN())
			}
			switch {
			case m.IsCastle():
				kinds[2]++
			case m.IsEnPassant():
				kinds[3]++
			case m.Promotion() != NoPieceType:
				kinds[4]++
			case u.captured != NoPiece:
				kinds[1]++
			default:
				kinds[0]++
			}
		}
	}
	t.Logf("moves taken back (plain, capture, castling, en passant, promotion): %v", kinds)
	for k, n := range kinds {
		if n == 0 {
			t.Errorf("no move of kind %d taken back", k)
		}
	}
}
