// Pharaoh's Heir's table stylesheet (a constructed stylesheet: the page's CSP refuses
// <style> elements), adopted once by table.js.
import { adoptStyle } from "../../dom.js";

const CSS = `
.ph { display: flex; flex-direction: column; gap: 12px; }
.ph-box, .ph-mat { color: #2b1d0e; }
.ph-top { display: flex; flex-wrap: wrap; gap: 12px; align-items: stretch; }
.ph-box { background: #f6ead0; border: 2px solid #8a6a35; border-radius: 12px; padding: 8px 12px; }
.ph-box h3 { margin: 0 0 6px; font-size: 14px; color: #5a3a14; }
.ph-nile { display: flex; gap: 12px; align-items: center; }
.ph-niletile { width: 58px; height: 58px; border-radius: 8px; background: #1c6fc4; color: #fff; display: flex;
  align-items: center; justify-content: center; font-size: 26px; font-weight: bold; border: 2px solid #0b3b6e; }
.ph-niletile.flood { background: #0b3b6e; font-size: 13px; } .ph-niletile.drought { background: #c9a227; color: #3b2a00; font-size: 12px; }
.ph-niletile.none { background: #d9c6a0; color: #5a3a14; font-size: 11px; text-align: center; }
.ph-small { font-size: 12px; color: #5a4630; }
.ph-peek { font-weight: bold; color: #0b6e5e; }
.ph-markers { display: flex; gap: 6px; flex-wrap: wrap; }
.ph-marker { min-width: 104px; border-radius: 8px; padding: 6px 8px; border: 2px solid #8a6a35; background: #fffaf0; font-size: 13px; }
.ph-marker .ph-small { display: block; } .ph-marker .ph-perk { color: #0b6e5e; font-style: italic; }
.ph-marker.taken { background: #e7dcc4; border-style: dashed; } .ph-marker.now { border-color: #d9481f; box-shadow: 0 0 0 2px #f3b28f; opacity: 1; }
.ph-click { cursor: pointer; outline: 3px solid #f7c531; outline-offset: 1px; }
.ph-click:hover, .ph-click:focus { outline-color: #d9481f; }
.ph-stacks { display: flex; gap: 8px; }
.ph-land { width: 74px; border-radius: 6px; padding: 4px; text-align: center; font-size: 12px; border: 2px solid rgba(0,0,0,.3); }
.ph-land b { display: block; font-size: 22px; }
.ph-land.village { background: #f5d76e; } .ph-land.temple { background: #d7b8f3; } .ph-land.crop { background: #a9dc94; }
.ph-land.empty { background: #e9dfc9; color: #5f5238; } .ph-land.sel { outline: 3px solid #d9481f; }
.ph-mats { display: flex; flex-wrap: wrap; gap: 12px; }
.ph-mat { border: 2px solid #8a6a35; border-radius: 12px; background: #fbf3e2; padding: 8px; min-width: 300px; }
.ph-mat.mine { border-color: #d9481f; border-width: 3px; } .ph-mat.active { box-shadow: 0 0 0 3px #f7c531; }
.ph-mathead { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; margin-bottom: 6px; }
.ph-seatdot { width: 12px; height: 12px; border-radius: 50%; display: inline-block; }
.ph-badge { font-size: 11px; border-radius: 10px; padding: 1px 7px; background: #5a3a14; color: #fff; }
.ph-badge.bless { background: #d4a017; color: #3b2a00; } .ph-badge.move { background: #b23a17; }
.ph-grid { display: grid; grid-template-columns: repeat(3, 1fr); gap: 4px; }
.ph-nilespace { grid-column: 1 / 4; background: #bfe0f5; border: 2px solid #1c6fc4; border-radius: 6px; padding: 4px 6px; font-size: 12px; display: flex; gap: 6px; align-items: center; flex-wrap: wrap; min-height: 26px; }
.ph-colhead { text-align: center; font-weight: bold; font-size: 12px; border-radius: 4px; padding: 2px; }
.ph-colhead.village { background: #f5d76e; } .ph-colhead.temple { background: #d7b8f3; } .ph-colhead.crop { background: #a9dc94; }
.ph-cell { border-radius: 6px; border: 2px solid rgba(0,0,0,.25); padding: 3px 5px; font-size: 12px; min-height: 62px; position: relative; }
.ph-cell.village { background: #fbeeb8; } .ph-cell.temple { background: #eddcfb; } .ph-cell.crop { background: #d8f0cd; }
.ph-cell.zero { background-image: repeating-linear-gradient(45deg, rgba(255,255,255,.0) 0 6px, rgba(255,255,255,.5) 6px 8px); }
.ph-cell.canal { border-color: #1c6fc4; border-width: 3px; }
.ph-cell.empty { border: 1px dashed rgba(0,0,0,.12); background: transparent; }
.ph-cell .ph-val { font-weight: bold; } .ph-cell .ph-pos { color: #5a4630; float: right; font-size: 10px; }
.ph-tok { display: block; font-size: 13px; } .ph-tok.none { color: #6b5d45; }
.ph-canalmark { color: #14508f; font-weight: bold; }
.ph-coin { display: inline-flex; align-items: center; justify-content: center; min-width: 20px; height: 20px; border-radius: 50%;
  background: #e8c25a; border: 1px solid #7a5a10; font-size: 11px; font-weight: bold; padding: 0 3px; }
.ph-coin.wall { background: #8fb8d8; border-color: #0b3b6e; }
.ph-coin.gone { background: #ccc; color: #444; }
.ph-coin.sel, .ph-cell.sel, .ph-nilespace.sel { outline: 3px solid #d9481f; }
.ph-bld { display: block; margin-top: 2px; }
.ph-step { display: flex; align-items: center; gap: 4px; margin-top: 2px; }
.ph-step button { padding: 0 6px; font-size: 13px; line-height: 18px; border-radius: 4px; border: 1px solid #5a3a14; background: #fff; color: #2b1d0e; cursor: pointer; }
.ph-step button:disabled { opacity: .35; cursor: default; }
.ph-step .ph-n { font-weight: bold; color: #a8351a; min-width: 14px; text-align: center; }
/* a phone: a mat's three columns share the width (a cell's − n + steppers, 44 px buttons, fit) */
@media (max-width: 700px) {
  .ph-mat { padding: 4px; min-width: 0; }
  .ph-grid { grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 3px; }
  .ph-cell { padding: 3px 2px; }
  .ph-step { gap: 2px; }
}
.ph-pick { font-size: 11px; border-radius: 4px; border: 1px solid #1c6fc4; background: #eef7ff; color: #14508f; cursor: pointer; padding: 0 4px; margin-top: 2px; }
.ph-pick.on { background: #1c6fc4; color: #fff; }
.ph-res { display: flex; gap: 6px; align-items: center; flex-wrap: wrap; margin-top: 6px; font-size: 12px; }
.ph-areas { font-size: 11px; color: #5a4630; margin-top: 4px; }
.ph-tables { display: flex; flex-wrap: wrap; gap: 12px; }
.ph-tables table { border-collapse: collapse; font-size: 13px; }
.ph-tables th, .ph-tables td { border: 1px solid #c9b48a; padding: 2px 6px; text-align: center; }
.ph-tables td.cur { background: #fff1c2; color: #2b1d0e; font-weight: bold; }
.ph-tables tr.total td, .ph-tables tr.total th { font-weight: bold; }
/* touch targets of 44 px (WCAG 2.5.5) */
@media (max-width: 700px), (pointer: coarse) {
  .board .ph-step button, .board .ph-pick { min-width: 44px; min-height: 44px; }
  /* the build's choices: a coin to spend and the Nile space (for a floodwall) */
  .board .ph-coin.ph-click { min-width: 44px; height: 44px; font-size: 15px; }
  .board .ph-nilespace.ph-click, .board .ph-click { min-height: 44px; min-width: 44px; }
}
`;

export function ensureStyle() {
  adoptStyle("ph-style", CSS);
}
