/**
 * The element's shadow styles. Themed through CSS custom properties (each
 * with its default): `--loadout-search-font` (inherit),
 * `--loadout-search-foreground` (#1b1f24), `--loadout-search-background`
 * (#fff), `--loadout-search-muted` (#57606a), `--loadout-search-border`
 * (#8c959f), `--loadout-search-accent` (#0a58ca), `--loadout-search-active`
 * (#e7f0fd), `--loadout-search-mark` (#fff3b0), `--loadout-search-radius`
 * (8px), `--loadout-search-list-height` (the list's most height before it
 * scrolls, min(60vh, 28rem)); and through the parts `input`, `listbox`,
 * `option`, `name`, `server`, `description`, `score`, `explain`,
 * `explanation`, `status`. A long server name is cut with an ellipsis
 * within the list's width (the chip's title holds it whole), and a
 * description is clamped to two lines (its title holds it whole).
 */
export const ELEMENT_STYLES = `
:host { display: block; font: var(--loadout-search-font, inherit); color: var(--loadout-search-foreground, #1b1f24); }
:host([hidden]) { display: none; }
* { box-sizing: border-box; }
.box { position: relative; }
input { width: 100%; min-height: 44px; padding: 10px 12px; font: inherit; color: inherit; background: var(--loadout-search-background, #fff);
  border: 1px solid var(--loadout-search-border, #8c959f); border-radius: var(--loadout-search-radius, 8px); }
input:focus { outline: 2px solid var(--loadout-search-accent, #0a58ca); outline-offset: 1px; }
ul { position: relative; max-height: var(--loadout-search-list-height, min(60vh, 28rem)); overflow-y: auto; overscroll-behavior: contain;
  list-style: none; margin: 6px 0 0; padding: 4px; background: var(--loadout-search-background, #fff);
  border: 1px solid var(--loadout-search-border, #8c959f); border-radius: var(--loadout-search-radius, 8px); }
ul[hidden] { display: none; }
li { display: grid; grid-template-columns: minmax(0, 1fr) auto; gap: 2px 12px; padding: 8px 10px; border-radius: calc(var(--loadout-search-radius, 8px) - 2px); cursor: pointer; }
li[aria-selected="true"] { background: var(--loadout-search-active, #e7f0fd); box-shadow: inset 3px 0 0 var(--loadout-search-accent, #0a58ca); }
.title { overflow-wrap: anywhere; }
.name { font-weight: 600; }
.server { display: inline-block; max-width: 100%; vertical-align: bottom; overflow: hidden; text-overflow: ellipsis; margin-left: 4px; padding: 0 6px;
  font-size: 0.85em; font-weight: normal; color: var(--loadout-search-muted, #57606a);
  border: 1px solid var(--loadout-search-border, #8c959f); border-radius: 999px; white-space: nowrap; }
.score { color: var(--loadout-search-muted, #57606a); font-variant-numeric: tabular-nums; grid-row: 1; grid-column: 2; }
.description { grid-column: 1 / -1; color: var(--loadout-search-muted, #57606a); overflow-wrap: anywhere;
  display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; line-clamp: 2; overflow: hidden; }
mark { background: var(--loadout-search-mark, #fff3b0); color: inherit; border-radius: 2px; }
.row { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 12px; margin-top: 6px; }
.status { margin: 0; min-width: 0; color: var(--loadout-search-muted, #57606a); flex: 1 1 12em; overflow-wrap: anywhere; }
button { min-height: 44px; padding: 6px 12px; font: inherit; color: var(--loadout-search-accent, #0a58ca); background: transparent;
  border: 1px solid var(--loadout-search-border, #8c959f); border-radius: var(--loadout-search-radius, 8px); cursor: pointer; }
button[hidden] { display: none; }
.explanation { margin-top: 6px; padding: 8px 10px; border-left: 3px solid var(--loadout-search-accent, #0a58ca); overflow-wrap: anywhere; }
.explanation[hidden] { display: none; }
.explanation dl { display: grid; grid-template-columns: minmax(0, auto) minmax(0, 1fr); gap: 2px 12px; margin: 4px 0 0; }
.explanation dd { margin: 0; font-variant-numeric: tabular-nums; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;
