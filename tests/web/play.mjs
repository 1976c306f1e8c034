// Plays the web page of `smashup serve` in a real headless Chromium (Debian's
// package, never a downloaded one): two people sit through the lobby forms at one
// table with a bot and play a whole game, answering by the option buttons and by
// typed commands; the second page must never receive the first page's hand; every
// line is announced once (live-region mutations recorded as a screen reader would
// hear them); axe-core audits the lobby and the game page; Tab reaches every control;
// screenshots go to target/web-artifacts/. Ann plays at 200% zoom (a 1280-pixel-wide
// window zoomed in: 640 CSS pixels at device scale 2, as Chromium zooms) and Ben on a
// phone (360 CSS pixels, touch): nothing may be cut off or need sideways scrolling,
// and every control Tab reaches is shown. SHARED_URL, a server without --http, is
// opened once: a browser is told from a line client on a shared port.
// Usage: node play.mjs URL [SHARED_URL]  (exit status 0 when all hold).
import { chromium } from "playwright-core";
import { createRequire } from "node:module";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const url = process.argv[2];
const sharedUrl = process.argv[3];
if (!url) {
  console.error("usage: node play.mjs URL [SHARED_URL]");
  process.exit(2);
}
const here = path.dirname(fileURLToPath(import.meta.url));
const artifacts = path.resolve(here, "../../target/web-artifacts");
mkdirSync(artifacts, { recursive: true });
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const failures = [];
function check(ok, what) {
  if (!ok) failures.push(what);
  console.log(`${ok ? "ok" : "FAILED"}: ${what}`);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  // Playwright itself starts Chromium with a fresh, temporary --user-data-dir.
  args: [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
  ],
});
const deadline = setTimeout(() => {
  console.error("FAILED: the browser test took longer than 240 seconds");
  process.exit(1);
}, 240_000);

async function audit(page, what) {
  await page.evaluate(axeSource);
  const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
  for (const v of result.violations) {
    console.log(`  axe ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  }
  check(result.violations.length === 0, `axe-core finds no violations on ${what}`);
}

// Tab from the top: every visible control must take the focus in turn, and each is
// then shown whole across the width and at least partly in view (scrolled to).
async function tabOrder(page, what) {
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  const wanted = await page.evaluate(() => {
    const all = [...document.querySelectorAll("a[href], button, input, [tabindex='0']")];
    return all.filter((e) => e.offsetParent !== null || e.getClientRects().length).map((e) => e.id || e.textContent.trim());
  });
  const reached = new Set();
  const hidden = new Set();
  for (let i = 0; i < wanted.length + 5; i++) {
    await page.keyboard.press("Tab");
    const [name, shown] = await page.evaluate(() => {
      const e = document.activeElement;
      if (!e || e === document.body) return ["", true];
      const r = e.getBoundingClientRect();
      const w = document.documentElement.clientWidth;
      const shown = r.left >= -1 && r.right <= w + 1 && r.bottom > 0 && r.top < window.innerHeight;
      return [e.id || e.textContent.trim(), shown];
    });
    reached.add(name);
    if (!shown) hidden.add(name);
  }
  const missed = wanted.filter((w) => !reached.has(w));
  check(missed.length === 0, `Tab reaches every control on ${what}${missed.length ? ": missed " + missed.join(", ") : ""}`);
  check(hidden.size === 0, `every control Tab reaches on ${what} is shown whole${hidden.size ? ": not " + [...hidden].join(", ") : ""}`);
}

// Polls a function in the page (page.waitForFunction would eval, which the page's
// Content-Security-Policy rightly forbids).
async function until(page, fn, secs = 20) {
  const end = Date.now() + secs * 1000;
  while (Date.now() < end) {
    if (await page.evaluate(fn)) return;
    await page.waitForTimeout(100);
  }
  throw new Error(`timed out waiting for ${fn}`);
}

// Nothing needs sideways scrolling and nothing shown is cut off: the page is no wider
// than the window, every element shown lies within its width, and no element that
// clips or scrolls its content (overflow other than visible) holds wider content.
async function fits(page, what) {
  const r = await page.evaluate(() => {
    const w = document.documentElement.clientWidth;
    const name = (e) => e.id ? `#${e.id}` : `${e.tagName.toLowerCase()} "${e.textContent.trim().slice(0, 30)}"`;
    const cut = [];
    for (const e of document.querySelectorAll("body *")) {
      if (!e.getClientRects().length || e.closest(".visually-hidden, .skip")) continue;
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.left < -1 || r.right > w + 1) cut.push(`${name(e)} spans ${Math.round(r.left)} to ${Math.round(r.right)}`);
      if (getComputedStyle(e).overflowX !== "visible" && e.scrollWidth > e.clientWidth + 1) {
        cut.push(`${name(e)} holds ${e.scrollWidth} pixels in ${e.clientWidth}`);
      }
    }
    return { w, wide: document.documentElement.scrollWidth, cut };
  });
  check(r.wide <= r.w && r.cut.length === 0,
    `${what}: nothing cut off or scrolled sideways in ${r.w} CSS pixels (page ${r.wide} wide)${r.cut.length ? ": " + r.cut.slice(0, 4).join("; ") : ""}`);
}

// The narrowest phone (320 CSS pixels) as well, for a moment.
async function narrow(page, what) {
  const before = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 640 });
  await fits(page, `${what} at 320 pixels`);
  await page.setViewportSize(before);
}

async function screenshot(page, file) {
  const where = path.join(artifacts, file);
  await page.screenshot({ path: where, fullPage: true });
  console.log(`screenshot: ${where}`);
}

// How each person's browser is set up: Ann at 200% zoom, Ben on a phone.
const ZOOM_200 = { viewport: { width: 640, height: 360 }, deviceScaleFactor: 2 };
const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

async function logText(page) {
  return page.locator("#log").innerText();
}

async function waitLog(page, re, secs = 15) {
  const end = Date.now() + secs * 1000;
  while (Date.now() < end) {
    const m = re.exec(await logText(page));
    if (m) return m;
    await page.waitForTimeout(100);
  }
  throw new Error(`no ${re} in the log`);
}

// What a screen reader would announce, recorded in the page from its first moment
// (and again after a reload): each node added to a live region (aria-live, or role
// log, status or alert), unless it is aria-hidden; for an atomic region (role status,
// aria-atomic) the whole region's text. Each announcement goes to `heard` here.
// Also records each change of the regions Your hand, Bases and Scores (in `panels`),
// with the turn heading the log last showed then and the region's text.
async function recordAnnouncements(page, heard, panels) {
  await page.exposeFunction("__announced", (doc, politeness, region, text, again) =>
    heard.push({ doc, politeness, region, text, again }));
  await page.exposeFunction("__panelChanged", (panel, turn, text) => panels.push({ panel, turn, text }));
  await page.addInitScript(() => {
    const doc = String(Math.random());
    const live = (node) => {
      for (let e = node.nodeType === 1 ? node : node.parentElement; e; e = e.parentElement) {
        const says = e.getAttribute("aria-live");
        const role = e.getAttribute("role");
        if (says) return says === "off" ? null : { e, politeness: says, atomic: e.getAttribute("aria-atomic") === "true" };
        if (role === "log") return { e, politeness: "polite", atomic: false };
        if (role === "status") return { e, politeness: "polite", atomic: true };
        if (role === "alert") return { e, politeness: "assertive", atomic: true };
      }
      return null;
    };
    const hidden = (node) => {
      for (let e = node.nodeType === 1 ? node : node.parentElement; e; e = e.parentElement) {
        if (e.getAttribute("aria-hidden") === "true" || e.hidden) return true;
      }
      return false;
    };
    const said = new WeakSet();
    new MutationObserver((records) => {
      const atomics = new Set();
      const changed = new Set();
      for (const r of records) {
        const at = r.target.nodeType === 1 ? r.target : r.target.parentElement;
        const panel = at && at.closest("#hand, #bases, #scores");
        if (panel) changed.add(panel);
        const region = live(r.target);
        if (!region || hidden(r.target)) continue;
        if (region.atomic) {
          atomics.add(region);
          continue;
        }
        const added = r.type === "characterData" ? [r.target] : [...r.addedNodes];
        for (const n of added) {
          const text = (n.textContent || "").trim();
          if (!text || hidden(n)) continue;
          window.__announced(doc, region.politeness, region.e.id, text, said.has(n));
          said.add(n);
        }
      }
      const headings = document.querySelectorAll("#log h2");
      const turn = headings.length ? headings[headings.length - 1].textContent : "";
      for (const panel of changed) window.__panelChanged(panel.id, turn, panel.innerText);
      for (const region of atomics) {
        const text = (region.e.textContent || "").trim();
        if (text) window.__announced(doc, region.politeness, region.e.id, text, false);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

const SPOKEN_KINDS = ["question", "option", "narration", "error", "chat", "lobby"];

// The lines of the kinds the page shows, from frames as received.
function spokenLines(frames) {
  const lines = [];
  for (const f of frames) {
    const tab = f.indexOf("\t");
    let kind = tab > 0 ? f.slice(0, tab) : "";
    let text = f.slice(tab + 1);
    if (!["answer", "prompt", "words", "panel", ...SPOKEN_KINDS].includes(kind)) {
      kind = "lobby";
      text = f;
    }
    // The page's own `frames on` and `panels on` are acknowledged; the page keeps those quiet.
    if (/^(Frames on\.|Panels on:)/.test(text)) continue;
    if (SPOKEN_KINDS.includes(kind) && text.trim()) lines.push({ kind, text: text.trim() });
  }
  return lines;
}

// Each line the page received of a kind it shows is announced exactly as many times
// as it arrived (once per arrival): never missed, never twice, no old line again;
// and a question is always said by the assertive region. Page loads are checked one
// by one (the n-th document read the n-th WebSocket); a page left by a reload may
// have missed the lines that arrived while it unloaded, but never hears one twice.
function announcedOnce(p) {
  const docs = [...new Set(p.heard.map((h) => h.doc))];
  let lines = 0;
  const wrong = [];
  const questions = new Set();
  docs.forEach((doc, i) => {
    const arrived = new Map();
    for (const l of spokenLines(p.frames.filter((f) => f.ws === i + 1).map((f) => f.text))) {
      const a = arrived.get(l.text) || { kind: l.kind, n: 0 };
      a.n++;
      arrived.set(l.text, a);
      if (l.kind === "question") questions.add(l.text);
    }
    const heard = new Map();
    for (const h of p.heard.filter((h) => h.doc === doc)) heard.set(h.text, (heard.get(h.text) || 0) + 1);
    const left = i + 1 < docs.length;
    for (const [text, a] of arrived) {
      const n = heard.get(text) || 0;
      if (n > a.n || (n < a.n && !left)) wrong.push(`"${text}" (${a.kind}) arrived ${a.n}, announced ${n}`);
    }
    lines += arrived.size;
  });
  check(docs.length > 0 && wrong.length === 0, `${p.name}: each of ${lines} lines is announced once per arrival (${docs.length} page loads)${wrong.length ? ": " + wrong.slice(0, 5).join("; ") : ""}`);
  const again = p.heard.filter((h) => h.again);
  check(again.length === 0, `${p.name}: no line is announced again${again.length ? ": " + again.slice(0, 3).map((h) => h.text).join("; ") : ""}`);
  const politely = p.heard.filter((h) => questions.has(h.text) && h.politeness !== "assertive");
  check(questions.size > 0 && politely.length === 0,
    `${p.name}: each of ${questions.size} questions is said by the assertive region only`);
}

async function open(name, look, at = url) {
  const context = await browser.newContext(look);
  const page = await context.newPage();
  const frames = [];
  const heard = [];
  const panels = [];
  await recordAnnouncements(page, heard, panels);
  let sockets = 0;
  page.on("websocket", (ws) => {
    const n = ++sockets;
    ws.on("framereceived", (f) => frames.push({ ws: n, text: String(f.payload) }));
  });
  page.on("pageerror", (e) => check(false, `${name}'s page has no script error: ${e.message}`));
  await page.goto(at);
  await page.waitForSelector("#status:has-text('Connected')");
  return { name, page, frames, heard, panels, answers: 0 };
}

try {
  if (sharedUrl) {
    // One port for both: the page still loads and its WebSocket gets the lobby.
    const cleo = await open("Cleo", ZOOM_200, sharedUrl);
    await waitLog(cleo.page, /Your name\?/);
    check(true, "the page and its WebSocket work on a port shared with line clients");
    await cleo.page.context().close();
  }
  const ann = await open("Ann", ZOOM_200);
  globalThis.annPage = ann.page;
  await waitLog(ann.page, /Your name\?/);
  await screenshot(ann.page, "lobby-zoom200.png");
  await audit(ann.page, "the lobby");
  await tabOrder(ann.page, "the lobby at 200% zoom");
  await fits(ann.page, "the lobby at 200% zoom");
  await narrow(ann.page, "the lobby");

  // Ann sets up a table with the form, by keyboard.
  await ann.page.locator("#new-name").fill("Ann");
  await ann.page.locator("#new-flags").fill("--players 3 --bots 1 --seed 11");
  await ann.page.locator("#new-flags").press("Enter");
  const [, table, code] = await waitLog(ann.page, /Table (\d+) is set up; its join code is (\d+)/);
  check(Boolean(code), `Ann sets up table ${table} with code ${code}`);

  // Ben lists the tables and sits with the form.
  const ben = await open("Ben", PHONE);
  globalThis.benPage = ben.page;
  await fits(ben.page, "the lobby on a phone");
  await screenshot(ben.page, "lobby-phone.png");
  await ben.page.locator("#tables-refresh").click();
  await ben.page.waitForSelector(`#tables li:has-text('${table}')`);
  await ben.page.locator("#sit-name").fill("Ben");
  await ben.page.locator("#sit-table").fill(table);
  await ben.page.locator("#sit-code").fill("000000" === code ? "111111" : "000000");
  await ben.page.locator("#sit-form button").click();
  await waitLog(ben.page, /wrong|code/i);
  await ben.page.locator("#sit-code").fill(code);
  await ben.page.locator("#sit-form button").click();
  await waitLog(ben.page, /You sit at table \d+ in seat 2/);
  check(await ben.page.locator("#lobby").isHidden(), "the lobby forms go away once seated");

  await ann.page.locator("#command").fill("start");
  await ann.page.locator("#command").press("Enter");
  await waitLog(ann.page, /[Tt]urn 1\b/, 20);

  // Ann's first hand, before she plays anything: Ben must never hear of it.
  await until(ann.page, () => /Your hand, \d+ card/.test(document.querySelector("#hand").innerText));
  const annHand = (await ann.page.locator("#hand li").allInnerTexts())
    .map((l) => /^\d+\. ([^,(:]+)/.exec(l))
    .filter(Boolean)
    .map((m) => m[1].trim());
  check(annHand.length >= 5, `Ann's hand region lists her cards (${annHand.join("; ")})`);
  check(await ann.page.locator("#log h2").count() >= 1, "turns are headings in the log");

  let shot = false;
  let reloaded = false;
  let over = false;
  const players = [ann, ben];
  const end = Date.now() + 200_000;
  let quietSince = Date.now();
  while (!over && Date.now() < end) {
    let acted = false;
    for (const p of players) {
      const waiting = await p.page.evaluate(() => document.body.dataset.prompt === "Your answer> " && document.querySelectorAll("#options button").length > 0);
      if (!waiting) continue;
      const buttons = p.page.locator("#options button");
      const n = await buttons.count();
      const pick = Math.floor(Math.random() * n);
      const button = buttons.nth(pick);
      try {
        if (p.answers % 3 === 2) {
          const text = await button.innerText({ timeout: 1000 });
          await p.page.locator("#command").fill(text.split(".")[0]);
          await p.page.locator("#command").press("Enter");
        } else if (p.answers % 3 === 1) {
          await button.focus({ timeout: 1000 });
          await p.page.keyboard.press(p.answers % 2 ? "Enter" : "Space");
        } else {
          await button.click({ timeout: 1000 });
        }
      } catch {
        continue; // the question changed under us; look again
      }
      p.answers++;
      acted = true;
      await p.page.waitForTimeout(30);
    }
    if (!shot && ann.answers >= 6) {
      shot = true;
      await screenshot(ann.page, "game-zoom200.png");
      await audit(ann.page, "the game page");
      await tabOrder(ann.page, "the game page at 200% zoom");
      await fits(ann.page, "the game page at 200% zoom");
      await narrow(ann.page, "the game page");
      await fits(ben.page, "the game page on a phone");
      await tabOrder(ben.page, "the game page on a phone");
      await screenshot(ben.page, "game-phone.png");
      // And a wide window (two columns), for a moment.
      await ann.page.setViewportSize({ width: 1280, height: 800 });
      await fits(ann.page, "the game page in a wide window");
      await screenshot(ann.page, "game-wide.png");
      await ann.page.setViewportSize(ZOOM_200.viewport);
    }
    if (!reloaded && ben.answers >= 10) {
      // Ben's connection drops (a reload): the page resumes his seat by its token.
      reloaded = true;
      await ben.page.reload();
      await waitLog(ben.page, /You sit at table \d+ in seat 2/);
      await waitLog(ann.page, /Ben is back/);
      check(true, "a reloaded page gets its seat back by its token");
    }
    over = /Game over/.test(await logText(ann.page));
    if (acted) quietSince = Date.now();
    else if (Date.now() - quietSince > 1500) {
      await ann.page.locator("#command").fill("bases");
      await ann.page.locator("#command").press("Enter");
      quietSince = Date.now();
    }
    if (!acted) await ann.page.waitForTimeout(100);
  }
  check(over, `the game is played to its end (Ann answered ${ann.answers} times, Ben ${ben.answers})`);
  check(ann.answers > 0 && ben.answers > 0, "both pages answered questions");
  check(/Game over/.test(await logText(ben.page)), "Ben's page hears the game end");
  await ann.page.waitForTimeout(500);
  for (const p of players) announcedOnce(p);

  // The regions Your hand, Bases and Scores follow the game while others play, and
  // are never announced.
  for (const p of players) {
    const others = p.panels.filter((c) => /^Turn \d+, (Bot \d+|Ann|Ben)'s turn/.test(c.turn));
    const kinds = [...new Set(others.map((c) => c.panel))];
    check(kinds.includes("bases"),
      `${p.name}'s Bases region changes during the others' turns (${others.length} changes: ${kinds.join(", ")})`);
    // Whose turn a base scores in depends on the game, which the pages' random answers
    // make different at every run: the Scores region must follow it, in any turn.
    const scores = p.panels.filter((c) => c.panel === "scores").length;
    check(scores > 0, `${p.name}'s Scores region changes as bases score (${scores} changes)`);
    const loud = p.heard.filter((h) => ["hand", "bases", "scores"].includes(h.region));
    check(loud.length === 0, `${p.name}'s hand, bases and scores regions are never announced`);
  }
  const botTurn = ann.panels.filter((c) => /^Turn \d+, Bot \d+'s turn/.test(c.turn) && c.panel === "bases");
  check(botTurn.length > 0, `Ann's Bases region changes during the bot's turn (${botTurn.length} times)`);
  const lastBases = ann.frames.map((f) => f.text).filter((f) => f.startsWith("panel\tbases\t")).pop() || "";
  const shownBases = (await ann.page.locator("#bases li").allInnerTexts()).join("\t");
  check(lastBases !== "" && lastBases.endsWith(shownBases), "Ann's Bases region shows the last bases the server sent");

  // Privacy: Ben's frames never carry Ann's hand lines, nor, before she played them,
  // her cards' names: checked on everything Ben received up to Ann's first answer; and
  // Ben's hand region never held a line of Ann's hand.
  const annFrames = ann.frames.map((f) => f.text);
  const benFrames = ben.frames.map((f) => f.text);
  const linesOf = (frames) => frames.flatMap((f) => f.split("\t").slice(1));
  const annHandLines = new Set(linesOf(annFrames.filter((f) => f.startsWith("panel\thand\t")))
    .filter((l) => /^\d+\. /.test(l) && annHand.some((c) => l.includes(c))));
  check(annHandLines.size > 0, `Ann's page received her hand (${annHandLines.size} lines)`);
  check(!linesOf(benFrames).some((l) => annHandLines.has(l)), "Ben's page never receives a line of Ann's hand");
  const benHands = ben.panels.filter((c) => c.panel === "hand");
  check(benHands.length > 0 && !benHands.some((c) => c.text.split("\n").some((l) => annHandLines.has(l.trim()))),
    `Ben's hand region never holds a line of Ann's hand (${benHands.length} changes looked at)`);
  const benEarly = benFrames.slice(0, benFrames.findIndex((f) => /^narration\tTurn 1, /.test(f)) + 1);
  const leaked = annHand.filter((c) => benEarly.some((f) => f.includes(c)));
  check(leaked.length === 0, `Ben heard none of Ann's starting cards before play${leaked.length ? ": " + leaked.join(", ") : ""}`);
} catch (e) {
  check(false, `the browser test ran through: ${e.stack || e}`);
  for (const p of [globalThis.annPage, globalThis.benPage].filter(Boolean)) {
    console.error(`last lines of a page: ${(await p.locator("#log").innerText()).split("\n").slice(-12).join(" | ")}`);
  }
} finally {
  clearTimeout(deadline);
  await browser.close();
}
if (failures.length) {
  console.error(`${failures.length} check(s) failed`);
  process.exit(1);
}
console.log("all browser checks passed");
