module github.com/ox88/chess

go 1.23
