// The browser table of the jass server: the lobby at `/` and a table at `/table/{id}`.
// Plain ES modules, no build step. The server contract is described in docs/browser.md.

import {
  cardSVG,
  backSVG,
  suitSVG,
  getStyle,
  setStyle,
  modeName,
  cardName,
  sortHand,
  setWords,
  SUITS,
} from './cards.js';

const $ = (sel, root = document) => root.querySelector(sel);
const app = $('#app');

// ---------------------------------------------------------------- helpers

function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') el.className = v;
    else if (k === 'html') el.innerHTML = v;
    else if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
}

let toastTimer = null;
function toast(message, kind = 'error') {
  const t = $('#toast');
  t.textContent = message;
  t.className = `toast ${kind}`;
  t.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (t.hidden = true), 5000);
}

async function api(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const msg = (data && data.error) || text || `${res.status} ${res.statusText}`;
    throw new Error(msg);
  }
  return data;
}

const store = {
  get(key, fallback = null) {
    try {
      const v = localStorage.getItem(key);
      return v === null ? fallback : JSON.parse(v);
    } catch {
      return fallback;
    }
  },
  set(key, value) {
    try {
      localStorage.setItem(key, JSON.stringify(value));
    } catch {
      /* ignore */
    }
  },
};

const seatKey = (id) => `jass.seat.${id}`;

// The games of the server's registry (GET /api/games): name for people, teams, seats, options.
let GAMES = [];
const gameInfo = (g) => GAMES.find((x) => x.game === g);
const gameName = (g) => (gameInfo(g) && gameInfo(g).title) || g;
const isTeamGame = (g) => !!(gameInfo(g) && gameInfo(g).teams);

// The phrase books of the registry (crates/jass-table/phrases/<language>.json with each game's
// games/<game>/phrases.json, merged and served at /assets/phrases/<language>.json), which the
// terminal and `jass show` read too: every word of this page, of the table view and of the
// verdict. A phrase is `{key, ...arguments}`; `{name}` in its template is filled by the rules of
// crates/jass-table/src/phrases.rs.
let PHRASES = {};

// The languages of the switch in the header (a book each); the person's choice is kept, else the
// browser's language decides (German for de-*, else English).
const LANGUAGES = ['de', 'en'];
const LANG_KEY = 'jass.lang';

function chosenLanguage() {
  const kept = store.get(LANG_KEY);
  if (LANGUAGES.includes(kept)) return kept;
  return /^de\b/i.test(navigator.language || '') ? 'de' : 'en';
}

let LANG = chosenLanguage();

async function loadBook(lang) {
  const book = await api('GET', `/assets/phrases/${lang}.json`);
  if (book && typeof book === 'object') PHRASES = book;
  LANG = lang;
  document.documentElement.lang = lang;
}

// A key of the book with its arguments, in words (`html`: escaped for innerHTML).
const tr = (key, args = {}, html = false) => say({ ...args, key }, html);

// A phrase whose arguments are elements of the page (an input inside a label's words): its
// template's text around them, for `h`.
function sayParts(key, nodes) {
  const template = PHRASES[key] ?? key;
  return template.split(/(\{\w+\})/).map((part) => {
    const m = /^\{(\w+)\}$/.exec(part);
    return m ? nodes[m[1]] : part;
  });
}

setWords((key, args) => (key in PHRASES ? tr(key, args) : undefined));

// The words of index.html: `data-phrase` (the text) and `data-phrase-title` (title and label).
function wordPage() {
  for (const el of document.querySelectorAll('[data-phrase]')) el.textContent = tr(el.dataset.phrase);
  for (const el of document.querySelectorAll('[data-phrase-title]')) {
    el.title = tr(el.dataset.phraseTitle);
    el.setAttribute('aria-label', el.title);
  }
  for (const b of document.querySelectorAll('#lang-switch button')) {
    b.classList.toggle('active', b.dataset.lang === LANG);
    b.setAttribute('aria-pressed', String(b.dataset.lang === LANG));
  }
}

function say(phrase, html = false) {
  if (!phrase) return '';
  const template = PHRASES[phrase.key];
  if (template === undefined) return html ? esc(phrase.key) : phrase.key;
  return template
    .split(/(\{\w+\})/)
    .map((part) => {
      const m = /^\{(\w+)\}$/.exec(part);
      if (!m) return html ? esc(part) : part;
      return phraseArg(m[1], phrase[m[1]], html);
    })
    .join('');
}

// A phrase's argument in words: a phrase in it first, then the names this page knows (modes,
// cards, seats, sides, actions), the rest as it is.
function phraseArg(name, value, html) {
  if (value && typeof value === 'object' && !Array.isArray(value) && value.key) return say(value, html);
  if (Array.isArray(value)) return value.map((x) => phraseArg(name, x, html)).join(', ');
  if (value === null || value === undefined) return '?';
  const text = (t) => (html ? esc(t) : t);
  switch (name) {
    case 'mode':
      return html ? modeBadge(value) : modeName(value, getStyle());
    case 'card':
    case 'cards':
      return text(cardName(value, getStyle()));
    case 'seat':
    case 'seats':
      return text(nameOf(value));
    case 'side':
      return text(sideName(value));
    case 'action':
      return text(describeAction(value));
    default:
      return text(String(value));
  }
}

// A side by the viewer: a team (Us, Them), or a seat.
function sideName(side) {
  return isTeamGame(T.game) ? teamNames()[side] : nameOf(side);
}

function isOpenSeat(s) {
  if (!s) return false;
  if (typeof s.open === 'boolean') return s.open;
  return s.kind === 'open' || (s.kind === 'human' && !s.name && !s.connected);
}

function seatLabel(seats, i) {
  const s = seats && seats[i];
  if (!s) return tr('ui_seat_n', { n: i });
  if (isOpenSeat(s)) return tr('ui_seat_n_open', { n: i });
  const name = s.name || (s.kind === 'bot' ? tr('ui_bot') : tr('ui_seat_n', { n: i }));
  // Several seats of one name (three `rule` players): add the seat number.
  const same = seats.filter((x) => x && !isOpenSeat(x) && (x.name || (x.kind === 'bot' ? tr('ui_bot') : '')) === name).length;
  return same > 1 ? `${name} ${i}` : name;
}

// Card style toggle (header), shared by both pages.
const styleSelect = $('#card-style');
styleSelect.value = getStyle();
styleSelect.addEventListener('change', () => {
  setStyle(styleSelect.value);
  window.dispatchEvent(new Event('cardstyle'));
});

// The language switch (header): the page is worded anew in the chosen language, and the choice
// is kept. A table being played is redrawn in place (its connection stays); the lobby and the
// invitation are built again.
for (const b of document.querySelectorAll('#lang-switch button')) {
  b.addEventListener('click', async () => {
    const lang = b.dataset.lang;
    store.set(LANG_KEY, lang);
    if (lang === LANG) return;
    try {
      await loadBook(lang);
    } catch (e) {
      toast(e.message);
      return;
    }
    wordPage();
    if (T.ws) {
      setConn(connText(), 'ok');
      $('#title').textContent = tableTitle();
      const talk = $('#log h3');
      if (talk) talk.textContent = tr('ui_table_talk');
      if (T.state) render();
      else renderWaiting();
      renderAway(true);
    } else route();
  });
}

// ---------------------------------------------------------------- lobby

// Known values of string options, offered as suggestions (any value can still be typed).
const OPTION_VALUES = {
  weis: ['none', 'small', 'large'],
  undenufe_eleven: ['ace', 'six'],
  weis_tie: ['more-cards', 'list-order'],
  first_forehand: ['H7', 'seat0', 'seat1', 'seat2', 'seat3'],
  scoring_order: ['stoeck-weis-stich', 'weis-stoeck-stich', 'stich-stoeck-weis'],
  multipliers: ['standard', 'french-red', 'french-black', 'single', 'none', 'berner-swiss', 'berner-french'],
  preset: ['000', '002', '004', 'parlett'],
  small_deal: ['blind', 'bessern', 'twelve'],
  six_exchange: ['after', 'before', 'never'],
  strokes: ['two', 'players-minus-one'],
  tie: ['draw', 'draw-always', 'abeyance'],
  sack_window: ['next-hand', 'until-cancelled'],
  scoring: ['last-loser', 'first-wins'],
  sequences: ['natural', 'trump'],
  quartets: ['standard', 'queens-kings-aces', 'above-eight'],
  trick_rules: ['strict', 'weak'],
  announcements: ['hidden', 'open'],
  trump: ['turned', 'chosen'],
  doubling: ['next-call', 'any-time'],
  first_lead: ['forehand', 'chooser'],
  lone_player: ['strokes', 'redeal'],
  hundred: ['100-or-more', 'over-100'],
  ranking: ['net', 'striche'],
  list: ['004', 'jasswiki', 'jasswiki-ten'],
};

async function lobby() {
  $('#title').textContent = tr('ui_lobby');
  document.title = tr('ui_title_lobby');
  app.innerHTML = '';
  const create = h('section', { class: 'panel create', id: 'create' }, h('h2', {}, tr('ui_new_table')));
  const list = h('section', { class: 'panel tables', id: 'tables' });
  app.append(h('div', { class: 'lobby' }, create, list));

  let games = GAMES;
  try {
    if (!games.length) {
      games = await api('GET', '/api/games');
      if (Array.isArray(games)) GAMES = games;
    }
  } catch (e) {
    create.append(h('p', { class: 'error' }, tr('ui_err_games', { error: e.message })));
  }
  if (Array.isArray(games) && games.length) buildCreateForm(create, games);
  refreshTables(list);
  const timer = setInterval(() => {
    if (!document.body.contains(list)) clearInterval(timer);
    else if (!document.hidden) refreshTables(list, true);
  }, 5000);
}

function buildCreateForm(root, games) {
  const form = h('form', { id: 'create-form', autocomplete: 'off' });
  const gameSel = h(
    'select',
    { name: 'game', id: 'game' },
    games.map((g) => h('option', { value: g.game }, gameName(g.game))),
  );
  const name = h('input', { name: 'name', id: 'name', value: store.get('jass.name', ''), placeholder: tr('ui_your_name'), maxlength: 40 });
  const takeover = h('input', { type: 'number', name: 'takeover_secs', id: 'takeover', value: 60, min: 0, max: 3600, step: 5 });
  const friends = h('input', { type: 'checkbox', name: 'friends', id: 'friends' });
  const seatsBox = h('div', { class: 'seats-form', id: 'seats-form' });
  const optsBox = h('details', { class: 'options-form', id: 'options-form' });
  const submit = h('button', { type: 'submit', class: 'primary', id: 'create-table' }, tr('ui_create_table'));
  form.append(
    h('label', {}, `${tr('ui_game')} `, gameSel),
    h('label', {}, `${tr('ui_your_name')} `, name),
    seatsBox,
    optsBox,
    h('label', {}, sayParts('ui_takeover', { secs: takeover })),
    h('label', { title: tr('ui_friends_title') }, friends, ` ${tr('ui_friends')}`),
    submit,
  );
  root.append(form);

  let current = null;
  let seatChoices = [];

  function seatCount(game, opts) {
    const p = opts && typeof opts.players === 'number' ? opts.players : null;
    return p || game.seats || 4;
  }

  function renderSeats(n) {
    const game = current;
    const kinds = ['me', 'open', ...(game.bots || ['random', 'rule'])];
    while (seatChoices.length < n) seatChoices.push(seatChoices.length === 0 ? 'me' : (game.bots || []).includes('rule') ? 'rule' : kinds[2]);
    seatChoices = seatChoices.slice(0, n);
    seatsBox.innerHTML = '';
    seatsBox.append(h('div', { class: 'label' }, tr('ui_seats')));
    for (let i = 0; i < n; i++) {
      const team = isTeamGame(game.game) ? ` · ${tr('ui_team', { team: i % 2 === 0 ? 'A' : 'B' })}` : '';
      const sel = h(
        'select',
        { 'data-seat': i, id: `seat-${i}`, 'aria-label': tr('ui_seat_n', { n: i }) },
        kinds.map((k) => h('option', { value: k, selected: seatChoices[i] === k }, k === 'me' ? tr('ui_seat_me') : k === 'open' ? tr('ui_seat_invite') : tr('ui_seat_bot', { bot: k }))),
      );
      sel.addEventListener('change', () => {
        if (sel.value === 'me') seatChoices = seatChoices.map((c) => (c === 'me' ? 'open' : c));
        seatChoices[i] = sel.value;
        renderSeats(n);
      });
      seatsBox.append(h('label', { class: 'seat-choice' }, `${tr('ui_seat_n', { n: i })}${team} `, sel));
    }
  }

  function renderOptions() {
    const game = current;
    const defaults = game.options || {};
    optsBox.innerHTML = '';
    optsBox.append(h('summary', {}, tr('ui_options', { count: Object.keys(defaults).length })));
    const grid = h('div', { class: 'options-grid' });
    for (const [key, def] of Object.entries(defaults)) {
      let input;
      if (typeof def === 'boolean') {
        input = h('input', { type: 'checkbox', name: key, checked: def });
      } else if (typeof def === 'number') {
        input = h('input', { type: 'number', name: key, value: def, step: 'any' });
      } else if (def === null) {
        input = h('input', { type: 'text', name: key, value: '', placeholder: tr('ui_none') });
      } else if (typeof def === 'object') {
        input = h('input', { type: 'text', name: key, value: JSON.stringify(def), class: 'json', list: `dl-${key}` });
      } else {
        input = h('input', { type: 'text', name: key, value: def, list: `dl-${key}` });
      }
      input.dataset.option = key;
      const values = OPTION_VALUES[key];
      const dl = values ? h('datalist', { id: `dl-${key}` }, values.map((v) => h('option', { value: v }))) : null;
      if (key === 'players') input.addEventListener('change', () => renderSeats(seatCount(game, { players: Number(input.value) })));
      grid.append(h('label', { class: typeof def === 'boolean' ? 'opt bool' : 'opt' }, h('span', {}, key), input, dl));
    }
    optsBox.append(grid);
  }

  function collectOptions() {
    const defaults = current.options || {};
    const out = {};
    for (const input of optsBox.querySelectorAll('[data-option]')) {
      const key = input.dataset.option;
      const def = defaults[key];
      let v;
      if (input.type === 'checkbox') v = input.checked;
      else if (typeof def === 'number') v = input.value === '' ? def : Number(input.value);
      else if (def === null) {
        if (input.value.trim() === '') continue;
        v = isNaN(Number(input.value)) ? input.value.trim() : Number(input.value);
      } else if (typeof def === 'object') {
        const t = input.value.trim();
        try {
          v = JSON.parse(t);
        } catch {
          v = t;
        }
      } else v = input.value.trim();
      if (JSON.stringify(v) !== JSON.stringify(def)) out[key] = v;
    }
    return out;
  }

  function selectGame() {
    current = games.find((g) => g.game === gameSel.value) || games[0];
    seatChoices = [];
    renderOptions();
    renderSeats(seatCount(current, current.options));
  }
  gameSel.addEventListener('change', selectGame);
  selectGame();

  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const body = {
      game: current.game,
      options: collectOptions(),
      seats: [...seatsBox.querySelectorAll('select[data-seat]')].map((s) => s.value),
      name: name.value.trim() || tr('ui_player'),
      takeover_secs: Number(takeover.value) || 0,
      friends: friends.checked,
    };
    store.set('jass.name', name.value.trim());
    submit.disabled = true;
    try {
      const res = await api('POST', '/api/tables', body);
      if (res.token) store.set(seatKey(res.id), { seat: res.seat, token: res.token });
      location.href = `/table/${encodeURIComponent(res.id)}`;
    } catch (e) {
      toast(e.message);
      submit.disabled = false;
    }
  });
}

// The lobby asks for the tables one can join or watch now and the last few finished ones, not for
// every table ever played (GET /api/tables is paged and filtered). A friends' table is joined by
// its link: it is not offered here (unless it is this browser's).
async function lobbyTables() {
  const [open, recent] = await Promise.all([
    api('GET', '/api/tables?status=waiting,playing&limit=100'),
    api('GET', '/api/tables?status=over,closed&limit=10'),
  ]);
  return [...(open || []), ...(recent || [])].filter((t) => !t.friends || store.get(seatKey(t.id)));
}

async function refreshTables(root, quiet = false) {
  let tables;
  try {
    tables = await lobbyTables();
  } catch (e) {
    if (!quiet) {
      root.innerHTML = '';
      root.append(h('h2', {}, tr('ui_tables')), h('p', { class: 'error' }, tr('ui_err_tables', { error: e.message })));
    }
    return;
  }
  root.innerHTML = '';
  const refresh = h('button', { type: 'button', class: 'small', id: 'refresh', onclick: () => refreshTables(root) }, tr('ui_refresh'));
  root.append(h('div', { class: 'row' }, h('h2', {}, tr('ui_tables')), h('span', { class: 'spacer' }), refresh));
  if (!tables || !tables.length) {
    root.append(h('p', { class: 'muted' }, tr('ui_no_tables')));
    return;
  }
  const order = { waiting: 0, playing: 1, over: 2, closed: 3 };
  tables.sort((a, b) => (order[a.status] ?? 3) - (order[b.status] ?? 3) || String(b.created).localeCompare(String(a.created)));
  const ul = h('ul', { class: 'table-list' });
  for (const t of tables) {
    const mine = store.get(seatKey(t.id));
    const seats = (t.seats || []).map((s, i) =>
      h('span', { class: `seat-chip ${s.kind} ${s.connected ? 'on' : ''}`, title: s.taken_over ? tr('ui_bot_stands_in_title') : '' }, seatChip(s, i)),
    );
    const actions = h('span', { class: 'actions' });
    const ended = t.status === 'over' || t.status === 'closed' || t.status === 'error';
    if (mine && !ended) actions.append(h('a', { class: 'button small primary', href: `/table/${t.id}` }, tr('ui_resume')));
    if (!ended && !mine) {
      (t.seats || []).forEach((s, i) => {
        if (isOpenSeat(s)) actions.append(h('button', { type: 'button', class: 'small', 'data-join': i, onclick: () => joinSeat(t.id, i) }, tr('ui_join_seat', { n: i })));
      });
    }
    actions.append(h('a', { class: 'button small', href: `/table/${t.id}?watch=1` }, tr(ended ? 'ui_view' : 'ui_watch')));
    if (t.status === 'over') actions.append(h('a', { class: 'button small', href: `/api/tables/${t.id}/record`, download: `jass-${t.id}.json` }, tr('ui_record')));
    ul.append(
      h(
        'li',
        { 'data-table': t.id },
        h('div', { class: 'row' }, h('strong', {}, gameName(t.game)), h('span', { class: `status ${t.status}` }, statusName(t.status)), h('span', { class: 'muted small' }, t.created ? formatTime(t.created) : ''), h('code', { class: 'muted small' }, t.id)),
        h('div', { class: 'chips' }, seats),
        t.seed_chosen ? h('div', { class: 'muted small' }, tr('ui_fixed_deals')) : null,
        actions,
      ),
    );
  }
  root.append(ul);
}

// A seat in a list of seats: `0: Anna`, `1: rule (bot)`, `2: open`.
function seatChip(s, i) {
  if (isOpenSeat(s)) return tr('ui_chip_open', { n: i });
  return tr(s.kind === 'bot' ? 'ui_chip_bot' : 'ui_chip', { n: i, name: s.name || s.kind });
}

// A table's status in words (`waiting`, `playing`, …).
function statusName(status) {
  const key = `ui_status_${status}`;
  return key in PHRASES ? tr(key) : status;
}

function formatTime(t) {
  const d = typeof t === 'number' ? new Date(t < 1e12 ? t * 1000 : t) : new Date(t);
  return isNaN(d) ? String(t) : d.toLocaleString();
}

async function joinSeat(id, seat) {
  let name = store.get('jass.name', '');
  if (!name) {
    name = (prompt(tr('ui_your_name_q')) || '').trim();
    if (!name) return;
    store.set('jass.name', name);
  }
  try {
    const res = await api('POST', `/api/tables/${id}/join`, { seat, name });
    store.set(seatKey(id), { seat: res.seat, token: res.token });
    location.href = `/table/${id}`;
  } catch (e) {
    toast(e.message);
  }
}

// ---------------------------------------------------------------- table page

const POSITIONS = {
  2: ['bottom', 'top'],
  3: ['bottom', 'right', 'left'],
  4: ['bottom', 'right', 'top', 'left'],
  5: ['bottom', 'right', 'top-right', 'top-left', 'left'],
  6: ['bottom', 'right', 'top-right', 'top', 'top-left', 'left'],
};

// An action without more to it in words: its button (`ui_btn_<action>`) or what the table
// talk says of it (`ui_act_<action>`); an action the book does not know is written as it is.
// An action by its phrase (`ui_act_<kind>`, `ui_btn_<kind>`), its fields the phrase's arguments
// (cards and modes in words): a game's new action needs only its phrases.
function actionWord(prefix, a) {
  const key = `${prefix}${a.action}`;
  const { action, ...fields } = a;
  return key in PHRASES ? tr(key, fields) : action;
}

const T = {
  id: null,
  game: null,
  table: null,
  seat: null, // my seat, or null when watching
  token: null,
  ws: null,
  closing: false,
  retry: 0,
  state: null, // the state on screen
  prevView: null,
  queue: [],
  pumping: false,
  nextAt: 0,
  pending: false, // an action was sent, waiting for the next state
  log: [],
  bubbles: {},
  summary: null,
  summaryKey: null,
  over: null,
  selected: [],
};

async function tablePage(id) {
  T.id = id;
  document.title = tr('ui_title_table', { id });
  $('#title').textContent = tr('ui_table_id', { id });
  const saved = store.get(seatKey(id));
  const watch = new URLSearchParams(location.search).has('watch');
  app.innerHTML = `<p class="loading">${tr('ui_loading_table', {}, true)}</p>`;
  let info = null;
  try {
    info = await api('GET', `/api/tables/${id}`);
  } catch (e) {
    app.innerHTML = '';
    app.append(h('section', { class: 'panel' }, h('h2', {}, tr('ui_table_not_found')), h('p', { class: 'error' }, e.message), h('a', { class: 'button', href: '/' }, tr('ui_back_to_lobby'))));
    return;
  }
  T.table = info;
  T.game = info.game;
  $('#title').textContent = tableTitle();
  if (saved && saved.token && !watch) {
    T.seat = saved.seat;
    T.token = saved.token;
    startTable();
    return;
  }
  const open = (info.seats || []).map((s, i) => (isOpenSeat(s) ? i : -1)).filter((i) => i >= 0);
  if (watch || !open.length || info.status === 'over') {
    startTable();
    return;
  }
  // An invite link: take an open seat or watch.
  app.innerHTML = '';
  const name = h('input', { id: 'join-name', value: store.get('jass.name', ''), placeholder: tr('ui_your_name'), maxlength: 40 });
  const panel = h(
    'section',
    { class: 'panel join', id: 'join' },
    h('h2', {}, tr('ui_join_title', { game: gameName(info.game) })),
    h('p', {}, tr('ui_seated', { list: (info.seats || []).map(seatChip).join(' · ') })),
    h('label', {}, `${tr('ui_your_name')} `, name),
    h(
      'div',
      { class: 'buttons' },
      open.map((i) =>
        h(
          'button',
          {
            class: 'primary',
            'data-join': i,
            onclick: async () => {
              const n = name.value.trim();
              if (!n) return toast(tr('ui_enter_name'));
              store.set('jass.name', n);
              try {
                const res = await api('POST', `/api/tables/${id}/join`, { seat: i, name: n });
                store.set(seatKey(id), { seat: res.seat, token: res.token });
                T.seat = res.seat;
                T.token = res.token;
                startTable();
              } catch (e) {
                toast(e.message);
              }
            },
          },
          isTeamGame(info.game) ? tr('ui_take_seat_partner', { n: i, partner: seatLabel(info.seats, (i + 2) % (info.seats || []).length) }) : tr('ui_take_seat', { n: i }),
        ),
      ),
      h('button', { id: 'watch', onclick: () => startTable() }, tr('ui_just_watch')),
    ),
  );
  app.append(panel);
}

function startTable() {
  app.innerHTML = '';
  app.append(
    h(
      'div',
      { class: 'table-page', id: 'table' },
      h(
        'div',
        { class: 'board', id: 'board' },
        h('div', { class: 'felt' }, h('div', { class: 'center', id: 'center' }), h('div', { class: 'status-line', id: 'status-line' })),
        h('div', { class: 'seats', id: 'seat-boxes' }),
        h('div', { class: 'summary-layer', id: 'summary' }),
      ),
      h('div', { class: 'controls', id: 'controls' }, h('div', { class: 'prompt', id: 'prompt' }), h('div', { class: 'actions', id: 'actions' })),
      h('div', { class: 'hand', id: 'hand' }),
      h('aside', { class: 'side' }, h('section', { class: 'panel info', id: 'info' }), h('section', { class: 'panel slate', id: 'slate' }), h('section', { class: 'panel weis', id: 'weis-panel' }), h('section', { class: 'panel log', id: 'log' }, h('h3', {}, tr('ui_table_talk')), h('ol', { id: 'log-list' }))),
      h('div', { class: 'invite', id: 'invite', hidden: true }),
    ),
  );
  window.addEventListener('cardstyle', () => T.state && render());
  window.addEventListener('resize', () => T.state && renderHand());
  connect();
  setInterval(() => {
    if (T.ws && T.ws.readyState === WebSocket.OPEN) T.ws.send(JSON.stringify({ type: 'ping' }));
  }, 20000);
}

// The title of a table's page: its game and its id.
function tableTitle() {
  return `${gameName(T.game)} · ${T.id}`;
}

// The connection's word once it is open: watching or connected.
function connText() {
  return tr(T.seat === null ? 'ui_watching' : 'ui_connected');
}

function setConn(text, kind) {
  const c = $('#conn');
  c.hidden = !text;
  c.textContent = text || '';
  c.className = `conn ${kind || ''}`;
}

function connect() {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const q = T.token ? `?token=${encodeURIComponent(T.token)}` : '';
  const ws = new WebSocket(`${proto}//${location.host}/api/tables/${encodeURIComponent(T.id)}/ws${q}`);
  T.ws = ws;
  setConn(tr(T.retry ? 'ui_reconnecting' : 'ui_connecting'), 'warn');
  ws.addEventListener('open', () => {
    T.retry = 0;
    setConn(connText(), 'ok');
  });
  ws.addEventListener('message', (ev) => {
    let msg;
    try {
      msg = JSON.parse(ev.data);
    } catch {
      return;
    }
    if (msg.type === 'welcome') ws.welcomed = true;
    if (msg.type === 'state') noteTurn(msg);
    enqueue(msg);
  });
  ws.welcomed = false;
  ws.addEventListener('close', () => {
    if (T.ws !== ws || T.closing) return;
    // Turned away before the welcome three times with a token: the seat is gone; watch instead.
    T.refused = ws.welcomed ? 0 : (T.refused || 0) + 1;
    if (T.token && T.refused >= 3) {
      store.set(seatKey(T.id), null);
      T.token = null;
      T.seat = null;
      toast(tr('ui_seat_lost'), 'info');
    }
    if (T.over) {
      setConn(tr('ui_game_over_short'), 'ok');
      return;
    }
    T.retry += 1;
    const delay = Math.min(8000, 500 * 2 ** Math.min(T.retry, 4));
    setConn(tr('ui_conn_lost', { secs: Math.round(delay / 1000) }), 'warn');
    T.pending = false;
    setTimeout(() => {
      if (T.ws === ws) connect();
    }, delay);
  });
}

function send(obj) {
  if (!T.ws || T.ws.readyState !== WebSocket.OPEN) {
    toast(tr('ui_not_connected'));
    return false;
  }
  T.ws.send(JSON.stringify(obj));
  return true;
}

// Messages are shown in order with a short pause after each card, so that the play of the
// computer players can be followed; a long backlog (after a reconnect) is skipped through.
function enqueue(msg) {
  T.queue.push(msg);
  if (!T.pumping) pump();
}

async function pump() {
  T.pumping = true;
  while (T.queue.length) {
    const wait = T.nextAt - Date.now();
    if (wait > 0 && T.queue.length < 40) await new Promise((r) => setTimeout(r, wait));
    const msg = T.queue.shift();
    const pause = handle(msg) || 0;
    T.nextAt = Date.now() + pause;
  }
  T.pumping = false;
}

function handle(msg) {
  switch (msg.type) {
    case 'welcome': {
      if (msg.table) {
        T.table = { ...T.table, ...msg.table };
        if (msg.table.game) T.game = msg.table.game;
      }
      if (msg.seat !== undefined) T.seat = msg.seat;
      if (T.token && (msg.seat === null || msg.seat === undefined)) {
        // The token was not accepted (an old table, a wiped server): watch instead.
        store.set(seatKey(T.id), null);
        T.token = null;
        toast(tr('ui_seat_lost'), 'info');
      }
      setConn(connText(), 'ok');
      if (T.state) render();
      else renderWaiting();
      return 0;
    }
    case 'state':
      showTurn(msg);
      return onState(msg);
    case 'acted':
      onActed(msg);
      return 0;
    case 'error':
      T.pending = false;
      toast(msg.message || tr('ui_error'));
      if (T.state) renderControls();
      return 0;
    case 'table': {
      // Seats or status changed (someone joined, left, a computer stands in, the table closed).
      const closing = msg.table && msg.table.status === 'closed' && T.table && T.table.status !== 'closed';
      if (closing) toast(tr('ui_table_closed'), 'info');
      if (msg.table) T.table = { ...T.table, ...msg.table };
      if (T.state && msg.table && msg.table.seats) T.state.seats = msg.table.seats;
      renderAway();
      if (T.state) {
        // Only what the seats and the status show (the info panel holds "Close game"): the
        // controls and the hand are redrawn only when the table closes, so that a button is not
        // replaced under a click.
        renderSeats();
        renderInvite();
        renderInfo();
        if (closing) {
          renderCenter();
          renderControls();
          renderHand();
        }
      } else renderWaiting();
      return 0;
    }
    case 'fallback':
      if (msg.seat === me()) toast(tr('ui_move_made_for_you', { reason: msg.reason || '' }), 'info');
      else addLog(tr('ui_bot_stood_in', { who: nameOf(msg.seat) }));
      return 0;
    case 'over':
      T.over = msg;
      if (T.state) render();
      return 0;
    case 'paused':
      // The server could not store the last move: nothing goes on until it can.
      T.pending = false;
      toast(msg.reason || tr('ui_paused'));
      return 0;
    case 'resumed':
      toast(tr('ui_resumed'), 'info');
      return 0;
    case 'pong':
    default:
      return 0;
  }
}

function seatsOf() {
  return (T.state && T.state.seats) || (T.table && T.table.seats) || [];
}

function nSeats() {
  const s = seatsOf();
  if (s.length) return s.length;
  const v = T.state && T.state.view;
  return (v && v.totals && v.totals.length > 2 ? v.totals.length : 4) || 4;
}

function me() {
  return T.seat === null || T.seat === undefined ? null : T.seat;
}

function bottomSeat() {
  return me() ?? 0;
}

function posOf(seat) {
  const n = nSeats();
  const rel = (seat - bottomSeat() + n) % n;
  return (POSITIONS[n] || POSITIONS[4])[rel] || 'top';
}

function nameOf(seat) {
  if (seat === null || seat === undefined) return '';
  if (seat === me()) return tr('ui_you');
  return seatLabel(seatsOf(), seat);
}

function onState(msg) {
  const prev = T.state ? T.state.view : null;
  T.prevView = prev;
  T.state = msg;
  T.pending = false;
  const v = msg.view || {};
  // The end of a deal: the view's phase returns to "deal" with the deal's tricks still in it.
  // The game can also end inside a deal, even before its first trick is complete (003: a team
  // that reaches the target by a Stöck wins at once): the last deal's summary then shows what
  // there is (the cards on the table, the score).
  const gameOver = v.phase === 'over' || msg.over;
  const tricksDone = (v.tricks || []).length;
  const dealOver = ((v.phase === 'deal' || gameOver) && tricksDone > 0) || (gameOver && ((v.trick || []).length > 0 || v.contract || v.trump));
  if (dealOver) {
    const key = JSON.stringify([tricksDone, (v.tricks || [])[tricksDone - 1], v.trick, v.totals || v.slate]);
    if (key !== T.summaryKey) {
      T.summaryKey = key;
      T.summary = { view: v, table: msg.table, over: v.phase === 'over' || msg.over };
    }
  }
  // Weis announcements as they happen.
  const prevCalls = prev ? (prev.weis_calls || []).length : 0;
  const calls = v.weis_calls || [];
  if (prev && calls.length > prevCalls && v.phase !== 'deal') {
    for (const c of calls.slice(prevCalls)) {
      const text = tr('ui_weis_points', { points: c.points });
      addLog(tr('ui_said', { who: nameOf(c.seat), text }));
      bubble(c.seat, text);
    }
  }
  if (prev && v.stoeck !== null && v.stoeck !== undefined && (prev.stoeck === null || prev.stoeck === undefined)) {
    addLog(tr('ui_said', { who: nameOf(v.stoeck), text: tr('ui_stoeck_call') }));
    bubble(v.stoeck, tr('ui_stoeck_call'));
  }
  maybeCloseSummary();
  render();
  // Pause so the play can be followed: longer once a trick is complete.
  const before = prev ? (prev.tricks || []).length : 0;
  const after = (v.tricks || []).length;
  if (after > before) return 1300;
  if (prev && (v.trick || []).length > (prev.trick || []).length) return 500;
  return 120;
}

function describeAction(a) {
  switch (a.action) {
    case 'contract':
      return tr('ui_act_contract', { mode: a.contract });
    case 'bid':
      // A bid names its points and trump (Sidi Barrani) or its points alone (Bieter).
      return a.trump ? tr('ui_act_bid', { points: a.points, mode: a.trump }) : tr('ui_act_bid_points', { points: a.points });
    case 'announce':
      return a.points === undefined || a.points === null ? tr('ui_act_announced') : tr('ui_act_announce', { points: a.points });
    case 'trump':
      return tr('ui_act_trump', { mode: a.trump });
    case 'weis': {
      const w = a.weis || a.melds;
      return tr(Array.isArray(w) && w.length === 0 ? 'ui_act_no_weis' : 'ui_act_weis');
    }
    case 'stoeck':
      return tr('ui_stoeck_call');
    case 'play':
      return tr('ui_act_play', { card: a.card });
    default:
      return actionWord('ui_act_', a);
  }
}

function onActed(msg) {
  const a = msg.action || {};
  if (a.action === 'play') return;
  if (a.action === 'weis' || a.action === 'stoeck') return; // shown from the view (values, not cards)
  let text = describeAction(a);
  // Hidden Differenzler announcements stay hidden until the view reveals them.
  const hidden = T.table && T.table.options && T.table.options.announcements === 'hidden';
  if (a.action === 'announce' && hidden && msg.seat !== me()) text = tr('ui_act_announced');
  addLog(tr('ui_said', { who: nameOf(msg.seat), text }));
  bubble(msg.seat, text.replace(/^./, (c) => c.toUpperCase()));
}

function addLog(text) {
  T.log.push(text);
  if (T.log.length > 200) T.log.shift();
  const ol = $('#log-list');
  if (ol) {
    ol.append(h('li', {}, text));
    while (ol.children.length > 200) ol.firstChild.remove();
    ol.scrollTop = ol.scrollHeight;
  }
}

function bubble(seat, text) {
  T.bubbles[seat] = { text, until: Date.now() + 2600 };
  setTimeout(() => T.state && renderSeats(), 2700);
}

// ---------------------------------------------------------------- rendering

function render() {
  renderSeats();
  renderCenter();
  renderInfo();
  renderSlate();
  renderWeis();
  renderControls();
  renderHand();
  renderSummary();
  renderInvite();
}

function renderWaiting() {
  renderInvite();
  const status = $('#status-line');
  const open = seatsOf().some(isOpenSeat);
  if (status && T.table && T.table.status === 'closed') {
    status.textContent = tr('ui_table_closed');
  } else if (status) {
    status.textContent = tr(open ? 'ui_waiting_players' : 'ui_waiting_start');
    if (T.table && T.table.seed_chosen) status.textContent += ` ${tr('ui_fixed_deals')}`;
  }
  renderSeats();
}

function trumpMode(v) {
  if (!v) return null;
  if (Array.isArray(v.bid)) return v.bid[1];
  if (v.contract) return v.contract;
  return v.trump || null;
}

function playOrder(v, leader) {
  const n = nSeats();
  // The seats still in this deal, where the game lets players drop out (its view's `playing`).
  if (Array.isArray(v.table) && Array.isArray(v.playing) && v.playing.length) {
    const seq = v.table.filter((s) => v.playing.includes(s));
    const i = Math.max(0, seq.indexOf(leader));
    return seq.slice(i).concat(seq.slice(0, i));
  }
  return Array.from({ length: n }, (_, i) => (leader + i) % n);
}

function renderSeats() {
  const box = $('#seat-boxes');
  if (!box) return;
  const v = (T.state && T.state.view) || {};
  const seats = seatsOf();
  const n = nSeats();
  const toMove = T.state ? T.state.to_move : null;
  box.innerHTML = '';
  const handSize = (v.hand || []).length;
  const order = v.trick_leader !== undefined ? playOrder(v, v.trick_leader) : [];
  const playedNow = new Set(order.slice(0, (v.trick || []).length));
  for (let s = 0; s < n; s++) {
    const info = seats[s] || {};
    const pos = posOf(s);
    const classes = ['seat-box', pos];
    if (s === toMove) classes.push('to-move');
    if (s === me()) classes.push('me');
    if (isTeamGame(T.game)) classes.push(s % 2 === 0 ? 'team-a' : 'team-b');
    if (Array.isArray(v.dropped) && v.dropped.includes(s)) classes.push('dropped');
    const marks = [];
    if (v.dealer === s) marks.push(h('span', { class: 'mark dealer', title: tr('ui_dealer') }, tr('ui_dealer_mark')));
    if (v.chooser === s || (v.bid && v.bid[2] === s)) marks.push(h('span', { class: 'mark chooser', title: tr('ui_chooser') }, tr('ui_chooser_mark')));
    if (v.stoeck === s) marks.push(h('span', { class: 'mark stoeck', title: tr('stoeck') }, tr('ui_stoeck_mark')));
    const extra = [];
    // Decorations read from the view's fields where a game has them: announcements, strokes.
    if (Array.isArray(v.announcements)) {
      const a = v.announcements[s];
      if (a !== null && a !== undefined) extra.push(tr('ui_says', { points: a }));
      else if (v.announced && v.announced[s]) extra.push(tr('ui_announced'));
    }
    if (Array.isArray(v.slate)) extra.push(tr('ui_strokes_n', { count: v.slate[s] }));
    if (v.phase === 'play' && (v.trick || []).length && v.trick_leader === s) extra.push(tr('ui_leads'));
    const tricksWon = (v.tricks || []).filter((t) => t.winner === s).length;
    if (v.phase === 'play' && tricksWon) extra.push(tr('ui_tricks_short', { count: tricksWon }));
    const status = info.kind === 'bot' ? tr('ui_bot') : isOpenSeat(info) ? tr('ui_open') : info.taken_over ? tr('ui_bot_stands_in') : info.connected ? '' : tr('ui_away');
    // Cards still in the other hands (for the look of the table).
    let backs = null;
    if (s !== me() && v.phase === 'play' && handSize + (me() !== null && playedNow.has(me()) ? 1 : 0) > 0 && (!Array.isArray(v.playing) || !v.playing.length || v.playing.includes(s))) {
      const mine = me() !== null ? handSize + (playedNow.has(me()) ? 1 : 0) : 9 - (v.tricks || []).length;
      const count = Math.max(0, mine - (playedNow.has(s) ? 1 : 0));
      if (count) backs = h('span', { class: 'backs', html: backSVG(14).repeat(Math.min(count, 9)) });
    }
    const b = T.bubbles[s];
    const bub = b && b.until > Date.now() ? h('div', { class: 'bubble' }, b.text) : null;
    box.append(
      h(
        'div',
        { class: classes.join(' '), 'data-seat': s },
        h('div', { class: 'seat-name' }, h('span', { class: `dot ${info.connected || info.kind === 'bot' ? 'on' : ''}` }), s === me() ? tr('ui_you_suffix', { name: seatLabel(seats, s) }) : seatLabel(seats, s), marks),
        status || extra.length ? h('div', { class: 'seat-extra' }, [status, ...extra].filter(Boolean).join(' · ')) : null,
        backs,
        bub,
      ),
    );
  }
}

function renderCenter() {
  const c = $('#center');
  if (!c) return;
  const v = T.state.view || {};
  c.innerHTML = '';
  let cards = v.trick || [];
  let leader = v.trick_leader;
  let winner = null;
  let last = false;
  const done = v.tricks || [];
  if (!cards.length && done.length && v.phase !== 'deal' && v.phase !== 'over') {
    const t = done[done.length - 1];
    cards = t.cards;
    leader = t.leader;
    winner = t.winner;
    last = true;
  }
  const order = leader !== undefined && leader !== null ? playOrder(v, leader) : [];
  const w = cardWidthCenter();
  cards.forEach((card, i) => {
    const s = order[i];
    c.append(h('div', { class: `trick-card ${posOf(s)}${winner === s ? ' winner' : ''}${last ? ' last' : ''}`, 'data-card': card, style: `z-index:${i + 1}`, html: cardSVG(card, w) }));
  });
  const line = $('#status-line');
  if (line) {
    const parts = [];
    const points = last ? done[done.length - 1].points : null;
    if (last) parts.push(winner === me() ? tr('ui_you_take_trick', { points }) : tr('ui_takes_trick', { who: nameOf(winner), points }));
    else if (v.phase === 'play' && leader !== undefined && (v.trick || []).length) parts.push(leader === me() ? tr('ui_you_led') : tr('ui_led', { who: nameOf(leader) }));
    const toMove = T.state.to_move;
    if (toMove !== null && toMove !== undefined && !T.state.over) parts.push(toMove === me() ? tr('ui_your_turn') : tr(v.phase === 'play' ? 'ui_to_play' : 'ui_to_decide', { who: nameOf(toMove) }));
    if (T.state.over || v.phase === 'over') parts.push(tr('ui_game_over_short'));
    line.textContent = T.table && T.table.status === 'closed' ? tr('ui_table_closed') : parts.join(' · ');
  }
}

function cardWidthCenter() {
  const wv = window.innerWidth;
  return wv < 500 ? 50 : wv < 900 ? 62 : 72;
}

function modeBadge(mode) {
  if (!mode) return '';
  const st = getStyle();
  const icon = SUITS.includes(mode) ? suitSVG(mode, 20, st) : '';
  return `<span class="mode">${icon}<b>${esc(modeName(mode, st))}</b></span>`;
}

function renderInfo() {
  const box = $('#info');
  const v = T.state.view || {};
  const st = getStyle();
  const rows = [];
  rows.push(`<div class="row"><strong>${esc(gameName(T.game))}</strong>${me() === null ? `<span class="muted"> · ${tr('ui_watching', {}, true)}</span>` : ''}</div>`);
  // The table view's facts (contract or trump, auction, who plays), worded by the phrase book.
  for (const f of (T.state.table && T.state.table.facts) || []) rows.push(`<div class="fact" data-key="${esc(f.key)}">${say(f, true)}</div>`);
  // The cards this seat put out of play itself (Handjass: Bessern discards, the hand given up
  // for the blind): its own view's field.
  if ((v.laid_away || []).length) rows.push(`<div class="muted">${tr('ui_laid_away', { cards: v.laid_away.map((c) => cardName(c, st)).join(' ') }, true)}</div>`);
  const done = v.tricks || [];
  if (done.length && v.phase === 'play') {
    const t = done[done.length - 1];
    rows.push(`<div class="muted">${tr('ui_last_trick', { who: nameOf(t.winner), points: t.points }, true)}</div>`);
  }
  if (T.table && T.table.status === 'closed') rows.push(`<div class="muted">${tr('ui_table_closed', {}, true)}</div>`);
  box.innerHTML = rows.join('');
  const close = closeGameButton();
  if (close) box.append(h('div', { class: 'row' }, close));
}

// A game in progress that only this person plays (every other seat a computer, or a person not
// connected) can be closed for good by its seat's token; the server refuses while another
// person plays (POST /api/tables/{id}/close answers 409 and says who).
function closeGameButton() {
  if (!T.token || me() === null || !T.table || T.table.status !== 'playing' || (T.state && T.state.over)) return null;
  const othersHere = seatsOf().some((s, i) => i !== me() && s && s.kind === 'human' && s.connected);
  if (othersHere) return null;
  return closeButton('close-game', tr('ui_close_game'), tr('ui_close_game_q'), render);
}

// A button that closes this table for good with this seat's token (POST /api/tables/{id}/close)
// after `question` is confirmed, then redraws with `after`; a refusal is shown as a toast.
function closeButton(id, label, question, after) {
  return h(
    'button',
    {
      type: 'button',
      class: 'small',
      id,
      onclick: async () => {
        if (!confirm(question)) return;
        try {
          const info = await api('POST', `/api/tables/${T.id}/close`, { token: T.token });
          T.table = { ...T.table, ...info };
          after();
        } catch (e) {
          toast(e.message);
        }
      },
    },
    label,
  );
}

// How the game ended, in words: the verdict's phrases (its game's registry entry words the
// winning side or the loser, the seats safe, Schneider), from the phrase book.
function verdictText(vd) {
  if (!vd || !(vd.lines || []).length) return tr('ui_game_over');
  return tr('ui_game_over_verdict', { lines: vd.lines.map((p) => say(p)).join('. ') });
}

function teamNames() {
  const m = me();
  if (m === null) return [tr('ui_seats_pair', { a: 0, b: 2 }), tr('ui_seats_pair', { a: 1, b: 3 })];
  const [us, them] = [tr('ui_us'), tr('ui_them')];
  return m % 2 === 0 ? [us, them] : [them, us];
}

// The slate of the table view: column titles, a row per side (or per Coiffeur row), notes.
function renderSlate() {
  const box = $('#slate');
  box.innerHTML = `<h3>${tr('ui_slate', {}, true)}</h3>${slateTable((T.state && T.state.table) || {}, 'slate-table')}`;
}

// A slate as an HTML table; every cell names its column by its phrase key (`data-col`).
function slateTable(table, id) {
  const slate = table.slate || { columns: [], rows: [], notes: [] };
  const teams = isTeamGame(T.game);
  const mySide = me() === null ? null : teams ? me() % 2 : me();
  let html = '';
  if (slate.rows.length) {
    html += `<table class="score" id="${id}"><thead><tr><th></th>${slate.columns.map((c) => `<th>${say(c, true)}</th>`).join('')}</tr></thead><tbody>`;
    for (const row of slate.rows) {
      const side = row.side === null || row.side === undefined ? null : row.side;
      const cls = [side !== null && side === mySide ? 'mine' : '', row.label.key === 'row_total' ? 'total' : ''].filter(Boolean).join(' ');
      const cells = row.cells.map((c, i) => `<td data-col="${esc((slate.columns[i] || {}).key || '')}">${esc(cellText(row, c, teams))}</td>`).join('');
      html += `<tr${cls ? ` class="${cls}"` : ''}${side !== null ? ` data-side="${side}"` : ''}><td>${say(row.label, true)}</td>${cells}</tr>`;
    }
    html += '</tbody></table>';
  }
  for (const n of slate.notes || []) html += `<div class="muted small">${say(n, true)}</div>`;
  return html;
}

// A slate cell: a number, `·` for nothing yet, `✓` for a value hidden from the table; a seat's
// own hidden value (its Differenzler forecast) is in its own view, in the field the row names.
function cellText(row, cell, teams) {
  if (cell && typeof cell === 'object' && 'number' in cell) return String(cell.number);
  if (cell === 'hidden') {
    const v = (T.state && T.state.view) || {};
    const own = row.own && !teams && row.side === me() && Array.isArray(v[row.own]) ? v[row.own][me()] : null;
    return own !== null && own !== undefined ? String(own) : '✓';
  }
  return '·';
}

function weisCards(list) {
  return list.map((combo) => `<span class="combo">${combo.map((c) => `<span class="mini" title="${esc(cardName(c))}">${cardSVG(c, 34)}</span>`).join('')}</span>`).join(' ');
}

function renderWeis() {
  const box = $('#weis-panel');
  const v = T.state.view || {};
  let shown = [];
  if (Array.isArray(v.weis_shown)) {
    if (v.weis_shown.length === 2 && typeof v.weis_shown[0] === 'number') shown = [{ seat: v.weis_shown[0], weis: v.weis_shown[1] }];
    else shown = v.weis_shown.filter((x) => x && typeof x === 'object' && !Array.isArray(x));
  }
  const calls = v.weis_calls || [];
  if (!calls.length && !shown.length) {
    box.hidden = true;
    box.innerHTML = '';
    return;
  }
  box.hidden = false;
  let html = `<h3>${tr('weis', {}, true)}</h3>`;
  if (calls.length) html += `<div>${calls.map((c) => `${esc(nameOf(c.seat))}: ${c.points}`).join(' · ')}</div>`;
  for (const s of shown) html += `<div class="shown">${s.seat === me() ? tr('ui_you_show', {}, true) : tr('ui_shows', { who: nameOf(s.seat) }, true)} ${weisCards(s.weis || s.melds || [])}</div>`;
  box.innerHTML = html;
}

function myLegal() {
  const s = T.state;
  // A closed table asks nothing more (its last request is void).
  if (!s || s.over || me() === null || s.to_move !== me() || (T.table && T.table.status === 'closed')) return [];
  return s.legal || [];
}

function act(action) {
  if (T.pending) return;
  // The decision number of the state answered: an answer that arrives after its state has
  // passed is refused rather than taken for the next decision.
  const decision = T.state ? T.state.decision : undefined;
  if (send({ type: 'act', action, decision })) {
    T.pending = true;
    T.selected = [];
    renderControls();
    renderHand();
  }
}

function renderControls() {
  const prompt = $('#prompt');
  const box = $('#actions');
  if (!prompt || !box) return;
  box.innerHTML = '';
  const legal = myLegal();
  const v = T.state.view || {};
  if (!legal.length || T.pending) {
    prompt.textContent = T.pending ? '…' : '';
    $('#controls').classList.toggle('active', false);
    return;
  }
  $('#controls').classList.toggle('active', true);
  const st = getStyle();
  const kinds = new Set(legal.map((a) => a.action));
  // A card of the hand is chosen in the hand; a card named beyond it (Palette's card asked for)
  // by its own button.
  const held = new Set(v.hand || []);
  const inHand = (a) => typeof a.card === 'string' && held.has(a.card);
  const cardActs = legal.filter(inHand);
  const other = legal.filter((a) => !inHand(a));
  const texts = [];
  if (cardActs.length) {
    const verb = cardActs[0].action;
    texts.push(`ui_prompt_${verb}` in PHRASES ? tr(`ui_prompt_${verb}`) : tr('ui_prompt_card', { verb }));
  }
  if (kinds.has('contract')) texts.push(tr(v.schoben ? 'ui_prompt_geschoben' : 'ui_prompt_contract'));
  if (kinds.has('weis')) texts.push(tr('ui_prompt_weis'));
  if (kinds.has('bid')) texts.push(tr('ui_prompt_bid'));
  if (kinds.has('announce')) texts.push(tr('ui_prompt_announce'));
  if (!texts.length) texts.push(tr('ui_prompt_decide'));
  prompt.textContent = texts.join(' · ');

  // Contracts and trumps: one button each.
  for (const a of other.filter((a) => a.action === 'contract' || a.action === 'trump')) {
    const mode = a.contract || a.trump;
    box.append(h('button', { class: 'action contract', 'data-action': a.action, 'data-contract': mode, onclick: () => act(a), html: `${SUITS.includes(mode) ? suitSVG(mode, 22, st) : ''}<span>${esc(modeName(mode, st))}</span>` }));
  }
  // Weis: decline or declare one of the offered combinations.
  for (const a of other.filter((a) => a.action === 'weis')) {
    const w = a.weis || a.melds || [];
    box.append(h('button', { class: 'action weis', 'data-action': 'weis', 'data-weis': JSON.stringify(w), onclick: () => act(a), html: w.length ? `${tr('ui_act_weis', {}, true)} ${weisCards(w)}` : tr('ui_btn_no_weis', {}, true) }));
  }
  // Bids: points and trump.
  const bids = other.filter((a) => a.action === 'bid');
  if (bids.length) {
    const points = [...new Set(bids.map((b) => b.points))].sort((x, y) => x - y);
    const sel = h('select', { id: 'bid-points', 'aria-label': tr('ui_points') }, points.map((p) => h('option', { value: p }, p)));
    const trumps = h('span', { class: 'bid-trumps' });
    const fill = () => {
      trumps.innerHTML = '';
      for (const b of bids.filter((b) => b.points === Number(sel.value))) {
        trumps.append(h('button', { class: 'action bid', 'data-action': 'bid', 'data-trump': b.trump, onclick: () => act(b), html: b.trump ? `${SUITS.includes(b.trump) ? suitSVG(b.trump, 20, st) : ''}<span>${esc(modeName(b.trump, st))}</span>` : `<span>${esc(tr('ui_ok'))}</span>` }));
      }
    };
    sel.addEventListener('change', fill);
    fill();
    box.append(h('span', { class: 'bid-box' }, h('label', {}, `${tr('ui_btn_bid')} `, sel), trumps));
  }
  // Announcements: a number.
  const ann = other.filter((a) => a.action === 'announce');
  if (ann.length) {
    const pts = ann.map((a) => a.points).sort((x, y) => x - y);
    const input = h('input', { type: 'number', id: 'announce-points', min: pts[0], max: pts[pts.length - 1], step: 1, value: Math.min(pts[pts.length - 1], Math.max(pts[0], 40)) });
    const go = () => {
      const p = Number(input.value);
      const a = ann.find((x) => x.points === p);
      if (!a) return toast(tr('ui_announce_range', { min: pts[0], max: pts[pts.length - 1] }));
      act(a);
    };
    input.addEventListener('keydown', (e) => e.key === 'Enter' && go());
    box.append(h('span', { class: 'announce-box' }, input, h('button', { class: 'action primary', 'data-action': 'announce', onclick: go }, tr('ui_btn_announce'))));
  }
  // Everything else: a button named after the action.
  for (const a of other.filter((a) => !['contract', 'trump', 'weis', 'bid', 'announce'].includes(a.action))) {
    // Fields the button's phrase does not name are shown after it.
    const named = /\{\w+\}/.test(PHRASES[`ui_btn_${a.action}`] ?? '');
    const extra = Object.entries(a)
      .filter(([k]) => k !== 'action' && !named)
      .map(([, val]) => (typeof val === 'object' ? JSON.stringify(val) : val))
      .join(' ');
    box.append(h('button', { class: `action ${a.action === 'schieben' ? 'schieben' : ''}`, 'data-action': a.action, onclick: () => act(a) }, `${actionWord('ui_btn_', a)}${extra ? ` ${extra}` : ''}`));
  }
}

function handCardWidth(n) {
  const avail = Math.min(window.innerWidth, 900) - 44;
  const overlap = 0.58;
  return Math.max(40, Math.min(92, Math.floor(avail / (overlap * Math.max(n - 1, 0) + 1))));
}

function renderHand() {
  const box = $('#hand');
  if (!box || !T.state) return;
  const v = T.state.view || {};
  box.innerHTML = '';
  if (me() === null) {
    box.append(h('div', { class: 'muted watching' }, tr('ui_watching_table')));
    return;
  }
  const hand = sortHand(v.hand || [], trumpMode(v));
  const legal = myLegal();
  const byCard = new Map(legal.filter((a) => typeof a.card === 'string' && hand.includes(a.card)).map((a) => [a.card, a]));
  const playing = byCard.size > 0 && !T.pending;
  const n = hand.length;
  const w = handCardWidth(n);
  box.style.setProperty('--cw', `${w}px`);
  hand.forEach((card, i) => {
    const a = byCard.get(card);
    const mid = (n - 1) / 2;
    const rot = n > 1 ? (i - mid) * Math.min(3, 20 / n) : 0;
    const lift = Math.abs(i - mid) * Math.abs(i - mid) * 0.9;
    const cls = ['card'];
    if (playing) cls.push(a ? 'legal' : 'dim');
    const btn = h('button', {
      class: cls.join(' '),
      'data-card': card,
      'aria-label': cardName(card),
      disabled: playing && !a ? true : undefined,
      style: `--rot:${rot}deg; --lift:${lift}px; z-index:${i + 1}`,
      html: cardSVG(card, w),
      onclick: () => {
        if (a && !T.pending) act(a);
      },
    });
    box.append(btn);
  });
  if (!n && v.phase !== 'deal' && v.phase !== 'over') box.append(h('div', { class: 'muted' }, tr('ui_no_cards')));
}

function renderSummary() {
  const layer = $('#summary');
  if (!layer) return;
  layer.innerHTML = '';
  const over = T.state.over || (T.state.view || {}).phase === 'over' || T.over;
  if (!T.summary && !over) return;
  const v = (T.summary && T.summary.view) || T.state.view || {};
  const parts = [];
  if (T.summary) {
    parts.push(h('h3', {}, tr(over ? 'ui_last_deal' : 'ui_deal_over')));
    // The server's table view at the deal's end: its facts, the tricks each side took and how
    // the deal was scored, as labelled lines that add up (the game's registry entry gives
    // them); the slate beside the table has the totals.
    const table = T.summary.table || {};
    for (const f of table.facts || []) parts.push(h('p', { class: 'fact', 'data-key': f.key, html: say(f, true) }));
    const sides = (table.sides || []).map((_, i) => sideName(i));
    const rows = [{ label: say({ key: 'tricks' }), values: table.deal_tricks || [], role: 'part' }, ...(table.deal_lines || []).map((l) => ({ label: say(l.label), values: l.values, role: typeof l.role === 'string' ? l.role : Object.keys(l.role)[0] }))];
    parts.push(
      h(
        'table',
        { class: 'score', id: 'deal-result' },
        h('thead', {}, h('tr', {}, h('th'), sides.map((n) => h('th', {}, n)))),
        h('tbody', {}, rows.map((r) => h('tr', { class: r.role === 'written' || r.role === 'sum' ? 'total' : r.role === 'note' ? 'muted' : '' }, h('td', {}, r.label), r.values.map((c) => h('td', {}, String(c)))))),
      ),
    );
  }
  if (over) {
    const verdict = verdictText(T.over && T.over.verdict);
    const url = (T.over && T.over.record_url) || `/api/tables/${T.id}/record`;
    parts.push(h('p', { class: 'verdict', id: 'game-result' }, verdict));
    parts.push(h('p', {}, h('a', { class: 'button primary', href: url, download: `jass-${T.id}.json`, id: 'record-link' }, tr('ui_download_record')), ' ', h('a', { class: 'button', href: '/' }, tr('ui_lobby'))));
  }
  const close = over
    ? null
    : h(
        'button',
        {
          class: 'small close',
          id: 'summary-close',
          onclick: () => {
            T.summary = null;
            renderSummary();
          },
        },
        tr('ui_ok'),
      );
  layer.append(h('div', { class: `summary ${over ? 'over' : ''}`, id: 'deal-summary' }, parts, close));
}

// Close the deal summary once the next deal's cards are being played.
function maybeCloseSummary() {
  const v = T.state && T.state.view;
  if (T.summary && v && v.phase === 'play' && ((v.trick || []).length > 1 || (v.tricks || []).length > 0) && !T.state.over) T.summary = null;
}

function renderInvite() {
  const box = $('#invite');
  if (!box) return;
  const seats = seatsOf();
  const open = seats.map((s, i) => (isOpenSeat(s) ? i : -1)).filter((i) => i >= 0);
  const over = (T.state && T.state.over) || (T.table && ['over', 'closed', 'error'].includes(T.table.status));
  const waiting = !over && ((T.table && T.table.status === 'waiting') || open.length > 0);
  if (!waiting) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const link = `${location.origin}/table/${T.id}`;
  const input = h('input', { readonly: true, value: link, id: 'invite-link', onfocus: (e) => e.target.select() });
  const copy = h(
    'button',
    {
      class: 'primary',
      id: 'copy-invite',
      onclick: async () => {
        try {
          await navigator.clipboard.writeText(link);
        } catch {
          input.select();
          document.execCommand && document.execCommand('copy');
        }
        toast(tr('ui_link_copied'), 'info');
      },
    },
    tr('ui_copy'),
  );
  box.innerHTML = '';
  box.append(
    h('strong', {}, open.length ? tr('ui_waiting_open', { list: open.map((i) => tr('ui_seat_lower', { n: i })).join(', ') }) : tr('ui_waiting_start_plain')),
    h('div', { class: 'row' }, input, copy),
    h('div', { class: 'muted small' }, tr('ui_send_link')),
  );
  if (T.token) {
    // Nobody came: the seat's token closes the table for good (POST /api/tables/{id}/close).
    const close = closeButton('close-table', tr('ui_close_table'), tr('ui_close_table_q'), () => {
      renderInvite();
      renderWaiting();
    });
    box.append(h('div', { class: 'row' }, close));
  }
}

// ---------------------------------------------------------------- start

// The turn timer: the server sends with each state how long the seat to act has left
// (`turn.left_ms`); it is counted down here from when the message arrived (the clocks of the
// browser and the server may differ), whatever the pacing of the messages shown.
function noteTurn(msg) {
  msg.turnEnd = msg.turn && typeof msg.turn.left_ms === 'number' ? Date.now() + msg.turn.left_ms : null;
}

function turnClock() {
  let el = $('#turn-clock');
  if (!el) {
    el = h('div', { class: 'turn-clock', id: 'turn-clock', role: 'timer', hidden: true });
    document.body.append(el);
    setInterval(tickTurn, 250);
  }
  return el;
}

function showTurn(msg) {
  T.turnEnd = msg.over ? null : msg.turnEnd ?? null;
  T.turnSeat = msg.turn ? msg.turn.seat : null;
  turnClock();
  tickTurn();
  renderAway();
}

function tickTurn() {
  const el = $('#turn-clock');
  if (!el) return;
  if (!T.turnEnd || T.turnSeat === null || T.turnSeat === undefined || !$('#table')) {
    el.hidden = true;
    return;
  }
  const left = Math.max(0, Math.ceil((T.turnEnd - Date.now()) / 1000));
  const mine = T.turnSeat === me();
  el.hidden = false;
  el.className = `turn-clock${mine ? ' mine' : ''}${left <= 10 ? ' short' : ''}`;
  el.textContent = mine ? tr('ui_your_move_clock', { secs: left }) : tr('ui_clock', { who: nameOf(T.turnSeat), secs: left });
}

// After a few turns missed in a row the seat counts as away (the computer plays it) until its
// person is back: a button says so (`again`: drawn anew, in another language).
function renderAway(again = false) {
  let el = $('#away');
  const seat = me();
  const info = seat === null ? null : seatsOf()[seat];
  const away = !!(info && info.taken_over && T.table && T.table.status === 'playing');
  if (!away || (el && again)) {
    if (el) el.remove();
    if (!away) return;
    el = null;
  }
  if (el || !$('#table')) return;
  el = h(
    'div',
    { class: 'away-banner', id: 'away' },
    h('span', {}, `${tr('ui_away_note')} `),
    h('button', { type: 'button', class: 'primary small', id: 'back', onclick: () => send({ type: 'back' }) }, tr('ui_back')),
  );
  document.body.append(el);
}

function route() {
  const m = location.pathname.match(/^\/table\/([^/]+)\/?$/);
  if (m) {
    tablePage(decodeURIComponent(m[1]));
  } else {
    lobby();
  }
}

window.__jass = T; // for debugging and tests
// The registry first (names and teams of the games); a page still opens if it cannot be read.
Promise.all([
  api('GET', '/api/games')
    .then((g) => {
      if (Array.isArray(g)) GAMES = g;
    })
    .catch(() => {}),
  // The chosen language's book, else the English one.
  loadBook(LANG).catch(() => loadBook('en').catch(() => {})),
]).finally(() => {
  wordPage();
  route();
});
