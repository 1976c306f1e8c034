// The Smash Up table in a browser: one WebSocket speaking the same line protocol as
// `smashup join` (framed: each message is KIND<TAB>TEXT), shown screen-reader first.
// The game's lines go to a polite log (a heading per turn); a question is also said in
// a small assertive region and its options become buttons. After each prompt at a
// table the page asks `hand`, `bases` and `score` quietly and puts their answers in
// the "Your hand", "Bases" and "Scores" regions instead of the log.
"use strict";

const $ = (id) => document.getElementById(id);
const TOKEN_KEY = "smashup-seat-token";
const QUIET = [["hand", "hand"], ["bases", "bases"], ["score", "scores"]];

let ws = null;
let quiet = []; // panels whose quiet answers are still coming, in order
let buffers = {}; // lines of the quiet answers so far, by panel
let listingTables = false;
const history = [];
let historyAt = 0;
let bye = ""; // why the server closed the connection on purpose, once it has said so

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(scheme + "//" + location.host + "/ws");
  ws.onopen = () => {
    status("Connected to the server.");
    quiet = [];
    ws.send("frames on");
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

const KINDS = ["narration", "question", "option", "answer", "error", "chat", "lobby", "bye", "prompt", "words"];

function receive(data) {
  const tab = data.indexOf("\t");
  let kind = tab > 0 ? data.slice(0, tab) : "";
  let text = data.slice(tab + 1);
  if (!KINDS.includes(kind)) {
    kind = "lobby";
    text = data;
  }
  switch (kind) {
    case "prompt": return prompt(text);
    case "words": return words(text);
    case "answer":
    case "error":
      if (quiet.length) {
        buffers[quiet[0]].push(text);
        return;
      }
      if (listingTables && kind === "answer") {
        tableLine(text);
        return;
      }
      addLine(kind, text);
      if (kind === "error") announce(text);
      return;
    case "question":
      addLine(kind, text);
      $("question-text").textContent = text;
      clearOptions(false);
      announce(text);
      return;
    case "option":
      addLine(kind, text);
      addOption(text);
      return;
    case "bye":
      bye = text;
      addLine("error", text);
      announce(text);
      return;
    case "lobby": {
      addLine(kind, text);
      const token = /Your seat token is (\S+?):/.exec(text);
      if (token) sessionStorage.setItem(TOKEN_KEY, token[1]);
      if (/join code is|You sit at table/.test(text)) announce(text);
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
    return;
  }
  if (quiet.length) {
    const panel = quiet.shift();
    fillPanel(panel, buffers[panel]);
    return;
  }
  if (!seated) return;
  if (text !== "Your answer> ") {
    $("question-text").textContent = "No question for you now.";
    clearOptions(true);
  }
  buffers = {};
  for (const [command, panel] of QUIET) {
    quiet.push(panel);
    buffers[panel] = [];
    ws.send(command);
  }
}

function fillPanel(panel, lines) {
  const list = $(panel).querySelector("ul");
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
    (kind === "question" && /\byour turn (\d+)\b/.exec(text));
  if (!m || m[1] === lastTurn) return false;
  lastTurn = m[1];
  return true;
}

function addLine(kind, text) {
  const log = $("log");
  const turn = startsTurn(kind, text);
  const el = document.createElement(turn ? "h2" : "p");
  el.className = kind;
  el.textContent = text;
  log.append(el);
  log.scrollTop = log.scrollHeight;
  if (kind !== "mine" && $("speech").checked && "speechSynthesis" in window) {
    if (kind === "question") speechSynthesis.cancel();
    speechSynthesis.speak(new SpeechSynthesisUtterance(text));
  }
}

// Says a question or a refusal at once, apart from the polite log.
function announce(text) {
  const alert = $("alert");
  alert.textContent = "";
  setTimeout(() => { alert.textContent = text; }, 50);
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
