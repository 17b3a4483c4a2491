#!/usr/bin/env node
// A small Red7 engine in plain JavaScript speaking the arbiter engine protocol (arbiter-engine/1)
// for the ops hello, leader and qualifying under the Basic ruleset. `--bug NAME` switches on a
// deliberate rules bug so that `arbiter check` has something to find (see README.md).
"use strict";

const readline = require("readline");

const COLOURS = "ROYGBIV"; // strongest first
const RULES = ["red", "orange", "yellow", "green", "blue", "indigo", "violet"];
const BUGS = {
  "colour-first": "ties compare colour before number",
  "yellow-tie-by-colour": "a Yellow tie goes to the stronger group colour, not the highest card",
  "blue-counts-cards": "Blue counts cards instead of different colours",
  "indigo-duplicate-breaks-run": "a duplicate number breaks an Indigo run",
  "out-still-compete": "players who are out still compete",
  "nobody-qualifies-highest-wins": "when nobody qualifies the highest card wins anyway",
  "crash-on-violet": "the engine dies (an uncaught TypeError) on a Violet leader request",
  "orange-compares-numbers": "Orange compares numbers instead of group sizes",
  "indigo-run-from-1-longer": "an Indigo run starting at 1 counts one card more (an off-by-one)",
  "blue-tie-by-strongest-colour": "a Blue tie compares the card of the strongest colour, not the highest card",
  "crash-when-out": "the engine dies (an uncaught TypeError) on a leader request with a player out",
};

// `--bug NAME` may be given several times.
const bugs = new Set(process.argv.flatMap((arg, i) => (process.argv[i - 1] === "--bug" ? [arg] : [])));
for (const name of bugs) {
  if (!(name in BUGS)) {
    process.stderr.write(`unknown bug ${name}; one of: ${Object.keys(BUGS).join(", ")}\n`);
    process.exit(2);
  }
}
const bug = (name) => bugs.has(name);

class RequestError extends Error {
  constructor(code, message) { super(message); this.code = code; }
}

// A card is {code, number, colour, strength}; strength orders cards: number first, then colour.
function parseCard(code) {
  if (typeof code !== "string" || !/^[ROYGBIV][1-7]$/i.test(code)) {
    throw new RequestError("invalid_card", `unknown card ${JSON.stringify(code)}`);
  }
  const text = code.toUpperCase();
  const number = Number(text[1]);
  const colour = COLOURS.indexOf(text[0]);
  const strength = bug("colour-first") ? (6 - colour) * 7 + (number - 1) : (number - 1) * 7 + (6 - colour);
  return { code: text, number, colour, strength };
}

function parsePalette(list, what, seen) {
  if (!Array.isArray(list)) throw new RequestError("invalid_field", `${what} must be a list of card codes`);
  return list.map((code) => {
    const card = parseCard(code);
    if (seen.has(card.code)) throw new RequestError("invalid_card", `card ${card.code} given twice`);
    seen.add(card.code);
    return card;
  });
}

function parseRule(name) {
  const rule = typeof name === "string" ? RULES.indexOf(name.toLowerCase()) : -1;
  if (rule < 0) throw new RequestError("unknown_rule", `unknown rule ${JSON.stringify(name)}`);
  return rule;
}

const strongest = (a, b) => b.strength - a.strength;
const highest = (cards) => cards.reduce((a, b) => (b.strength > a.strength ? b : a));

function groups(cards, keyOf) {
  const by = new Map();
  for (const card of cards) {
    const key = keyOf(card);
    if (!by.has(key)) by.set(key, []);
    by.get(key).push(card);
  }
  return [...by.values()];
}

// The best of several candidate sets: more cards, then the highest card.
function best(candidates) {
  let top = [];
  for (const set of candidates) {
    if (set.length > top.length || (set.length === top.length && set.length && highest(set).strength > highest(top).strength)) {
      top = set;
    }
  }
  return top;
}

function runs(cards) {
  const byNumber = groups(cards, (c) => c.number);
  const tops = new Map(byNumber.map((g) => [g[0].number, highest(g)]));
  const result = [];
  for (let n = 1; n <= 7; n++) {
    if (!tops.has(n) || tops.has(n - 1)) continue;
    const run = [];
    for (let m = n; tops.has(m); m++) run.push(tops.get(m));
    result.push(run);
  }
  if (bug("indigo-duplicate-breaks-run")) {
    // The bug: a number held twice cuts the run there.
    const twice = new Set(byNumber.filter((g) => g.length > 1).map((g) => g[0].number));
    return result.flatMap((run) => {
      const pieces = [[]];
      for (const card of run) {
        pieces[pieces.length - 1].push(card);
        if (twice.has(card.number)) pieces.push([]);
      }
      return pieces.filter((p) => p.length);
    });
  }
  return result;
}

// The qualifying set that counts under a rule.
function qualifying(rule, cards) {
  if (!cards.length) return [];
  switch (rule) {
    case 0: return [highest(cards)];
    case 1: return best(groups(cards, (c) => c.number));
    case 2: {
      if (bug("yellow-tie-by-colour")) {
        const all = groups(cards, (c) => c.colour);
        const size = Math.max(...all.map((g) => g.length));
        return all.filter((g) => g.length === size).sort((a, b) => a[0].colour - b[0].colour)[0];
      }
      return best(groups(cards, (c) => c.colour));
    }
    case 3: return cards.filter((c) => c.number % 2 === 0);
    case 4: return bug("blue-counts-cards") ? cards : groups(cards, (c) => c.colour).map(highest);
    case 5: return best(runs(cards));
    default: return cards.filter((c) => c.number < 4);
  }
}

function reading(ruleset, name, fallback) {
  return ruleset && typeof ruleset === "object" ? ruleset[name] || fallback : fallback;
}

function leader(request) {
  const rule = parseRule(request.rule);
  if (!Array.isArray(request.palettes)) throw new RequestError("missing_field", "missing field 'palettes'");
  const seen = new Set();
  const palettes = request.palettes.map((p, i) => parsePalette(p, `palettes[${i}]`, seen));
  const compete = bug("out-still-compete") || reading(request.ruleset, "out_palettes", "ignored") === "compete";
  const out = new Set(compete ? [] : request.out || []);
  // tie_break=highest_card: Orange, Yellow and Indigo ties go to the highest card of the whole Palette.
  const wholePalette = reading(request.ruleset, "tie_break", "deciding_group") === "highest_card" && [1, 2, 5].includes(rule);
  let who = null;
  let key = null;
  palettes.forEach((cards, i) => {
    if (out.has(i)) return;
    const q = qualifying(rule, cards);
    if (!q.length) return;
    let k = [q.length, highest(wholePalette ? cards : q).strength];
    if (bug("orange-compares-numbers") && rule === 1) k = [1, highest(cards).strength];
    if (bug("indigo-run-from-1-longer") && rule === 5 && q.some((c) => c.number === 1)) k[0] += 1;
    if (bug("blue-tie-by-strongest-colour") && rule === 4) {
      k[1] = q.reduce((a, b) => (b.colour < a.colour ? b : a)).strength;
    }
    if (key === null || k[0] > key[0] || (k[0] === key[0] && k[1] > key[1])) { who = i; key = k; }
  });
  const highestCard = bug("nobody-qualifies-highest-wins") || reading(request.ruleset, "nobody_qualifies", "nobody") === "highest_card";
  if (who === null && highestCard) {
    palettes.forEach((cards, i) => {
      if (out.has(i) || !cards.length) return;
      const s = highest(cards).strength;
      if (key === null || s > key) { who = i; key = s; }
    });
  }
  return { leader: who };
}

const OPS = {
  // What this engine serves: the checker sends nothing else (docs/protocol.md, "Capabilities").
  hello: () => ({
    protocol: "arbiter-engine/1", game: "red7", ops: ["hello", "leader", "qualifying"],
    games: { red7: { ops: ["hello", "leader", "qualifying"], players: [2, 3, 4], presets: ["basic"],
                     switches: { nobody_qualifies: ["nobody", "highest_card"], out_palettes: ["ignored", "compete"],
                                 tie_break: ["deciding_group", "highest_card"] } } },
  }),
  leader,
  qualifying: (request) => ({
    cards: qualifying(parseRule(request.rule), parsePalette(request.palette, "palette", new Set()))
      .sort(strongest).map((c) => c.code),
  }),
};

function handle(line) {
  let request;
  try {
    request = JSON.parse(line);
  } catch (e) {
    return { id: null, error: { code: "invalid_json", message: "not valid JSON" } };
  }
  const id = request && typeof request === "object" && "id" in request ? request.id : null;
  try {
    if (!request || typeof request !== "object" || !(request.op in OPS)) {
      throw new RequestError("unknown_op", `unknown op ${JSON.stringify(request && request.op)}`);
    }
    return { id, ...OPS[request.op](request) };
  } catch (e) {
    if (e instanceof RequestError) return { id, error: { code: e.code, message: e.message } };
    return { id, error: { code: "internal_error", message: String(e) } };
  }
}

const lines = readline.createInterface({ input: process.stdin, terminal: false });
// The crash-on-violet bug: an exception outside handle() kills the process, as a real bug would.
const crashOn = (request) => request.palettes[9].length;

lines.on("line", (line) => {
  if (bug("crash-on-violet") && /"op":\s*"leader"/.test(line) && /"rule":\s*"violet"/.test(line)) {
    crashOn(JSON.parse(line));
  }
  if (bug("crash-when-out") && /"op":\s*"leader"/.test(line) && JSON.parse(line).out.length) {
    crashOn(JSON.parse(line));
  }
  if (line.trim()) process.stdout.write(JSON.stringify(handle(line)) + "\n");
});
