// The browser table of cardrules' game server: a lobby, and one seat's table.
// Plain JavaScript, no build step; every call goes to the JSON API under api/.
"use strict";

const POLL_MS = 700;  // how often a table asks what happened
const QUICK_MS = 120;  // just after a move, while the bots answer
const $ = (id) => document.getElementById(id);
let games = [];
let poller = null;
let current = null;  // the table shown, if any

// -- talking to the server

async function api(method, path, body, token) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = "Bearer " + token;
  const response = await fetch("api/" + path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) {
    const error = new Error(data.error || "HTTP " + response.status);
    error.status = response.status;
    throw error;
  }
  return data;
}

function showError(error) {
  const box = $("error");
  box.textContent = error ? String(error.message || error) : "";
  box.hidden = !error;
}

const tokenKey = (table, seat) => `cardrules:${table}:${seat}`;

// -- the lobby

function seatOptions(index) {
  const select = document.createElement("select");
  select.name = "seat" + index;
  select.dataset.seat = index;
  for (const [value, label] of [["you", "you"], ["person", "a person (open seat)"],
                                ["greedy", "greedy bot"], ["random", "random bot"]]) {
    const option = new Option(label, value);
    select.add(option);
  }
  select.value = index === 0 ? "you" : "greedy";
  const label = document.createElement("label");
  label.textContent = `Seat ${index}: `;
  label.append(select);
  return label;
}

function drawSeats() {
  const count = Math.max(2, Math.min(6, Number($("players").value) || 2));
  const box = $("seats");
  box.querySelectorAll("label").forEach((l) => l.remove());
  for (let i = 0; i < count; i++) box.append(seatOptions(i));
}

function pickGame() {
  const game = games.find((g) => g.name === $("game").value);
  if (!game) return;
  $("rules").value = JSON.stringify(game.rules, null, 1);
  $("players").value = game.rules.players;
  drawSeats();
}

function setPlayers() {
  try {
    const rules = JSON.parse($("rules").value);
    rules.players = Number($("players").value);
    $("rules").value = JSON.stringify(rules, null, 1);
  } catch (e) { /* the player edits the JSON by hand: leave it */ }
  drawSeats();
}

async function createTable(event) {
  event.preventDefault();
  showError(null);
  let rules;
  try {
    rules = JSON.parse($("rules").value);
  } catch (e) {
    showError("the rules are not JSON: " + e.message);
    return;
  }
  const choices = [...$("seats").querySelectorAll("select")].map((s) => s.value);
  const seats = choices.map((c) => (c === "you" ? "person" : c));
  try {
    const table = await api("POST", "tables", { game: $("game").value, rules, seats });
    const mine = choices.indexOf("you");
    if (mine < 0) { await drawTables(); return; }
    await join(table.table, mine);
  } catch (e) { showError(e); }
}

async function join(table, seat) {
  const answer = await api("POST", `tables/${table}/seats/${seat}`);
  localStorage.setItem(tokenKey(table, seat), answer.token);
  location.hash = `#/table/${table}/${seat}`;
}

async function drawTables() {
  const list = $("tables");
  const { tables } = await api("GET", "tables");
  list.replaceChildren();
  for (const t of tables) {
    const item = document.createElement("li");
    item.textContent = `${t.game} ${t.table} (${t.number} moves) `;
    for (const s of t.seats) {
      const mine = localStorage.getItem(tokenKey(t.table, s.seat));
      if (s.open || mine) {
        const button = document.createElement("button");
        button.type = "button";
        button.textContent = mine ? `back to seat ${s.seat}` : `join seat ${s.seat}`;
        button.onclick = () => mine ? (location.hash = `#/table/${t.table}/${s.seat}`)
                                    : join(t.table, s.seat).catch(showError);
        item.append(button);
      }
    }
    list.append(item);
  }
  if (!tables.length) list.textContent = "No tables yet.";
}

async function showLobby() {
  $("lobby").hidden = false;
  $("table").hidden = true;
  $("where").textContent = "lobby";
  if (!games.length) {
    games = (await api("GET", "games")).games;
    for (const g of games) $("game").add(new Option(g.name, g.name));
    pickGame();
  }
  await drawTables();
}

// -- one seat's table

// How a view is drawn: every renderer that accepts the seat's data adds its part: the
// picture (the "svg" field), then the view's text.
const renderers = [
  (data) => (data.svg ? `<div class="picture">${data.svg}</div>` : null),
  (data) => {
    const text = data.text ?? JSON.stringify(data.view, null, 1);
    const lines = text.split("\n").map((line) => {
      const safe = line.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
      return line.startsWith(">") ? `<span class="you">${safe}</span>` : safe;
    });
    return `<pre>${lines.join("\n")}</pre>`;
  },
];

function drawView(data) {
  $("view").innerHTML = renderers.map((render) => render(data)).filter((html) => html !== null).join("");
}

function resultText(data) {
  const o = data.outcome;
  const winners = o.winners.map((w) => (w === data.seat ? "you" : `seat ${w}`));
  const won = o.winners.includes(data.seat);
  const scores = o.scores.map((s, i) => `${i === data.seat ? "you" : "seat " + i}: ${s}`).join(", ");
  return `Game over (${o.reason}): ${won ? "you win" : "you lose"}. ` +
         `Winner${winners.length > 1 ? "s" : ""}: ${winners.join(", ")}. Scores: ${scores}.`;
}

function Table(tableId, seat, token) {
  let number = -1;
  let told = 0;
  let busy = false;
  let movedAt = 0;
  let stopped = false;

  async function events() {
    const answer = await api("GET", `tables/${tableId}/events?since=${told}`, undefined, token);
    for (const e of answer.events) {
      for (const line of e.told) {
        const item = document.createElement("li");
        item.textContent = `${e.number + 1}. ${line}`;
        $("log").prepend(item);
      }
      told = e.number + 1;
    }
  }

  function draw(data) {
    const mine = !data.over && data.to_move === seat;
    const status = $("status");
    status.textContent = data.over ? "The game is over."
      : mine ? "Your turn: pick a move." : `Seat ${data.to_move} to move…`;
    status.className = mine ? "yours" : "";
    drawView(data);
    const moves = $("moves");
    moves.replaceChildren();
    data.legal.forEach((legal) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "move";
      button.textContent = legal.text;
      button.onclick = () => play(data.number, legal.move);
      moves.append(button);
    });
    const result = $("result");
    result.hidden = !data.over;
    if (data.over) result.textContent = resultText(data);
  }

  async function refresh() {
    if (busy) return;
    try {
      const data = await api("GET", `tables/${tableId}/view`, undefined, token);
      if (data.number !== number) {
        number = data.number;
        await events();
        draw(data);
      }
      showError(null);
    } catch (e) { showError(e); }
  }

  async function play(at, move) {
    busy = true;
    $("moves").querySelectorAll("button").forEach((b) => (b.disabled = true));
    // The move carries its number: a retry after a lost answer applies nothing twice.
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        await api("POST", `tables/${tableId}/moves`, { number: at, move }, token);
        break;
      } catch (e) {
        if (e.status) { showError(e); break; }  // refused: say why
        await new Promise((r) => setTimeout(r, 500));  // no answer: the same request again
      }
    }
    busy = false;
    number = -1;
    movedAt = Date.now();
    await refresh();
  }

  // Ask again soon after a move (the bots answer), then at an easy pace.
  async function loop() {
    if (stopped) return;
    await refresh();
    const quick = Date.now() - movedAt < 3000 && !$("moves").querySelector("button");
    poller = setTimeout(loop, quick ? QUICK_MS : POLL_MS);
  }

  return { refresh, loop, stop: () => { stopped = true; } };
}

async function showTable(tableId, seat) {
  $("lobby").hidden = true;
  $("table").hidden = false;
  $("log").replaceChildren();
  $("result").hidden = true;
  $("where").textContent = `table ${tableId}, seat ${seat}`;
  const token = localStorage.getItem(tokenKey(tableId, seat));
  if (!token) { showError("no token for this seat in this browser: join from the lobby"); return; }
  $("seat-link").href = `#/table/${tableId}/${seat}/${encodeURIComponent(token)}`;
  current = Table(tableId, seat, token);
  await current.loop();
}

// -- routes: #/ (the lobby), #/table/ID/SEAT, #/table/ID/SEAT/TOKEN (a seat's link)

async function route() {
  if (current) { current.stop(); current = null; }
  if (poller) { clearTimeout(poller); poller = null; }
  showError(null);
  const parts = location.hash.replace(/^#\/?/, "").split("/");
  try {
    if (parts[0] === "table" && parts.length >= 3) {
      const [, tableId, seatText, token] = parts;
      if (token) {
        localStorage.setItem(tokenKey(tableId, seatText), decodeURIComponent(token));
        history.replaceState(null, "", `#/table/${tableId}/${seatText}`);
      }
      await showTable(tableId, Number(seatText));
    } else {
      await showLobby();
    }
  } catch (e) { showError(e); }
}

document.addEventListener("DOMContentLoaded", () => {
  $("game").onchange = pickGame;
  $("players").onchange = setPlayers;
  $("create").onsubmit = createTable;
  $("refresh").onclick = () => drawTables().catch(showError);
  window.addEventListener("hashchange", route);
  route();
});
