// The Smash Up table in a browser: one WebSocket speaking the same line protocol as
// `smashup join` (framed: each message is KIND<TAB>TEXT), shown screen-reader first.
// The game's lines go to a polite log (a heading per turn); a question, an error and
// the lines that seat you are said in a small assertive region instead, and the
// question's options become buttons. The page asks for panels (`panels on`): after
// every change at the table the server sends this seat's hand, the bases and the
// scores, which replace the contents of the "Your hand", "Bases" and "Scores" regions.
// Those regions are not live regions: they change quietly, to be read when wanted
// (a screen reader's landmark or heading keys reach them), never announced.
//
// Every line is announced exactly once. A line that must be heard at once (a
// question, an error, being seated) is appended to the assertive region as a new
// element and also shown in the log, but its log copy is aria-hidden: a screen
// reader hears it from the assertive region only, never a second time from the
// polite log. The log is aria-relevant="additions" and the assertive region keeps
// its old announcements as separate elements (not aria-atomic), so adding a line
// never makes a screen reader read an older one again. The current question stays
// readable in the Question region, with its options as buttons; when your own turn
// starts, the log gets a heading "Turn N, your turn." of its own, so the turn
// headings are there for every turn although the question's log copy is hidden.
"use strict";

const $ = (id) => document.getElementById(id);
const TOKEN_KEY = "smashup-seat-token";
const PANELS = ["hand", "bases", "scores"];

let ws = null;
let listingTables = false;
// The page's own settings (`frames on`, `panels on`) are acknowledged by the server;
// the player did not type them, so those two replies are not shown or read.
let ownAcks = [];
const history = [];
let historyAt = 0;
let bye = ""; // why the server closed the connection on purpose, once it has said so

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(scheme + "//" + location.host + "/ws");
  ws.onopen = () => {
    status("Connected to the server.");
    ws.send("frames on");
    ws.send("panels on");
    ownAcks = ["Frames on.", "Panels on:"];
    const token = sessionStorage.getItem(TOKEN_KEY);
    if (token) ws.send("resume " + token);
  };
  ws.onmessage = (e) => receive(String(e.data));
  ws.onclose = () => {
    if (bye) {
      // The server closed on purpose and said why: connecting again would be closed too.
      status(bye + " Reload the page to connect again.");
      return;
    }
    status("Connection lost; trying again in 3 seconds.");
    setTimeout(connect, 3000);
  };
}

function status(text) {
  $("status").textContent = text;
}

function send(line, mine) {
  if (!ws || ws.readyState !== WebSocket.OPEN) {
    status("Not connected yet; your line was not sent.");
    return false;
  }
  ws.send(line);
  document.body.dataset.prompt = ""; // until the server has answered this line
  if (mine) addLine("mine", line);
  return true;
}

const KINDS = ["narration", "question", "option", "answer", "error", "chat", "lobby", "bye", "prompt", "words", "panel"];

function receive(data) {
  const tab = data.indexOf("\t");
  let kind = tab > 0 ? data.slice(0, tab) : "";
  let text = data.slice(tab + 1);
  if (!KINDS.includes(kind)) {
    kind = "lobby";
    text = data;
  }
  const ack = ownAcks.findIndex((a) => text.startsWith(a));
  if (ack >= 0 && kind !== "prompt") {
    ownAcks.splice(ack, 1);
    return;
  }
  switch (kind) {
    case "prompt": return prompt(text);
    case "words": return words(text);
    case "panel": return panel(text);
    case "answer":
    case "error":
      if (listingTables && kind === "answer") {
        tableLine(text);
        return;
      }
      addLine(kind, text, kind === "error");
      return;
    case "question":
      addLine(kind, text, true);
      $("question-text").textContent = text;
      clearOptions(false);
      return;
    case "option":
      addLine(kind, text);
      addOption(text);
      return;
    case "bye":
      bye = text;
      addLine("error", text, true);
      return;
    case "lobby": {
      addLine(kind, text, /join code is|You sit at table/.test(text));
      const token = /Your seat token is (\S+?):/.exec(text);
      if (token) sessionStorage.setItem(TOKEN_KEY, token[1]);
      return;
    }
    default:
      addLine(kind, text);
  }
}

// The server waits for a line from us now.
function prompt(text) {
  document.body.dataset.prompt = text;
  const seated = text !== "lobby> ";
  $("lobby").hidden = seated;
  if (listingTables) {
    listingTables = false;
    const n = $("tables").children.length;
    status(n === 1 ? "Table list updated: " + $("tables").firstChild.textContent
      : "Table list updated: " + n + " lines.");
    return;
  }
  if (seated && text !== "Your answer> ") {
    $("question-text").textContent = "No question for you now.";
    clearOptions(true);
  }
}

// A panel from the server: its name, then its lines, separated by tabs.
function panel(text) {
  const [name, ...lines] = text.split("\t");
  if (!PANELS.includes(name)) return;
  const list = $(name).querySelector("ul");
  list.replaceChildren(...lines.map((l) => {
    const li = document.createElement("li");
    li.textContent = l;
    return li;
  }));
}

function words(text) {
  $("words").replaceChildren(...text.split("\t").filter(Boolean).map((w) => {
    const o = document.createElement("option");
    o.value = w;
    return o;
  }));
}

function tableLine(text) {
  const list = $("tables");
  if (list.dataset.fresh !== "yes") {
    list.replaceChildren();
    list.dataset.fresh = "yes";
  }
  const li = document.createElement("li");
  li.textContent = text;
  list.append(li);
}

// The turn a line starts, if it starts one: "Turn 4, Bot 2's turn." or, for your own
// turn, its first question "Ann, your turn 4, ...". Each turn gets one heading.
let lastTurn = null;
function startsTurn(kind, text) {
  const m = (kind === "narration" && /^Turn (\d+), /.exec(text)) ||
    (kind === "question" && /\byour turn (\d+)\b/i.exec(text));
  if (!m || m[1] === lastTurn) return null;
  lastTurn = m[1];
  return m[1];
}

// Shows a line in the log. An `assertive` line is said at once by the assertive
// region and hidden from screen readers in the log, so it is heard once (see the top).
function addLine(kind, text, assertive = false) {
  const log = $("log");
  const turn = startsTurn(kind, text);
  if (turn && assertive) {
    const h = document.createElement("h2");
    h.textContent = `Turn ${turn}, your turn.`;
    log.append(h);
  }
  const el = document.createElement(turn && !assertive ? "h2" : "p");
  el.className = kind;
  el.textContent = text;
  if (assertive) el.setAttribute("aria-hidden", "true");
  log.append(el);
  log.scrollTop = log.scrollHeight;
  if (assertive) announce(text);
  if (kind !== "mine" && $("speech").checked && "speechSynthesis" in window) {
    if (kind === "question") speechSynthesis.cancel();
    speechSynthesis.speak(new SpeechSynthesisUtterance(text));
  }
}

// Says a line at once, apart from the polite log: a new element of its own, so that
// the same question asked again is said again, and no older one is said with it.
const ALERTS_KEPT = 4;
function announce(text) {
  const alert = $("alert");
  while (alert.children.length >= ALERTS_KEPT) alert.firstElementChild.remove();
  const p = document.createElement("p");
  p.textContent = text;
  alert.append(p);
}

function clearOptions(moveFocus) {
  const list = $("options");
  const hadFocus = list.contains(document.activeElement);
  list.replaceChildren();
  if (hadFocus && moveFocus) $("command").focus();
}

function addOption(text) {
  const list = $("options");
  const hadFocus = document.activeElement === document.body;
  const m = /^(\d+)\. /.exec(text);
  if (!m) return;
  const li = document.createElement("li");
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.addEventListener("click", () => {
    const wasFocused = document.activeElement === b;
    if (send(m[1], true) && wasFocused) $("command").focus();
  });
  li.append(b);
  list.append(li);
  if (hadFocus && list.children.length === 1) b.focus();
}

function field(form, name) {
  return form.elements.namedItem(name).value.trim();
}

function setUp() {
  $("sit-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const f = e.target;
    send("name " + field(f, "name"), true);
    send("sit " + field(f, "table") + " " + field(f, "code"), true);
  });
  $("new-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const f = e.target;
    send("name " + field(f, "name"), true);
    send(("new " + field(f, "flags")).trim(), true);
  });
  $("tables-refresh").addEventListener("click", () => {
    $("tables").dataset.fresh = "no";
    listingTables = true;
    send("tables", false);
  });
  $("command-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const input = $("command");
    const line = input.value;
    if (!line.trim()) return;
    if (send(line, true)) {
      history.push(line);
      historyAt = history.length;
      input.value = "";
    }
  });
  $("command").addEventListener("keydown", (e) => {
    if (e.key !== "ArrowUp" && e.key !== "ArrowDown") return;
    if (!history.length) return;
    e.preventDefault();
    historyAt = Math.max(0, Math.min(history.length, historyAt + (e.key === "ArrowUp" ? -1 : 1)));
    e.target.value = history[historyAt] || "";
  });
  $("speech").addEventListener("change", (e) => {
    if (!e.target.checked && "speechSynthesis" in window) speechSynthesis.cancel();
  });
  connect();
}

setUp();
