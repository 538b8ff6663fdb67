// What the pages keep in localStorage, under these keys: the page modules import them from here,
// and the tests read them from here in the page, so a key is written once.
export const KEYS = Object.freeze({
  practice: "cribbage.practice.v1", // progress: {version, streak, best, quizzes, categories, sessions}
  practiceCurrent: "cribbage.practice.current.v1", // the problem on screen in each quiz
  table: "cribbage.table.v2", // {version, sealed, level}: the game, sealed by the worker
  tableSettings: "cribbage.table.settings.v1",
  tableRecord: "cribbage.table.record.v1", // wins, skunks and points per deal by level
  tableRecordUnreadable: "cribbage.table.record.unreadable", // a record that could not be read, kept
  board: "cribbage.board.v1", // the board's match: set-up, game, finished games
  boardSetup: "cribbage.board.setup.v1", // the board's last set-up and display choices
  boardUnreadable: "cribbage.board.unreadable.v1", // a board save that could not be read, kept as it was
});
