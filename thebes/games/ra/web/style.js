// Ra's table's stylesheet (the board, its compact layout, the epochs' score tables),
// adopted once as a constructed stylesheet (dom.js adoptStyle: the page's CSP refuses <style>).
import { adoptStyle } from "../../dom.js";

const CSS = `
.board svg.ra-board.compact { max-width: 560px; margin: 0 auto; }
.tally { overflow-x: auto; }
.tally table { border-collapse: collapse; width: 100%; font-size: .92rem; }
.tally th, .tally td { padding: .25rem .5rem; text-align: right; border-bottom: 1px solid #3d3428; }
.tally th:first-child { text-align: left; color: var(--muted); font-weight: normal; }
.tally thead th { color: var(--gold); }
.tally td.pos { color: #9fe29a; }
.tally td.neg { color: #ff9c8c; }
.tally tr.total td { font-weight: 700; }
.tally tr.fame td { font-weight: 700; color: var(--gold); }
.ra-board { font-family: "DejaVu Sans", system-ui, sans-serif; }
.ra-board .lbl { font-size: 15px; fill: #5a3a14; font-weight: 600; }
.ra-board .lbl.small { font-size: 13px; font-weight: 500; }
.ra-board .lbl.red { fill: #b3261e; font-weight: 700; }
.ra-board .auction-line { fill: #7a1f06; }
.ra-board .cell-num { font-size: 13px; fill: #8a6a35; }
.ra-board .ra-count { font-size: 18px; fill: #7a1f06; font-weight: 700; }
.ra-board .epoch { font-size: 20px; fill: #5a3a14; font-weight: 700; }
.ra-board .ra-word { font-size: 30px; font-weight: 800; fill: #fff1d6; }
.ra-board .ra-name { font-size: 14px; font-weight: 700; }
.ra-board .ra-name.white { fill: #ffffff; }
.ra-board .ra-name.yellow { fill: #ffe14d; }
.ra-board .bag-count { font-size: 18px; font-weight: 700; fill: #fff1d6; }
.ra-board .tile-label { font-weight: 600; }
.ra-board .sun-disc { fill: url(#sunGrad); stroke: #a86b00; stroke-width: 1.5; }
.ra-board .sun.down .sun-disc { fill: #6b5f4d; stroke: #3d3428; }
.ra-board .sun-num { font-weight: 800; fill: #4a2a00; }
.ra-board .sun.down .sun-num { fill: #cfc3ae; }
.ra-board .panel-bg { fill: #2f2920; stroke: #4a3f30; stroke-width: 1.5; }
.ra-board .panel.active .panel-bg { stroke: var(--gold); stroke-width: 3; }
.ra-board .panel.mine .panel-bg { fill: #362e22; }
.ra-board .name-hl { fill: #ffe14d; }
.ra-board .pname { font-size: 20px; font-weight: 700; fill: #f4ead8; }
.ra-board .pname.active { fill: #2a1a00; }
.ra-board .fame { font-size: 15px; fill: #f2b233; font-weight: 600; }
.ra-board .bidstate { font-size: 15px; fill: #ffe14d; font-weight: 700; }
.ra-board .bidstate.passed { fill: #b7a88e; }
.ra-board .mini-ra-t { font-size: 10px; font-weight: 800; fill: #fff; }
.ra-board .cat { font-size: 11px; fill: #b7a88e; }
.ra-board .count-bg { fill: #15120e; stroke: #f2b233; stroke-width: 1.2; }
.ra-board .count { font-size: 12px; font-weight: 700; fill: #f4ead8; }
.ra-board .discard-veil { fill: rgba(0,0,0,.55); stroke: #ff3b2f; stroke-width: 3; }
.ra-board .discard-mark { font-size: 24px; font-weight: 900; fill: #ff3b2f; stroke: #000; stroke-width: 1; }
.ra-board .clickable { cursor: pointer; }
.ra-board .clickable:hover { filter: brightness(1.15) drop-shadow(0 0 6px #ffe14d); }
.ra-board .sun.clickable .sun-disc { stroke: #fff; stroke-width: 3; filter: drop-shadow(0 0 6px #ffe14d); }
.ra-board .tile.clickable rect { stroke: #ffe14d; stroke-width: 3; }
.ra-board .tile.clickable.disaster rect { stroke: #000; stroke-width: 4; }
.ra-board .tile.clickable.disaster { filter: drop-shadow(0 0 5px #ffe14d); }
.ra-board .tile.selected rect { stroke: #fff; stroke-width: 4; }
.ra-board .ra-figure.clickable, .ra-board .bag.clickable, .ra-board .pass-cross.clickable { filter: drop-shadow(0 0 8px #ffe14d); animation: pulse 1.6s ease-in-out infinite; }
.ra-board .pass-cross.inactive { opacity: .35; }
.ra-board .tile.fresh { animation: arrive .9s ease-out; }
@keyframes arrive { from { opacity: 0; transform: translateY(-14px); } to { opacity: 1; transform: none; } }
@keyframes pulse { 50% { filter: drop-shadow(0 0 16px #fff3a0); } }
@media (prefers-reduced-motion: reduce) { .ra-board .clickable, .ra-board .fresh { animation: none !important; } }
.ra-board .clickable:focus { outline: none; }
.ra-board .clickable:focus-visible { filter: drop-shadow(0 0 4px #fff) drop-shadow(0 0 10px #ffe14d); }
`;

export function ensureStyle() {
  adoptStyle("ra-style", CSS);
}
