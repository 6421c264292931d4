package chess

// Game returns a Game that has played the moves from the root of the tree to n: the whole
// history of n's line, so that RepetitionCount, CanClaimThreefold, CanClaimFiftyMoves and
// Outcome answer for the position at n. A game ended on the board on the way (a fivefold
// repetition in a recorded game) still holds every move. Outcome says how the game ended on
// the board only; a result known from the tags (a resignation) is recorded with
// game.SetOutcome(result.Outcome()). A node outside a valid tree gives
// the game of the line as far as its moves are legal; a node on a cycle of Parent links (a
// change by hand) a game from its position with no moves.
func (n *PGNNode) Game() *Game {
	var line []*PGNNode
	slow := n // the tortoise, one step for the hare's two: they meet on a cycle
	for m, i := n, 1; m.Parent != nil; i++ {
		line = append(line, m)
		if m = m.Parent; i%2 == 0 {
			slow = slow.Parent
		}
		if m == slow {
			return NewGame(n.Position)
		}
	}
	start := n.Position
	if len(line) > 0 {
		start = line[len(line)-1].Parent.Position
	}
	g := NewGame(start)
	for i := len(line) - 1; i >= 0; i-- {
		next, err := g.Position().Play(line[i].Move)
		if err != nil {
			break
		}
		g.push(line[i].Move, next)
	}
	return g
}

// Game returns the Game of the main line (see PGNNode.Game); for a game read without a tree
// (PGNReader.NoTree), a game from its final position with no moves.
func (g *PGNGame) Game() *Game {
	if g.Root == nil {
		return NewGame(g.Final)
	}
	last := g.Root
	for n := range g.Root.MainLine() {
		last = n
	}
	return last.Game()
}

// SANMoves returns the moves played so far in SAN, each as played in its position, "--" for a
// null move, in a new slice.
func (g *Game) SANMoves() []string {
	g.ensure()
	out := make([]string, len(g.moves))
	for i, m := range g.moves {
		if m == NullMove {
			out[i] = "--"
			continue
		}
		out[i] = g.positions[i].SAN(m)
	}
	return out
}
