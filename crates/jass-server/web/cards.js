// Playing cards drawn by this project as SVG (no images from elsewhere): Swiss-German suits
// (Schellen, Rosen, Schilten, Eicheln) and French suits (♦ ♥ ♠ ♣). Card notation as everywhere
// in the project: suit letter then rank, `HA`, `D10`, `SJ`, `C6`.

export const SUITS = ['D', 'H', 'S', 'C'];
export const RANKS = ['6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];

const STYLE_KEY = 'jass.cardStyle';

/** The card style the person chose: 'swiss' (the default) or 'french'. */
export function getStyle() {
  try {
    return localStorage.getItem(STYLE_KEY) === 'french' ? 'french' : 'swiss';
  } catch {
    return 'swiss';
  }
}

export function setStyle(style) {
  try {
    localStorage.setItem(STYLE_KEY, style === 'french' ? 'french' : 'swiss');
  } catch {
    /* private mode: the choice lasts for this page only */
  }
}

// The names of suits, ranks, cards and modes are words of the phrase book (`suit_swiss_H`,
// `rank_french_Q`, `card_french`, `mode_obenabe`, …), which app.js hands in with `setWords`.
let lookup = () => undefined;

/** Where the names come from: `fn(key, args)` words a phrase of the book (undefined if none). */
export function setWords(fn) {
  lookup = fn;
}

const word = (key, args, fallback) => lookup(key, args) ?? fallback;

const RANK_LABELS = {
  swiss: { J: 'U', Q: 'O', K: 'K', A: 'A' },
  french: { J: 'J', Q: 'Q', K: 'K', A: 'A' },
};
// The ranks with a name (the others are named by their number).
const NAMED_RANKS = { swiss: ['10', 'J', 'Q', 'K', 'A'], french: ['J', 'Q', 'K', 'A'] };

export function parseCard(card) {
  return { suit: card[0], rank: card.slice(1) };
}

export function suitName(suit, style = getStyle()) {
  return word(`suit_${style}_${suit}`, {}, suit);
}

export function rankLabel(rank, style = getStyle()) {
  return RANK_LABELS[style][rank] || rank;
}

/** A card for people: "Rosen Ober", "Queen of Hearts", "Herz Dame". */
export function cardName(card, style = getStyle()) {
  const { suit, rank } = parseCard(card);
  const r = NAMED_RANKS[style].includes(rank) ? word(`rank_${style}_${rank}`, {}, rank) : rank;
  return word(`card_${style}`, { suit: suitName(suit, style), rank: r }, card);
}

/** A trump mode or contract for people. */
export function modeName(mode, style = getStyle()) {
  if (!mode) return '';
  if (SUITS.includes(mode)) return suitName(mode, style);
  return word(`mode_${mode}`, {}, mode);
}

const FRENCH_COLOR = { D: '#c8102e', H: '#c8102e', S: '#1a1a1a', C: '#1a1a1a' };
const SWISS_COLOR = { D: '#b8860b', H: '#c8102e', S: '#1a1a1a', C: '#6b3e1e' };

export function suitColor(suit, style = getStyle()) {
  return (style === 'french' ? FRENCH_COLOR : SWISS_COLOR)[suit];
}

// Each symbol is drawn in a 100 × 100 box.
function swissSymbol(suit) {
  switch (suit) {
    case 'D': // Schellen: a round bell with a band, a slit and a loop on top
      return `
        <circle cx="50" cy="13" r="7" fill="none" stroke="#5a3d00" stroke-width="5"/>
        <circle cx="50" cy="55" r="36" fill="#e8b923" stroke="#5a3d00" stroke-width="4"/>
        <path d="M16 48 Q50 36 84 48 L85 60 Q50 48 15 60 Z" fill="#c8102e"/>
        <path d="M30 76 Q50 86 70 76" fill="none" stroke="#5a3d00" stroke-width="5" stroke-linecap="round"/>
        <circle cx="50" cy="80" r="5" fill="#5a3d00"/>`;
    case 'H': // Rosen: five red petals, a yellow heart, green leaves
      return `
        <path d="M50 50 L12 88 Q8 70 24 62 Z M50 50 L88 88 Q92 70 76 62 Z" fill="#2e7d32"/>
        <g fill="#c8102e" stroke="#7a0010" stroke-width="2.5">
          <circle cx="50" cy="24" r="17"/><circle cx="75" cy="42" r="17"/><circle cx="66" cy="71" r="17"/>
          <circle cx="34" cy="71" r="17"/><circle cx="25" cy="42" r="17"/>
        </g>
        <circle cx="50" cy="50" r="16" fill="#f4d03f" stroke="#7a0010" stroke-width="2.5"/>
        <circle cx="50" cy="50" r="5" fill="#c8102e"/>`;
    case 'S': // Schilten: a heraldic shield, parted, with a band
      return `
        <path d="M14 10 H86 V46 Q86 78 50 94 Q14 78 14 46 Z" fill="#f4d03f" stroke="#1a1a1a" stroke-width="4"/>
        <path d="M50 10 H86 V46 Q86 78 50 94 Z" fill="#1a1a1a"/>
        <rect x="14" y="40" width="72" height="12" fill="#c8102e"/>
        <path d="M14 10 H86 V46 Q86 78 50 94 Q14 78 14 46 Z" fill="none" stroke="#1a1a1a" stroke-width="4"/>`;
    case 'C': // Eicheln: an acorn with a scaly cup and a stalk
      return `
        <path d="M50 4 Q53 12 50 20" fill="none" stroke="#4e2a0e" stroke-width="6" stroke-linecap="round"/>
        <ellipse cx="50" cy="62" rx="24" ry="32" fill="#c98a3c" stroke="#4e2a0e" stroke-width="4"/>
        <path d="M20 44 Q20 18 50 18 Q80 18 80 44 Z" fill="#6b3e1e" stroke="#4e2a0e" stroke-width="4"/>
        <path d="M30 30 L38 40 M44 24 L50 36 M58 24 L54 38 M70 30 L62 40" stroke="#c98a3c" stroke-width="3"/>
        <path d="M40 60 Q42 80 50 88" fill="none" stroke="#f0c080" stroke-width="4" stroke-linecap="round"/>`;
    default:
      return '';
  }
}

function frenchSymbol(suit) {
  const c = FRENCH_COLOR[suit];
  switch (suit) {
    case 'D':
      return `<path d="M50 4 L86 50 L50 96 L14 50 Z" fill="${c}"/>`;
    case 'H':
      return `<path d="M50 92 C20 66 6 50 6 32 C6 16 18 6 31 6 C40 6 47 12 50 20 C53 12 60 6 69 6 C82 6 94 16 94 32 C94 50 80 66 50 92 Z" fill="${c}"/>`;
    case 'S':
      return `<path d="M50 4 C40 22 8 40 8 62 C8 76 20 84 31 84 C39 84 45 80 47 75 C46 84 42 90 34 96 H66 C58 90 54 84 53 75 C55 80 61 84 69 84 C80 84 92 76 92 62 C92 40 60 22 50 4 Z" fill="${c}"/>`;
    case 'C':
      return `<g fill="${c}"><circle cx="50" cy="27" r="21"/><circle cx="26" cy="60" r="21"/><circle cx="74" cy="60" r="21"/>
        <path d="M46 50 H54 Q55 84 68 96 H32 Q45 84 46 50 Z"/></g>`;
    default:
      return '';
  }
}

/** A suit symbol as an SVG element string, `size` pixels square. */
export function suitSVG(suit, size = 18, style = getStyle()) {
  const body = style === 'french' ? frenchSymbol(suit) : swissSymbol(suit);
  return `<svg class="suit-icon" width="${size}" height="${size}" viewBox="0 0 100 100" role="img" aria-label="${suitName(suit, style)}">${body}</svg>`;
}

function symbolAt(suit, style, x, y, size, flip = false) {
  const s = size / 100;
  const body = style === 'french' ? frenchSymbol(suit) : swissSymbol(suit);
  const rot = flip ? ` rotate(180 50 50)` : '';
  return `<g transform="translate(${x} ${y}) scale(${s})${rot}">${body}</g>`;
}

// Where the suit symbols go on a number card (in a 100 × 150 card, symbols 22 wide).
const PIPS = {
  6: [[37, 30], [63, 30], [37, 66], [63, 66], [37, 102], [63, 102]],
  7: [[37, 30], [63, 30], [50, 48], [37, 66], [63, 66], [37, 102], [63, 102]],
  8: [[37, 26], [63, 26], [37, 54], [63, 54], [37, 82], [63, 82], [37, 110], [63, 110]],
  9: [[37, 26], [63, 26], [37, 54], [63, 54], [50, 68], [37, 82], [63, 82], [37, 110], [63, 110]],
};

/** A card face as an SVG string. `width` in pixels (height is 1.5 × width). */
export function cardSVG(card, width = 70, style = getStyle()) {
  const { suit, rank } = parseCard(card);
  const color = suitColor(suit, style);
  const label = rankLabel(rank, style);
  const h = Math.round(width * 1.5);
  let middle = '';
  if (PIPS[rank]) {
    middle = PIPS[rank]
      .map(([x, y]) => symbolAt(suit, style, x - 10, y - 10 + 8, 20, y > 75))
      .join('');
  } else if (rank === '10') {
    // The Banner: a flag with the suit on it.
    middle = `<path d="M30 36 V122" stroke="#5a3d00" stroke-width="4" stroke-linecap="round"/>
      <path d="M32 38 H78 Q70 56 78 74 H32 Z" fill="#fff8e1" stroke="${color}" stroke-width="3"/>
      ${symbolAt(suit, style, 42, 43, 26)}
      ${style === 'french' ? `<text x="55" y="110" text-anchor="middle" font-size="24" font-weight="700" fill="${color}" font-family="Georgia, serif">10</text>` : ''}`;
  } else if (rank === 'A') {
    middle = symbolAt(suit, style, 22, 47, 56);
  } else {
    // Under, Ober, King: a framed court with the big letter and the suit.
    middle = `<rect x="20" y="30" width="60" height="90" rx="6" fill="#fdf6e3" stroke="${color}" stroke-width="2.5"/>
      <text x="50" y="86" text-anchor="middle" font-size="44" font-weight="700" fill="${color}" font-family="Georgia, 'DejaVu Serif', serif">${label}</text>
      ${symbolAt(suit, style, 38, 92, 24)}
      ${symbolAt(suit, style, 38, 34, 24)}`;
  }
  return `<svg class="card-svg" width="${width}" height="${h}" viewBox="0 0 100 150" role="img" aria-label="${cardName(card, style)}">
    <rect x="1.5" y="1.5" width="97" height="147" rx="9" fill="#fff" stroke="#555" stroke-width="2"/>
    <text x="7" y="25" font-size="24" font-weight="700" fill="${color}" font-family="Arial, 'DejaVu Sans', sans-serif">${label}</text>
    ${symbolAt(suit, style, 7, 30, 16)}
    <g transform="rotate(180 50 75)">
      <text x="7" y="25" font-size="24" font-weight="700" fill="${color}" font-family="Arial, 'DejaVu Sans', sans-serif">${label}</text>
      ${symbolAt(suit, style, 7, 30, 16)}
    </g>
    ${middle}
  </svg>`;
}

/** The back of a card. */
export function backSVG(width = 40) {
  const h = Math.round(width * 1.5);
  return `<svg class="card-svg back" width="${width}" height="${h}" viewBox="0 0 100 150" aria-hidden="true">
    <defs><pattern id="jb" width="12" height="12" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
      <rect width="12" height="12" fill="#2a4d8f"/><rect width="6" height="12" fill="#33599f"/></pattern></defs>
    <rect x="1.5" y="1.5" width="97" height="147" rx="9" fill="url(#jb)" stroke="#fff" stroke-width="4"/>
    <rect x="12" y="12" width="76" height="126" rx="6" fill="none" stroke="#e8b923" stroke-width="3"/>
  </svg>`;
}

/** Strength of a card for sorting a hand (higher = stronger) under a trump mode. */
export function strength(card, mode) {
  const { suit, rank } = parseCard(card);
  const natural = RANKS.indexOf(rank);
  if (mode === 'undenufe' || mode === 'slalom-undenufe') return 8 - natural;
  if (SUITS.includes(mode) && suit === mode) {
    const trumpOrder = ['6', '7', '8', '10', 'Q', 'K', 'A', '9', 'J'];
    return trumpOrder.indexOf(rank);
  }
  return natural;
}

/** A hand sorted for people: trump first, then the suits alternating colours; strongest first. */
export function sortHand(cards, mode) {
  const base = ['H', 'S', 'D', 'C'];
  const order = SUITS.includes(mode) ? [mode, ...base.filter((s) => s !== mode)] : base;
  return [...cards].sort((a, b) => {
    const sa = order.indexOf(a[0]);
    const sb = order.indexOf(b[0]);
    if (sa !== sb) return sa - sb;
    return strength(b, mode) - strength(a, mode);
  });
}
