// End-to-end tests of the browser table: builds and starts the real server (`jass serve`), drives
// Debian's chromium with playwright-core, and plays through the page like a person.
//
//   cd e2e && npm ci && node run.mjs            (E2E_NO_BUILD=1 to skip `cargo build`)
//
// Screenshots go to e2e/out/. Exit code 0: every test passed.

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const out = path.join(here, 'out');
fs.mkdirSync(out, { recursive: true });

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // English unless a test asks for another language (the page follows the browser's language).
  '--lang=en-US',
];

function log(...a) {
  console.log('[e2e]', ...a);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function waitForServer(base, proc, ms = 60000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (proc.exitCode !== null) throw new Error(`the server exited with ${proc.exitCode}`);
    try {
      const r = await fetch(`${base}/api/games`);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer on ${base} within ${ms / 1000} s`);
}

function assert(cond, msg) {
  if (!cond) throw new Error(`assertion failed: ${msg}`);
}

// ------------------------------------------------------------------ the tests

/** Creates a table from the lobby; `seats` are the values of the seat selects. */
async function createTable(page, base, { game = 'schieber', name = 'Anna', seats = ['me', 'rule', 'rule', 'rule'], options = {} } = {}) {
  await page.goto(`${base}/`);
  await page.waitForSelector('#create-form');
  await page.selectOption('#game', game);
  await page.fill('#name', name);
  for (let i = 0; i < seats.length; i++) await page.selectOption(`#seat-${i}`, seats[i]);
  if (Object.keys(options).length) {
    await page.click('#options-form summary');
    for (const [k, v] of Object.entries(options)) {
      const sel = `[data-option="${k}"]`;
      if (typeof v === 'boolean') await page.setChecked(sel, v);
      else await page.fill(sel, String(v));
    }
  }
  await page.click('#create-table');
  await page.waitForURL(/\/table\/[^/]+$/, { timeout: 15000 });
  return page.url().split('/table/')[1];
}

/** Plays by clicking until the deal summary shows; returns what was done. */
// Closes the deal summary with its OK button. The page also closes it by itself once the next
// deal's cards are being played, and when the computer players lead that deal they can get
// there before this script clicks (a busy machine), so a button already gone is not an error;
// either way the summary must go.
/** Creates a table of four rule bots by the API, waits until they have finished the game, and opens
 * it to watch: the table's id, the game's record, and a page (its context and the page errors). */
async function watchFinishedBotGame(browser, base, { game, options, seed }) {
  const res = await fetch(`${base}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game, options, seed, seats: ['rule', 'rule', 'rule', 'rule'] }),
  });
  assert(res.ok, `table created (${res.status})`);
  const { id } = await res.json();
  const end = Date.now() + 60000;
  let info;
  do {
    await new Promise((r) => setTimeout(r, 250));
    info = await (await fetch(`${base}/api/tables/${id}`)).json();
  } while (info.status !== 'over' && Date.now() < end);
  assert(info.status === 'over', `the bots finish the game (${info.status})`);
  const record = await (await fetch(`${base}/api/tables/${id}/record`)).json();
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${base}/table/${id}?watch=1`);
  await page.waitForSelector('#deal-summary #deal-result', { timeout: 15000 });
  return { id, record, ctx, page, errors };
}

async function closeSummary(page) {
  const ok = await page.$('#summary-close');
  if (ok) await ok.click({ timeout: 5000 }).catch(() => log('note: the deal summary closed by itself'));
  await page.waitForFunction(() => !document.querySelector('#deal-summary'), null, { timeout: 30000 });
}

async function playDeal(page, { schieben = true, reconnectAfter = 3, shotAt = 5, shotName = 'table-desktop.png' } = {}) {
  const done = { cards: 0, contracts: 0, schieben: 0, weis: 0, dimmedSeen: false, reconnected: false, runningSeen: false };
  const deadline = Date.now() + 240000;
  while (Date.now() < deadline) {
    const el = await page.waitForSelector('.hand .card.legal, #actions button.action, #deal-summary', { timeout: 60000 });
    if (await page.$('#deal-summary')) break;
    void el;
    const action = await page.$('#actions button.action');
    if (action) {
      const kind = await action.getAttribute('data-action');
      if (kind === 'schieben' || (await page.$('#actions button[data-action="schieben"]'))) {
        if (schieben && (await page.$('#actions button[data-action="schieben"]'))) {
          await page.click('#actions button[data-action="schieben"]');
          done.schieben += 1;
        } else {
          await page.click('#actions button[data-action="contract"]');
          done.contracts += 1;
        }
      } else if (kind === 'contract') {
        // Geschoben to us, or we chose not to shove: take the first contract offered.
        await page.click('#actions button[data-action="contract"]');
        done.contracts += 1;
      } else if (kind === 'weis') {
        // Declare the best Weis offered (the last button), else decline.
        const buttons = await page.$$('#actions button[data-action="weis"]');
        await buttons[buttons.length - 1].click();
        done.weis += 1;
      } else {
        await action.click();
      }
    } else {
      const dim = await page.$$('.hand .card.dim');
      if (dim.length) done.dimmedSeen = true;
      if (done.cards === shotAt) await page.screenshot({ path: path.join(out, shotName) });
      // The slate shows the deal's card points as the tricks are taken (the server's table view).
      const running = await page.evaluate(() => {
        // The slate's column of this deal's points, a row per team (side 0, side 1).
        const cells = [...document.querySelectorAll('#slate tr[data-side] td[data-col="col_this_deal"]')];
        const v = (window.__jass.state || {}).view || {};
        if (cells.length !== 2 || !(v.tricks || []).length) return null;
        const pts = [0, 0];
        for (const t of v.tricks) pts[t.winner % 2] += t.points;
        return { pts, cells: cells.map((td) => Number(td.textContent)) };
      });
      if (running) {
        assert(running.pts[0] === running.cells[0] && running.pts[1] === running.cells[1], `the slate's 'this deal' row ${running.cells} is the tricks' points ${running.pts}`);
        done.runningSeen = done.runningSeen || running.pts[0] + running.pts[1] > 0;
      }
      // A locator, not a handle: the hand may be redrawn (a reconnect) between finding and clicking.
      const first = page.locator('.hand .card.legal').first();
      const card = await first.getAttribute('data-card');
      await page.locator(`.hand .card.legal[data-card="${card}"]`).click();
      done.cards += 1;
      // The card leaves the hand.
      await page.waitForFunction((c) => !document.querySelector(`.hand .card[data-card="${c}"]`), card, { timeout: 30000 });
      if (done.cards === reconnectAfter) {
        // Drop the WebSocket: the page must reconnect by itself and carry on.
        await page.evaluate(() => window.__jass.ws.close());
        await page.waitForFunction(() => window.__jass.ws.readyState === WebSocket.OPEN && document.querySelector('#conn').textContent === 'connected', null, { timeout: 30000 });
        done.reconnected = true;
      }
    }
    await page.waitForTimeout(50);
  }
  return done;
}

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

test('lobby: games, options form and seat choices from /api/games', async ({ browser, base }) => {
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${base}/`);
  await page.waitForSelector('#create-form');
  const games = await page.$$eval('#game option', (o) => o.map((x) => x.value));
  for (const g of ['schieber', 'handjass', 'sidi-barrani', 'coiffeur', 'differenzler']) assert(games.includes(g), `game ${g} offered`);
  assert((await page.$$('select[data-seat]')).length === 4, 'four seats for Schieber');
  const bots = await page.$$eval('#seat-1 option', (o) => o.map((x) => x.value));
  for (const k of ['me', 'open', 'random', 'rule', 'sampling']) assert(bots.includes(k), `seat choice ${k}`);
  assert(await page.$('[data-option="target"][type="number"]'), 'target as a number input');
  assert(await page.$('[data-option="misere"][type="checkbox"]'), 'misere as a checkbox');
  await page.selectOption('#game', 'differenzler');
  assert(await page.$('[data-option="deals"]'), 'Differenzler options after switching the game');
  // A wrong option is answered by the server and shown.
  await page.selectOption('#game', 'schieber');
  await page.click('#options-form summary');
  await page.fill('[data-option="weis"]', 'enormous');
  await page.click('#create-table');
  await page.waitForSelector('#toast:not([hidden])', { timeout: 10000 });
  const msg = await page.textContent('#toast');
  assert(msg && msg.length > 3, 'an error message is shown');
  assert(page.url().endsWith('/'), 'stays in the lobby');
  assert(!errors.length, `no page errors: ${errors.join('; ')}`);
  await page.close();
});

test('schieber: a whole deal against three rule bots by clicking', async ({ browser, base }) => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The first deal summary as it is drawn: the computer players may lead the next deal and so
  // close it before this script looks (a busy machine), so the page keeps what it showed.
  await ctx.addInitScript(() => {
    new MutationObserver(() => {
      const s = document.querySelector('#deal-summary');
      const t = s && s.querySelector('#deal-result');
      if (window.firstDealSummary || !t) return;
      const rows = [...t.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((td) => td.textContent));
      window.firstDealSummary = { close: !!s.querySelector('#summary-close'), rows };
    }).observe(document, { childList: true, subtree: true });
  });
  // We are forehand of the first deal, so we are asked to choose or shove. The target is one
  // that no first deal reaches (with 1000 a Match in a mode counted four times ended the game
  // with the first deal, whose summary then has no OK button).
  const id = await createTable(page, base, { options: { target: 3000, first_forehand: 'seat0' } });
  log('table', id);
  const done = await playDeal(page, { schieben: true });
  log('played', JSON.stringify(done));
  assert(done.cards === 9, `nine cards played (got ${done.cards})`);
  assert(done.schieben === 1, 'we were asked and shoved');
  if (!done.dimmedSeen) log('note: every card was legal at every turn of this deal (nothing to dim)');
  assert(done.reconnected, 'reconnected after a dropped WebSocket');
  // Nine cards of ours: at our last card eight tricks are taken, and they hold points.
  assert(done.runningSeen, 'the slate showed card points taken during the deal');
  // The deal result: both teams' points, card points 157 in all (with the last-trick 5).
  const summary = await (await page.waitForFunction(() => window.firstDealSummary, null, { timeout: 30000 })).jsonValue();
  assert(summary.close, 'the deal summary has its OK button');
  if (await page.$('#deal-summary #deal-result')) await page.screenshot({ path: path.join(out, 'deal-summary.png') });
  else log('note: the deal summary closed by itself before its screenshot');
  const rows = summary.rows;
  const tricks = rows.find((r) => r[0] === 'tricks');
  const points = rows.find((r) => r[0] === 'card points');
  assert(tricks && Number(tricks[1]) + Number(tricks[2]) === 9, `nine tricks in the result: ${JSON.stringify(rows)}`);
  assert(points && Number(points[1]) + Number(points[2]) === 157, `157 card points in the result: ${JSON.stringify(rows)}`);
  // The slate agrees with the server's table.
  const info = await (await fetch(`${base}/api/tables/${id}`)).json();
  assert(info.game === 'schieber', 'the table is a Schieber table');
  // Swiss/French toggle: the hand is redrawn with French names, and the choice is kept.
  await closeSummary(page);
  await page.waitForSelector('.hand .card', { timeout: 60000 });
  await page.selectOption('#card-style', 'french');
  const label = await page.getAttribute('.hand .card', 'aria-label');
  assert(/ of (Diamonds|Hearts|Spades|Clubs)$/.test(label), `French card names (${label})`);
  assert((await page.evaluate(() => localStorage.getItem('jass.cardStyle'))) === 'french', 'style stored');
  await page.screenshot({ path: path.join(out, 'table-french.png') });
  await page.selectOption('#card-style', 'swiss');
  // A reload resumes the seat (the token is in localStorage).
  await page.reload();
  await page.waitForSelector('.seat-box.me', { timeout: 15000 });
  assert((await page.textContent('.seat-box.me')).includes('(you)'), 'the seat is resumed after a reload');
  assert(!errors.length, `no page errors: ${errors.join('; ')}`);
  await ctx.close();
});

test('schieber: a whole game to the end, and `jass check` accepts its record', async ({ browser, base, bin }) => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // A short game (to 400) against three rule bots; we take the first contract when asked.
  const id = await createTable(page, base, { options: { target: 400 } });
  let deals = 0;
  const cards = [];
  let runningSeen = false;
  for (;;) {
    const done = await playDeal(page, { schieben: false, reconnectAfter: -1, shotAt: -1 });
    cards.push(done.cards);
    runningSeen = runningSeen || done.runningSeen;
    deals += 1;
    // Every deal, the last one too (even when the game ends before its first trick is
    // complete, by a Stöck), ends with its result table.
    await page.waitForSelector('#deal-summary #deal-result');
    if (await page.$('#game-result')) break;
    assert(deals < 12, `the game ends within a dozen deals (${deals} so far)`);
    await closeSummary(page);
  }
  // Nine cards of ours in every deal but the last, which ends once a team reaches the target
  // (003: the game may end inside a deal).
  assert(cards.slice(0, -1).every((c) => c === 9) && cards[cards.length - 1] <= 9, `cards of ours by deal: ${cards}`);
  // The slate's running points are checked at every turn (in playDeal); that they were seen is
  // asserted by the one-deal test: a game to 400 can end in its first trick (a Weis of 150
  // under Obenabe's x3), before any trick is taken at one of our turns.
  if (!runningSeen) log(`note: the game ended before a trick was taken at one of our turns (cards ${cards})`);
  await page.screenshot({ path: path.join(out, 'game-over.png') });
  // The verdict comes with the server's `over` message, just after the last state.
  await page.waitForFunction(() => document.querySelector('#game-result').textContent !== 'Game over.', null, { timeout: 15000 });
  const verdict = await page.textContent('#game-result');
  const m = /^Game over\. Won by (Us|Them): (\d+) to (\d+) points(\. Schneider: the losers stayed under the Schneider line)?\.$/.exec(verdict);
  assert(m, `a verdict with the winners and the totals (${verdict})`);
  // The record behind the download link: the same totals, and the engine re-plays it.
  const href = await page.getAttribute('#record-link', 'href');
  const record = await (await fetch(new URL(href, base))).json();
  const totals = record.result && record.result.totals;
  assert(Array.isArray(totals) && Math.max(...totals) === Number(m[2]) && Math.min(...totals) === Number(m[3]), `the record's totals ${JSON.stringify(totals)} match the verdict`);
  assert(Math.max(...totals) >= 400, `the winners reached the target (${totals})`);
  const file = path.join(out, `game-${id}.json`);
  fs.writeFileSync(file, JSON.stringify(record));
  const check = spawnSync(bin, ['check', file], { encoding: 'utf8' });
  assert(check.status === 0, `jass check accepts the record (exit ${check.status}): ${check.stdout}${check.stderr}`);
  log(`  ${deals} deals; ${verdict}`);
  assert(!errors.length, `no page errors: ${errors.join('; ')}`);
  await ctx.close();
});

test('schieber: a game that ends by a Stöck before the first card still shows its last deal', async ({ browser, base }) => {
  // Seed 37 with four rule bots to 400 (the same game as `jass simulate --seed 37 -o target=400
  // --players rule`): in the second deal seat 1 shoves, seat 3 names diamonds, seat 2 announces
  // Stöck before any card is played, and its team (at 394) reaches the target (003: the game
  // ends as soon as a team has the target). (Seed 26 until the rule player's contract choice
  // changed, 2026-11-24.)
  const { record, ctx, page, errors } = await watchFinishedBotGame(browser, base, { game: 'schieber', options: { target: 400 }, seed: 37 });
  const last = record.deals[record.deals.length - 1];
  assert(last.tricks.length === 0 && last.actions.some((a) => a.action === 'stoeck'), `the last deal ends by a Stöck before any trick: ${JSON.stringify(last.actions)}`);
  await page.waitForSelector('#deal-summary #game-result');
  const rows = await page.$$eval('#deal-result tbody tr', (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
  const tricks = rows.find((r) => r[0] === 'tricks');
  assert(tricks && tricks[1] === '0' && tricks[2] === '0', `no tricks in the last deal: ${JSON.stringify(rows)}`);
  const deal = rows.find((r) => String(r[0]).startsWith('deal'));
  const score = last.result.score;
  assert(deal && Number(deal[1]) === score[0] && Number(deal[2]) === score[1], `the deal row is the record's score ${JSON.stringify(score)}: ${JSON.stringify(rows)}`);
  // The slate beside the table: each team's total (side 0, side 1).
  const totals = await page.$$eval('#slate tr[data-side] td[data-col="col_total"]', (tds) => tds.map((t) => Number(t.textContent)));
  assert(JSON.stringify(totals) === JSON.stringify(record.result.totals), `the totals are the record's: ${JSON.stringify(totals)}`);
  const why = await page.$$eval('#deal-summary .fact', (ps) => ps.map((p) => p.textContent).join(' '));
  assert(/after 0 of 9 tricks/.test(why) && /Stöck/.test(why), `the summary says how the game ended: ${why}`);
  await page.screenshot({ path: path.join(out, 'game-over-stoeck.png') });
  assert(!errors.length, `no page errors: ${errors.join('; ')}`);
  await ctx.close();
});

test('differenzler: the last deal\'s lines and the verdict, from the phrase book', async ({ browser, base }) => {
  const { record, ctx, page, errors } = await watchFinishedBotGame(browser, base, { game: 'differenzler', options: { deals: 1 }, seed: 5 });
  await page.waitForFunction(() => document.querySelector('#game-result') && document.querySelector('#game-result').textContent !== 'Game over.', null, { timeout: 15000 });
  const rows = await page.$$eval('#deal-result tbody tr', (trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
  const deal = record.deals[0].result;
  const row = (label) => rows.find((r) => r[0] === label);
  const forecast = row('forecast');
  assert(forecast && forecast.slice(1).map(Number).join() === record.deals[0].announcements.join(), `the forecasts: ${JSON.stringify(rows)}`);
  const taken = row('points taken');
  assert(taken && taken.slice(1).map(Number).join() === deal.taken.join(), `the points taken are the record's ${deal.taken}: ${JSON.stringify(rows)}`);
  const penalty = row('penalty');
  assert(penalty && penalty.slice(1).map(Number).join() === deal.penalty.join(), `the penalties are the record's ${deal.penalty}: ${JSON.stringify(rows)}`);
  const verdict = await page.textContent('#game-result');
  const best = Math.min(...record.result.totals);
  const m = /^Game over\. (Won by (.+) with (\d+) penalty points|Nobody wins or loses alone: a shared result)\.$/.exec(verdict);
  assert(m && (m[3] === undefined || Number(m[3]) === best), `a verdict with the winner and the lowest penalty ${best} (${verdict})`);
  await page.screenshot({ path: path.join(out, 'game-over-differenzler.png') });
  assert(!errors.length, `no page errors: ${errors.join('; ')}`);
  log(`  ${verdict}`);
  await ctx.close();
});

test('every other game: its decisions are buttons and its cards can be played', async ({ browser, base }) => {
  // Every game the server offers (a new game is enrolled by its registry entry), Schieber aside: the tests above play it.
  const offered = (await (await fetch(`${base}/api/games`)).json()).filter((g) => g.game !== 'schieber');
  const games = offered.map((g) => g.game);
  // Each at its default number of seats (Mittlere has three): we sit at seat 0, rule bots at the others.
  const seatsOf = Object.fromEntries(offered.map((g) => [g.game, g.seats]));
  // The decisions before the first card that some game offers (a game without any, such as Schellenjass, offers cards at once).
  const decisions = { 'sidi-barrani': ['bid', 'pass'], differenzler: ['announce'], handjass: ['stay', 'drop', 'blind'], coiffeur: ['contract', 'schieben'], pandur: ['call', 'pass'], bieter: ['bid', 'pass'], schafhauser: ['stay', 'drop'], palette: ['bid', 'pass', 'matsch', 'matsch-alone', 'trump', 'ask'], zuger: ['stay', 'fold', 'maybe'], 'schaggi-haas': ['bessern', 'keep-hand'] };
  assert(games.length >= 5, `the server offers the games (${games})`);
  for (const game of games) {
    const ctx = await browser.newContext({ viewport: { width: 1100, height: 800 } });
    const page = await ctx.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // Coiffeur: we are forehand, so we choose the first contract.
    const options = game === 'coiffeur' ? { first_forehand: 'seat0' } : {};
    const seats = ['me', ...Array(seatsOf[game] - 1).fill('rule')];
    await createTable(page, base, { game, name: 'Anna', seats, options });
    const kinds = new Set();
    let cards = 0;
    // Take whatever is offered (the first button, or the first legal card) until three cards are played.
    for (let k = 0; k < 60 && cards < 3; k++) {
      await page.waitForSelector('.hand .card.legal, #actions button.action, #deal-summary', { timeout: 60000 });
      if (await page.$('#deal-summary')) break; // (a deal we dropped out of, or that ended without our cards)
      // A locator, not a handle: the buttons may be redrawn (a message) between finding and clicking.
      const action = page.locator('#actions button.action').first();
      if (await action.count()) {
        kinds.add(await action.getAttribute('data-action'));
        if ((await action.getAttribute('data-action')) === 'announce') {
          const min = Number(await page.getAttribute('#announce-points', 'min'));
          await page.fill('#announce-points', String(min + 30));
        }
        await action.click();
      } else {
        const card = await page.locator('.hand .card.legal').first().getAttribute('data-card');
        await page.locator(`.hand .card.legal[data-card="${card}"]`).click();
        await page.waitForFunction((c) => !document.querySelector(`.hand .card[data-card="${c}"]`), card, { timeout: 30000 });
        cards += 1;
      }
      await page.waitForTimeout(50);
    }
    const expected = decisions[game];
    if (expected) assert([...kinds].some((k) => expected.includes(k)), `${game}: a decision of ${expected.join('/')} was offered (got ${[...kinds].join(', ')})`);
    // The games whose first deal may end before we play a card: Handjass (we drop out), Zuger (the others fold after our stay: we write 10 without play).
    const mayEndWithoutOurCards = ['handjass', 'zuger'];
    assert(cards === 3 || (mayEndWithoutOurCards.includes(game) && (await page.$('#deal-summary'))), `${game}: three cards played (${cards})`);
    if (game === 'differenzler') {
      // Our own announcement is on the slate.
      const said = await page.$$eval('#slate tr.mine td', (tds) => tds.map((t) => t.textContent));
      assert(said.length && said[1] !== '·', `differenzler: our announcement on the slate (${said})`);
      // The slate's "taken" column follows the tricks as they are won (it stayed 0 all deal).
      const taken = await page.evaluate(() => {
        const v = window.__jass.state.view || {};
        const pts = [0, 0, 0, 0];
        for (const t of v.tricks || []) pts[t.winner] += t.points;
        const rows = [...document.querySelectorAll('#slate tbody tr')].map((tr) => Number(tr.children[2].textContent));
        return { pts, rows, tricks: (v.tricks || []).length };
      });
      assert(taken.tricks >= 2 && JSON.stringify(taken.pts) === JSON.stringify(taken.rows), `differenzler: the slate's taken ${taken.rows} is the tricks' points ${taken.pts}`);
    }
    if (game === 'coiffeur') assert(await page.$('#slate table.score'), 'coiffeur: the rows table');
    await page.screenshot({ path: path.join(out, `table-${game}.png`) });
    assert(!errors.length, `${game}: no page errors: ${errors.join('; ')}`);
    log(`  ${game}: ${[...kinds].join(', ')}; ${cards} cards`);
    await ctx.close();
  }
});

test('phone: the hand is visible on a 390×844 screen', async ({ browser, base }) => {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await createTable(page, base, { name: 'Phone' });
  await page.waitForFunction(() => document.querySelectorAll('.hand .card').length === 9, null, { timeout: 30000 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(out, 'table-phone.png') });
  const boxes = await page.$$eval('.hand .card', (cs) => cs.map((c) => c.getBoundingClientRect().toJSON()));
  for (const b of boxes) {
    assert(b.left >= -1 && b.right <= 391, `card inside the screen horizontally (${b.left}..${b.right})`);
    assert(b.top >= 0 && b.bottom <= 844, `card inside the screen vertically (${b.top}..${b.bottom})`);
    assert(b.width >= 36, `cards are big enough to tap (${b.width})`);
  }
  const scrollW = await page.evaluate(() => document.scrollingElement.scrollWidth);
  assert(scrollW <= 391, `no sideways scrolling (${scrollW})`);
  // The four seats are on the felt.
  assert((await page.$$('.seat-box')).length === 4, 'four seat boxes');
  // Either a decision or cards to play are offered somewhere on the screen, or a bot is to move.
  assert(!errors.length, `no page errors: ${errors.join('; ')}`);
  await ctx.close();
});

test('invite: an open seat, the link, joining from a second browser, watching', async ({ browser, base }) => {
  const a = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  const pa = await a.newPage();
  const id = await createTable(pa, base, { name: 'Anna', seats: ['me', 'rule', 'open', 'rule'] });
  await pa.waitForSelector('#invite:not([hidden]) #invite-link');
  const link = await pa.inputValue('#invite-link');
  assert(link.endsWith(`/table/${id}`), `invite link ${link}`);
  await pa.screenshot({ path: path.join(out, 'waiting.png') });
  // The lobby lists the table with its open seat.
  const b = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  const pb = await b.newPage();
  await pb.goto(`${base}/`);
  await pb.waitForSelector(`li[data-table="${id}"] button[data-join="2"]`);
  // Opening the link offers the open seat.
  await pb.goto(link);
  await pb.waitForSelector('#join button[data-join="2"]');
  await pb.fill('#join-name', 'Beat');
  await pb.click('#join button[data-join="2"]');
  await pb.waitForSelector('.seat-box.me', { timeout: 15000 });
  assert((await pb.textContent('.seat-box.me')).includes('Beat'), 'Beat sits at seat 2');
  // Anna sees Beat and no longer the invite.
  await pa.waitForFunction(() => [...document.querySelectorAll('.seat-box')].some((s) => s.textContent.includes('Beat')), null, { timeout: 15000 });
  await pa.waitForSelector('#invite', { state: 'hidden', timeout: 15000 });
  // A spectator sees the table without a hand.
  const c = await browser.newContext();
  const pc = await c.newPage();
  await pc.goto(`${base}/table/${id}?watch=1`);
  await pc.waitForSelector('.hand .watching', { timeout: 15000 });
  assert((await pc.$$('.hand .card')).length === 0, 'a spectator sees no hand');
  // A stale token (a wiped server, another table's) ends in watching, not in endless retries.
  const d = await browser.newContext();
  await d.addInitScript((tid) => localStorage.setItem(`jass.seat.${tid}`, JSON.stringify({ seat: 1, token: 'not-a-token' })), id);
  const pd = await d.newPage();
  await pd.goto(`${base}/table/${id}`);
  await pd.waitForFunction(() => document.querySelector('#conn').textContent === 'watching', null, { timeout: 30000 });
  await Promise.all([a.close(), b.close(), c.close(), d.close()]);
});

test('close: the creator closes a table nobody joined, and the lobby shows it closed', async ({ browser, base }) => {
  const a = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  const pa = await a.newPage();
  const id = await createTable(pa, base, { name: 'Anna', seats: ['me', 'open', 'rule', 'rule'] });
  await pa.waitForSelector('#invite:not([hidden]) #close-table');
  pa.once('dialog', (d) => d.accept());
  await pa.click('#close-table');
  await pa.waitForFunction(() => document.querySelector('#status-line').textContent.includes('This table was closed.'), null, { timeout: 15000 });
  assert(await pa.isHidden('#invite'), 'no invite for a closed table');
  const info = await (await fetch(`${base}/api/tables/${id}`)).json();
  assert(info.status === 'closed', `status ${info.status}`);
  await pa.goto(`${base}/`);
  const row = `li[data-table="${id}"]`;
  await pa.waitForSelector(`${row} .status.closed`);
  assert((await pa.$$(`${row} button[data-join]`)).length === 0, 'no seat to join at a closed table');
  assert((await pa.textContent(row)).includes('View'), 'a closed table can be viewed');
  await a.close();
});

test('close: a game played alone against the computer can be closed; not while another person plays', async ({ browser, base }) => {
  const a = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  const pa = await a.newPage();
  const id = await createTable(pa, base, { name: 'Anna', seats: ['me', 'rule', 'rule', 'rule'] });
  await pa.waitForSelector('#info #close-game', { timeout: 30000 });
  await pa.screenshot({ path: path.join(out, 'close-game.png') });
  pa.once('dialog', (d) => d.accept());
  await pa.click('#close-game');
  await pa.waitForFunction(() => document.querySelector('#status-line').textContent.includes('This table was closed.'), null, { timeout: 15000 });
  const info = await (await fetch(`${base}/api/tables/${id}`)).json();
  assert(info.status === 'closed', `status ${info.status}`);
  assert((await pa.$$('.hand .card.legal, #actions button.action')).length === 0, 'a closed table asks nothing more');
  assert((await pa.$$('#close-game')).length === 0, 'no close button once closed');
  // With a second person playing, the game is theirs too: no button, and the server refuses.
  const id2 = await createTable(pa, base, { name: 'Anna', seats: ['me', 'open', 'rule', 'rule'] });
  const b = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  const pb = await b.newPage();
  await pb.goto(`${base}/table/${id2}`);
  await pb.waitForSelector('#join button[data-join="1"]');
  await pb.fill('#join-name', 'Beat');
  await pb.click('#join button[data-join="1"]');
  await pb.waitForSelector('.seat-box.me', { timeout: 15000 });
  // Anna's page has heard that Beat is connected.
  await pa.waitForFunction(() => {
    const s = window.__jass.state && window.__jass.state.seats;
    return s && s[1] && s[1].connected && document.querySelector('#info');
  }, null, { timeout: 15000 });
  assert((await pa.$$('#close-game')).length === 0, 'no close button while Beat plays');
  const token = await pa.evaluate(() => window.__jass.token);
  const refused = await fetch(`${base}/api/tables/${id2}/close`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
  assert(refused.status === 409, `close while Beat plays: ${refused.status}`);
  assert((await refused.json()).error.includes('seat 1'), 'the refusal names the seat that plays');
  // Beat leaves: Anna may close the game now.
  await b.close();
  await pa.waitForSelector('#info #close-game', { timeout: 30000 });
  await a.close();
});

test('lobby and turn timer: the lobby asks for open and recent tables only; every client counts the turn down', async ({ browser, base }) => {
  const a = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  const pa = await a.newPage();
  const lists = [];
  pa.on('request', (r) => {
    if (r.url().includes('/api/tables?') || r.url().endsWith('/api/tables')) lists.push(r.url());
  });
  // Somebody else's friends' table is joined by its link, not offered in the lobby.
  const res = await fetch(`${base}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game: 'schieber', seats: ['me', 'open', 'rule', 'rule'], name: 'Cla', friends: true }),
  });
  const friends = await res.json();
  assert(res.status === 201, `friends' table: ${res.status}`);
  await pa.goto(`${base}/`);
  await pa.waitForSelector('#tables h2');
  assert(lists.length > 0 && lists.every((u) => u.includes('status=') && u.includes('limit=')), `the lobby's list requests: ${lists.join(', ')}`);
  assert((await pa.$$(`li[data-table="${friends.id}"]`)).length === 0, "a stranger's friends' table is not in the lobby");
  const info = await (await fetch(`${base}/api/tables/${friends.id}`)).json();
  assert(info.friends === true && info.turn_secs === 300, `friends' table: ${JSON.stringify(info)}`);
  // The turn timer, for the seat to act and for a spectator.
  const id = await createTable(pa, base, { name: 'Anna', seats: ['me', 'rule', 'rule', 'rule'] });
  const clock = (pattern) => {
    const el = document.querySelector('#turn-clock');
    return !!el && !el.hidden && new RegExp(pattern).test(el.textContent);
  };
  await pa.waitForFunction(clock, 'Your move: \\d+ s', { timeout: 30000 });
  const b = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  const pb = await b.newPage();
  await pb.goto(`${base}/table/${id}?watch=1`);
  await pb.waitForFunction(clock, 'Anna.*: \\d+ s', { timeout: 30000 });
  await pb.screenshot({ path: path.join(out, 'turn-clock.png') });
  const first = Number((await pa.textContent('#turn-clock')).match(/(\d+) s/)[1]);
  assert(first > 0 && first <= 60, `the clock shows ${first} s of the 60`);
  await a.close();
  await b.close();
});

test('language: a German browser gets the German table; the switch changes it and is kept', async ({ browser, base }) => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale: 'de-CH' });
  const page = await ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // No phrase key shows as it is: every word is in the book.
  const rawKeys = async () => (await page.textContent('body')).match(/\b(ui|fact|col|row|note|suit|rank|mode|card|verdict|unit)_[a-z_]+\b/g);
  await page.goto(`${base}/`);
  await page.waitForSelector('#create-form');
  assert((await page.textContent('#create h2')) === 'Neuer Tisch', `the lobby in German (${await page.textContent('#create h2')})`);
  assert((await page.textContent('#create-table')) === 'Tisch eröffnen', 'the create button in German');
  assert((await page.getAttribute('html', 'lang')) === 'de', 'the page says it is German');
  assert(!(await rawKeys()), `no phrase keys in the lobby: ${await rawKeys()}`);
  // The switch: English, and back; the choice is kept.
  await page.click('#lang-switch button[data-lang="en"]');
  await page.waitForFunction(() => document.querySelector('#create h2').textContent === 'New table');
  await page.click('#lang-switch button[data-lang="de"]');
  await page.waitForFunction(() => document.querySelector('#create h2').textContent === 'Neuer Tisch');
  assert((await page.evaluate(() => localStorage.getItem('jass.lang'))) === '"de"', 'the language is kept');
  // A table in German: we are forehand, so we are asked to choose the trump or to shove.
  await createTable(page, base, { options: { first_forehand: 'seat0', target: 3000 } });
  await page.waitForSelector('#actions button[data-action="schieben"]', { timeout: 60000 });
  const prompt = await page.textContent('#prompt');
  assert(prompt.includes('Wähle den Trumpf oder schiebe'), `the decision in German (${prompt})`);
  assert((await page.textContent('#actions button[data-action="schieben"]')) === 'Schieben', 'Schieben');
  assert((await page.textContent('#slate h3')) === 'Tafel', 'the slate is the Tafel');
  assert((await page.textContent('.seat-box.me')).includes('(du)'), 'our seat in German');
  const rows = await page.$$eval('#slate thead th', (ths) => ths.map((t) => t.textContent));
  assert(rows.includes('Total'), `the slate's columns in German: ${rows}`);
  const label = await page.getAttribute('.hand .card', 'aria-label');
  assert(/^(Schellen|Rosen|Schilten|Eicheln) /.test(label), `Swiss card names (${label})`);
  await page.selectOption('#card-style', 'french');
  const french = await page.getAttribute('.hand .card', 'aria-label');
  assert(/^(Karo|Herz|Pik|Kreuz) /.test(french), `French cards with German names (${french})`);
  assert((await page.textContent('#card-style option[value="french"]')) === 'Französische Karten', 'the card style in German');
  assert(!(await rawKeys()), `no phrase keys at the table: ${await rawKeys()}`);
  await page.screenshot({ path: path.join(out, 'table-german.png') });
  await page.selectOption('#card-style', 'swiss');
  // Switched to English at the table: redrawn in place, the connection stays.
  const ws = await page.evaluate(() => window.__jass.ws.url);
  await page.click('#lang-switch button[data-lang="en"]');
  await page.waitForFunction(() => document.querySelector('#prompt').textContent.includes('Choose the trump or schieben'), null, { timeout: 10000 });
  assert((await page.evaluate(() => window.__jass.ws.url)) === ws && (await page.textContent('#conn')) === 'connected', 'the same connection');
  assert((await page.textContent('#slate h3')) === 'Slate', 'the slate in English');
  // A reload keeps English (the choice beats the browser's German).
  await page.reload();
  await page.waitForSelector('#actions button[data-action="schieben"]', { timeout: 30000 });
  assert((await page.textContent('#prompt')).includes('Choose the trump or schieben'), 'English after a reload');
  assert(!errors.length, `no page errors: ${errors.join('; ')}`);
  await ctx.close();
});

// ------------------------------------------------------------------ runner

async function main() {
  if (!process.env.E2E_NO_BUILD) {
    log('cargo build -p jass-cli');
    const r = spawnSync('cargo', ['build', '-q', '-p', 'jass-cli'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('cargo build failed');
  }
  const bin = process.env.JASS_BIN || path.join(root, 'target', 'debug', 'jass');
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'jass-e2e-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const serverLog = fs.openSync(path.join(out, 'server.log'), 'w');
  // Every page and request of these tests comes from one address: no per-address limits.
  const env = { ...process.env, JASS_TABLES_PER_ADDRESS: '100000', JASS_TABLES_PER_TOKEN: '100000', JASS_REQUESTS_PER_SECOND: '100000', JASS_REQUEST_BURST: '100000' };
  const server = spawn(bin, ['serve', '--addr', `127.0.0.1:${port}`, '--data', data], { cwd: root, env, stdio: ['ignore', serverLog, serverLog] });
  let browser;
  let failed = 0;
  try {
    await waitForServer(base, server);
    log('server up at', base);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
    const only = process.argv[2];
    for (const t of tests) {
      if (only && !t.name.includes(only)) continue;
      const start = Date.now();
      try {
        await t.fn({ browser, base, bin });
        log(`ok   ${t.name} (${((Date.now() - start) / 1000).toFixed(1)} s)`);
      } catch (e) {
        failed += 1;
        log(`FAIL ${t.name}: ${e.stack || e}`);
      }
    }
  } finally {
    if (browser) await browser.close().catch(() => {});
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    if (server.exitCode === null) server.kill('SIGKILL');
    fs.rmSync(data, { recursive: true, force: true });
  }
  if (failed) {
    log(`${failed} test(s) failed; screenshots and server.log in ${out}`);
    process.exit(1);
  }
  log('all tests passed; screenshots in', out);
}

main().catch((e) => {
  console.error('[e2e] error:', e.stack || e);
  process.exit(1);
});
