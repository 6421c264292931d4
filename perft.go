package chess

import "sort"

// Perft counts the leaf nodes of the tree of legal moves depth plies deep from p: the
// standard test of a move generator (Chess Programming Wiki, "Perft Results"). It counts the
// legal moves at the last ply instead of playing them (bulk counting). Perft(p, 0) is 1; a
// negative depth counts as 0. An invalid position (the zero Position) counts 0 at every depth.
func Perft(p Position, depth int) uint64 {
	if p.invalid() {
		return 0
	}
	if depth <= 0 {
		return 1
	}
	frames := make([]perftFrame, depth)
	frames[0].pos = p
	return perft(frames)
}

// perftFrame is one ply of the walk: its position and its moves. Perft allocates all frames
// at once, so the walk itself allocates nothing.
type perftFrame struct {
	pos   Position
	moves moveList
}

func perft(frames []perftFrame) uint64 {
	f := &frames[0]
	if len(frames) == 1 {
		return uint64(f.pos.countLegal())
	}
	f.pos.generate(&f.moves)
	child := &frames[1]
	var nodes uint64
	for _, m := range f.moves.moves[:f.moves.n] {
		child.pos = f.pos
		child.pos.play(m)
		nodes += perft(frames[1:])
	}
	return nodes
}

// MoveCount is one line of Divide: a legal move and the perft count below it.
type MoveCount struct {
	Move  Move
	Nodes uint64
}

// Divide returns, for each legal move of p, the perft count of the position after it at
// depth-1, sorted by the move's UCI text; the counts add up to Perft(p, depth). It is the
// usual tool for finding which move a wrong perft count hides under. A depth below 1, or an
// invalid position, gives no lines.
func Divide(p Position, depth int) []MoveCount {
	if depth < 1 || p.invalid() {
		return nil
	}
	moves := p.LegalMoves()
	out := make([]MoveCount, len(moves))
	for i, m := range moves {
		child := p
		child.play(m)
		out[i] = MoveCount{m, Perft(child, depth-1)}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Move.String() < out[j].Move.String() })
	return out
}
