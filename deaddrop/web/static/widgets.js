// The board: each widget the game's board(view) returns, drawn as a game piece (docs/serve.md).
import { h, sideKey } from "./dom.js";

const MAX_TOKENS = 12; // a meter without a maximum draws at most this many tokens, then "×N"

function card(widget, kind, ...body) {
  const side = sideKey(widget.side);
  const classes = ["widget", `widget-${kind}`];
  if (widget.private) classes.push("private");
  return h(
    "section",
    { class: classes.join(" "), data: { side, kind } },
    h("h2", { class: "widget-label" }, widget.label ?? ""),
    widget.private ? h("span", { class: "stamp", "aria-label": "secret: only you see this" }, "Only you") : null,
    ...body,
  );
}

const WIDE_STAT = 26; // a longer value takes the whole width

function stat(w) {
  const value = String(w.value ?? "");
  const wide = value.length > WIDE_STAT || String(w.label ?? "").length > WIDE_STAT;
  return h(
    "div",
    { class: wide ? "widget widget-stat wide" : "widget widget-stat", data: { side: sideKey(w.side), kind: "stat" } },
    h("span", { class: "stat-label" }, w.label ?? ""),
    h("span", { class: "stat-value" }, w.value ?? ""),
  );
}

function track(w) {
  const spaces = Array.isArray(w.spaces) ? w.spaces : [];
  const marks = Array.isArray(w.marks) ? w.marks : [];
  const sides = Array.isArray(w.sides) ? w.sides : [];
  const row = h("ol", { class: "track", data: { count: spaces.length } });
  row.style.setProperty("--spaces", String(Math.max(1, Math.min(spaces.length, 12))));
  spaces.forEach((space, index) => {
    const here = marks.filter((m) => m.at === index);
    row.appendChild(
      h(
        "li",
        { class: here.length ? "space occupied" : "space", data: { side: sideKey(sides[index]) } },
        h("span", { class: "space-label" }, space),
        here.length
          ? h(
              "span",
              { class: "marks" },
              here.map((m) =>
                h("span", { class: "mark", data: { side: sideKey(m.side) }, title: m.label, "aria-label": m.label }, short(m.label)),
              ),
            )
          : null,
      ),
    );
  });
  const off = marks.filter((m) => !(m.at >= 0 && m.at < spaces.length));
  return card(
    w,
    "track",
    row,
    off.length ? h("p", { class: "note" }, off.map((m) => `${m.label}: ${m.at}`).join(", ")) : null,
  );
}

function meter(w) {
  const value = Number(w.value) || 0;
  const top = w.max === null || w.max === undefined ? null : Number(w.max);
  const pips = h("div", {
    class: "pips",
    role: "img",
    "aria-label": top === null ? `${value}` : `${value} of ${top}`,
    data: { many: top !== null && top > 8 ? "yes" : null },
  });
  const count = top === null ? Math.min(Math.max(value, 0), MAX_TOKENS) : Math.max(top, 0);
  for (let i = 0; i < count; i++) {
    pips.appendChild(h("span", { class: top === null || i < value ? "pip on" : "pip" }));
  }
  const figure = top === null ? `${value}` : `${value} / ${top}`;
  return card(w, "meter", h("div", { class: "meter-row" }, pips, h("span", { class: "meter-value" }, figure)));
}

function money(w) {
  return h(
    "div",
    { class: "widget widget-money", data: { side: sideKey(w.side), kind: "money" } },
    h("span", { class: "money-label" }, w.label ?? ""),
    h("span", { class: "money-value" }, `${w.value ?? ""}${w.unit ?? ""}`),
  );
}

function grid(w) {
  const rows = Array.isArray(w.rows) ? w.rows : [];
  const cols = Array.isArray(w.cols) ? w.cols : [];
  const cells = w.cells && typeof w.cells === "object" ? w.cells : {};
  const wordy = Object.values(cells).some((c) => c && typeof c.text === "string" && c.text.length > 2);
  const table = h("div", { class: "grid", role: "table", "aria-label": w.label ?? "", data: { words: wordy ? "yes" : null } });
  table.dataset.label = String(w.label ?? "");
  table.style.setProperty("--cols", String(cols.length));
  table.appendChild(h("span", { class: "grid-head corner", role: "columnheader" }));
  for (const col of cols) table.appendChild(h("span", { class: "grid-head", role: "columnheader" }, col));
  rows.forEach((row, r) => {
    table.appendChild(h("span", { class: "grid-head", role: "rowheader" }, row));
    cols.forEach((col, ci) => {
      const c = cells[`${row}${col}`] || {};
      const heat = ["hot", "warm", "cold"].includes(c.heat) ? c.heat : null;
      const name = `${row}${col}`;
      table.appendChild(
        h(
          "span",
          {
            class: heat ? `cell ${heat}` : "cell",
            role: "cell",
            title: heat ? `${name}: ${heat}` : name,
            data: { cell: name, row, col, r, c: ci },
          },
          c.text ?? "",
        ),
      );
    });
  });
  const heats = Object.values(cells).some((c) => c && c.heat);
  return card(
    w,
    "grid",
    h("div", { class: "grid-wrap" }, table),
    heats
      ? h(
          "p",
          { class: "legend" },
          h("span", { class: "key hot" }, "hot"),
          h("span", { class: "key warm" }, "warm"),
          h("span", { class: "key cold" }, "cold"),
        )
      : null,
  );
}

function list(w) {
  const items = Array.isArray(w.items) ? w.items : [];
  return card(w, "list", h("ul", { class: "items" }, items.map((item) => h("li", {}, item))));
}

function table(w) {
  const columns = Array.isArray(w.columns) ? w.columns : [];
  const rows = Array.isArray(w.rows) ? w.rows : [];
  return card(
    w,
    "table",
    h(
      "table",
      { class: "data" },
      h("thead", {}, h("tr", {}, columns.map((c) => h("th", { scope: "col" }, c)))),
      h(
        "tbody",
        {},
        rows.map((r) =>
          h(
            "tr",
            {},
            (Array.isArray(r) ? r : []).map((value, i) =>
              h("td", { data: { side: i === 0 ? sideKey(value) : null, column: columns[i] ?? "" } }, value),
            ),
          ),
        ),
      ),
    ),
  );
}

// A map: the game's picture (drawn by the server once per game) with a spot on each place, a
// tap on which fills an action's field like a cell of a grid, and the counters standing there.
const PICTURE = /^[a-z0-9-]+\.svg$/;
let pictureUrl = null; // name -> the picture's address on this server (set by drawBoard)

function map(w) {
  const places = Array.isArray(w.places) ? w.places : [];
  const counters = Array.isArray(w.counters) ? w.counters : [];
  const aspect = Number(w.aspect) > 0 ? Number(w.aspect) : 1;
  const frame = h("div", { class: "map", role: "group", "aria-label": w.label ?? "" });
  frame.style.setProperty("--aspect", String(aspect));
  const picture = String(w.picture ?? "");
  if (PICTURE.test(picture) && pictureUrl) {
    const img = h("img", { class: "map-picture", alt: "" });
    img.src = pictureUrl(picture);
    frame.appendChild(img);
  }
  for (const p of places) {
    const x = Number(p.x);
    const y = Number(p.y);
    if (!(x >= 0 && x <= 1 && y >= 0 && y <= 1)) continue;
    const here = counters.filter((c) => c && c.place === p.name);
    const words = here.map((c) => `${c.label}${c.side ? ` (${c.side})` : ""}`).join(", ");
    const spot = h(
      "span",
      {
        class: "cell place",
        role: "button",
        title: words ? `${p.name}: ${words}` : p.name,
        "aria-label": words ? `${p.name}: ${words}` : p.name,
        data: { value: p.name, kind: p.kind ?? null, side: sideKey(p.side) },
      },
      here.length
        ? h(
            "span",
            { class: "counters" },
            here.map((c) =>
              h("span", { class: c.private ? "counter private" : "counter", data: { side: sideKey(c.side) } }, short(c.label)),
            ),
          )
        : null,
    );
    spot.style.setProperty("--x", `${(x * 100).toFixed(2)}%`);
    spot.style.setProperty("--y", `${(y * 100).toFixed(2)}%`);
    frame.appendChild(spot);
  }
  return card(w, "map", h("div", { class: "map-wrap" }, frame));
}

const KINDS = { stat, track, meter, money, grid, list, table, map };

// A meter of a few pips (or a bare count) takes half the width.
function smallMeter(widget) {
  return widget.kind === "meter" && (widget.max === null || widget.max === undefined || Number(widget.max) <= 5);
}

// What a marker shows on its space: a short label whole, a longer one by its first letter.
function short(label) {
  const text = String(label ?? "");
  return text.length <= 3 ? text : text.charAt(0).toUpperCase();
}

// The widgets in order; stats and money in runs of their own (they sit side by side).
// `picture`: a map picture's name -> its address on this server.
export function drawBoard(widgets, picture = null) {
  pictureUrl = picture;
  const out = [];
  let run = null;
  for (const widget of Array.isArray(widgets) ? widgets : []) {
    const draw = KINDS[widget && widget.kind];
    if (!draw) continue;
    const el = draw(widget);
    const small = widget.kind === "stat" || widget.kind === "money" || smallMeter(widget);
    if (small) {
      if (!run || run.dataset.kind !== widget.kind) {
        run = h("div", { class: `run run-${widget.kind}`, data: { kind: widget.kind } });
        out.push(run);
      }
      run.appendChild(el);
    } else {
      run = null;
      out.push(el);
    }
  }
  return out;
}
