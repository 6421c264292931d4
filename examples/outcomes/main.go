// Command outcomes reads PGN from standard input and prints, for each game, the players, the
// declared result and how the game ended on the board, if it did:
//
//	go run ./examples/outcomes < games.pgn
//	1. Adler, Anna - Brandt, Bruno: 1-0
//	5. Adler, Anna - Claes, Carla: 1/2-1/2, ended on the board by checkmate
//
// Problems in the input are printed with their line and column, and reading goes on.
package main

import (
	"fmt"
	"log"
	"os"

	"github.com/ox88/chess"
)

func main() {
	for game, err := range chess.Games(os.Stdin) {
		if game == nil {
			log.Fatal(err) // the input could not be read at all
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
		}
		line := fmt.Sprintf("%d. %s - %s: %s", game.Index, game.Tag("White"), game.Tag("Black"), game.Result)
		if game.BoardEnd != chess.NoTermination {
			line += ", ended on the board by " + game.BoardEnd.String()
		}
		fmt.Println(line)
	}
}
