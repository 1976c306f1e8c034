// Plays the web page of `smashup serve` in a real headless Chromium (Debian's
// package, never a downloaded one): two people sit through the lobby forms at one
// table with a bot and play a whole game, answering by the option buttons and by
// typed commands; the second page must never receive the first page's hand; axe-core
// audits the lobby and the game page; Tab reaches every control; screenshots go to
// target/web-artifacts/. Usage: node play.mjs URL  (exit status 0 when all hold).
import { chromium } from "playwright-core";
import { createRequire } from "node:module";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const url = process.argv[2];
if (!url) {
  console.error("usage: node play.mjs URL");
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

// Tab from the top: every visible control must take the focus in turn.
async function tabOrder(page, what) {
  await page.evaluate(() => document.activeElement && document.activeElement.blur());
  const wanted = await page.evaluate(() => {
    const all = [...document.querySelectorAll("a[href], button, input, [tabindex='0']")];
    return all.filter((e) => e.offsetParent !== null || e.getClientRects().length).map((e) => e.id || e.textContent.trim());
  });
  const reached = new Set();
  for (let i = 0; i < wanted.length + 5; i++) {
    await page.keyboard.press("Tab");
    reached.add(await page.evaluate(() => {
      const e = document.activeElement;
      return e ? e.id || e.textContent.trim() : "";
    }));
  }
  const missed = wanted.filter((w) => !reached.has(w));
  check(missed.length === 0, `Tab reaches every control on ${what}${missed.length ? ": missed " + missed.join(", ") : ""}`);
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

// At a phone's width (or 200% zoom of a small window) nothing needs sideways scrolling.
async function narrow(page, what) {
  const before = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 640 });
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  check(wide <= 320, `${what} fits a 320-pixel-wide phone screen (${wide} pixels wide)`);
  await page.setViewportSize(before);
}

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

async function open(name) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 900 } });
  const page = await context.newPage();
  const frames = [];
  page.on("websocket", (ws) => ws.on("framereceived", (f) => frames.push(String(f.payload))));
  page.on("pageerror", (e) => check(false, `${name}'s page has no script error: ${e.message}`));
  try {
    await page.goto(url);
  } catch (e) {
    // A browser that sends nothing for a second after connecting is taken for a line
    // client; on a loaded machine that can happen once. A person would reload.
    console.log(`note: ${name}'s first load failed (${e.message.split("\n")[0]}); loading again`);
    await page.goto(url);
  }
  await page.waitForSelector("#status:has-text('Connected')");
  return { name, page, frames, answers: 0 };
}

try {
  const ann = await open("Ann");
  globalThis.annPage = ann.page;
  await waitLog(ann.page, /Your name\?/);
  const lobbyShot = path.join(artifacts, "lobby.png");
  await ann.page.screenshot({ path: lobbyShot, fullPage: true });
  console.log(`screenshot: ${lobbyShot}`);
  await audit(ann.page, "the lobby");
  await tabOrder(ann.page, "the lobby");
  await narrow(ann.page, "the lobby");

  // Ann sets up a table with the form, by keyboard.
  await ann.page.locator("#new-name").fill("Ann");
  await ann.page.locator("#new-flags").fill("--players 3 --bots 1 --seed 11");
  await ann.page.locator("#new-flags").press("Enter");
  const [, table, code] = await waitLog(ann.page, /Table (\d+) is set up; its join code is (\d+)/);
  check(Boolean(code), `Ann sets up table ${table} with code ${code}`);

  // Ben lists the tables and sits with the form.
  const ben = await open("Ben");
  globalThis.benPage = ben.page;
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
      const gameShot = path.join(artifacts, "game.png");
      await ann.page.screenshot({ path: gameShot, fullPage: true });
      console.log(`screenshot: ${gameShot}`);
      await audit(ann.page, "the game page");
      await tabOrder(ann.page, "the game page");
      await narrow(ann.page, "the game page");
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

  // Privacy: Ben's frames never carry Ann's hand lines, nor, before she played them,
  // her cards' names: checked on everything Ben received up to Ann's first answer.
  const annHandLines = ann.frames.filter((f) => /^answer\t\d+\. /.test(f) && annHand.some((c) => f.includes(c)));
  check(annHandLines.length > 0, "Ann's page received her hand");
  check(!ben.frames.some((f) => annHandLines.includes(f)), "Ben's page never receives a line of Ann's hand");
  const benEarly = ben.frames.slice(0, ben.frames.findIndex((f) => /^narration\tTurn 1, /.test(f)) + 1);
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
