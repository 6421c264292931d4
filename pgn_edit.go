package chess

import (
	"errors"
	"slices"
	"strconv"
	"strings"
)

// Sentinel errors of the PGN tree, wrapped by *PGNTreeError; test with errors.Is.
var (
	// ErrInvalidTree: a node of the tree does not follow from its parent (its move is not legal
	// there, its position is not the one the move leads to, or its Parent link is wrong).
	ErrInvalidTree = errors.New("invalid game tree")
	// ErrNotInTree: an edit was given a node that is not in the game's tree, or the root where
	// a move is needed.
	ErrNotInTree = errors.New("node not in the game tree")
)

// PGNTreeError is the error of a tree edit that is refused, or of a tree that cannot be written:
// the operation, the node's label ("12...Nf6", or the move in UCI when it is not legal), what
// is wrong, and the sentinel (ErrInvalidTree, ErrNotInTree, or ErrIllegalMove with the
// *MoveError or *SANError that explains it).
type PGNTreeError struct {
	Op     string // "AddMove", "AddSAN", "AddUCI", "Promote", "PromoteToMain", "Demote", "Remove", "Check"
	Label  string // the node or move concerned, "" when there is none
	Reason string
	Err    error // ErrInvalidTree, ErrNotInTree, or a *MoveError or *SANError
}

// Error returns "chess: PGNGame.<Op>: <label>: <reason>", or for a refused move
// "chess: PGNGame.<Op>: " and the move error's own message.
func (e *PGNTreeError) Error() string {
	s := "chess: PGNGame." + e.Op + ": "
	if e.Reason == "" && e.Err != nil {
		return s + strings.TrimPrefix(e.Err.Error(), "chess: ")
	}
	if e.Label != "" {
		s += e.Label + ": "
	}
	return s + e.Reason
}

// Unwrap returns the sentinel or the move error, for errors.Is and errors.As.
func (e *PGNTreeError) Unwrap() error { return e.Err }

// MoveNumber returns the number of the node's move as PGN writes it (§8.2.2): the fullmove
// number of the position it was played from, so a game that starts from a FEN tag counts
// from that FEN's fullmove number; and the colour that played it. At the root it returns the
// starting position's fullmove number and its side to move.
func (n *PGNNode) MoveNumber() (int, Color) {
	p := &n.Position
	if n.Parent != nil {
		p = &n.Parent.Position
	}
	return int(p.fullmove), p.turn
}

// Label returns the node's move as books write it: "12.e4" for a White move, "12...Nf6" for a
// Black move, "--" for a null move, numbered by MoveNumber; "" at the root.
func (n *PGNNode) Label() string {
	if n.Parent == nil {
		return ""
	}
	num, c := n.MoveNumber()
	dots := "."
	if c == Black {
		dots = "..."
	}
	san := "--"
	if n.Move != NullMove {
		san = n.Parent.Position.SAN(n.Move)
	}
	return strconv.Itoa(num) + dots + san
}

// inTree reports whether n is a node of g's tree. Parent links changed by hand into a cycle
// answer false (the hare meets the tortoise) instead of looping.
func (g *PGNGame) inTree(n *PGNNode) bool {
	if n == nil || g.Root == nil {
		return false
	}
	for slow := n; ; {
		for range 2 {
			if n.Parent == nil {
				return n == g.Root
			}
			n = n.Parent
		}
		if slow = slow.Parent; slow == n {
			return false
		}
	}
}

// AddMove plays m from the node at and returns the new node: the continuation when at has no
// move after it, otherwise a new variation of at's continuation (the last one, §8.2.5). When at
// already has a child with that move, that child is returned and nothing is added. m may be a
// Move from LegalMoves, ParseUCI, NewMove or ParseSAN in at.Position, or NullMove (a null move,
// refused in check). An illegal move is refused with a *PGNTreeError wrapping the *MoveError
// (errors.Is(err, ErrIllegalMove)); a node not in the tree with one wrapping ErrNotInTree. A
// refused edit leaves the tree as it was. Final, Plies and BoardEnd are kept up to date, and
// a Result tag or termination marker that the new end on the board contradicts (a win for the
// mated side, a win after a stalemate) is set to the board's result (§8.2.6); so do the other
// edits that change the main line.
func (g *PGNGame) AddMove(at *PGNNode, m Move) (*PGNNode, error) {
	return g.addMove("AddMove", at, m)
}

// AddSAN is AddMove with the move in SAN, read leniently as Position.ParseSAN reads it, or "--"
// for a null move. Its errors wrap the *SANError.
func (g *PGNGame) AddSAN(at *PGNNode, san string) (*PGNNode, error) {
	if !g.inTree(at) {
		return nil, &PGNTreeError{Op: "AddSAN", Reason: "the node is not in the game's tree", Err: ErrNotInTree}
	}
	if san == "--" {
		return g.addMove("AddSAN", at, NullMove)
	}
	m, err := at.Position.ParseSAN(san)
	if err != nil {
		return nil, &PGNTreeError{Op: "AddSAN", Label: cutText(san, maxQuoted), Err: err}
	}
	return g.addMove("AddSAN", at, m)
}

// AddUCI is AddMove with the move in UCI notation ("e2e4", "e7e8q", "0000" for a null move), as
// Position.ParseUCI reads it. Its errors wrap the *MoveError.
func (g *PGNGame) AddUCI(at *PGNNode, uci string) (*PGNNode, error) {
	if !g.inTree(at) {
		return nil, &PGNTreeError{Op: "AddUCI", Reason: "the node is not in the game's tree", Err: ErrNotInTree}
	}
	m, err := at.Position.ParseUCI(uci)
	if err != nil {
		return nil, &PGNTreeError{Op: "AddUCI", Label: cutText(uci, maxQuoted), Err: err}
	}
	return g.addMove("AddUCI", at, m)
}

func (g *PGNGame) addMove(op string, at *PGNNode, m Move) (*PGNNode, error) {
	if !g.inTree(at) {
		return nil, &PGNTreeError{Op: op, Reason: "the node is not in the game's tree", Err: ErrNotInTree}
	}
	p := at.Position
	var next Position
	if m == NullMove {
		var err error
		if next, err = p.PlayNull(); err != nil {
			return nil, &PGNTreeError{Op: op, Label: "--", Err: err}
		}
	} else {
		lm, ok := p.matchMove(m)
		if !ok {
			err := p.moveError(m.String(), m)
			return nil, &PGNTreeError{Op: op, Label: m.String(), Err: err}
		}
		m, next = lm, p
		next.play(lm)
	}
	for _, c := range at.Children {
		if c.Move == m {
			return c, nil
		}
	}
	n := &PGNNode{Parent: at, Move: m, Position: next}
	at.Children = append(at.Children, n)
	if len(at.Children) == 1 {
		g.refresh()
	}
	return n, nil
}

// siblingIndex returns n's place among its parent's children, or a *PGNTreeError.
func (g *PGNGame) siblingIndex(op string, n *PGNNode) (int, error) {
	if !g.inTree(n) || n.Parent == nil {
		return 0, &PGNTreeError{Op: op, Reason: "want a move of the game's tree", Err: ErrNotInTree}
	}
	i := slices.Index(n.Parent.Children, n)
	if i < 0 {
		return 0, &PGNTreeError{Op: op, Label: n.Label(), Reason: "the node is not among its parent's children", Err: ErrInvalidTree}
	}
	return i, nil
}

// Promote moves the line that starts with n one step up among its parent's continuations: a
// first variation becomes the main continuation and the main continuation its first variation;
// a later variation changes places with the one before it. It does nothing when n is already
// its parent's main continuation. A variation that becomes the main continuation gives its
// StartingComments to the comments after its parent's move, the only place PGN can hold them
// (so do PromoteToMain, Demote and Remove). Errors wrap ErrNotInTree (n is the root or not in the tree).
func (g *PGNGame) Promote(n *PGNNode) error {
	i, err := g.siblingIndex("Promote", n)
	if err != nil || i == 0 {
		return err
	}
	c := n.Parent.Children
	c[i-1], c[i] = c[i], c[i-1]
	if i == 1 {
		settleFirst(n.Parent)
		g.refresh()
	}
	return nil
}

// PromoteToMain makes the line from the root to n the game's main line: at every branch point
// on the way, the move toward n becomes the main continuation and the others keep their order
// as variations.
func (g *PGNGame) PromoteToMain(n *PGNNode) error {
	if _, err := g.siblingIndex("PromoteToMain", n); err != nil {
		return err
	}
	for m := n; m.Parent != nil; m = m.Parent {
		c := m.Parent.Children
		i := slices.Index(c, m)
		copy(c[1:i+1], c[:i])
		c[0] = m
		settleFirst(m.Parent)
	}
	g.refresh()
	return nil
}

// Demote moves the line that starts with n one step down: the main continuation becomes the
// first variation (the first variation takes its place), a variation changes places with the
// one after it. It does nothing when n is the last.
func (g *PGNGame) Demote(n *PGNNode) error {
	i, err := g.siblingIndex("Demote", n)
	if err != nil {
		return err
	}
	c := n.Parent.Children
	if i == len(c)-1 {
		return nil
	}
	c[i], c[i+1] = c[i+1], c[i]
	if i == 0 {
		settleFirst(n.Parent)
		g.refresh()
	}
	return nil
}

// Remove deletes n and every move after it (its continuations and their variations) from the
// tree; when n was its parent's main continuation, the first variation becomes the main
// continuation. The root cannot be removed (an error wrapping ErrNotInTree).
func (g *PGNGame) Remove(n *PGNNode) error {
	i, err := g.siblingIndex("Remove", n)
	if err != nil {
		return err
	}
	n.Parent.Children = slices.Delete(n.Parent.Children, i, i+1)
	if len(n.Parent.Children) == 0 {
		n.Parent.Children = nil
	}
	parent := n.Parent
	n.Parent = nil
	if i == 0 {
		settleFirst(parent)
		g.refresh()
	}
	return nil
}

// settleFirst moves the comments before the move of parent's main continuation, which PGN can
// hold only at the start of a variation (§8.2.5), to the comments after parent's move: where a
// reader finds a comment written before a move that goes on the line.
func settleFirst(parent *PGNNode) {
	if len(parent.Children) == 0 {
		return
	}
	if first := parent.Children[0]; len(first.StartingComments) > 0 {
		parent.Comments = append(parent.Comments, first.StartingComments...)
		first.StartingComments = nil
	}
}

// refresh sets Final, Plies and BoardEnd from the main line after an edit.
func (g *PGNGame) refresh() {
	if g.Root == nil {
		return
	}
	game := NewGame(g.Root.Position)
	end := game.board
	for n := range g.Root.MainLine() {
		game.push(n.Move, n.Position)
		if end == NoTermination {
			end = game.board
		}
	}
	g.Final = game.Position()
	g.Plies = len(game.moves)
	g.BoardEnd = end
	g.keepResult()
}

// keepResult sets the Result tag and the termination marker to the result of the game's end
// on the board (BoardEnd) where they give another decided result, which a reader refuses
// (ErrWrongResult, §8.2.6); "*" and a result the board does not decide stay.
func (g *PGNGame) keepResult() {
	if g.BoardEnd == NoTermination {
		return
	}
	board := ResultDraw
	if g.BoardEnd == Checkmate {
		board = ResultWhiteWins
		if g.Final.turn == White {
			board = ResultBlackWins
		}
	}
	if r, ok := g.TagResult(); ok && r.IsDecided() && r != board {
		g.SetTag("Result", board.String()) // cannot fail: a valid name and result
	}
	if r, ok := g.MarkerResult(); ok && r.IsDecided() && r != board {
		g.Result = board.String()
	}
}

// Check reports whether the tree is one that WritePGN can write and a reader reads back the
// same: every node's Parent is the node whose Children hold it, every move is legal in its
// parent's position in the form the move generator gives it (the form of LegalMoves, ParseUCI
// and ParseSAN), a null move is not played in check, the root's Position is the one the FEN and
// Variant tags give (§9.7), every node's Position is its parent's
// position after its move, and only the first move of a variation (Children[1:]) has
// StartingComments. The edit methods keep a tree valid; Check finds what a change by
// hand broke. Its error is a *PGNTreeError wrapping ErrInvalidTree, with the first bad node's
// label. A nil Root (a game read with NoTree) is valid.
func (g *PGNGame) Check() error {
	if g.Root == nil {
		return nil
	}
	if g.Root.Parent != nil {
		return &PGNTreeError{Op: "Check", Reason: "the root has a parent", Err: ErrInvalidTree}
	}
	if !g.Root.Position.IsValid() {
		return &PGNTreeError{Op: "Check", Reason: "the starting position is not valid", Err: ErrInvalidTree}
	}
	if start, ok := g.tagStart(); ok && start != g.Root.Position {
		return &PGNTreeError{Op: "Check", Reason: "the starting position is not the one the tags give (FEN, Variant): " + g.Root.Position.FEN(), Err: ErrInvalidTree}
	}
	// an explicit stack: a hand-made tree may be deep
	stack := []*PGNNode{g.Root}
	for len(stack) > 0 {
		node := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for i, c := range node.Children {
			if err := checkChild(node, c); err != nil {
				return err
			}
			if i == 0 && len(c.StartingComments) > 0 {
				return &PGNTreeError{Op: "Check", Label: c.Label(), Reason: "StartingComments on a main continuation, which PGN cannot write: they belong to the start of a variation", Err: ErrInvalidTree}
			}
			stack = append(stack, c)
		}
	}
	return nil
}

// tagStart returns the starting position that a reader sets up from the tags (§9.7: the FEN
// tag, or the standard position; Chess960 rules for a Variant "Chess960" tag), and false when
// the tags give none a reader would replay moves from (an unsupported variant, a FEN tag that
// does not parse). TestPGNTagStartAgreesWithReader holds it to the reader's own set-up.
func (g *PGNGame) tagStart() (Position, bool) {
	start := StartingPosition()
	if fen := g.Tag("FEN"); fen != "" {
		p, err := ParseFEN(fen)
		if err != nil {
			return start, false
		}
		start = p
	}
	if v := g.Tag("Variant"); v != "" {
		switch variantKind(v) {
		case variantStandard:
		case variant960:
			start = start.WithChess960(true)
		default:
			return start, false
		}
	}
	return start, true
}

// checkChild checks one node against its parent (see Check).
func checkChild(parent, c *PGNNode) error {
	p := parent.Position
	bad := func(label, reason string) error {
		return &PGNTreeError{Op: "Check", Label: label, Reason: reason, Err: ErrInvalidTree}
	}
	if c == nil {
		return bad("", "a nil child")
	}
	if c.Parent != parent {
		return bad(c.Move.String(), "the node's Parent is not the node that holds it")
	}
	var next Position
	if c.Move == NullMove {
		var err error
		if next, err = p.PlayNull(); err != nil {
			return bad("--", "a null move in check")
		}
	} else {
		if !p.isLegal(c.Move) { // the generator's form, checked without generating every move
			if _, ok := p.matchMove(c.Move); ok {
				return bad(c.Move.String(), "the move is not in the form of LegalMoves (use ParseUCI or ParseSAN)")
			}
			return bad(c.Move.String(), "illegal move: "+p.moveError("", c.Move).Reason)
		}
		next = p
		next.play(c.Move)
	}
	if next != c.Position {
		return bad(c.Label(), "the node's Position is not its parent's position after the move")
	}
	return nil
}
